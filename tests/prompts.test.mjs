// Prompts and completion of the npm package against the real peers: arguments listed and
// required ones checked before sending, messages as LangChain-shaped chat messages (both
// 2026-07-28 fixtures), completion/complete (TypeScript SDK v2 fixture, server-everything),
// completion refused at once by a server that advertises none (FastMCP fixture), and
// `arguments: {}` sent when none are given (TypeScript SDK 1.x fixture, which insists on it).
//
//   bash scripts/build.sh && node --test tests/prompts.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { rejectsWith } from './helpers/errors.mjs';
import { PNG_1X1_B64 } from './helpers/fixture-data.mjs';
import { methods, recordingFetch } from './helpers/record.mjs';
import { startEverything, startFastMCP, startTsServer, startTsV1Server, useServer } from './helpers/servers.mjs';

/** Checks run against both 2026-07-28 fixtures; `server()` gives the describe's running server. */
function sharedChecks(server) {
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
  const srv = useServer(() => startFastMCP({ cacheTtl: 60 }));
  sharedChecks(srv);

  it('completion is not_supported here, at once: the capabilities say no', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(srv().url, { fetch: rec.fetch });
    const started = Date.now();
    await rejectsWith(adapter.complete({ type: 'ref/prompt', name: 'greet' }, { name: 'name', value: 'A' }), 'not_supported');
    assert.ok(Date.now() - started < 5_000, 'no hang');
    assert.deepEqual(methods(rec), ['server/discover'], 'not sent: the capabilities say no');
  });
});

describe('TypeScript SDK v2 fixture (2026-07-28)', { timeout: 120_000 }, () => {
  const srv = useServer(startTsServer);
  sharedChecks(srv);

  it('completion/complete for a completable prompt argument', async () => {
    const adapter = new MCPAdapter(srv().url);
    assert.deepEqual(await adapter.complete({ type: 'ref/prompt', name: 'pick_region' }, { name: 'region', value: 'eu' }), { values: ['eu-north', 'eu-west'], total: 2, hasMore: false });
    const none = await adapter.complete({ type: 'ref/prompt', name: 'pick_region' }, { name: 'region', value: 'zz' }, { arguments: {} });
    assert.deepEqual(none.values, []);
    await rejectsWith(adapter.complete({ type: 'ref/tool', name: 'x' }, { name: 'a', value: 'b' }), 'invalid_argument');
    const messages = await adapter.getPrompt('pick_region', { region: 'eu-west' });
    assert.deepEqual(messages, [{ role: 'user', content: [{ type: 'text', text: 'Deploy to eu-west.' }] }]);
  });

});

describe('TypeScript SDK 1.x fixture (handshake era), which refuses a request without arguments', { timeout: 60_000 }, () => {
  const srv = useServer(startTsV1Server);
  const sent = (method) => srv().received.filter((r) => r.method === method).map((r) => r.params);

  it('a prompt whose arguments are all optional, got without any, is sent arguments: {} and answers', async () => {
    const adapter = new MCPAdapter(srv().url);
    assert.deepEqual(await adapter.getPrompt('summary'), [{ role: 'user', content: [{ type: 'text', text: 'Summarize everything.' }] }]);
    assert.deepEqual(sent('prompts/get').at(-1), { name: 'summary', arguments: {} });
    assert.equal((await adapter.getPrompt('summary', { topic: 'MCP' }))[0].content[0].text, 'Summarize MCP.');
    await adapter.close();
  });

  it('the same habit in tools/call: a tool called without arguments is sent arguments: {}', async () => {
    const adapter = new MCPAdapter(srv().url);
    assert.deepEqual((await adapter.callTool('note')).content, [{ type: 'text', text: 'note: (none)' }]);
    assert.deepEqual(sent('tools/call').at(-1).arguments, {});
    await adapter.close();
  });
});

describe('server-everything (handshake era)', { timeout: 120_000 }, () => {
  const srv = useServer(startEverything);

  it('prompts with and without arguments, embedded resources, completion', async () => {
    const adapter = new MCPAdapter(srv().url);
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

});
