// examples/ai-sdk-route.mjs, the README's AI SDK chat route, run as it is documented: each
// request in a new process (a fresh adapter, the interrupt back from the client in the chat's
// messages), driven by the AI SDK's own chat client (AbstractChat, what `useChat` runs) against
// the FastMCP fixture in both eras: a question answered in the next request, the AI SDK's
// approval step, a tampered interrupt refused, an answer that does not fit asked again.
//
//   bash scripts/build.sh && node --test tests/ai-sdk-route.test.mjs
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import { lastAssistantMessageHasMCPAnswers } from '../pkg/ai.js';
import { TestChat } from './helpers/ai-sdk.mjs';
import { startFastMCP, useServer } from './helpers/servers.mjs';
import { until } from './helpers/wait.mjs';

const EXAMPLE = fileURLToPath(new URL('../examples/ai-sdk-route.mjs', import.meta.url));
const KEYS = { MCP_INTERRUPT_KEY: 'the route test interrupt key, 32 bytes or more', TOOL_APPROVAL_SECRET: 'the route test approval secret, 32 bytes+' };

/** The example's route in a new process: `{ url, close() }`. */
async function route(mcpUrl) {
  const child = spawn(process.execPath, [EXAMPLE], { env: { ...process.env, ...KEYS, MCP_URL: mcpUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the route exited (${code})`)));
    readline.createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line).port));
  });
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => (child.kill(), child.once('exit', resolve))) };
}

/**
 * A chat whose every request goes to a route in a process of its own, started for it and
 * stopped after it: nothing but the messages carries over from one request to the next.
 */
function chatOverProcesses(mcpUrl) {
  let current;
  const chat = new TestChat({
    url: () => current.url,
    sendAutomaticallyWhen: (m) => lastAssistantMessageIsCompleteWithApprovalResponses(m) || lastAssistantMessageHasMCPAnswers(m),
  });
  /** Runs `act()` (which sends a request) against a new route process; resolves when the chat is idle. */
  chat.request = async (act) => {
    current = await route(mcpUrl);
    try {
      await act();
      await until(() => chat.status === 'ready' || chat.status === 'error', 30_000, 'the response');
      if (chat.error) throw chat.error;
    } finally {
      await current.close();
    }
  };
  return chat;
}

/** The person's answer to `part`'s question, set as the client does: the tool part's new output. */
const answer = (chat, part, response) =>
  chat.addToolOutput({ tool: part.toolName, toolCallId: part.toolCallId, output: { type: 'mcp_answer', interrupt: part.output, answer: { responses: { [part.output.requests[0].key]: response } } } });

/** Yes to the question of `part` (its form's one boolean field: `confirmed` at 2026-07-28, `value` in the handshake era). */
const yes = (part, value = true) => ({ action: 'accept', content: { [Object.keys(part.output.requests[0].requested_schema.properties)[0]]: value } });

for (const [era, legacyOnly] of [['2026-07-28', false], ['handshake-era', true]]) {
  describe(`the AI SDK chat route, a ${era} server`, () => {
    const server = useServer(() => startFastMCP({ legacyOnly }));

    test('a question ends the response; the answer, in the next request to another process, resumes the call and the model reports it', { timeout: 60_000 }, async () => {
      const chat = chatOverProcesses(server().url);
      await chat.request(() => chat.sendMessage({ text: 'call confirm_action {"action":"reboot"}' }));
      const [asked] = chat.toolParts;
      assert.equal(asked.state, 'output-available');
      assert.equal(asked.output.type, 'mcp_elicitation');
      assert.equal(asked.output.requests[0].message, 'Really reboot?');
      assert.match(asked.output.signature, /^v1\./);

      await chat.request(() => answer(chat, asked, yes(asked)));
      const [done] = chat.toolParts;
      assert.equal(done.output.type, 'tool_result', 'the client part shows the result');
      assert.match(done.output.content[0].text, /^reboot: confirmed/);
      assert.match(chat.lastMessage.parts.findLast((p) => p.type === 'text').text, /^done: reboot: confirmed/);
    });
  });
}

describe('the AI SDK chat route, answers that come back changed', () => {
  const server = useServer(() => startFastMCP());

  test('a tampered interrupt is refused before anything is sent', { timeout: 60_000 }, async () => {
    const chat = chatOverProcesses(server().url);
    await chat.request(() => chat.sendMessage({ text: 'call confirm_action {"action":"reboot"}' }));
    const [asked] = chat.toolParts;
    const tampered = { ...asked, output: { ...asked.output, params: { ...asked.output.params, arguments: { action: 'wipe disk' } } } };
    await chat.request(() => answer(chat, tampered, yes(asked)));
    const [refused] = chat.toolParts;
    assert.equal(refused.state, 'output-error');
    assert.match(refused.errorText, /signature/);
  });

  test('an answer that does not fit the form asks the same question again', { timeout: 60_000 }, async () => {
    const chat = chatOverProcesses(server().url);
    await chat.request(() => chat.sendMessage({ text: 'call confirm_action {"action":"reboot"}' }));
    const [asked] = chat.toolParts;
    await chat.request(() => answer(chat, asked, yes(asked, 'yes please')));
    const [again] = chat.toolParts;
    assert.equal(again.output.type, 'mcp_elicitation');
    assert.equal(again.output.asked_again.reason, 'invalid_answer');
    await chat.request(() => answer(chat, again, yes(again)));
    assert.match(chat.toolParts[0].output.content[0].text, /^reboot: confirmed/);
  });

  test("a destructive tool waits for the AI SDK's approve / deny step; approved in another process, it runs", { timeout: 60_000 }, async () => {
    const chat = chatOverProcesses(server().url);
    await chat.request(() => chat.sendMessage({ text: 'call delete_item {"item_id":"7"}' }));
    const [asked] = chat.toolParts;
    assert.equal(asked.state, 'approval-requested');
    await chat.request(() => chat.addToolApprovalResponse({ id: asked.approval.id, approved: true }));
    const [done] = chat.toolParts;
    assert.deepEqual(done.output.content, [{ type: 'text', text: 'deleted 7' }]);
    assert.equal(chat.lastMessage.parts.findLast((p) => p.type === 'text').text, 'done: deleted 7');
  });
});
