// W3C trace context across the MCP boundary: every request (server/discover, initialize, each
// list, call and read, each resume round) carries traceparent (and tracestate and baggage when
// set) in params._meta, from the traceContext option or from OpenTelemetry's active span (the
// real SDK: @opentelemetry/api, sdk-trace-base with an in-memory exporter, the AsyncLocalStorage
// context manager). Malformed values are dropped with a warning. Against the TypeScript SDK v2
// fixture (which records each request's _meta) and FastMCP in the handshake era (its run log).
//
//   bash scripts/build.sh && node --test tests/trace-context.test.mjs

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { MCPAdapter } from '../pkg/index.node.js';
import { startFastMCP, startTsServer, useServer } from './helpers/servers.mjs';

const PARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const traceIdOf = (traceparent) => traceparent?.split('-')[1];

describe('trace context from the traceContext option', { timeout: 60_000 }, () => {
  const srv = useServer(() => startTsServer());
  const since = (start) => srv().received.slice(start);

  it('server/discover, a list, a call and a read carry traceparent, tracestate and baggage in _meta', async () => {
    const start = srv().received.length;
    const adapter = new MCPAdapter(srv().url, { traceContext: () => ({ traceparent: PARENT, tracestate: 'vendor=opaque', baggage: 'userId=alice' }) });
    await adapter.listTools();
    await adapter.callTool('echo', { text: 'x' });
    await adapter.readResource('fixture://readme');
    const sent = since(start);
    for (const method of ['server/discover', 'tools/list', 'tools/call', 'resources/read']) {
      const request = sent.find((r) => r.method === method);
      assert.ok(request, method);
      assert.equal(request.meta.traceparent, PARENT, method);
      assert.equal(request.meta.tracestate, 'vendor=opaque', method);
      assert.equal(request.meta.baggage, 'userId=alice', method);
    }
  });

  it('a malformed traceparent is dropped with a warning and the request goes without trace context; a bad tracestate alone is left out', async () => {
    const warnings = [];
    let given = { traceparent: '00-not-hex-01', tracestate: 'a=b' };
    const adapter = new MCPAdapter(srv().url, { traceContext: () => given, onWarning: (w) => warnings.push(w) });
    const start = srv().received.length;
    await adapter.callTool('echo', { text: 'x' });
    const [call] = since(start).filter((r) => r.method === 'tools/call');
    assert.equal(call.meta.traceparent, undefined);
    assert.equal(call.meta.tracestate, undefined);
    assert.match(warnings.join('\n'), /is not a W3C traceparent/);
    given = { traceparent: PARENT, tracestate: 'bad\nvalue' };
    const next = srv().received.length;
    await adapter.callTool('echo', { text: 'y' });
    const [second] = since(next).filter((r) => r.method === 'tools/call');
    assert.equal(second.meta.traceparent, PARENT);
    assert.equal(second.meta.tracestate, undefined);
    assert.match(warnings.at(-1), /tracestate is not a W3C tracestate/);
  });
});

describe('trace context from OpenTelemetry (the real SDK)', { timeout: 90_000 }, () => {
  const srv = useServer(() => startTsServer());
  const runLog = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcp-trace-')), 'runs.jsonl');
  const legacy = useServer(() => startFastMCP({ legacyOnly: true, runLog }));
  const exporter = new InMemorySpanExporter();
  const tracer = () => trace.getTracer('mcp-wasm-adapter tests');
  before(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
    propagation.disable();
  });
  after(() => {
    trace.disable();
    context.disable();
  });
  /** Runs `work` in an active client span; resolves to that span's context. */
  const inSpan = (name, work) =>
    tracer().startActiveSpan(name, async (span) => {
      try {
        await work();
        return span.spanContext();
      } finally {
        span.end();
      }
    });

  it('a list, a call and a resumed interrupt carry the traceparent of the span active around them', async () => {
    const adapter = new MCPAdapter(srv().url);
    const start = srv().received.length;
    const listed = await inSpan('list tools', () => adapter.listTools());
    const called = await inSpan('call echo', () => adapter.callTool('echo', { text: 'x' }));
    let interrupt;
    await inSpan('ask', async () => (interrupt = await adapter.callTool('confirm_action', { action: 'deploy' })));
    const resumed = await inSpan('resume', () => adapter.resume(interrupt, { responses: { confirm: { action: 'accept', content: { confirmed: true } } } }));
    const sent = srv().received.slice(start);
    const meta = (method, pick = (r) => true) => sent.filter((r) => r.method === method && pick(r)).map((r) => r.meta.traceparent);
    assert.equal(traceIdOf(meta('server/discover')[0]), listed.traceId);
    assert.deepEqual(meta('tools/list').map(traceIdOf), [listed.traceId]);
    assert.equal(meta('tools/list')[0], `00-${listed.traceId}-${listed.spanId}-01`, 'the client span is the parent');
    assert.deepEqual(meta('tools/call', (r) => r.name === 'echo').map(traceIdOf), [called.traceId]);
    const rounds = meta('tools/call', (r) => r.name === 'confirm_action');
    assert.equal(rounds.length, 2);
    assert.equal(traceIdOf(rounds[1]), resumed.traceId, 'the resume round carries the span active around resume()');
    const exported = exporter.getFinishedSpans().map((s) => s.spanContext().traceId);
    for (const id of [listed.traceId, called.traceId, resumed.traceId]) assert.ok(exported.includes(id), 'the in-memory exporter has the client span');
    // no active span: no trace context
    const before = srv().received.length;
    await adapter.callTool('echo', { text: 'untraced' });
    assert.equal(srv().received.slice(before).find((r) => r.method === 'tools/call').meta.traceparent, undefined);
  });

  it("the span's baggage goes along, and a handshake-era server (FastMCP) gets the trace context on its calls", async () => {
    const adapter = new MCPAdapter(legacy().url);
    const baggage = propagation.createBaggage({ userId: { value: 'alice smith' } });
    const spanContext = await context.with(propagation.setBaggage(context.active(), baggage), () => inSpan('legacy call', () => adapter.callTool('add', { a: 1, b: 2 })));
    assert.notEqual(adapter.protocolVersion, '2026-07-28');
    const runs = readFileSync(runLog, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    const run = runs.find((r) => r.tool === 'add');
    assert.equal(traceIdOf(run.trace.traceparent), spanContext.traceId);
    assert.equal(run.trace.baggage, 'userId=alice%20smith');
  });
});
