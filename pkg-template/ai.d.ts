/**
 * mcp-wasm-adapter/ai: MCP tools as Vercel AI SDK tools for `generateText`, `streamText` and
 * agents. Needs the optional peer dependency `ai` (7.x). ESM only. See the README, "AI SDK".
 *
 * @module mcp-wasm-adapter/ai
 */
import type { StopCondition, Tool, ToolSet, UIMessage, UIMessageStreamWriter } from 'ai';
import type { AnnotationRules, ApprovalAnswer, AskedAgain, CallOptions, ElicitationAnswer, MCPInterrupt, MCPTool, MCPToolSource, ToolResult } from './index.js';

/** What a tool's `execute` resolves to (its UI part's `output`): the result, or the question. */
export type MCPToolOutput = ToolResult | (MCPInterrupt & { asked_again?: AskedAgain });

/** The output a UI gives a tool part whose output is an interrupt, once the person answered. */
export interface MCPAnswerOutput {
  /** Always `mcp_answer`. */
  type: 'mcp_answer';
  /** The part's output, as it came. */
  interrupt: MCPInterrupt;
  /** What `adapter.resume()` takes. */
  answer: ElicitationAnswer | ApprovalAnswer | { callbackUrl: string };
}

/** Options of {@link toAISDKTools}. */
export interface ToAISDKToolsOptions {
  /** Which MCP tools to keep: their MCP names, or a predicate. Default: all the model may call. */
  filter?: string[] | ((tool: MCPTool) => boolean);
  /** Prepended to every tool name (the MCP name is still the one called). */
  namePrefix?: string;
  /** Names become `{serverName}_{toolName}` (`serverInfo.name`). */
  prefixServerName?: boolean;
  /** Timeout of every call and resume round, in ms (overrides the adapter's `timeoutMs`). */
  timeoutMs?: number;
  /**
   * Tools whose annotations get the AI SDK's approval step, by the rules of
   * `interruptOnFromAnnotations` (default: `destructiveHint: true`); `false`: none. Calls the
   * adapter's `approval` option gates get it too.
   */
  approvalFromAnnotations?: false | AnnotationRules;
  /** Options of the `listTools()` calls (e.g. `signal`). */
  listOptions?: CallOptions;
}

/**
 * AI SDK dynamic tools (`dynamic-tool` UI parts) keyed by the names `toLangChainTools` gives,
 * without the tools the model may not call (MCP Apps). `execute` calls the MCP tool with the
 * call's `abortSignal` and resolves to the {@link ToolResult} or to the MCP interrupt; an
 * `isError` result throws `MCPAdapterError` `tool_error` (the server's text), as a transport
 * failure throws its own code: AI SDK tool errors. `toModelOutput` gives text, media as `file`
 * parts, and structured content as JSON when there is no text. `needsApproval` is the
 * annotations' rule, else the adapter's `approval` predicate (asked, nothing sent); an
 * approved call answers the adapter's `mcp_approval` with `approve`.
 * @throws {MCPAdapterError} `tool_name_collision` when two tools want one name.
 */
export declare function toAISDKTools(source: MCPToolSource | MCPToolSource[], options?: ToAISDKToolsOptions): Promise<Record<string, Tool<unknown, MCPToolOutput>>>;

/** For `stopWhen`: the last step has a tool output that is an MCP interrupt. */
export declare function hasMCPInterrupt(): StopCondition<ToolSet>;

/** For `useChat`'s `sendAutomaticallyWhen`: the last message has an {@link MCPAnswerOutput}. */
export declare function lastAssistantMessageHasMCPAnswers(options: { messages: UIMessage[] }): boolean;

/** The last message has a tool part whose output is an MCP interrupt: a question still waits. */
export declare function isAwaitingMCPAnswers(options: { messages: UIMessage[] }): boolean;

/**
 * Resumes the answered interrupts ({@link MCPAnswerOutput}) of the last message of `messages`
 * through the adapters of their tools in `tools` and resolves to the messages with each such
 * part's output the result (or the next question, or the same one with `asked_again` when the
 * adapter refused the answer before sending), or the `output-error` state (a tool error, an
 * unsigned or altered interrupt: give the adapter an `interruptKey`). `writer` also gets each
 * new output. Rejects, the answer left in place, when the failure is not the answer's (a
 * request that never left, `network`, `timeout`, `aborted`).
 */
export declare function resumeMCPAnswers<MESSAGE extends UIMessage>(
  messages: MESSAGE[],
  tools: Record<string, Tool<unknown, MCPToolOutput>>,
  options?: { writer?: UIMessageStreamWriter; signal?: AbortSignal },
): Promise<MESSAGE[]>;
