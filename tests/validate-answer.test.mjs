// `adapter.validateAnswer(interrupt, answer)`: the checks `resume()` makes before anything is
// sent (the signature, the approval's decision and edited args, the form), with nothing sent,
// so that a service can refuse a person's answer before resuming. Against the FastMCP fixture.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { countingAdapter } from './helpers/agents.mjs';
import { startFastMCP, useServer } from './helpers/servers.mjs';

const KEY = 'a key for the answer checks, longer than 32 bytes';

/** An accept of `interrupt`'s one question with `content`. */
const accept = (interrupt, content) => ({ responses: { [interrupt.requests[0].key]: { action: 'accept', content } } });

describe('validateAnswer (2026-07-28)', () => {
  const fastmcp = useServer(() => startFastMCP());

  test('an answer that does not fit the form is refused with the form check, one that fits passes, and nothing is sent', async () => {
    const { adapter, count } = countingAdapter(fastmcp().url);
    const asked = await adapter.callTool('confirm_action', { action: 'wipe' });
    await assert.rejects(adapter.validateAnswer(asked, accept(asked, { confirm: true })), {
      code: 'invalid_argument',
      message: /confirmed is required; confirm is not a field of this form/,
    });
    await assert.rejects(adapter.validateAnswer(asked, { responses: {} }), { code: 'invalid_argument', message: /exactly the keys/ });
    assert.equal(await adapter.validateAnswer(asked, accept(asked, { confirmed: true })), undefined);
    assert.equal(count('confirm_action'), 1, 'only the call itself was sent');
    const done = await adapter.resume(asked, accept(asked, { confirmed: true }));
    assert.match(done.content[0].text, /^wipe: confirmed/);
  });

  test('an approval: a decision it does not allow and edited args that break the inputSchema are refused', async () => {
    const { adapter, count } = countingAdapter(fastmcp().url, { approval: () => ({ allowedDecisions: ['approve', 'edit'] }) });
    const gate = await adapter.callTool('delete_item', { item_id: '1' });
    await assert.rejects(adapter.validateAnswer(gate, { decision: 'reject' }), { code: 'invalid_argument', message: /accepts only the decisions/ });
    await assert.rejects(adapter.validateAnswer(gate, { decision: 'edit', args: { item_id: 2 } }), (e) => e.code === 'invalid_argument' && e.data.errors.length > 0);
    assert.equal(await adapter.validateAnswer(gate, { decision: 'edit', args: { item_id: '2' } }), undefined);
    assert.equal(count('delete_item'), 0);
  });

  test('with an interruptKey, an altered interrupt is refused', async () => {
    const adapter = new MCPAdapter(fastmcp().url, { interruptKey: KEY });
    const asked = await adapter.callTool('confirm_action', { action: 'copy' });
    const altered = { ...asked, params: { ...asked.params, arguments: { action: 'format' } } };
    await assert.rejects(adapter.validateAnswer(altered, accept(asked, { confirmed: true })), { code: 'interrupt_signature_invalid' });
    assert.equal(await adapter.validateAnswer(asked, accept(asked, { confirmed: true })), undefined);
  });
});

describe('validateAnswer (handshake era)', () => {
  const fastmcp = useServer(() => startFastMCP({ legacyOnly: true }));

  test('a check of the answer to a held call does not answer it', async () => {
    const adapter = new MCPAdapter(fastmcp().url);
    const asked = await adapter.callTool('confirm_action', { action: 'hold' });
    assert.ok(asked.open_call !== undefined, 'the call is held open');
    await assert.rejects(adapter.validateAnswer(asked, accept(asked, { confirmed: true })), { code: 'invalid_argument', message: /value is required/ });
    assert.equal(await adapter.validateAnswer(asked, accept(asked, { value: true })), undefined);
    // the held call still waits: the answer it gets is the one resume() sends
    const done = await adapter.resume(asked, accept(asked, { value: false }));
    assert.match(done.content[0].text, /^hold: not confirmed/);
  });
});
