// Tamper-evident interrupts (the `interruptKey` option): every interrupt a keyed adapter
// returns is signed; `resume()` refuses an altered, unsigned or foreign-key one with
// `interrupt_signature_invalid` before anything is sent; approvals carry the decisions they
// accept (`allowed_decisions`) and edited args are checked against the tool's inputSchema.
// Against the FastMCP fixture (both eras), the TS SDK fixture, a real authorization server in
// front of a protected fixture (mcp_authorization), and a LangGraph agent.
//
//   bash scripts/build.sh && node --test tests/interrupt-key.test.mjs
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { Command, MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { MCPAdapter, MCPAdapterError, MCPAdapterGroup } from '../pkg/index.node.js';
import { OAuthProvider, memoryStorage } from '../pkg/auth.js';
import { toLangChainTools, createMCPResume } from '../pkg/langchain.js';
import { recordingFetch } from './helpers/record.mjs';
import { startFastMCP, startTsServer } from './helpers/servers.mjs';
import { countingAdapter, newThread, toolMessages } from './helpers/agents.mjs';
import { signIn, useProtectedServer } from './auth/fixtures.mjs';

const KEY = crypto.getRandomValues(new Uint8Array(32));
const KEY_TEXT = 'a passphrase of well over thirty-two bytes, for the tests';
const OTHER_KEY = crypto.getRandomValues(new Uint8Array(32));
const SIGNATURE = /^v1\.[A-Za-z0-9_-]{43}$/;

/** A keyed adapter for `url` with a request recorder. */
function keyed(url, options = {}) {
  const rec = recordingFetch();
  return { rec, adapter: new MCPAdapter(url, { interruptKey: KEY, fetch: rec.fetch, ...options }) };
}

const clone = (value) => JSON.parse(JSON.stringify(value));

/** `value` changed so that it is no longer equal (same JSON type where there is one). */
function tamper(value) {
  if (typeof value === 'string') return `${value}x`;
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  if (Array.isArray(value)) return [...value, 'x'];
  return { ...(value ?? {}), tampered: true };
}

/** A copy of `interrupt` with the member at `path` set to `value` (`undefined`: removed). */
function altered(interrupt, path, value) {
  const copy = clone(interrupt);
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key];
  if (value === undefined) delete at[path.at(-1)];
  else at[path.at(-1)] = value;
  return copy;
}

/** Every top-level field of `interrupt` tampered with, each on its own, plus `extra` changes. */
function alterations(interrupt, extra = []) {
  const out = [];
  for (const key of Object.keys(interrupt)) {
    if (key !== 'signature') out.push([[key], tamper(interrupt[key])]);
  }
  out.push([['signature'], undefined]);
  out.push([['signature'], `${interrupt.signature.slice(0, -2)}${interrupt.signature.endsWith('AA') ? 'BA' : 'AA'}`]);
  out.push([['signature'], 'v2.abc']);
  out.push([['added_field'], 1]);
  return [...out, ...extra];
}

/** Asserts each alteration is refused with the new code and sends nothing. */
async function refusesEveryAlteration(adapter, rec, interrupt, answer, changes) {
  assert.match(interrupt.signature, SIGNATURE);
  const sent = rec.requests.length;
  for (const [path, value] of changes) {
    const bad = altered(interrupt, path, value);
    const error = await adapter.resume(bad, answer).then((v) => assert.fail(`${path.join('.')}: resumed to ${JSON.stringify(v)}`), (e) => e);
    assert.ok(error instanceof MCPAdapterError, `${path.join('.')}: ${error}`);
    assert.equal(error.code, 'interrupt_signature_invalid', `${path.join('.')}: ${error.message}`);
    assert.equal(rec.requests.length, sent, `${path.join('.')}: nothing was sent`);
  }
  return changes.length;
}

const accept = (interrupt, content) => ({ responses: { [interrupt.requests[0].key]: { action: 'accept', content } } });

describe('interruptKey: FastMCP fixture (2026-07-28)', () => {
  let server;
  before(async () => {
    server = await startFastMCP();
  });
  after(() => server?.close());

  test('an elicitation interrupt is signed; each field altered is refused before anything is sent; the original resumes', async () => {
    const { adapter, rec } = keyed(server.url);
    const interrupt = await adapter.callTool('confirm_action', { action: 'wipe disk' });
    assert.equal(interrupt.type, 'mcp_elicitation');
    const count = await refusesEveryAlteration(adapter, rec, interrupt, accept(interrupt, { confirmed: true }), alterations(interrupt, [
      [['tool_name'], 'delete_item'],
      [['params', 'name'], 'delete_item'],
      [['params', 'arguments'], { action: 'format disk', config: 'injected' }],
      [['server', 'url'], 'http://127.0.0.1:1/mcp'],
      [['requests', 0, 'key'], 'other'],
      [['requests', 0, 'requested_schema', 'properties', 'confirmed', 'type'], 'string'],
      [['method'], 'prompts/get'],
      [['answers'], []],
      [['open_call'], 0],
      [['protocol_version'], '2025-11-25'],
    ]));
    assert.ok(count >= 20, `${count} alterations`);
    // key order and a JSON round trip do not matter
    const reordered = Object.fromEntries(Object.entries(clone(interrupt)).reverse());
    const done = await adapter.resume(reordered, accept(interrupt, { confirmed: true }));
    assert.match(done.content[0].text, /^wipe disk: confirmed/);
  });

  test('a second adapter with the same key resumes; one with another key, and an unsigned interrupt, are refused', async () => {
    const interrupt = clone(await keyed(server.url).adapter.callTool('confirm_action', { action: 'move' }));
    const foreign = new MCPAdapter(server.url, { interruptKey: OTHER_KEY });
    await assert.rejects(foreign.resume(interrupt, accept(interrupt, { confirmed: true })), { code: 'interrupt_signature_invalid', message: /does not match/ });
    // the same bytes as a Uint8Array, an ArrayBuffer and a DataView are the same key
    for (const same of [KEY, KEY.buffer.slice(0), new DataView(KEY.buffer.slice(0))]) {
      const again = clone(await new MCPAdapter(server.url, { interruptKey: same }).callTool('confirm_action', { action: 'copy' }));
      const done = await new MCPAdapter(server.url, { interruptKey: KEY }).resume(again, accept(again, { confirmed: true }));
      assert.match(done.content[0].text, /^copy: confirmed/);
    }
    const done = await new MCPAdapter(server.url, { interruptKey: new Uint8Array(KEY) }).resume(interrupt, accept(interrupt, { confirmed: true }));
    assert.match(done.content[0].text, /^move: confirmed/);

    const unsigned = await new MCPAdapter(server.url).callTool('confirm_action', { action: 'x' });
    assert.equal(unsigned.signature, undefined, 'no key, no signature');
    const { adapter, rec } = keyed(server.url);
    await assert.rejects(adapter.resume(unsigned, accept(unsigned, { confirmed: true })), { code: 'interrupt_signature_invalid', message: /not signed/ });
    assert.equal(rec.requests.length, 0);
    // an adapter without a key trusts what it is given (documented: keep interrupts server-side)
    const plain = await new MCPAdapter(server.url).resume(interrupt, accept(interrupt, { confirmed: false }));
    assert.match(plain.content[0].text, /^move: not confirmed/);
  });

  test('a list of keys: the first signs, each verifies, so interrupts signed before a rotation resume; an empty list is refused', async () => {
    const old = clone(await new MCPAdapter(server.url, { interruptKey: OTHER_KEY }).callTool('confirm_action', { action: 'rotate' }));
    const rotated = new MCPAdapter(server.url, { interruptKey: [KEY, KEY_TEXT, OTHER_KEY] });
    const done = await rotated.resume(old, accept(old, { confirmed: true }));
    assert.match(done.content[0].text, /^rotate: confirmed/);
    // what the rotated adapter signs, an adapter with only the first key verifies
    const fresh = clone(await rotated.callTool('confirm_action', { action: 'sign' }));
    const first = await new MCPAdapter(server.url, { interruptKey: KEY }).resume(fresh, accept(fresh, { confirmed: true }));
    assert.match(first.content[0].text, /^sign: confirmed/);
    // the old key alone no longer verifies what the new one signed; a dropped key strands its interrupts
    await assert.rejects(new MCPAdapter(server.url, { interruptKey: [OTHER_KEY] }).resume(fresh, accept(fresh, { confirmed: true })), { code: 'interrupt_signature_invalid' });
    await assert.rejects(new MCPAdapter(server.url, { interruptKey: [KEY] }).resume(old, accept(old, { confirmed: true })), { code: 'interrupt_signature_invalid' });
    for (const interruptKey of [[], [KEY, 'too short']]) {
      assert.throws(() => new MCPAdapter(server.url, { interruptKey }), { code: 'invalid_argument', message: /list of them/ });
    }
  });

  test('a string key, a CryptoKey and the per-process key (true)', async () => {
    const text = new MCPAdapter(server.url, { interruptKey: KEY_TEXT });
    const bytes = new MCPAdapter(server.url, { interruptKey: new TextEncoder().encode(KEY_TEXT) });
    const i1 = await text.callTool('confirm_action', { action: 'a' });
    assert.match((await bytes.resume(i1, accept(i1, { confirmed: true }))).content[0].text, /^a: confirmed/);

    const cryptoKey = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    const withCryptoKey = new MCPAdapter(server.url, { interruptKey: cryptoKey });
    const i2 = await withCryptoKey.callTool('confirm_action', { action: 'b' });
    assert.match(i2.signature, SIGNATURE);
    assert.match((await new MCPAdapter(server.url, { interruptKey: cryptoKey }).resume(i2, accept(i2, { confirmed: true }))).content[0].text, /^b: confirmed/);
    await assert.rejects(text.resume(i2, accept(i2, { confirmed: true })), { code: 'interrupt_signature_invalid' });

    const i3 = await new MCPAdapter(server.url, { interruptKey: true }).callTool('confirm_action', { action: 'c' });
    assert.match((await new MCPAdapter(server.url, { interruptKey: true }).resume(i3, accept(i3, { confirmed: true }))).content[0].text, /^c: confirmed/);
    await assert.rejects(text.resume(i3, accept(i3, { confirmed: true })), { code: 'interrupt_signature_invalid' });
  });

  test('an MCPAdapterGroup passes interruptKey to the adapters it builds', async () => {
    const group = new MCPAdapterGroup({ fixture: server.url }, { interruptKey: KEY });
    const interrupt = clone(await group.callTool('fixture', 'confirm_action', { action: 'group' }));
    assert.match(interrupt.signature, SIGNATURE);
    await assert.rejects(group.resume(altered(interrupt, ['params', 'arguments', 'action'], 'other'), accept(interrupt, { confirmed: true })), { code: 'interrupt_signature_invalid' });
    const done = await new MCPAdapterGroup({ elsewhere: { url: server.url, interruptKey: KEY } }).resume(interrupt, accept(interrupt, { confirmed: true }));
    assert.match(done.content[0].text, /^group: confirmed/);
  });

  test('unusable keys: invalid_argument, never quoting the key', async () => {
    const short = 'short-secret-31-bytes-long-xxxx';
    for (const interruptKey of [short, new Uint8Array(31), 42, { byteLength: 'x' }, false]) {
      assert.throws(() => new MCPAdapter(server.url, { interruptKey }), (e) => {
        assert.equal(e.code, 'invalid_argument');
        assert.ok(!e.message.includes(short));
        return true;
      });
    }
    // a CryptoKey of the wrong kind is refused when the first interrupt is signed
    const aes = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt']);
    const adapter = new MCPAdapter(server.url, { interruptKey: aes });
    assert.equal((await adapter.callTool('echo', { text: 'plain results need no key' })).status, 'success');
    await assert.rejects(adapter.callTool('confirm_action', { action: 'x' }), { code: 'invalid_argument', message: /HMAC SHA-256/ });
  });

  test('an approval is signed with its allowed_decisions; each field altered is refused and nothing is sent', async () => {
    const { adapter, rec } = keyed(server.url, { approval: ({ name }) => (name === 'delete_item' ? { allowedDecisions: ['approve', 'reject'] } : false) });
    const gated = await adapter.callTool('delete_item', { item_id: '1' });
    assert.equal(gated.type, 'mcp_approval');
    assert.deepEqual(gated.allowed_decisions, ['approve', 'reject']);
    const approve = { decision: 'approve' };
    await refusesEveryAlteration(adapter, rec, gated, approve, alterations(gated, [
      [['tool_name'], 'echo'],
      [['args'], { item_id: '666', config: 'injected' }],
      [['allowed_decisions'], ['approve', 'edit', 'reject']],
      [['allowed_decisions'], undefined],
      [['metadata'], { mcp: { tool: { annotations: { destructiveHint: false } } } }],
      [['server', 'version'], '9.9.9'],
    ]));
    assert.equal(rec.calls().length, 0, 'no tools/call was sent');
    // the edit it does not allow is refused by the decision check, before anything is sent
    await assert.rejects(adapter.resume(gated, { decision: 'edit', args: { item_id: '2' } }), { code: 'invalid_argument', message: /accepts only the decisions \["approve","reject"\]/ });
    await assert.rejects(adapter.resume(gated, { decision: 'approve', args: { item_id: '2' } }), { code: 'invalid_argument' });
    assert.equal(rec.calls().length, 0);
    assert.equal((await adapter.resume(gated, approve)).content[0].text, 'deleted 1');
  });
});

describe('approvals: allowedDecisions and edited args (FastMCP fixture, no key)', () => {
  let server;
  before(async () => {
    server = await startFastMCP();
  });
  after(() => server?.close());

  test('an approval predicate returning true allows every decision; a bad allowedDecisions fails the call', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server.url, { fetch: rec.fetch, approval: ({ args }) => (args.item_id === 'bad' ? { allowedDecisions: ['maybe'] } : true) });
    const gated = await adapter.callTool('delete_item', { item_id: '1' });
    assert.deepEqual(gated.allowed_decisions, ['approve', 'edit', 'reject']);
    assert.equal(gated.signature, undefined);
    await assert.rejects(adapter.callTool('delete_item', { item_id: 'bad' }), { code: 'invalid_argument', message: /allowedDecisions/ });
    assert.equal(rec.calls().length, 0);
  });

  test('edited args are checked against the inputSchema before they are sent: refused with paths, then accepted', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server.url, { fetch: rec.fetch, interruptKey: KEY, approval: ({ name }) => name === 'delete_item' });
    const gated = clone(await adapter.callTool('delete_item', { item_id: '1' }));
    assert.equal(rec.requests.filter((r) => r.body?.method === 'tools/list').length, 1, 'the gate listed the tools first');
    const wrongType = await adapter.resume(gated, { decision: 'edit', args: { item_id: 7 } }).then(assert.fail, (e) => e);
    assert.equal(wrongType.code, 'invalid_argument');
    assert.match(wrongType.message, /edited args of tool "delete_item" do not match its inputSchema: \/item_id: /);
    assert.deepEqual(wrongType.data.errors.map((e) => e.path), ['/item_id']);
    assert.equal(rec.requests.filter((r) => r.body?.method === 'tools/list').length, 1, 'the schema came from the adapter\'s own listing, not listed again');
    const missing = await adapter.resume(gated, { decision: 'edit', args: { other: 'x' } }).then(assert.fail, (e) => e);
    assert.equal(missing.code, 'invalid_argument');
    assert.match(missing.message, /\(root\): .*item_id/);
    // an approve whose args differ is an edit, checked the same way
    await assert.rejects(adapter.resume(gated, { decision: 'approve', args: { item_id: ['7'] } }), { code: 'invalid_argument', message: /\/item_id/ });
    assert.equal(rec.calls().length, 0, 'no tools/call was sent');
    // the interrupt was not used up: answered again, correctly
    assert.equal((await adapter.resume(gated, { decision: 'edit', args: { item_id: '9' } })).content[0].text, 'deleted 9');
    assert.equal((await adapter.resume(gated, { decision: 'approve', args: { item_id: '1' } })).content[0].text, 'deleted 1');
    const rejected = await adapter.resume(gated, { decision: 'reject', args: { item_id: 7 }, message: 'no' });
    assert.equal(rejected.status, 'error', 'a rejection sends nothing, whatever its args');
    assert.equal((await adapter.callTool('echo', { text: 'usable' })).status, 'success');
  });
});

describe('approvals: edited args and an inputSchema the validator cannot use (TypeScript SDK fixture)', () => {
  let server;
  before(async () => {
    server = await startTsServer();
  });
  after(() => server?.close());

  test('an edit is refused with invalid_argument naming the keyword, not called a mismatch; nothing is sent', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server.url, { fetch: rec.fetch, approval: ({ name }) => name === 'malformed_schema' });
    const gated = await adapter.callTool('malformed_schema', { count: 3 });
    const refused = await adapter.resume(gated, { decision: 'edit', args: { count: 4 } }).then(assert.fail, (e) => e);
    assert.equal(refused.code, 'invalid_argument');
    assert.equal(refused.message, 'the edited args cannot be checked: the inputSchema of tool "malformed_schema" is unusable (the keyword at /properties/count/type has an invalid value)');
    assert.equal(refused.data, undefined, 'no list of mismatches');
    assert.equal(rec.calls().length, 0);
    // approved as it is, nothing needs checking and the call goes out
    assert.equal((await adapter.resume(gated, { decision: 'approve' })).status, 'success');
  });
});

describe('interruptKey: FastMCP fixture --legacy-only (handshake era)', () => {
  let server;
  before(async () => {
    server = await startFastMCP({ legacyOnly: true });
  });
  after(() => server?.close());

  test('a held-call interrupt: open_call, answers, protocol_version and the rest altered are refused; the original answers the held call', async () => {
    const { adapter, rec } = keyed(server.url);
    const interrupt = await adapter.callTool('confirm_action', { action: 'wipe disk' });
    assert.equal(interrupt.protocol_version, '2025-11-25');
    assert.equal(typeof interrupt.open_call, 'number');
    const answer = accept(interrupt, { value: true });
    await refusesEveryAlteration(adapter, rec, interrupt, answer, alterations(interrupt, [
      [['open_call'], interrupt.open_call + 1],
      [['answers'], [{ request: { message: 'Really wipe disk?', mode: 'form', requested_schema: {} }, response: { action: 'accept', content: { value: true } } }]],
      [['protocol_version'], '2025-06-18'],
      [['requests', 0, 'message'], 'Really keep disk?'],
    ]));
    const done = await adapter.resume(interrupt, answer);
    assert.equal(done.content[0].text, 'wipe disk: confirmed');
    await adapter.close();
  });

  test('resource and prompt interrupts are signed too, and resumed by a second adapter with the key', async () => {
    const { adapter } = keyed(server.url);
    const read = clone(await adapter.readResource('fixture://guarded'));
    assert.equal(read.type, 'mcp_elicitation');
    assert.match(read.signature, SIGNATURE);
    const prompt = clone(await adapter.getPrompt('greet_asking', {}));
    assert.match(prompt.signature, SIGNATURE);
    await adapter.close();
    const second = new MCPAdapter(server.url, { interruptKey: KEY });
    const contents = await second.resume(read, accept(read, { value: true }));
    assert.equal(contents[0].text, 'the guarded note');
    await assert.rejects(second.resume(altered(prompt, ['params', 'name'], 'greet'), accept(prompt, { value: 'Ada' })), { code: 'interrupt_signature_invalid' });
    const messages = await second.resume(prompt, accept(prompt, { value: 'Ada' }));
    assert.match(JSON.stringify(messages), /Hello, Ada!/);
    await second.close();
  });
});

describe('interruptKey: TS SDK fixture', () => {
  let server;
  before(async () => {
    server = await startTsServer();
  });
  after(() => server?.close());

  test('signed elicitation interrupt: altered refused, same key resumes in another adapter', async () => {
    const { adapter, rec } = keyed(server.url);
    const interrupt = clone(await adapter.callTool('confirm_action', { action: 'deploy' }));
    await refusesEveryAlteration(adapter, rec, interrupt, accept(interrupt, { confirmed: true }), alterations(interrupt));
    const done = await new MCPAdapter(server.url, { interruptKey: KEY }).resume(interrupt, accept(interrupt, { confirmed: true }));
    assert.match(done.content[0].text, /^deploy: confirmed/);
  });
});

describe('interruptKey: mcp_authorization (real authorization server)', () => {
  const REDIRECT = 'http://127.0.0.1:9/callback';
  const protectedServer = useProtectedServer();

  test('the sign-in interrupt is signed; altered ones are refused before the sign-in is finished; a second adapter with the key resumes', async () => {
    const storage = memoryStorage();
    const rec = recordingFetch();
    const first = new MCPAdapter(protectedServer().url, { interruptKey: KEY, fetch: rec.fetch, auth: new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true, storage }) });
    const interrupt = clone(await first.callTool('whoami', { loud: true }));
    assert.equal(interrupt.type, 'mcp_authorization');
    assert.match(interrupt.signature, SIGNATURE);
    const listed = await first.listTools();
    assert.equal(listed.type, 'mcp_authorization');
    assert.match(listed.signature, SIGNATURE, 'list interrupts are signed too');
    const state = new URL(interrupt.authorization_url).searchParams.get('state');
    const callbackUrl = await signIn(interrupt.authorization_url, REDIRECT);
    const second = new MCPAdapter(protectedServer().url, { interruptKey: KEY, fetch: rec.fetch, auth: new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true, storage }) });
    await refusesEveryAlteration(second, rec, interrupt, { callbackUrl }, alterations(interrupt, [
      [['params', 'name'], 'delete_everything'],
      [['params', 'arguments'], { loud: false, config: 'injected' }],
      [['method'], 'tools/list'],
    ]));
    assert.ok(await storage.get(`flow ${state}`), 'the sign-in was not finished by a refused resume');
    const done = await second.resume(interrupt, { callbackUrl });
    assert.equal(done.status, 'success');
    assert.equal(done.content[0].text, 'hello alice');
  });
});

describe('interruptKey: LangGraph resume (createMCPResume)', () => {
  let server;
  before(async () => {
    server = await startFastMCP();
  });
  after(() => server?.close());

  test('an agent pauses on a signed approval and resumes from its checkpoint; an edit is checked', async () => {
    const { adapter, count } = countingAdapter(server.url, { interruptKey: KEY, approval: ({ name }) => name === 'delete_item' });
    const tools = await toLangChainTools(adapter, { filter: ['delete_item', 'confirm_action'] });
    const model = fakeModel()
      .respondWithTools([{ name: 'delete_item', args: { item_id: '7' }, id: 'call_del' }])
      .respondWithTools([{ name: 'confirm_action', args: { action: 'ship' }, id: 'call_conf' }])
      .respond(new AIMessage('done'));
    const agent = createAgent({ model, tools, checkpointer: new MemorySaver() });
    const config = newThread();
    const paused = await agent.invoke({ messages: [new HumanMessage('delete 7')] }, config);
    const [pending] = paused.__interrupt__;
    assert.equal(pending.value.type, 'mcp_approval');
    assert.match(pending.value.signature, SIGNATURE);
    const next = await agent.invoke(new Command({ resume: createMCPResume(pending, { decision: 'edit', args: { item_id: '8' } }) }), config);
    assert.deepEqual(toolMessages(next)[0].content, [{ type: 'text', text: 'deleted 8' }]);
    assert.equal(count('delete_item'), 1);
    const [question] = next.__interrupt__;
    assert.equal(question.value.type, 'mcp_elicitation');
    assert.match(question.value.signature, SIGNATURE);
    const done = await agent.invoke(new Command({ resume: createMCPResume(question, { confirm: { action: 'accept', content: { confirmed: true } } }) }), config);
    assert.match(toolMessages(done)[1].content[0].text, /^ship: confirmed/);
    assert.equal(done.messages.at(-1).content, 'done');
  });
});
