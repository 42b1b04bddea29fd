// The `onTrace` option: every JSON-RPC message sent and received, parsed, with the method of
// the request it belongs to and the HTTP status, and the host's credentials redacted even
// when a server echoes them back. Against the TypeScript SDK fixture (JSON and SSE bodies)
// and the FastMCP fixture in its handshake era (a session, a server request mid-call).
//
//   bash scripts/build.sh && node --test tests/trace.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { JsExchange } from '../src/bindings/exchange.js';
import { startFastMCP, startTsServer, useServer } from './helpers/servers.mjs';

const TOKEN = 'tr4ce-t0ken-5ecret-0123456789';

/** An adapter that records its trace events. */
function tracedAdapter(url, options = {}) {
  const events = [];
  const adapter = new MCPAdapter(url, { ...options, onTrace: (event) => events.push(event) });
  return { adapter, events };
}

/** `direction method status kind` per event, kind being the message's method, `result`, `error` or `-`. */
function summary(events) {
  return events.map((e) => {
    const m = e.message;
    const kind = m === undefined ? '-' : (m.method ?? (m.result !== undefined ? 'result' : 'error'));
    return `${e.direction} ${e.method} ${e.status ?? ''} ${kind}`.replace(/ +/g, ' ');
  });
}

describe('the onTrace option', () => {
  it('must be a function: anything else is refused before anything is sent', () => {
    for (const bad of ['log', 5, {}]) {
      assert.throws(() => new MCPAdapter('http://127.0.0.1:9/mcp', { onTrace: bad }), (e) => e.code === 'invalid_argument' && /option onTrace must be a function/.test(e.message));
    }
  });
});

describe('onTrace on a 2026-07-28 server', () => {
  const server = useServer(() => startTsServer());

  it('tells a tools/call as its request, then the response with its status', async () => {
    const { adapter, events } = tracedAdapter(server().url);
    await adapter.listTools();
    events.length = 0;
    const out = await adapter.callTool('echo', { text: 'traced' });
    assert.equal(out.content[0].text, 'echo: traced');
    assert.deepEqual(summary(events), ['send tools/call tools/call', 'receive tools/call 200 result']);
    const [sent, received] = events;
    assert.equal(sent.status, undefined);
    assert.deepEqual(sent.message.params.arguments, { text: 'traced' });
    assert.equal(sent.message.params.name, 'echo');
    assert.equal(received.message.id, sent.message.id);
    assert.equal(received.message.result.content[0].text, 'echo: traced');
  });

  it('tells each event of a streamed response: progress notifications, then the result', async () => {
    const { adapter, events } = tracedAdapter(server().url);
    const progress = [];
    const out = await adapter.callTool('count_slowly', { steps: 3, delay_ms: 5 }, { onProgress: (p) => progress.push(p.progress) });
    assert.equal(out.content[0].text, 'counted to 3');
    const call = summary(events).filter((line) => line.includes('tools/call'));
    assert.deepEqual(call, [
      'send tools/call tools/call',
      'receive tools/call 200 notifications/progress',
      'receive tools/call 200 notifications/progress',
      'receive tools/call 200 notifications/progress',
      'receive tools/call 200 result',
    ]);
    assert.deepEqual(
      events.filter((e) => e.message?.method === 'notifications/progress').map((e) => e.message.params.progress),
      progress,
    );
  });

  it('tells both rounds of a call that needed input', async () => {
    const { adapter, events } = tracedAdapter(server().url);
    const interrupt = await adapter.callTool('confirm_action', { action: 'trace' });
    assert.equal(interrupt.type, 'mcp_elicitation');
    const done = await adapter.resume(interrupt, { responses: { confirm: { action: 'accept', content: { confirmed: true } } } });
    assert.match(done.content[0].text, /confirmed/);
    const calls = events.filter((e) => e.method === 'tools/call');
    assert.deepEqual(summary(calls), ['send tools/call tools/call', 'receive tools/call 200 result', 'send tools/call tools/call', 'receive tools/call 200 result']);
    assert.equal(calls[1].message.result.resultType, 'input_required');
    assert.deepEqual(calls[2].message.params.inputResponses, { confirm: { action: 'accept', content: { confirmed: true } } });
    assert.equal(calls[2].message.params.requestState, interrupt.request_state);
  });

  it('never shows a bearer token given in headers, even one the server echoes back', async () => {
    const { adapter, events } = tracedAdapter(server().url, { headers: { Authorization: `Bearer ${TOKEN}` } });
    const out = await adapter.callTool('show_authorization', {});
    // the server did receive and echo the token: the result (not the trace) holds it
    assert.equal(out.content[0].text, `authorization: Bearer ${TOKEN}`);
    const echoed = events.find((e) => e.direction === 'receive' && e.method === 'tools/call');
    assert.equal(echoed.message.result.content[0].text, 'authorization: [redacted]');
    assert.ok(events.length >= 4, 'discover and the call, both ways');
    for (const event of events) assert.ok(!JSON.stringify(event).includes(TOKEN), `token in ${JSON.stringify(event)}`);
  });

  it('redacts a credential under a header whose name only begins like a plain one (Accept-Token)', async () => {
    // only the exact names of headers that never carry credentials (Accept, Origin, ...) are
    // left out, as the core's own redaction does: a name that starts the same is not one of them
    const secret = `${TOKEN}-accept`;
    const { adapter, events } = tracedAdapter(server().url, { headers: { 'Accept-Token': secret, Origin: 'http://127.0.0.1' } });
    assert.equal((await adapter.callTool('echo', { text: secret })).content[0].text, `echo: ${secret}`);
    const sent = events.find((e) => e.direction === 'send' && e.method === 'tools/call');
    assert.equal(sent.message.params.arguments.text, '[redacted]');
    for (const event of events) assert.ok(!JSON.stringify(event).includes(secret), `credential in ${JSON.stringify(event)}`);
  });

  it('redacts tokens a headers function gives per request', async () => {
    let n = 0;
    const { adapter, events } = tracedAdapter(server().url, { headers: () => ({ Authorization: `Bearer ${TOKEN}-${(n += 1)}` }) });
    await adapter.callTool('show_authorization', {});
    await adapter.callTool('show_authorization', {});
    const echoed = events.filter((e) => e.direction === 'receive' && e.method === 'tools/call');
    assert.deepEqual(
      echoed.map((e) => e.message.result.content[0].text),
      ['authorization: [redacted]', 'authorization: [redacted]'],
    );
    for (const event of events) assert.ok(!JSON.stringify(event).includes(TOKEN), `token in ${JSON.stringify(event)}`);
  });

  it('tells a response with no JSON-RPC message by its status alone, and a throwing callback breaks nothing', async () => {
    const events = [];
    const adapter = new MCPAdapter(server().url.replace('/mcp', '/nowhere'), {
      protocol: '2026-07-28',
      onTrace: (event) => {
        events.push(event);
        throw new Error('the host callback fails');
      },
    });
    await assert.rejects(adapter.listTools(), /HTTP 404/);
    const received = events.filter((e) => e.direction === 'receive');
    assert.ok(received.length >= 1);
    for (const e of received) {
      assert.equal(e.status, 404);
      assert.equal(e.message, undefined);
    }
    const ok = tracedAdapter(server().url, { onTrace: () => {
      throw new Error('ignored');
    } });
    assert.equal((await ok.adapter.callTool('echo', { text: 'still works' })).content[0].text, 'echo: still works');
  });
});

describe('onTrace on a handshake-era server', () => {
  const server = useServer(() => startFastMCP({ legacyOnly: true }));

  it('tells the session start and a question the server asks in the middle of a call', async () => {
    const { adapter, events } = tracedAdapter(server().url);
    const interrupt = await adapter.callTool('confirm_action', { action: 'trace' });
    assert.equal(interrupt.type, 'mcp_elicitation');
    const lines = summary(events);
    assert.ok(lines.includes('send initialize initialize'), lines.join('\n'));
    assert.ok(lines.includes('receive initialize 200 result'), lines.join('\n'));
    assert.ok(lines.includes('send notifications/initialized notifications/initialized'), lines.join('\n'));
    assert.ok(lines.includes('receive tools/call 200 elicitation/create'), lines.join('\n'));
    const done = await adapter.resume(interrupt, { responses: { elicitation: { action: 'accept', content: { value: true } } } });
    assert.equal(done.status, 'success');
    // the answer goes back as a JSON-RPC response: no method of its own
    const answer = events.find((e) => e.direction === 'send' && e.message?.result?.action === 'accept');
    assert.ok(answer, summary(events).join('\n'));
    assert.equal(answer.method, undefined);
    await adapter.close();
  });
});

describe('onTrace on an event stream cut anywhere', () => {
  // What no real server does on purpose: a stream cut inside CRLFs, field names and UTF-8
  // characters. The exchange of src/bindings/exchange.js is driven as the core drives it
  // (start, then read() to the end) over a fetch that answers with these chunks.
  const events = [
    { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1, message: 'ünïcödé ✓' } },
    { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'line one\nline two' } },
    { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'done' }] } },
  ];
  const stream = new TextEncoder().encode(
    ': a comment\r\n\r\n' +
      `event: message\r\nid: 1\r\ndata: ${JSON.stringify(events[0])}\r\n\r\n` +
      // one message over two data lines (joined by a newline, which JSON allows between members)
      `data: ${JSON.stringify(events[1]).replace(',"method"', ',\r\ndata:"method"')}\n\n` +
      `retry: 1000\rdata: ${JSON.stringify(events[2])}\r\r`,
  );
  const expected = events;

  /** The trace of one exchange whose body arrives cut at `cuts`. */
  async function traced(cuts) {
    const told = [];
    const chunks = [];
    let at = 0;
    for (const cut of [...cuts, stream.length]) {
      chunks.push(stream.slice(at, cut));
      at = cut;
    }
    const fetchFn = async () =>
      new Response(new ReadableStream({ pull(controller) {
        if (chunks.length) controller.enqueue(chunks.shift());
        else controller.close();
      } }), { status: 200, headers: { 'content-type': 'text/event-stream' } });
    const exchange = new JsExchange(fetchFn, undefined, 0, (event) => told.push(event));
    const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x' } });
    await exchange.start(undefined, undefined, 'http://127.0.0.1:9/mcp', 'POST', 'tools/call', 'content-type\0application/json', body, 1 << 20);
    while ((await exchange.read()) !== undefined);
    exchange.close();
    return told;
  }

  it('tells each message once, whole, wherever the stream is cut', async () => {
    for (let cut = 1; cut < stream.length; cut += 1) {
      const told = await traced([cut]);
      assert.deepEqual(told.map((e) => e.direction), ['send', 'receive', 'receive', 'receive'], `cut at ${cut}`);
      assert.deepEqual(told.slice(1).map((e) => e.message), expected, `cut at ${cut}`);
      assert.ok(told.slice(1).every((e) => e.status === 200 && e.method === 'tools/call'));
    }
    // and one byte at a time
    const bytewise = await traced(Array.from({ length: stream.length - 1 }, (_, i) => i + 1));
    assert.deepEqual(bytewise.slice(1).map((e) => e.message), expected);
  });
});
