/**
 * mcp-wasm-adapter/langchain: MCP tools, prompts and resources in LangChain.js / LangGraph.js
 * shapes. Needs the optional peer dependencies `@langchain/core` and `@langchain/langgraph`
 * (1.x); `humanInTheLoopMiddleware` and `createAgent` come from `langchain` (1.x). ESM only.
 *
 * @module mcp-wasm-adapter/langchain
 * @example
 * import { MCPAdapter } from "mcp-wasm-adapter";
 * import { toLangChainTools } from "mcp-wasm-adapter/langchain";
 * import { createAgent } from "langchain";
 * import { MemorySaver } from "@langchain/langgraph";
 *
 * const tools = await toLangChainTools(new MCPAdapter("https://host/mcp"));
 * const agent = createAgent({ model, tools, checkpointer: new MemorySaver() });
 */
import type { DynamicStructuredTool } from '@langchain/core/tools';
import type { AIMessage, HumanMessage, ToolCall } from '@langchain/core/messages';
import type { Document } from '@langchain/core/documents';
import type {
  AnnotationRules,
  ApprovalAnswer,
  ApprovalInterrupt,
  CallOptions,
  ContentBlock,
  ElicitationAnswer,
  ElicitationInterrupt,
  AuthorizationInterrupt,
  AskedAgain,
  MCPAdapter,
  MCPAdapterGroup,
  MCPInterrupt,
  MCPTool,
  MCPToolMetadata,
  MCPToolSource,
  TaskHandle,
  ToolCallInterceptor,
} from './index.js';

export type { AskedAgain, MCPToolSource } from './index.js';

/** What every tool's `ToolMessage.artifact` holds. */
export interface MCPToolArtifact {
  /** The server's `structuredContent` (any JSON value), when it sent one. */
  structured_content?: unknown;
  /** The whole content, when `maxResultChars` or `maxResultMedia` left some of it out of what the model sees. */
  full_content?: ContentBlock[];
  /**
   * Only on the error a tool returns when a server needs a person but the tool cannot pause
   * (outside a LangGraph run, or in a run without a checkpointer): the MCP interrupt, to answer
   * with `adapter.resume()`.
   */
  mcp_interrupt?: MCPInterrupt;
}

/** Options of {@link toLangChainTools}. */
export interface ToLangChainToolsOptions {
  /** Which MCP tools to keep: their MCP names, or a predicate. Default: all. */
  filter?: string[] | ((tool: MCPTool) => boolean);
  /** Prepended to every LangChain tool name (the MCP name is still the one called). */
  namePrefix?: string;
  /** Names become `{serverName}_{toolName}` (`serverInfo.name`), e.g. to tell two servers' `search` apart. */
  prefixServerName?: boolean;
  /** Timeout of every call and resume round, in ms (overrides the adapter's `timeoutMs`). */
  timeoutMs?: number;
  /**
   * How long a call or resume waits for a tool's task (the Tasks extension) before the run
   * pauses on its {@link TaskHandle} (overrides the adapter's `taskWaitMs`); keep it below
   * `timeoutMs`, which cancels the task. Default: the adapter's (none: wait for the end).
   */
  taskWaitMs?: number;
  /**
   * Wrap every call of these tools, the first outermost, outside the group's and the adapter's
   * own (see {@link ToolCallInterceptor}). Here `request.runtime` is the LangChain tool runtime
   * (`toolCallId`, `state`, `context`, `store`, `config`), `request.name` the MCP name, and an
   * interceptor may resolve to a `ToolMessage` or a LangGraph `Command` (update the state, go
   * to a node), which becomes the tool's output as it is. An MCP interrupt reaches the
   * interceptors as a result (return it as it is); the graph pauses after they returned, and
   * its answer is sent with the headers of the call's last request. Interceptors are outside
   * the recorded MCP exchanges, so on a resume they run again, like `wrapToolCall` middleware.
   */
  interceptors?: ToolCallInterceptor[];
  /**
   * false: a tool's error result (`isError`, or output that fails its `outputSchema`) throws
   * an `MCPAdapterError` with code `tool_error` (the result in its `data`) instead of becoming
   * a `ToolMessage` with `status: "error"` and the server's content blocks. In a
   * `createAgent` agent the `ToolNode` catches it and gives the model a text `ToolMessage`
   * (`status: "error"`, the error's message, which quotes the server's text); with the
   * ToolNode's own `handleToolErrors: false` the run fails instead, and `wrapToolCall`
   * middleware (e.g. `toolRetryMiddleware`) sees the error. Overrides the adapter's
   * `handleToolErrors`; default: the adapter's (true).
   */
  handleToolErrors?: boolean;
  /** Overrides the adapter's `validateOutput` (checking `structuredContent` against the tool's `outputSchema`) for these tools. */
  validateOutput?: boolean;
  /**
   * Options of the `listTools()` calls (e.g. `signal`). With `headers` (a user's credentials),
   * the tools are that user's: their calls, and the answers to their interrupts, go out with
   * those headers too, which interceptors see as `request.headers`, and mirror into
   * `Mcp-Param-*` headers the arguments that tool's `inputSchema` in that listing marks with
   * `x-mcp-header` (of the tool an interceptor renamed the call to, when that listing has it).
   */
  listOptions?: CallOptions;
  /**
   * A listing the host already has (what `source.listTools()` gave; one source only): the
   * tools are made from it and nothing is sent, so several agents' subsets (`filter`) come
   * from one listing. Default: `source.listTools(listOptions)`, which the adapter's result
   * cache serves while the server's `ttlMs` lasts.
   */
  tools?: Array<MCPTool<boolean>>;
  /**
   * Most characters of text a result shows the model (see the adapter's `maxResultChars`): a
   * head and a tail around one marker, the whole in the `ToolMessage`'s
   * `artifact.full_content`. Default 40,000: about 10,000 tokens of prose and 13,000 of code
   * or JSON, the low end of the 10,000 to 25,000 tokens agent harnesses allow a tool output,
   * so that several results fit a 128K-token context beside the conversation. `Infinity`:
   * no cap.
   */
  maxResultChars?: number;
  /** Most media blocks a result shows the model (see the adapter's `maxResultMedia`). Default: the adapter's (none). */
  maxResultMedia?: number;
}

/**
 * A system-prompt section naming each server of `source` (an adapter, a group, or an array of
 * them) with its `instructions` (MCP 2026-07-28 `server/discover.mdx`; the handshake era's
 * `initialize`), each in a `<server-instructions server="…">` block, cut at `maxLength`
 * characters (default 512) and marked `[…]` when cut (a `<` of the text that would open or
 * close such a block becomes `‹`), after a sentence that frames them as the servers' own text; `""` when no server gave any. A server not yet contacted is asked first (a
 * `listTools()`). Server text is never added to a prompt unless the host calls this.
 */
export declare function instructionsPrompt(
  source: MCPAdapter<boolean> | MCPAdapterGroup<boolean> | Array<MCPAdapter<boolean> | MCPAdapterGroup<boolean>>,
  options?: { maxLength?: number },
): Promise<string>;

/**
 * LangChain structured tools (`DynamicStructuredTool`, made with `tool()`) for the tools of
 * one adapter or group, or of several.
 *
 * Names are what model providers accept, `^[a-zA-Z0-9_-]{1,64}$`: a name that already
 * matches is kept (with `namePrefix` / `prefixServerName` applied first); another has its
 * other characters replaced by `_`, is cut to 56 characters, and gets `_` and a hash of the
 * whole original name (FNV-1a 32-bit of its UTF-8 bytes, base 36, seven characters: the same
 * in every run) appended, so `notion.search` becomes `notion_search_1gn6nda` beside a
 * `notion_search`; a name with nothing but `_` and `-` left (`获取天气`) becomes
 * `tool_<hash>`. A changed name that would meet another tool's name is hashed again with a
 * counter. The call always goes out under the MCP name. Only two tools wanting the very same
 * name (one MCP name on two adapters, with the same prefixes) are an error:
 * `MCPAdapterError` `tool_name_collision` (use `prefixServerName`, a group with
 * `toolNamePrefix`, or `filter`). A tool of an MCP App whose `visibility` lacks `"model"`
 * (`metadata.mcp.ui`) is left out, before `filter`: it is for its view alone.
 *
 * Each tool has `name`, `description`, `schema` (the LLM-ready JSON Schema), `metadata`
 * (`{ mcp: { tool, server } }`, see {@link MCPToolMetadata}) and
 * `responseFormat: "content_and_artifact"`. Called with a `ToolCall` (as agents do) it gives a
 * `ToolMessage` whose `content` is v1 content blocks, `artifact` is
 * `{ structured_content?, _meta? }` (when the server sent either) and `status` is
 * `"error"` when the server set `isError` (only transport and protocol failures throw, and
 * tool errors with `handleToolErrors: false`).
 * Called with bare arguments, LangChain returns the content blocks only.
 *
 * When the server needs a person (an MCP interrupt: `mcp_elicitation`, `mcp_approval`
 * from the adapter's `approval` option, or `mcp_authorization`, a sign-in, from an
 * `OAuthProvider` with `interrupt: true`), or a tool's task outlives the wait (`mcp_task`,
 * with `taskWaitMs`), a tool running in a LangGraph graph with a
 * checkpointer calls LangGraph's `interrupt(value)` with the plain MCP interrupt as `value`:
 * the run pauses and `__interrupt__` carries it. Resume with
 * `new Command({ resume: { responses } })` (`{ decision }` for approvals, `{ callbackUrl }`
 * for a sign-in: the URL the authorization server sent the person back to, `{}` for a task,
 * which then is followed on and may pause again), or, with several
 * pending, with an id-keyed map (see {@link createMCPResume}). Listing the tools must not need
 * a sign-in: when `listTools()` resolves to an interrupt, `toLangChainTools` throws (answer it
 * with `adapter.resume()` first). The `GraphInterrupt` is never
 * caught, wrapped or retried here.
 *
 * On resume LangGraph runs the tool again from the top. Every MCP exchange the tool made
 * runs as a LangGraph task, so its result is in the checkpoint: the re-run gets the first
 * call's interrupt (the one the person saw, with its keys and `request_state`) and each
 * earlier round's result from there, without reaching the server, and only the round after
 * the newest answer is sent. What repeats: the tool function itself and whatever wraps it
 * (middleware `wrapToolCall`, callbacks), and an MCP request only when its outcome was not
 * saved (below). A tool that asks several times pauses once per round, each resumed with its
 * own `Command`. These tasks are named `mcp_exchange` (`streamMode: "updates"` shows their
 * outcomes under that key; `mcp_sending` records an approved call being sent); they run in
 * every LangGraph run, also one without a checkpointer, where nothing keeps them.
 *
 * Answers. Each answer is first checked as `adapter.validateAnswer` checks it: one it refuses
 * (`invalid_argument`: not the keys asked, content that does not fit the form, a decision
 * outside `allowed_decisions`, edited args that break the `inputSchema`) sends nothing and
 * pauses again with the same question and
 * {@link AskedAgain} `{ reason: "invalid_answer", message, errors? }` as `asked_again`
 * (signed anew with an `interruptKey`); answer that one (by its own id). A signature that fails
 * ends the call. A resume whose request certainly never left (`network` with
 * `data: { sent: false }`), timed out or was aborted (for an approved call: never left) is not
 * recorded: the run fails with that error and the thread stays paused with the answer; resume
 * again with the same `Command`. Any other failure is recorded and becomes the tool's error;
 * replayed by a later run it has `replayed: true`. An approved call whose outcome is unknown
 * (its process died after sending, or the send timed out) is not sent again: the person is
 * asked again, with `asked_again: { reason: "outcome_unknown", message }`.
 *
 * Each request carries an idempotency key (the `idempotencyKey` call option: the SHA-256,
 * base64url, of the thread id, the checkpoint namespace, the tool call id and the round), the
 * same each time the same round is sent again, so a server can deduplicate a round whose
 * outcome a crash lost.
 *
 * Without a checkpointer (or outside a graph) the tool cannot pause: it returns an error
 * result saying so, with the MCP interrupt in `artifact.mcp_interrupt`. Both are found with
 * LangGraph's public API only: the `interrupt` a run puts on the config of its nodes, and the
 * `MISSING_CHECKPOINTER` error of LangGraph's `interrupt()`.
 */
export declare function toLangChainTools(
  source: MCPToolSource | MCPToolSource[],
  options?: ToLangChainToolsOptions,
): Promise<Array<DynamicStructuredTool>>;

/** A decision of `humanInTheLoopMiddleware`. */
export type HITLDecisionType = 'approve' | 'edit' | 'reject';

/** An `interruptOn` entry of `humanInTheLoopMiddleware` (langchain 1.x `InterruptOnConfig`). */
export interface MCPInterruptOnConfig {
  /** The decisions the person may take. */
  allowedDecisions: HITLDecisionType[];
  /** What the person is shown, or a function that writes it for the call. */
  description?: string | ((toolCall: ToolCall, state: unknown, runtime: unknown) => string | Promise<string>);
  /** The JSON Schema of the arguments, for an edit. */
  argsSchema?: Record<string, unknown>;
  /** Whether this call pauses (all calls of the tool when absent). */
  when?: (request: { toolCall: ToolCall; tool?: unknown; state: unknown; runtime: unknown }) => boolean | Promise<boolean>;
}

export interface InterruptOnOptions extends AnnotationRules {
  /** Decisions offered for a paused call. Default `["approve", "edit", "reject"]`. */
  allowedDecisions?: HITLDecisionType[];
  /** Shown to the person. Default: the prefix, which hints matched, the tool name and the arguments. */
  description?: MCPInterruptOnConfig['description'];
  /** Start of the default description. Default "Tool execution requires approval". */
  descriptionPrefix?: string;
  /**
   * Argument-level rule for the tools the hints select: pause this call only when it returns
   * true (e.g. `({ toolCall }) => toolCall.args.env === "prod"`). Gets the tool's name,
   * metadata and matched hints as a second argument (the middleware passes no tool).
   */
  when?: (
    request: { toolCall: ToolCall; tool?: unknown; state: unknown; runtime: unknown },
    tool: { name: string; metadata: MCPToolMetadata | null; reasons: string[] },
  ) => boolean | Promise<boolean>;
  /** Per tool name, replaces what the hints decided (`false` removes a tool). */
  overrides?: Record<string, boolean | MCPInterruptOnConfig>;
}

/**
 * The `interruptOn` config of `humanInTheLoopMiddleware`, built from the tools' MCP
 * annotations (`metadata.mcp.tool.annotations`). Only tools to pause appear.
 *
 * @example
 * const tools = await toLangChainTools(adapter);
 * const agent = createAgent({
 *   model, tools, checkpointer: new MemorySaver(),
 *   middleware: [humanInTheLoopMiddleware({ interruptOn: interruptOnFromAnnotations(tools) })],
 * });
 */
export declare function interruptOnFromAnnotations(
  /** LangChain tools from {@link toLangChainTools}, or `MCPTool`s; `metadata.mcp` is read when it is there. */
  tools: Array<{ name: string; metadata?: unknown }>,
  options?: InterruptOnOptions,
): Record<string, boolean | MCPInterruptOnConfig>;

/**
 * A resume for `new Command({ resume })` aimed at one pending MCP interrupt (an entry of
 * `__interrupt__`) by its LangGraph id: `{ [interrupt.id]: { responses } }` for an elicitation,
 * `{ [interrupt.id]: answer }` for an approval, `{ [interrupt.id]: { callbackUrl } }` for a
 * sign-in (`mcp_authorization`). Spread several into one object to answer
 * several interrupts of parallel tool calls at once.
 *
 * The answer is checked where it is used, by the adapter (`validateAnswer`, then `resume`):
 * one that does not answer exactly the keys asked (or an approval without `decision:
 * "approve" | "edit" | "reject"`, one outside its `allowed_decisions`, or edited `args` that
 * break the tool's `inputSchema`) pauses the tool again with the same question and its
 * `asked_again`; an interrupt whose signature the adapter's `interruptKey` refuses ends the
 * call with `interrupt_signature_invalid` (in an agent, an error `ToolMessage`). With an
 * `interruptKey`, the interrupt in the checkpoint is the signed one, so resuming needs nothing
 * more.
 * @throws {TypeError} when `interrupt` is not an MCP interrupt with an id, `responses` is
 *   not an object, or a sign-in is answered without a `callbackUrl`.
 */
export declare function createMCPResume(
  interrupt: { id?: string; value?: ElicitationInterrupt },
  responses: ElicitationAnswer['responses'],
): Record<string, ElicitationAnswer>;
export declare function createMCPResume(
  interrupt: { id?: string; value?: AuthorizationInterrupt },
  responses: { callbackUrl: string | URL },
): Record<string, { callbackUrl: string }>;
export declare function createMCPResume(
  interrupt: { id?: string; value?: ApprovalInterrupt },
  responses: ApprovalAnswer,
): Record<string, ApprovalAnswer>;
/** A task the run paused on goes on where it is: `{ [interrupt.id]: {} }` (no answer). */
export declare function createMCPResume(
  interrupt: { id?: string; value?: TaskHandle },
  responses?: Record<string, never>,
): Record<string, Record<string, never>>;
/**
 * Any entry of `__interrupt__` (LangGraph's `Interrupt<unknown>`): its `value` is checked at
 * run time.
 */
export declare function createMCPResume(
  interrupt: { id?: string; value?: unknown },
  responses: ElicitationAnswer['responses'] | ApprovalAnswer | { callbackUrl: string | URL },
): Record<string, ElicitationAnswer | ApprovalAnswer | { callbackUrl: string }>;

/** A prompt message as `getPrompt` returns it. */
export interface PromptMessage {
  /** Who speaks: a `HumanMessage` (`user`) or an `AIMessage` (`assistant`). */
  role: 'user' | 'assistant';
  /** The message's v1 content blocks. */
  content: ContentBlock[];
}

/**
 * Prompt messages as `HumanMessage` (`"user"`) / `AIMessage` (`"assistant"`) with v1 content
 * blocks. Takes what `getPrompt` resolves to as it is (`toLangChainMessages(await
 * adapter.getPrompt(name, args))`): {@link PromptMessage}s, or `{ messages }`, checked at run time.
 * @throws {TypeError} when it got an interrupt (answer it with `adapter.resume()` first) or
 *   anything else that is not prompt messages.
 */
export declare function toLangChainMessages(prompt: unknown): Array<HumanMessage | AIMessage>;

/** A resource content as `readResource` returns it (the MCP wire shape `{ uri, text | blob }` is accepted too). */
export interface ResourceContent {
  /** The text, for text contents (the `Document`'s `pageContent`). */
  text?: string;
  /** Base64. */
  data?: string;
  /**
   * Always set by `readResource` (`text/plain` or `application/octet-stream` when the server
   * sent none); left unset here when a wire-shape content has none.
   */
  mimeType?: string;
  /** The content's `uri` and other fields (the wire shape's `uri` when absent). */
  metadata?: { uri: string; [key: string]: unknown };
}

/**
 * Resource contents as `Document`s (`pageContent` = text; `metadata` = the content's metadata
 * plus `uri`, `source` and `mimeType`). Binary contents are left out, or with
 * `binary: "base64"` kept with the base64 data as `pageContent` and `metadata.encoding: "base64"`.
 * Takes what `readResource` resolves to as it is: {@link ResourceContent}s, or `{ contents }`,
 * checked at run time.
 * @throws {TypeError} when it got an interrupt (answer it with `adapter.resume()` first) or
 *   anything else that is not resource contents.
 */
export declare function toLangChainDocuments(contents: unknown, options?: { binary?: 'skip' | 'base64' }): Document[];

/**
 * Resource contents as standard `Blob`s typed with their `mimeType` (what LangChain.js
 * document loaders take), each with its `uri` and `metadata`. Takes what `readResource`
 * resolves to, checked at run time like {@link toLangChainDocuments}.
 * @throws {TypeError} as {@link toLangChainDocuments} does.
 */
export declare function toBlobs(contents: unknown): Array<Blob & { uri: string; metadata: Record<string, unknown> }>;
