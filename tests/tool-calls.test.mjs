// What happens around a tool call's result and its timing, against the real fixtures: output
// validation against `outputSchema` (pass, mismatch, isError, off, unusable schema),
// `handleToolErrors: false` (directly and through toLangChainTools), the `{ server, tool }`
// context of the progress and logging callbacks, and timeouts that restart on progress
// (`resetTimeoutOnProgress`, bounded by `maxTotalTimeoutMs`).
//
//   bash scripts/build.sh && node --test tests/tool-calls.test.mjs

import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent } from 'langchain';
import { MCPAdapter, MCPAdapterError, MCPAdapterGroup } from '../pkg/index.node.js';
import { toLangChainTools } from '../pkg/langchain.js';
import { MODERN_FIXTURES } from './helpers/fixture-data.mjs';
import { recordingFetch } from './helpers/record.mjs';
import { startTsServer, useServer } from './helpers/servers.mjs';
import { toolMessages } from './helpers/agents.mjs';

/** The reading the fixture's `reading` tool returns in mode "valid". */
const READING = { sensor: 'attic', celsius: 19.5, tags: ['indoor'] };

/** An adapter for `url` that has listed its tools (validation needs the outputSchemas). */
async function listed(url, options = {}) {
  const adapter = new MCPAdapter(url, options);
  await adapter.listTools();
  return adapter;
}

describe('output validation (TypeScript SDK fixture, whose `reading` tool sends what it is told)', { timeout: 30_000 }, () => {
  const server = useServer(() => startTsServer());

  it('a result that matches the outputSchema passes unchanged', async () => {
    const out = await (await listed(server().url)).callTool('reading', { mode: 'valid' });
    assert.equal(out.status, 'success');
    assert.deepEqual(out.artifact, { structured_content: READING });
    assert.deepEqual(out.content, [{ type: 'text', text: JSON.stringify(READING) }]);
  });

  it('a mismatch is an error result naming each failing path and why, the structured content kept', async () => {
    const out = await (await listed(server().url)).callTool('reading', { mode: 'invalid' });
    assert.equal(out.status, 'error');
    assert.equal(out.type, 'tool_result');
    assert.equal(out.content.length, 1);
    const text = out.content[0].text;
    assert.match(text, /^MCP tool "reading" returned structured content that does not match its outputSchema: /);
    assert.match(text, /\/celsius: [^;]*"string"[^;]*"number"/, text);
    assert.match(text, /\/tags\/1: /, text);
    assert.deepEqual(out.artifact, { structured_content: { sensor: 'attic', celsius: 'warm', tags: ['indoor', 7] } });
  });

  it('an isError result is never validated: the server\'s own content comes back', async () => {
    const out = await (await listed(server().url)).callTool('reading', { mode: 'error' });
    assert.equal(out.status, 'error');
    assert.deepEqual(out.content, [{ type: 'text', text: 'sensor offline' }]);
    assert.deepEqual(out.artifact, { structured_content: { reason: 'sensor offline' } });
  });

  it('validateOutput: false turns it off, for the adapter or for one call', async () => {
    const off = await listed(server().url, { validateOutput: false });
    assert.equal((await off.callTool('reading', { mode: 'invalid' })).status, 'success');
    assert.equal((await off.callTool('reading', { mode: 'invalid' }, { validateOutput: true })).status, 'error');
    const on = await listed(server().url);
    assert.equal((await on.callTool('reading', { mode: 'invalid' }, { validateOutput: false })).status, 'success');
    assert.equal((await on.callTool('reading', { mode: 'invalid' })).status, 'error');
    await assert.rejects(on.callTool('reading', {}, { validateOutput: 'no' }), { code: 'invalid_argument', message: /validateOutput must be a boolean/ });
  });

  it('a tool the adapter has not listed is not validated (its outputSchema is unknown)', async () => {
    const out = await new MCPAdapter(server().url).callTool('reading', { mode: 'invalid' });
    assert.equal(out.status, 'success');
  });

  it('a new schema from listTools() replaces the compiled one', async () => {
    // the host's fetch makes the listed schema of `reading` demand a string `celsius` while `strict`
    let strict = false;
    const strictFetch = async (url, init) => {
      const response = await fetch(url, init);
      if (!strict || !String(init?.body).includes('"tools/list"')) return response;
      const message = await response.json();
      const reading = message.result.tools.find((t) => t.name === 'reading');
      reading.outputSchema.properties.celsius = { type: 'string' };
      return Response.json(message, { status: response.status });
    };
    const adapter = await listed(server().url, { fetch: strictFetch });
    assert.equal((await adapter.callTool('reading', { mode: 'valid' })).status, 'success');
    strict = true;
    await adapter.listTools({ cacheMode: 'refresh' });
    const out = await adapter.callTool('reading', { mode: 'valid' });
    assert.equal(out.status, 'error');
    assert.match(out.content[0].text, /\/celsius: /);
    strict = false;
    await adapter.listTools({ cacheMode: 'refresh' });
    assert.equal((await adapter.callTool('reading', { mode: 'valid' })).status, 'success');
  });

  it('an outputSchema that cannot be used turns validation off for that tool, with one warning to onWarning and onLoggingMessage', async () => {
    const warnings = [];
    const logs = [];
    const adapter = await listed(server().url, {
      serverName: 'sensors',
      onWarning: (text) => warnings.push(text),
      onLoggingMessage: (message, context) => logs.push({ message, context }),
    });
    for (let i = 0; i < 2; i++) {
      const out = await adapter.callTool('unusable_schema');
      assert.equal(out.status, 'success');
      assert.deepEqual(out.artifact, { structured_content: { anything: true } });
    }
    assert.equal(warnings.length, 1, JSON.stringify(warnings));
    assert.match(warnings[0], /^mcp-wasm-adapter: the outputSchema of tool "unusable_schema" cannot be used \(.*points outside the schema.*\); its results are not validated$/);
    assert.equal(logs.length, 1);
    assert.deepEqual(logs[0].context, { server: 'sensors', tool: 'unusable_schema' });
    assert.equal(logs[0].message.level, 'warning');
    assert.equal(logs[0].message.logger, 'mcp-wasm-adapter');
    assert.match(logs[0].message.data, /unusable_schema/);
    // other tools are still checked
    assert.equal((await adapter.callTool('reading', { mode: 'invalid' })).status, 'error');
  });

  it('an outputSchema with a keyword value the validator cannot use (type: "integr") turns validation off for that tool alone, with one warning naming its path', async () => {
    const warnings = [];
    const adapter = await listed(server().url, { onWarning: (text) => warnings.push(text) });
    for (let i = 0; i < 2; i++) {
      const out = await adapter.callTool('malformed_schema');
      assert.equal(out.status, 'success', out.content[0].text);
      assert.deepEqual(out.artifact, { structured_content: { count: 3 } });
    }
    assert.deepEqual(warnings, [
      'mcp-wasm-adapter: the outputSchema of tool "malformed_schema" cannot be used (the keyword at /properties/count/type has an invalid value); its results are not validated',
    ]);
    assert.equal((await adapter.callTool('reading', { mode: 'invalid' })).status, 'error');
  });

  for (const [what, schema] of [
    ['a $ref with a malformed percent-encoding', { type: 'object', properties: { celsius: { $ref: '#/%zz' } } }],
    ['an $id that is not a URL', { $id: 'http://[bad', type: 'object' }],
  ]) {
    it(`an outputSchema with ${what} is unusable too: the result comes back with one warning, never a raw exception`, async () => {
      // the host's fetch gives the listed `reading` that outputSchema
      const malformedFetch = async (url, init) => {
        const response = await fetch(url, init);
        if (!String(init?.body).includes('"tools/list"')) return response;
        const message = await response.json();
        message.result.tools.find((t) => t.name === 'reading').outputSchema = schema;
        return Response.json(message, { status: response.status });
      };
      const warnings = [];
      const adapter = await listed(server().url, { fetch: malformedFetch, onWarning: (text) => warnings.push(text) });
      for (let i = 0; i < 2; i++) {
        const out = await adapter.callTool('reading', { mode: 'valid' });
        assert.equal(out.status, 'success');
        assert.equal(out.artifact.structured_content.celsius, 19.5);
      }
      assert.equal(warnings.length, 1, JSON.stringify(warnings));
      assert.match(warnings[0], /the outputSchema of tool "reading" cannot be used/);
    });
  }
});

describe('a tool that declares an outputSchema but sends no structuredContent (FastMCP fixture)', { timeout: 60_000 }, () => {
  const server = useServer(MODERN_FIXTURES[0].start);

  it('is an error result (MCP 2026-07-28 `server/tools.mdx`: servers MUST send conforming structured results)', async () => {
    const out = await (await listed(server().url)).callTool('reading_without_structure');
    assert.equal(out.status, 'error');
    assert.match(out.content[0].text, /\(root\): no structuredContent, but the tool declares an outputSchema/);
    assert.equal(out.artifact, undefined);
  });
});

describe('an outputSchema "format" is an annotation (JSON Schema 2020-12, MCP\'s default dialect) (FastMCP fixture)', { timeout: 60_000 }, () => {
  const server = useServer(MODERN_FIXTURES[0].start);

  // Pydantic gives a naive datetime `format: "date-time"` and writes it without a UTC offset;
  // 2020-12 (Validation, "Format-Annotation Vocabulary") makes format assertion an option
  // that MUST be off by default, and the Python SDK's client accepts this result.
  it(
    'a naive datetime and time from Pydantic are a success, not a mismatch',
    async () => {
      const out = await (await listed(server().url)).callTool('last_reading', { station: 'Oslo' });
      assert.deepEqual(out.artifact, { structured_content: { station: 'Oslo', taken_at: '2026-07-28T09:30:00', taken_at_time: '09:30:00' } });
      assert.equal(out.status, 'success', out.content[0].text);
    },
  );
});

describe('handleToolErrors: false', { timeout: 60_000 }, () => {
  const server = useServer(() => startTsServer());

  it('an isError result throws tool_error with the content in data; per call it can be turned back', async () => {
    const adapter = await listed(server().url, { handleToolErrors: false });
    const thrown = await adapter.callTool('fail', { message: 'disk full' }).catch((e) => e);
    assert.ok(thrown instanceof MCPAdapterError, String(thrown));
    assert.equal(thrown.code, 'tool_error');
    assert.equal(thrown.message, 'MCP tool "fail" returned an error: requested failure: disk full');
    assert.deepEqual(thrown.data, { content: [{ type: 'text', text: 'requested failure: disk full' }] });
    const kept = await adapter.callTool('fail', { message: 'x' }, { handleToolErrors: true });
    assert.equal(kept.status, 'error');
    // structured content rides along; successful results are untouched
    const withData = await adapter.callTool('reading', { mode: 'error' }).catch((e) => e);
    assert.deepEqual(withData.data, { content: [{ type: 'text', text: 'sensor offline' }], structured_content: { reason: 'sensor offline' } });
    assert.equal((await adapter.callTool('echo', { text: 'ok' })).status, 'success');
  });

  it('per call on a default adapter; an output mismatch throws too, with the mismatches in data', async () => {
    const adapter = await listed(server().url);
    await assert.rejects(adapter.callTool('fail', {}, { handleToolErrors: false }), { code: 'tool_error' });
    const thrown = await adapter.callTool('reading', { mode: 'invalid' }, { handleToolErrors: false }).catch((e) => e);
    assert.equal(thrown.code, 'tool_error');
    assert.match(thrown.message, /does not match its outputSchema: .*\/celsius/);
    assert.deepEqual(thrown.data.structured_content, { sensor: 'attic', celsius: 'warm', tags: ['indoor', 7] });
    assert.deepEqual(thrown.data.validation_errors.map((e) => e.path).sort(), ['/celsius', '/tags/1']);
    assert.equal(thrown.data.content[0].text, thrown.message);
  });

  it('through an approval: approved, the tool\'s error throws; rejected, the person\'s answer comes back as a result', async () => {
    const adapter = await listed(server().url, { handleToolErrors: false, approval: ({ name }) => name === 'fail' });
    const gate = await adapter.callTool('fail', { message: 'approved' });
    assert.equal(gate.type, 'mcp_approval');
    await assert.rejects(adapter.resume(gate, { decision: 'approve' }), { code: 'tool_error', message: /requested failure: approved/ });
    const rejected = await adapter.resume(gate, { decision: 'reject', message: 'not now' });
    assert.equal(rejected.status, 'error');
    assert.match(rejected.content[0].text, /rejected the call of tool fail: not now/);
  });

  it('the host\'s credentials a server echoes are redacted from the message and data', async () => {
    const secret = 'sk-live-4f9a8b7c6d5e';
    const adapter = new MCPAdapter(server().url, { headers: { 'X-Api-Key': secret }, handleToolErrors: false });
    const thrown = await adapter.callTool('fail', { message: `bad key ${secret}` }).catch((e) => e);
    assert.equal(thrown.code, 'tool_error');
    assert.equal(thrown.message, 'MCP tool "fail" returned an error: requested failure: bad key [redacted]');
    assert.ok(!JSON.stringify(thrown.data).includes(secret));
  });

  it('through toLangChainTools: the tool throws, and a createAgent ToolNode turns it into an error ToolMessage', async () => {
    const adapter = await listed(server().url);
    const tools = await toLangChainTools(adapter, { filter: ['fail', 'echo'], handleToolErrors: false });
    const fail = tools.find((t) => t.name === 'fail');
    const thrown = await fail.invoke({ type: 'tool_call', id: 'c0', name: 'fail', args: { message: 'direct' } }).catch((e) => e);
    assert.equal(thrown.code, 'tool_error');
    assert.deepEqual(thrown.data.content, [{ type: 'text', text: 'requested failure: direct' }]);

    const model = fakeModel()
      .respondWithTools([{ name: 'fail', args: { message: 'in the agent' }, id: 'c1' }])
      .respond(new AIMessage('done'));
    const state = await createAgent({ model, tools }).invoke({ messages: [new HumanMessage('go')] });
    const [message] = toolMessages(state);
    assert.equal(message.status, 'error');
    assert.match(String(message.content), /MCPAdapterError: MCP tool "fail" returned an error: requested failure: in the agent/);

    // without the option the agent gets the server's own content blocks
    const handled = await toLangChainTools(adapter, { filter: ['fail'] });
    const plain = await createAgent({
      model: fakeModel().respondWithTools([{ name: 'fail', args: { message: 'm' }, id: 'c2' }]).respond(new AIMessage('done')),
      tools: handled,
    }).invoke({ messages: [new HumanMessage('go')] });
    assert.deepEqual(toolMessages(plain)[0].content, [{ type: 'text', text: 'requested failure: m' }]);
  });
});

for (const srv of MODERN_FIXTURES) {
  describe(`${srv.label}: callbacks' context and progress-aware timeouts`, { timeout: 60_000 }, () => {
    const server = useServer(srv.start);

    it('progress and logging callbacks get { server, tool }: the URL by default, or serverName', async () => {
      const seen = [];
      const push = (kind) => (value, context) => seen.push({ kind, context });
      const plain = new MCPAdapter(server().url, { onProgress: push('adapter') });
      await plain.callTool('count_slowly', { steps: 2, delay_ms: 10 }, { onProgress: push('call') });
      assert.deepEqual(
        seen.map((s) => [s.kind, s.context]),
        [
          ['adapter', { server: server().url, tool: 'count_slowly' }],
          ['call', { server: server().url, tool: 'count_slowly' }],
          ['adapter', { server: server().url, tool: 'count_slowly' }],
          ['call', { server: server().url, tool: 'count_slowly' }],
        ],
      );
      const logs = [];
      const named = new MCPAdapter(server().url, { serverName: 'crm', onLoggingMessage: (m, context) => logs.push({ m, context }) });
      await named.callTool('log_message', { level: 'warning', text: 'ctx-check' });
      const mine = logs.find((l) => JSON.stringify(l.m.data).includes('ctx-check'));
      assert.ok(mine, JSON.stringify(logs));
      assert.deepEqual(mine.context, { server: 'crm', tool: 'log_message' });
      assert.throws(() => new MCPAdapter(server().url, { serverName: 7 }), { code: 'invalid_argument' });
      // in a group, the server's key
      const contexts = [];
      const group = new MCPAdapterGroup({ crm: server().url }, { onProgress: (p, context) => contexts.push(context) });
      await group.callTool('crm', 'count_slowly', { steps: 1, delay_ms: 10 });
      assert.deepEqual(contexts, [{ server: 'crm', tool: 'count_slowly' }]);
    });

    // count_slowly reports progress every `delay_ms` and takes steps × delay_ms in all
    const slow = { steps: 8, delay_ms: 200 };

    it('resetTimeoutOnProgress lets a call that keeps reporting progress run past timeoutMs', async () => {
      const rec = recordingFetch();
      const plain = new MCPAdapter(server().url, { timeoutMs: 800 });
      await assert.rejects(plain.callTool('count_slowly', slow), { code: 'timeout', message: /timed out/ });
      const adapter = new MCPAdapter(server().url, { timeoutMs: 800, resetTimeoutOnProgress: true, fetch: rec.fetch });
      const started = Date.now();
      const out = await adapter.callTool('count_slowly', slow);
      assert.equal(out.content[0].text, 'counted to 8');
      assert.ok(Date.now() - started > 1400, 'the call ran past its timeoutMs');
      // asking for progress without an onProgress callback
      const call = rec.requests.find((r) => r.body.method === 'tools/call');
      assert.equal(call.body.params._meta.progressToken, call.body.id, 'the request\'s own id');
      // per call, on an adapter without it
      const perCall = await plain.callTool('count_slowly', slow, { resetTimeoutOnProgress: true });
      assert.equal(perCall.content[0].text, 'counted to 8');
    });

    it('maxTotalTimeoutMs bounds it: a timeout whose message names the total bound, and the adapter still works', async () => {
      const adapter = new MCPAdapter(server().url, { timeoutMs: 800, resetTimeoutOnProgress: true, maxTotalTimeoutMs: 1000 });
      await adapter.listTools(); // the era is settled before the clock starts
      const started = Date.now();
      await assert.rejects(adapter.callTool('count_slowly', { steps: 40, delay_ms: 200 }), {
        code: 'timeout',
        message: /reached its total timeout \(maxTotalTimeoutMs\)/,
      });
      const elapsed = Date.now() - started;
      assert.ok(elapsed >= 950 && elapsed < 4000, `stopped after ${elapsed} ms`);
      // per call over the adapter's bound
      const out = await adapter.callTool('count_slowly', slow, { maxTotalTimeoutMs: 10_000 });
      assert.equal(out.content[0].text, 'counted to 8');
      // the handshake era too (progress on the session's POST stream)
      if (srv.name === 'fastmcp-fixture') {
        const legacy = new MCPAdapter(server().url, { protocol: 'legacy', timeoutMs: 800, resetTimeoutOnProgress: true });
        // the session opens first (a cold FastMCP session can take longer than the timeout)
        await legacy.callTool('echo', { text: 'open' }, { timeoutMs: 20_000 });
        assert.equal((await legacy.callTool('count_slowly', slow)).content[0].text, 'counted to 8');
        await assert.rejects(legacy.callTool('count_slowly', slow, { resetTimeoutOnProgress: false }), { code: 'timeout' });
        await legacy.close();
      }
      // a bound below timeoutMs cuts even a call that reports nothing
      await assert.rejects(adapter.callTool('sleep', { seconds: 2 }, { maxTotalTimeoutMs: 300 }), { code: 'timeout', message: /maxTotalTimeoutMs/ });
    });
  });
}
