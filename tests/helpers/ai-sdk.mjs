// The Vercel AI SDK in tests: a scripted language model (the SDK's own MockLanguageModelV4, from
// `ai/test`) and the SDK's own chat client (AbstractChat, what `useChat` runs) over a route.
import { AbstractChat, DefaultChatTransport } from 'ai';
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test';

const USAGE = { inputTokens: { total: 1 }, outputTokens: { total: 1 } };

/**
 * A model that answers each call with `decide(prompt)` (the prompt as the provider gets it: tool
 * results as `toModelOutput` made them): `{ calls: [[toolName, args], …] }` for tool calls, or a
 * string to say. `model.prompts` keeps every prompt it was given.
 */
export function scriptedModel(decide) {
  const prompts = [];
  const turn = (prompt) => {
    prompts.push(prompt);
    const said = decide(prompt, prompts.length);
    if (typeof said === 'string') return { content: [{ type: 'text', text: said }], finishReason: { unified: 'stop', raw: undefined } };
    const content = said.calls.map(([toolName, args], i) => ({ type: 'tool-call', toolCallId: `call_${prompts.length}_${i}`, toolName, input: JSON.stringify(args ?? {}) }));
    return { content, finishReason: { unified: 'tool-calls', raw: undefined } };
  };
  const model = new MockLanguageModelV4({
    doGenerate: async ({ prompt }) => ({ ...turn(prompt), usage: USAGE, warnings: [] }),
    doStream: async ({ prompt }) => {
      const { content, finishReason } = turn(prompt);
      const parts = content.flatMap((p) => (p.type === 'text' ? [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: p.text }, { type: 'text-end', id: 't' }] : [p]));
      return { stream: convertArrayToReadableStream([{ type: 'stream-start', warnings: [] }, ...parts, { type: 'finish', finishReason, usage: USAGE }]) };
    },
  });
  model.prompts = prompts;
  return model;
}

/** The tool results of a prompt's last message (`{ toolName, output }` each, as the model gets them). */
export const toolResultsOf = (prompt) => prompt.at(-1).content.filter((p) => p.type === 'tool-result');

/**
 * The AI SDK's chat client, as `useChat` runs it, with its state in plain fields: requests go
 * to `url()` (read at each request, so a test can move the route to another process).
 */
export class TestChat extends AbstractChat {
  constructor({ url, ...init }) {
    const state = { status: 'ready', error: undefined, messages: [] };
    Object.assign(state, {
      pushMessage: (m) => (state.messages = [...state.messages, m]),
      popMessage: () => (state.messages = state.messages.slice(0, -1)),
      replaceMessage: (i, m) => (state.messages = state.messages.map((old, j) => (j === i ? m : old))),
      snapshot: (thing) => structuredClone(thing),
    });
    const transport = new DefaultChatTransport({ api: 'http://route/api/chat', fetch: (input, options) => fetch(`${url()}/api/chat`, options) });
    super({ ...init, state, transport });
  }

  /** The tool parts of the last message. */
  get toolParts() {
    return this.lastMessage.parts.filter((p) => p.type === 'dynamic-tool');
  }
}
