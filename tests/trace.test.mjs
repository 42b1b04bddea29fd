// The `onTrace` option: every JSON-RPC message sent and received, parsed, with the method of
// the request it belongs to and the HTTP status, and the host's credentials redacted even
// when a server echoes them back. Against the TypeScript SDK fixture (JSON and SSE bodies)
// and the FastMCP fixture in its handshake era (a session, a server request mid-call).
// An event stream's messages are those the core's SSE decoder read (src/transport/sse.rs):
// the same as what the server sent, on real servers (FastMCP ends its lines with CRLF, the SDK
// with LF; a subscription's stream; a handshake-era session's GET stream) and on streams no
// real server sends, from a scripted server and a `fetch` that cuts the stream anywhere.
//
//   bash scripts/build.sh && node --test tests/trace.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { useFake } from './helpers/fake-server.mjs';
import { startEverything, startFastMCP, startTsServer, useServer } from './helpers/servers.mjs';
import { until } from './helpers/wait.mjs';

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

  it('tells a response past maxResponseBytes without its message: the trace shows no answer the call refused', async () => {
    // the listing (over 8 KB) past the limit; server/discover (about 450 B) within it
    const { adapter, events } = tracedAdapter(server().url, { maxResponseBytes: 2000 });
    await assert.rejects(adapter.listTools(), (e) => e.code === 'body_too_large');
    const listed = events.filter((e) => e.direction === 'receive' && e.method === 'tools/list');
    assert.equal(listed.length, 1);
    assert.equal(listed[0].status, 200);
    assert.equal(listed[0].message, undefined, 'no result told for a body the call refused');
    // within the limit, the answer is told whole
    assert.ok(events.some((e) => e.direction === 'receive' && e.method === 'server/discover' && e.message?.result !== undefined));
    const out = await adapter.callTool('echo', { text: 'after' });
    assert.equal(out.content[0].text, 'echo: after');
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

/**
 * A `fetch` (the adapter's option) that keeps the text of every response body as the server
 * sent it, in order: `{ fetch, bodies }`, each body `{ contentType, text }` (`text` complete
 * once `done` resolves).
 */
function keepingFetch() {
  const bodies = [];
  const kept = async (url, init) => {
    const response = await fetch(url, init);
    if (!response.body) {
      bodies.push({ contentType: response.headers.get('content-type'), text: '', done: Promise.resolve() });
      return response;
    }
    const [ours, theirs] = response.body.tee();
    const body = { contentType: response.headers.get('content-type'), text: '' };
    body.done = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of theirs) body.text += decoder.decode(chunk, { stream: true });
    })();
    bodies.push(body);
    return new Response(ours, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return { fetch: kept, bodies };
}

/**
 * The messages a real server sent in `bodies` (from {@link keepingFetch}), in order: a JSON
 * body's one message, and each event's of an event stream. Real servers write each event's
 * message on one `data: ` line, so the lines are read here (with any line end), not decoded
 * as SSE.
 */
function sentMessages(bodies) {
  const messages = [];
  for (const { contentType, text } of bodies) {
    if (contentType?.startsWith('text/event-stream')) {
      for (const line of text.split(/\r\n|\r|\n/)) if (line.startsWith('data: ') && line.length > 6) messages.push(JSON.parse(line.slice(6)));
    } else messages.push(text ? JSON.parse(text) : undefined);
  }
  return messages;
}

/** Calls `count_slowly` (progress) and `log_message` (log messages, text over two lines) on `adapter`. */
async function streamedCalls(adapter) {
  const progress = [];
  const out = await adapter.callTool('count_slowly', { steps: 3, delay_ms: 5 }, { onProgress: (p) => progress.push(p.progress) });
  assert.equal(out.content[0].text, 'counted to 3');
  assert.deepEqual(progress, [1, 2, 3]);
  const logged = await adapter.callTool('log_message', { level: 'info', text: 'line one\nline two' });
  assert.equal(logged.content[0].text, 'logged info: line one\nline two');
}

describe('onTrace tells what the server sent, as the core decoded it', () => {
  const servers = {
    'FastMCP (2026-07-28)': useServer(() => startFastMCP()),
    'FastMCP (handshake era)': useServer(() => startFastMCP({ legacyOnly: true })),
    'TypeScript SDK (2026-07-28)': useServer(() => startTsServer()),
  };

  for (const [name, server] of Object.entries(servers)) {
    it(`${name}: each received message is one the server sent, in order, none missing`, async () => {
      const kept = keepingFetch();
      const { adapter, events } = tracedAdapter(server().url, { fetch: kept.fetch, onLoggingMessage: () => {} });
      await streamedCalls(adapter);
      await Promise.all(kept.bodies.map((b) => b.done));
      const streams = kept.bodies.filter((b) => b.contentType?.startsWith('text/event-stream'));
      assert.ok(streams.length >= 2, 'both calls were answered with an event stream');
      // FastMCP (sse-starlette) ends its lines with CRLF, the SDK with LF
      assert.equal(streams.every((b) => b.text.includes('\r\n')), name.startsWith('FastMCP'));
      const received = events.filter((e) => e.direction === 'receive');
      assert.deepEqual(received.map((e) => e.message), sentMessages(kept.bodies));
      const calls = summary(events).filter((line) => line.startsWith('receive tools/call'));
      assert.deepEqual(calls, [
        ...Array(3).fill('receive tools/call 200 notifications/progress'),
        'receive tools/call 200 result',
        ...Array(2).fill('receive tools/call 200 notifications/message'),
        'receive tools/call 200 result',
      ]);
      await adapter.close();
    });
  }

  it('FastMCP: a credential the server echoes back in an event stream is redacted from the traced events', async () => {
    const secret = `${TOKEN}-streamed`;
    const kept = keepingFetch();
    const { adapter, events } = tracedAdapter(servers['FastMCP (2026-07-28)']().url, { fetch: kept.fetch, headers: { 'X-Api-Key': secret }, onLoggingMessage: () => {} });
    const out = await adapter.callTool('log_message', { level: 'info', text: secret });
    assert.equal(out.content[0].text, `logged info: ${secret}`);
    await Promise.all(kept.bodies.map((b) => b.done));
    const answer = kept.bodies.at(-1);
    assert.ok(answer.contentType.startsWith('text/event-stream') && answer.text.includes(secret), 'the server streamed the credential back');
    const received = events.filter((e) => e.direction === 'receive' && e.method === 'tools/call');
    assert.deepEqual(
      received.map((e) => e.message.params?.data.msg ?? e.message.result.content[0].text),
      ['[redacted]', 'log_message done (info)', 'logged info: [redacted]'],
    );
    for (const event of events) assert.ok(!JSON.stringify(event).includes(secret), `credential in ${JSON.stringify(event)}`);
  });

  it('TypeScript SDK: a subscription\'s stream is traced as it is read, its events under subscriptions/listen', async () => {
    const { adapter, events } = tracedAdapter(servers['TypeScript SDK (2026-07-28)']().url);
    const seen = [];
    const sub = await adapter.subscribe({ toolsListChanged: true }, (n) => seen.push(n));
    await adapter.callTool('add_tool', { name: 'traced_tool' });
    await until(() => seen.length > 0, 5_000, 'tools/list_changed');
    const changed = events.find((e) => e.message?.method === 'notifications/tools/list_changed');
    assert.ok(changed, summary(events).join('\n'));
    assert.deepEqual([changed.direction, changed.method, changed.status], ['receive', 'subscriptions/listen', 200]);
    assert.deepEqual(changed.message.params, seen[0].params);
    sub.close();
    await sub.closed;
  });
});

describe('onTrace on a handshake-era session\'s GET stream (server-everything)', { timeout: 120_000 }, () => {
  const server = useServer(startEverything);

  it('tells the messages of the GET stream, with no method of their own', async () => {
    const { adapter, events } = tracedAdapter(server().url);
    const seen = [];
    const uri = 'demo://resource/static/document/features.md';
    const sub = await adapter.subscribe({ resourceSubscriptions: [uri] }, (n) => seen.push(n));
    await adapter.callTool('toggle-subscriber-updates', {});
    await until(() => seen.length > 0, 8_000, 'resources/updated');
    await adapter.callTool('toggle-subscriber-updates', {});
    const updated = events.find((e) => e.message?.method === 'notifications/resources/updated');
    assert.ok(updated, summary(events).join('\n'));
    assert.deepEqual([updated.direction, updated.method, updated.status], ['receive', undefined, 200]);
    assert.deepEqual(updated.message.params, { uri });
    sub.close();
    await sub.closed;
    await adapter.close();
  });
});

/** Messages of the streams below: a progress notification, a log message, the result. */
const progressMessage = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1, message: 'ünïcödé ✓' } };
const logMessage = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'line one\nline two' } };
const resultMessage = (id) => ({ jsonrpc: '2.0', id, result: { resultType: 'complete', content: [{ type: 'text', text: 'done' }] } });

/** `message` as the data lines of an event, cut at each `,"` (JSON allows the LF the lines are joined by there). */
const dataLines = (message, field = 'data: ', end = '\n') => `${field}${JSON.stringify(message).replaceAll(',"', `,${end}${field}"`)}${end}`;

describe('onTrace on event streams no real server sends (scripted server)', () => {
  // each tool answers with its stream; the trace must hold what the core's decoder read
  const odd = {
    // a BOM, a comment, a priming event (id, empty data), data without the space, an
    // event name, CR-only line ends, a `data` line without a colon (an empty line of data)
    odd_fields: (id) =>
      '\uFEFF: hello\r\nid: 0\r\ndata:\r\n\r\n' +
      `event: message\r${dataLines(progressMessage, 'data:', '\r')}\r` +
      `retry: 10\n${dataLines(logMessage).replace('\n', '\ndata\n')}\n` +
      `id: 9\n${dataLines(resultMessage(id), 'data: ', '\r\n')}\r\n`,
    // the result's event lacks its blank line: the decoder drops it, and the call fails
    unterminated: (id) => `${dataLines(progressMessage)}\n${dataLines(resultMessage(id))}`,
    // data that is no JSON (a raw NUL in it): told without a message, and the call fails
    nul_data: () => `${dataLines(progressMessage)}\ndata: {"a":"\0"}\n\n`,
    // a progress event, then (written apart) a result past maxResponseBytes (2,000 B): the
    // stream is cut there
    past_limit: (id) => [`${dataLines(progressMessage)}\n`, `${dataLines({ ...resultMessage(id), pad: 'x'.repeat(3000) })}\n`],
  };
  const fake = useFake(() =>
    Object.fromEntries(
      Object.entries(odd).map(([tool, stream]) => [
        tool,
        async (ctx) => {
          const sse = ctx.sse();
          for (const [i, chunk] of [stream(ctx.id)].flat().entries()) {
            if (i > 0) await new Promise((resolve) => setTimeout(resolve, 50));
            sse.write(chunk);
          }
          sse.end();
        },
      ]),
    ),
  );

  /** The trace of calling `tool`: its receive events' messages, and how the call ended. */
  async function traceOf(tool, options) {
    const { adapter, events } = tracedAdapter(fake().url, options);
    let outcome;
    try {
      outcome = await adapter.callTool(tool, {});
    } catch (e) {
      outcome = e;
    }
    const received = events.filter((e) => e.method === 'tools/call' && e.direction === 'receive');
    assert.ok(received.every((e) => e.status === 200));
    return { messages: received.map((e) => e.message), outcome, sent: events.find((e) => e.method === 'tools/call').message };
  }

  it('multi-line data, CR and CRLF line ends, a BOM, comments, data without a space, events without data', async () => {
    const { messages, outcome, sent } = await traceOf('odd_fields');
    assert.equal(outcome.content[0].text, 'done');
    assert.deepEqual(messages, [progressMessage, logMessage, resultMessage(sent.id)]);
  });

  it('a last event without its blank line is not read, so not told', async () => {
    const { messages, outcome } = await traceOf('unterminated');
    assert.equal(outcome.code, 'stream_ended');
    assert.deepEqual(messages, [progressMessage]);
  });

  it('an event whose data is no JSON is told without a message, and the call fails', async () => {
    const { messages, outcome } = await traceOf('nul_data');
    assert.equal(outcome.code, 'invalid_json');
    assert.deepEqual(messages, [progressMessage, undefined]);
  });

  it('a stream cut at maxResponseBytes ends with one event without a message, as a JSON body past it', async () => {
    const { messages, outcome } = await traceOf('past_limit', { maxResponseBytes: 2000 });
    assert.equal(outcome.code, 'body_too_large');
    assert.deepEqual(messages, [progressMessage, undefined]);
  });
});

describe('onTrace on an event stream cut anywhere', () => {
  // What a network may do to any stream: cut it inside CRLFs, field names and UTF-8
  // characters. A `fetch` (the adapter's option) answers the call with these chunks.
  const stream = (id) =>
    new TextEncoder().encode(
      ': a comment\r\n\r\n' +
        `event: message\r\nid: 1\r\ndata: ${JSON.stringify(progressMessage)}\r\n\r\n` +
        `${dataLines(logMessage, 'data: ', '\r\n')}\n` +
        `retry: 1000\rdata: ${JSON.stringify(resultMessage(id))}\r\r`,
    );
  let cuts = [];
  const fetchFn = async (url, init) => {
    const { id, method } = JSON.parse(init.body);
    if (method === 'server/discover') {
      const result = { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} } };
      return new Response(JSON.stringify({ jsonrpc: '2.0', id, result }), { headers: { 'content-type': 'application/json' } });
    }
    const bytes = stream(id);
    const chunks = [];
    let at = 0;
    for (const cut of [...cuts, bytes.length]) {
      chunks.push(bytes.slice(at, cut));
      at = cut;
    }
    const body = new ReadableStream({
      pull(controller) {
        if (chunks.length) controller.enqueue(chunks.shift());
        else controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };

  it('tells each message once, whole, wherever the stream is cut', async () => {
    const { adapter, events } = tracedAdapter('http://127.0.0.1:9/mcp', { fetch: fetchFn });
    const length = stream(1).length;
    const check = async (at, label) => {
      cuts = at;
      events.length = 0;
      const out = await adapter.callTool('x', {});
      assert.equal(out.content[0].text, 'done', label);
      const call = events.filter((e) => e.method === 'tools/call');
      assert.deepEqual(call.map((e) => e.direction), ['send', 'receive', 'receive', 'receive'], label);
      assert.deepEqual(call.slice(1).map((e) => e.message), [progressMessage, logMessage, resultMessage(call[0].message.id)], label);
      assert.ok(call.slice(1).every((e) => e.status === 200));
    };
    for (let cut = 1; cut < length; cut += 1) await check([cut], `cut at ${cut}`);
    // and one byte at a time
    await check(Array.from({ length: length - 1 }, (_, i) => i + 1), 'bytewise');
  });
});
