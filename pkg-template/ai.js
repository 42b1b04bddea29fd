// mcp-wasm-adapter/ai: the adapter's tools as Vercel AI SDK tools (`ai` 7.x) for
// `generateText`, `streamText` and agents: gated calls through the AI SDK's approval step, and
// questions (elicitation, sign-in) as tool outputs that a later request answers. Shape
// adaptation only: every MCP request, retry round and check runs in the wasm core (through
// `tool.invoke` / `adapter.resume`); see ai.d.ts for the API.
//
// Needs the optional peer dependency `ai` (7.x); the package's main entry works without it.
import { dynamicTool, jsonSchema } from 'ai';
import { isMCPInterrupt, keep, providerNames, wantedName } from './names.js';
import { gateReasons, gateRules } from './gates.js';

/** How a tool of {@link toAISDKTools} resumes its interrupts (for {@link resumeMCPAnswers}). */
const ENTRY = Symbol('mcp-wasm-adapter.ai');
/** Where an adapter signs a value as it signs its interrupts (adapter.js). */
const SEAL = Symbol.for('mcp-wasm-adapter.seal');
/** Where an adapter tells whether its `approval` option gates a call (adapter.js). */
const GATES = Symbol.for('mcp-wasm-adapter.gates');


/**
 * The tools of one adapter or group (or several) as AI SDK tools, keyed by provider-safe
 * names (as `toLangChainTools` names them).
 * @param {object | object[]} source an `MCPAdapter` or `MCPAdapterGroup`, or an array of them.
 * @param {object} [options] see ai.d.ts (`ToAISDKToolsOptions`).
 */
export async function toAISDKTools(source, options = {}) {
  const opts = options ?? {};
  const sources = Array.isArray(source) ? source : [source];
  const what = 'toAISDKTools';
  const rules = opts.approvalFromAnnotations === false ? undefined : gateRules(opts.approvalFromAnnotations);
  const entries = [];
  for (const from of sources) {
    if (!from || typeof from.listTools !== 'function' || typeof from.resume !== 'function') {
      throw new TypeError(`${what}: expected an MCPAdapter or MCPAdapterGroup (anything with listTools() and resume()), or an array of them`);
    }
    const listed = await from.listTools(opts.listOptions ?? {});
    if (isMCPInterrupt(listed)) throw new Error(`${what}: listing the tools needs a sign-in first (an ${listed.type} interrupt: answer it with adapter.resume(), then call ${what} again)`);
    for (const mcpTool of listed) {
      if (!keep(mcpTool, opts.filter, what)) continue;
      const key = mcpTool.metadata?.mcp?.server?.key;
      // a group's tool resumes on its own server's adapter, as in langchain.js
      const owner = key !== undefined && typeof from.adapter === 'function' ? () => from.adapter(key) : () => from;
      entries.push({ mcpTool, owner, wanted: wantedName(mcpTool, opts, what), server: key ?? from.url });
    }
  }
  const names = providerNames(entries, what);
  const tools = {};
  entries.forEach((entry, i) => (tools[names[i]] = aiTool(entry, opts, rules)));
  return tools;
}

/** One `MCPTool` as an AI SDK dynamic tool. */
function aiTool({ mcpTool, owner }, opts, rules) {
  const name = mcpTool.mcpName ?? mcpTool.name;
  const callOptions = (signal) => ({ signal, timeoutMs: opts.timeoutMs, handleToolErrors: false });
  const entry = {
    // an error result throws `tool_error`, its message the server's text: an AI SDK tool error
    resume: (interrupt, answer, signal) => owner().resume(interrupt, answer, callOptions(signal)),
    check: (interrupt, answer) => owner().validateAnswer?.(interrupt, answer),
    seal: async (value) => (await owner()[SEAL]?.(value)) ?? value,
  };
  const annotated = rules !== undefined && gateReasons(mcpTool.metadata?.mcp?.tool?.annotations, rules, opts.approvalFromAnnotations?.specDefaults).length > 0;
  const made = dynamicTool({
    description: mcpTool.description || mcpTool.title || '',
    inputSchema: jsonSchema(mcpTool.schema ?? mcpTool.inputSchema ?? { type: 'object', properties: {} }),
    metadata: mcpTool.metadata ?? undefined,
    // the annotations' rules, else the adapter's `approval` predicate on these arguments
    needsApproval: annotated || (async (args) => Boolean(await owner()[GATES]?.(name, args ?? {}))),
    async execute(args, { abortSignal, toolCallId, messages }) {
      const out = await mcpTool.invoke(args ?? {}, callOptions(abortSignal));
      // the adapter's gate again: the AI SDK's approval of this very call answers it
      if (out?.type === 'mcp_approval' && approvedIn(messages, toolCallId)) return entry.resume(out, { decision: 'approve' }, abortSignal);
      return out; // a tool result, or an interrupt: the question, for the UI
    },
    toModelOutput: ({ output }) => modelOutput(output),
  });
  made[ENTRY] = entry;
  return made;
}

/**
 * Whether `messages` (those `execute` gets) end with the person's approval of tool call `id`:
 * a `tool-approval-response` that approves a `tool-approval-request` of that call, in the last
 * message, where the AI SDK reads approvals from.
 */
function approvedIn(messages, id) {
  const last = messages?.at(-1);
  if (last?.role !== 'tool' || !Array.isArray(last.content)) return false;
  const requests = new Set();
  for (const m of messages) {
    if (m.role === 'assistant' && Array.isArray(m.content)) for (const p of m.content) if (p.type === 'tool-approval-request' && p.toolCallId === id) requests.add(p.approvalId);
  }
  return last.content.some((p) => p.type === 'tool-approval-response' && p.approved === true && requests.has(p.approvalId));
}

/**
 * What the model sees of an output: a tool result's content as AI SDK parts (text; images,
 * audio and files as file parts; embedded resources and links are text blocks already), and
 * its structured content as JSON text when it has no text block; anything else (a question
 * waiting for its answer) as a text that says so.
 */
function modelOutput(output) {
  if (output?.type !== 'tool_result' || !Array.isArray(output.content)) {
    return { type: 'text', value: `This tool call is paused: the MCP server needs an answer from the person (${isMCPInterrupt(output) ? output.type : 'mcp_answer'}) first. Wait for it; do not call the tool again.` };
  }
  const value = output.content.map((b) =>
    b?.type === 'text'
      ? { type: 'text', text: String(b.text) }
      : typeof b?.data === 'string' && typeof b.mimeType === 'string'
        ? { type: 'file', mediaType: b.mimeType, data: { type: 'data', data: b.data } }
        : { type: 'text', text: JSON.stringify(b) },
  );
  // the text is what the server tells the model (MCP 2026-07-28 `server/tools.mdx`: a tool
  // SHOULD serialize its structured content into it); without any, the structured content
  const structured = output.artifact?.structured_content;
  if (structured !== undefined && !value.some((p) => p.type === 'text')) value.push({ type: 'text', text: JSON.stringify(structured) });
  return { type: 'content', value };
}

/** A stop condition for `stopWhen`: the last step has a tool output that is an MCP interrupt. */
export function hasMCPInterrupt() {
  return ({ steps }) => steps.at(-1)?.toolResults?.some((r) => isMCPInterrupt(r.output)) ?? false;
}

/** For `useChat`'s `sendAutomaticallyWhen`: the last assistant message has an answered interrupt. */
export function lastAssistantMessageHasMCPAnswers({ messages }) {
  const last = messages?.at(-1);
  return last?.role === 'assistant' && last.parts.some((p) => answerOf(p) !== undefined);
}

/** Whether the last message is an assistant message with a question still unanswered (an MCP interrupt as a tool output). */
export function isAwaitingMCPAnswers({ messages }) {
  const last = messages?.at(-1);
  return last?.role === 'assistant' && last.parts.some((p) => p.state === 'output-available' && isMCPInterrupt(p.output));
}

/** The `{ type: "mcp_answer", interrupt, answer }` output of a tool part, or undefined. */
function answerOf(part) {
  const output = part?.state === 'output-available' ? part.output : undefined;
  return output?.type === 'mcp_answer' && isMCPInterrupt(output.interrupt) ? output : undefined;
}

/**
 * Resumes the interrupts the person answered in the last message of `messages` (UI messages:
 * the tool outputs `useChat`'s `addToolOutput` set to `{ type: "mcp_answer", interrupt,
 * answer }`), each through the adapter of its tool in `tools`; resolves to the messages with
 * each such part's output the call's result (or its next question), or its error. With
 * `writer`, each new output is also written to the UI stream. See ai.d.ts.
 */
export async function resumeMCPAnswers(messages, tools, options = {}) {
  const last = messages?.at?.(-1);
  if (last?.role !== 'assistant' || !Array.isArray(last.parts) || !last.parts.some((p) => answerOf(p) !== undefined)) return messages;
  const parts = [];
  for (const part of last.parts) {
    const answered = answerOf(part);
    if (answered === undefined) {
      parts.push(part);
      continue;
    }
    const name = part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);
    const entry = Object.hasOwn(tools ?? {}, name) ? tools[name][ENTRY] : undefined;
    if (!entry) throw new TypeError(`resumeMCPAnswers: "${name}" is not a tool of toAISDKTools in tools`);
    const { output, errorText } = await answer(entry, answered, options.signal);
    const chunk = { toolCallId: part.toolCallId, dynamic: part.type === 'dynamic-tool' };
    if (errorText === undefined) {
      parts.push({ ...part, output });
      options.writer?.write({ type: 'tool-output-available', ...chunk, output });
    } else {
      parts.push({ ...part, state: 'output-error', output: undefined, errorText });
      options.writer?.write({ type: 'tool-output-error', ...chunk, errorText });
    }
  }
  return [...messages.slice(0, -1), { ...last, parts }];
}

/**
 * Sends one answer: `{ output }` (the result, the next question, or the same question asked
 * again with `asked_again` when the adapter refuses the answer before sending), or
 * `{ errorText }` (the interrupt is unsigned or altered, or the call failed on the server).
 * Rejects, leaving the answer for a later request, when the failure is not the answer's: the
 * request never left, the server could not be reached, or the call timed out or was aborted.
 */
async function answer(entry, { interrupt, answer }, signal) {
  // it came back from the client: only a signed interrupt, which the adapter checks
  if (typeof interrupt.signature !== 'string') return { errorText: 'resumeMCPAnswers: the interrupt is not signed: give the adapter an interruptKey' };
  try {
    await entry.check(interrupt, answer);
  } catch (e) {
    if (e?.code !== 'invalid_argument') return { errorText: String(e?.message ?? e) };
    const shown = { ...interrupt, asked_again: { reason: 'invalid_answer', message: String(e.message), errors: e.data?.errors } };
    delete shown.signature;
    return { output: await entry.seal(shown) };
  }
  try {
    return { output: await entry.resume(interrupt, answer, signal) };
  } catch (e) {
    if (e?.data?.sent === false || e?.code === 'network' || e?.code === 'timeout' || e?.code === 'aborted') throw e;
    return { errorText: String(e?.message ?? e) };
  }
}
