// Resources of the npm package against the real peers: listing (static resources with read(),
// templates), reading text, binary and templated contents as Blob-like objects, missing
// resources, getResources; a read that needs input (TypeScript SDK v2 fixture) and the
// handshake era (server-everything). Caching: tests/cache.test.mjs.
//
//   bash scripts/build.sh && node --test tests/resources.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { rejectsWith } from './helpers/errors.mjs';
import { PNG_1X1_B64 } from './helpers/fixture-data.mjs';
import { methods, recordingFetch } from './helpers/record.mjs';
import { startEverything, startFastMCP, startTsServer, useServer } from './helpers/servers.mjs';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Checks run against both 2026-07-28 fixtures; `server()` gives the describe's running server. */
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

}

describe('FastMCP fixture (2026-07-28, --cache-ttl 60)', { timeout: 120_000 }, () => {
  const srv = useServer(() => startFastMCP({ cacheTtl: 60 }));
  sharedChecks(srv, 'FastMCP');
});

describe('TypeScript SDK v2 fixture (2026-07-28)', { timeout: 120_000 }, () => {
  const srv = useServer(startTsServer);
  sharedChecks(srv, 'TypeScript SDK');

  it('a read that needs input returns an interrupt; resume gives the contents; never cached', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(srv().url, { fetch: rec.fetch });
    const interrupt = await adapter.readResource('fixture://secret');
    assert.equal(interrupt.type, 'mcp_elicitation');
    assert.equal(interrupt.method, 'resources/read');
    assert.equal(interrupt.tool_name, null);
    assert.deepEqual(interrupt.params, { uri: 'fixture://secret' });
    assert.equal(interrupt.requests[0].key, 'confirm');
    // resumable by a fresh adapter after a JSON round trip
    const fresh = new MCPAdapter(srv().url, { fetch: rec.fetch });
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

});

describe('server-everything (handshake era)', { timeout: 120_000 }, () => {
  const srv = useServer(startEverything);

  it('static and templated resources, text and binary, not cached in this era', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(srv().url, { fetch: rec.fetch });
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

});
