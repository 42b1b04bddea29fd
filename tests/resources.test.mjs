// Resources, prompts, completion, caching and subscriptions of the npm package against the
// real peers: the FastMCP 4.x fixture (2026-07-28, with --cache-ttl), the TypeScript SDK v2
// fixture (2026-07-28: per-resource cache hints, input_required reads, subscriptions/listen)
// and server-everything (handshake era: GET-stream subscriptions, completion).
//
//   bash scripts/build.sh && node --test tests/resources.test.mjs

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFastMCP, startTsServer, startEverything } from './helpers/servers.mjs';
import { recordingFetch } from './helpers/record.mjs';
import { MCPAdapter, MCPAdapterError } from '../pkg/index.node.js';

const PNG_1X1_B64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Resolves when `predicate()` holds (polled), rejects after `ms`. */
async function until(predicate, ms = 5_000, what = 'condition') {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The methods of the JSON-RPC requests a recording fetch saw. */
const methods = (rec) => rec.requests.map((r) => r.body?.method ?? r.method);

async function rejectsWith(promise, code) {
  const err = await promise.then(
    (v) => assert.fail(`expected ${code}, got ${JSON.stringify(v)}`),
    (e) => e,
  );
  assert.ok(err instanceof MCPAdapterError, `an MCPAdapterError, got ${err}`);
  assert.equal(err.code, code, err.message);
  return err;
}

// --- checks shared by both 2026-07-28 fixtures ----------------------------------------------

/** Checks run against both fixtures; `server()` gives the describe's running server. */
function sharedChecks(server, fixture) {
  it('lists static resources (with read()) and templates', async () => {
    const adapter = new MCPAdapter(server().url);
    const resources = await adapter.listResources();
    const uris = resources.map((r) => r.uri);
    for (const uri of ['fixture://readme', 'fixture://pixel.png', 'fixture://counter']) assert.ok(uris.includes(uri), `${uri} in ${uris}`);
    const readme = resources.find((r) => r.uri === 'fixture://readme');
    assert.equal(readme.mimeType, 'text/plain');
    assert.equal(typeof readme.read, 'function');
    const [content] = await readme.read();
    assert.match(content.text, new RegExp(fixture));
    const templates = await adapter.listResourceTemplates();
    assert.deepEqual(templates.map((t) => t.uriTemplate), ['fixture://users/{user_id}']);
    assert.equal(templates[0].mimeType, 'application/json');
  });

  it('reads text, binary and templated resources as Blob-like contents', async () => {
    const adapter = new MCPAdapter(server().url);
    const [text] = await adapter.readResource('fixture://readme');
    assert.equal(text.mimeType, 'text/plain');
    assert.deepEqual(text.metadata, { uri: 'fixture://readme' });
    assert.equal(text.uri, 'fixture://readme');
    assert.equal(text.data, undefined);
    assert.equal(text.asString(), text.text);
    assert.equal(new TextDecoder().decode(text.asBytes()), text.text);

    const [pixel] = await adapter.readResource(new URL('fixture://pixel.png'));
    assert.equal(pixel.mimeType, 'image/png');
    assert.equal(pixel.data, PNG_1X1_B64);
    assert.equal(pixel.text, undefined);
    const bytes = pixel.asBytes();
    assert.ok(bytes instanceof Uint8Array);
    assert.equal(bytes.length, 70);
    assert.deepEqual([...bytes.slice(0, 8)], PNG_SIGNATURE);
    const blob = pixel.toBlob();
    assert.ok(blob instanceof Blob);
    assert.equal(blob.type, 'image/png');
    assert.equal(blob.size, 70);
    // plain data once serialized
    assert.deepEqual(JSON.parse(JSON.stringify(pixel)), { uri: 'fixture://pixel.png', data: PNG_1X1_B64, mimeType: 'image/png', metadata: { uri: 'fixture://pixel.png' } });

    const [user] = await adapter.readResource('fixture://users/7');
    assert.equal(user.mimeType, 'application/json');
    assert.deepEqual(JSON.parse(user.asString()), { id: '7', name: 'User 7' });
  });

  it('a missing resource is resource_not_found carrying the uri', async () => {
    const adapter = new MCPAdapter(server().url);
    const err = await rejectsWith(adapter.readResource('fixture://nope'), 'resource_not_found');
    assert.equal(err.uri, 'fixture://nope');
    assert.equal(err.rpcCode, -32602);
    await rejectsWith(adapter.readResource(42), 'invalid_argument');
  });

  it('getResources reads the given uris, or every listed resource', async () => {
    const adapter = new MCPAdapter(server().url);
    const two = await adapter.getResources({ uris: ['fixture://readme', 'fixture://pixel.png'] });
    assert.deepEqual(two.map((c) => c.uri), ['fixture://readme', 'fixture://pixel.png']);
    const all = await adapter.getResources();
    const uris = all.map((c) => c.uri ?? c.params?.uri);
    for (const uri of ['fixture://readme', 'fixture://pixel.png', 'fixture://counter']) assert.ok(uris.includes(uri));
  });

  it('prompts: arguments listed, required ones checked before sending, messages as LangChain-shaped chat messages', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server().url, { fetch: rec.fetch });
    const prompts = await adapter.listPrompts();
    const greet = prompts.find((p) => p.name === 'greet');
    assert.ok(greet, 'greet listed');
    assert.deepEqual(greet.arguments.map((a) => [a.name, a.required]), [['name', true], ['style', false]]);
    const sent = rec.requests.length;
    const err = await rejectsWith(greet.get({ style: 'formal' }), 'invalid_argument');
    assert.match(err.message, /name/);
    assert.equal(rec.requests.length, sent, 'nothing sent for a missing required argument');

    const messages = await greet.get({ name: 'Ada', style: 'formal' });
    assert.deepEqual(messages, [{ role: 'user', content: [{ type: 'text', text: 'Please write a formal greeting addressed to Ada.' }] }]);
    const get = rec.requests.find((r) => r.body?.method === 'prompts/get');
    assert.equal(get.headers.get('mcp-name'), 'greet');
    assert.deepEqual(get.body.params.arguments, { name: 'Ada', style: 'formal' });

    const pixel = await adapter.getPrompt('describe_pixel', { detail: 'long' });
    assert.deepEqual(pixel.map((m) => m.role), ['user', 'user', 'user', 'assistant']);
    assert.deepEqual(pixel[0].content, [{ type: 'text', text: 'Describe this image (long).' }]);
    assert.deepEqual(pixel[1].content, [{ type: 'image', data: PNG_1X1_B64, mimeType: 'image/png' }]);
    assert.equal(pixel[2].content[0].type, 'text');
    assert.deepEqual(pixel[2].content[0].metadata, { uri: 'fixture://readme', mimeType: 'text/plain' });
    assert.deepEqual(pixel[3].content, [{ type: 'text', text: 'It is a single pixel.' }]);
  });
}

describe('FastMCP fixture (2026-07-28, --cache-ttl 60)', { timeout: 120_000 }, () => {
  let srv;
  before(async () => {
    srv = await startFastMCP({ cacheTtl: 60 });
  });
  after(() => srv?.close());
  sharedChecks(() => srv, 'FastMCP');

  it('caches reads and lists by ttlMs; cacheMode refresh and bypass', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(srv.url, { fetch: rec.fetch });
    const count = async (mode) => Number((await adapter.readResource('fixture://counter', mode && { cacheMode: mode }))[0].text);
    const first = await count();
    assert.equal(await count(), first, 'served from the cache');
    assert.equal(await count('use'), first);
    const reads = () => rec.requests.filter((r) => r.body?.method === 'resources/read').length;
    assert.equal(reads(), 1);
    const refreshed = await count('refresh');
    assert.equal(refreshed, first + 1);
    assert.equal(await count(), refreshed, 'refresh stored the new value');
    const bypassed = await count('bypass');
    assert.equal(bypassed, refreshed + 1);
    assert.equal(await count(), refreshed, 'bypass stored nothing');
    assert.equal(reads(), 3);

    await adapter.listPrompts();
    await adapter.listPrompts();
    await adapter.listResources();
    await adapter.listResources({ cacheMode: 'use' });
    await adapter.listResourceTemplates();
    await adapter.listResourceTemplates();
    const tools = await adapter.listTools();
    assert.deepEqual((await adapter.listTools()).map((t) => t.name), tools.map((t) => t.name));
    const lists = methods(rec).filter((m) => /\/list$/.test(m));
    assert.deepEqual(lists, ['prompts/list', 'resources/list', 'resources/templates/list', 'tools/list'], 'each list fetched once');
    await adapter.listTools({ cacheMode: 'refresh' });
    assert.equal(methods(rec).filter((m) => m === 'tools/list').length, 2, 'refresh refetches tools');

    // another adapter has its own private cache
    const other = new MCPAdapter(srv.url);
    assert.equal(Number((await other.readResource('fixture://counter'))[0].text), bypassed + 1);
    // clearCache forgets
    adapter.clearCache();
    assert.equal(await count(), bypassed + 2);
    await rejectsWith(adapter.listResources({ cacheMode: 'sometimes' }), 'invalid_argument');
  });

  it('completion and subscriptions are not_supported here, at once', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(srv.url, { fetch: rec.fetch });
    const started = Date.now();
    await rejectsWith(adapter.complete({ type: 'ref/prompt', name: 'greet' }, { name: 'name', value: 'A' }), 'not_supported');
    const err = await rejectsWith(adapter.subscribe({ toolsListChanged: true }, () => {}), 'not_supported');
    assert.match(err.message, /advertises none/);
    assert.ok(Date.now() - started < 5_000, 'no hang');
    assert.deepEqual(methods(rec), ['server/discover'], 'neither was sent: the capabilities say no');
    await rejectsWith(adapter.subscribe({}, () => {}), 'invalid_argument');
    await rejectsWith(adapter.subscribe({ toolsListChanged: 'yes' }, () => {}), 'invalid_argument');
  });
});

describe('TypeScript SDK v2 fixture (2026-07-28)', { timeout: 120_000 }, () => {
  let srv;
  before(async () => {
    srv = await startTsServer();
  });
  after(() => srv?.close());
  sharedChecks(() => srv, 'TypeScript SDK');

  it('a per-resource cache hint is honoured; other results (ttlMs 0) are not cached', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(srv.url, { fetch: rec.fetch });
    const count = async (o) => Number((await adapter.readResource('fixture://counter', o))[0].text);
    const first = await count();
    assert.equal(await count(), first);
    assert.equal(await count({ cacheMode: 'refresh' }), first + 1);
    await adapter.readResource('fixture://readme');
    await adapter.readResource('fixture://readme');
    await adapter.listResources();
    await adapter.listResources();
    const sent = methods(rec);
    assert.equal(sent.filter((m) => m === 'resources/read').length, 4, 'counter twice, readme twice');
    assert.equal(sent.filter((m) => m === 'resources/list').length, 2);
  });

  it('a read that needs input returns an interrupt; resume gives the contents; never cached', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(srv.url, { fetch: rec.fetch });
    const interrupt = await adapter.readResource('fixture://secret');
    assert.equal(interrupt.type, 'mcp_elicitation');
    assert.equal(interrupt.method, 'resources/read');
    assert.equal(interrupt.tool_name, null);
    assert.deepEqual(interrupt.params, { uri: 'fixture://secret' });
    assert.equal(interrupt.requests[0].key, 'confirm');
    // resumable by a fresh adapter after a JSON round trip
    const fresh = new MCPAdapter(srv.url, { fetch: rec.fetch });
    const contents = await fresh.resume(JSON.parse(JSON.stringify(interrupt)), { responses: { confirm: { action: 'accept', content: { confirmed: true } } } });
    assert.equal(contents.length, 1);
    assert.equal(contents[0].asString(), 'the secret is 42');
    assert.equal(contents[0].uri, 'fixture://secret');
    const retry = rec.requests.filter((r) => r.body?.method === 'resources/read').at(-1);
    assert.equal(retry.headers.get('mcp-name'), 'fixture://secret');
    assert.ok(retry.body.params.requestState);
    // asking again asks again: the retry's answer was not cached
    assert.equal((await fresh.readResource('fixture://secret')).type, 'mcp_elicitation');
    // getResources puts the interrupt in place
    const mixed = await adapter.getResources({ uris: ['fixture://readme', 'fixture://secret'] });
    assert.equal(mixed[0].uri, 'fixture://readme');
    assert.equal(mixed[1].type, 'mcp_elicitation');
  });

  it('completion/complete for a completable prompt argument', async () => {
    const adapter = new MCPAdapter(srv.url);
    assert.deepEqual(await adapter.complete({ type: 'ref/prompt', name: 'pick_region' }, { name: 'region', value: 'eu' }), { values: ['eu-north', 'eu-west'], total: 2, hasMore: false });
    const none = await adapter.complete({ type: 'ref/prompt', name: 'pick_region' }, { name: 'region', value: 'zz' }, { arguments: {} });
    assert.deepEqual(none.values, []);
    await rejectsWith(adapter.complete({ type: 'ref/tool', name: 'x' }, { name: 'a', value: 'b' }), 'invalid_argument');
    const messages = await adapter.getPrompt('pick_region', { region: 'eu-west' });
    assert.deepEqual(messages, [{ role: 'user', content: [{ type: 'text', text: 'Deploy to eu-west.' }] }]);
  });

  it('subscribe: acknowledged filter, a tools list that changes while subscribed, resource updates invalidate the cache, close()', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(srv.url, { fetch: rec.fetch });
    const before = (await adapter.listTools()).map((t) => t.name);
    assert.ok(!before.includes('late_tool'));
    const seen = [];
    const filter = { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true, resourceSubscriptions: ['fixture://counter'] };
    const sub = await adapter.subscribe(filter, (n) => seen.push(n));
    assert.deepEqual(sub.acknowledged, filter);
    const listen = rec.requests.find((r) => r.body?.method === 'subscriptions/listen');
    assert.equal(listen.headers.get('mcp-method'), 'subscriptions/listen');
    assert.deepEqual(listen.body.params.notifications, filter);
    assert.equal(listen.contentType, 'text/event-stream');

    // other calls are not blocked by the open stream
    const counted = Number((await adapter.readResource('fixture://counter'))[0].text);
    assert.equal(Number((await adapter.readResource('fixture://counter'))[0].text), counted, 'cached');

    await adapter.callTool('add_tool', { name: 'late_tool' });
    await until(() => seen.some((n) => n.method === 'notifications/tools/list_changed'), 5_000, 'tools/list_changed');
    const changed = seen.find((n) => n.method === 'notifications/tools/list_changed');
    assert.equal(changed.params._meta['io.modelcontextprotocol/subscriptionId'], listen.body.id);
    const after = await adapter.listTools();
    const late = after.find((t) => t.name === 'late_tool');
    assert.ok(late, 'the new tool is listed');
    assert.equal((await late.invoke({})).content[0].text, 'late_tool ran');

    await adapter.callTool('touch_resource', { uri: 'fixture://counter' });
    await until(() => seen.some((n) => n.method === 'notifications/resources/updated'), 5_000, 'resources/updated');
    assert.equal(seen.find((n) => n.method === 'notifications/resources/updated').params.uri, 'fixture://counter');
    assert.equal(Number((await adapter.readResource('fixture://counter'))[0].text), counted + 1, 'the update invalidated the cached read');

    // an update for a uri nobody subscribed to is not delivered
    const delivered = seen.length;
    await adapter.callTool('touch_resource', { uri: 'fixture://readme' });
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(seen.length, delivered);

    sub.close();
    assert.deepEqual(await sub.closed, { reason: 'closed' });
    sub.close(); // idempotent
  });

  it('subscribe: a throwing callback does not end the subscription; the call signal closes it', async () => {
    const adapter = new MCPAdapter(srv.url);
    const control = new AbortController();
    let calls = 0;
    const sub = await adapter.subscribe({ toolsListChanged: true }, () => {
      calls += 1;
      throw new Error('host bug');
    }, { signal: control.signal, timeoutMs: 5_000 });
    await adapter.callTool('add_tool', { name: 'late_one' });
    await adapter.callTool('add_tool', { name: 'late_two' });
    await until(() => calls >= 2, 5_000, 'two notifications');
    control.abort();
    assert.deepEqual(await sub.closed, { reason: 'closed' });
  });

  it('subscribe: a server that never acknowledges is a timeout, not a hang', async () => {
    // a server that answers subscriptions/listen with an event stream that never starts
    const http = await import('node:http');
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const msg = JSON.parse(body);
        if (msg.method === 'server/discover') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: { listChanged: true } }, ttlMs: 0, cacheScope: 'private' } }));
        } else {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write(': keep-alive\n\n');
        }
      });
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    try {
      const adapter = new MCPAdapter(`http://127.0.0.1:${server.address().port}/mcp`);
      const started = Date.now();
      const err = await rejectsWith(adapter.subscribe({ toolsListChanged: true }, () => {}, { timeoutMs: 300 }), 'timeout');
      assert.match(err.message, /acknowledgement/);
      assert.ok(Date.now() - started < 3_000);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('server-everything (handshake era)', { timeout: 120_000 }, () => {
  let srv;
  before(async () => {
    srv = await startEverything();
  });
  after(() => srv?.close());

  it('static and templated resources, text and binary, not cached in this era', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(srv.url, { fetch: rec.fetch });
    const resources = await adapter.listResources();
    assert.equal(adapter.protocolVersion, '2025-11-25');
    assert.ok(resources.length >= 5);
    assert.ok(resources.every((r) => r.uri.startsWith('demo://resource/static/document/') && r.uri.endsWith('.md')));
    const templates = (await adapter.listResourceTemplates()).map((t) => t.uriTemplate);
    assert.deepEqual(templates.sort(), ['demo://resource/dynamic/blob/{resourceId}', 'demo://resource/dynamic/text/{resourceId}']);

    const [doc] = await adapter.readResource('demo://resource/static/document/features.md');
    assert.equal(doc.mimeType, 'text/markdown');
    assert.match(doc.asString(), /#/);
    const [text] = await adapter.readResource('demo://resource/dynamic/text/3');
    assert.match(text.text, /^Resource 3: /);
    const [blob] = await adapter.readResource('demo://resource/dynamic/blob/3');
    assert.equal(typeof blob.data, 'string');
    assert.equal(blob.text, undefined);
    assert.match(blob.asString(), /^Resource 3: This is a base64 blob/);
    assert.equal(blob.asBytes().length, new TextEncoder().encode(blob.asString()).length);

    await adapter.readResource('demo://resource/dynamic/text/3');
    assert.equal(methods(rec).filter((m) => m === 'resources/read').length, 4, 'handshake-era results are never cached');
    const err = await rejectsWith(adapter.readResource('demo://nope'), 'resource_not_found');
    assert.equal(err.uri, 'demo://nope');
    // no 2026-only headers on this path
    const read = rec.requests.find((r) => r.body?.method === 'resources/read');
    assert.equal(read.headers.get('mcp-name'), null);
    assert.ok(read.headers.get('mcp-session-id'));
  });

  it('prompts with and without arguments, embedded resources, completion', async () => {
    const adapter = new MCPAdapter(srv.url);
    const prompts = await adapter.listPrompts();
    assert.deepEqual(prompts.map((p) => p.name).sort(), ['args-prompt', 'completable-prompt', 'resource-prompt', 'simple-prompt']);
    const simple = await adapter.getPrompt('simple-prompt');
    assert.equal(simple[0].role, 'user');
    assert.equal(simple[0].content[0].type, 'text');

    await rejectsWith(adapter.getPrompt('args-prompt', { state: 'WA' }), 'invalid_argument');
    const args = await adapter.getPrompt('args-prompt', { city: 'Oslo' });
    assert.match(args[0].content[0].text, /Oslo/);

    const embedded = await adapter.getPrompt('resource-prompt', { resourceType: 'Text', resourceId: '2' });
    assert.equal(embedded.length, 2);
    const block = embedded[1].content[0];
    assert.equal(block.type, 'text');
    assert.equal(block.metadata.uri, 'demo://resource/dynamic/text/2');
    assert.match(block.text, /^Resource 2: /);

    const done = await adapter.complete({ type: 'ref/prompt', name: 'completable-prompt' }, { name: 'department', value: 'E' });
    assert.deepEqual(done.values, ['Engineering']);
    const team = await adapter.complete({ type: 'ref/prompt', name: 'completable-prompt' }, { name: 'name', value: '' }, { arguments: { department: 'Engineering' } });
    assert.ok(team.values.length > 0);
    const ids = await adapter.complete({ type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' }, { name: 'resourceId', value: '1' });
    assert.deepEqual(ids.values, ['1']);
  });

  it('subscribe: the session GET stream delivers resource updates of resources/subscribe', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(srv.url, { fetch: rec.fetch });
    const seen = [];
    const uri = 'demo://resource/static/document/features.md';
    const sub = await adapter.subscribe({ resourceSubscriptions: [uri], toolsListChanged: true }, (n) => seen.push(n));
    assert.deepEqual(sub.acknowledged, { toolsListChanged: true, resourceSubscriptions: [uri] });
    const get = rec.requests.find((r) => r.method === 'GET');
    assert.equal(get.headers.get('accept'), 'text/event-stream');
    assert.ok(get.headers.get('mcp-session-id'));
    assert.ok(methods(rec).includes('resources/subscribe'));
    await adapter.callTool('toggle-subscriber-updates', {});
    await until(() => seen.length > 0, 8_000, 'resources/updated');
    assert.deepEqual(seen[0], { method: 'notifications/resources/updated', params: { uri } });
    await adapter.callTool('toggle-subscriber-updates', {});
    sub.close();
    assert.deepEqual(await sub.closed, { reason: 'closed' });
    await until(() => methods(rec).includes('resources/unsubscribe'), 5_000, 'resources/unsubscribe');
    await adapter.close();
  });
});
