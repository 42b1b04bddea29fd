// Tool results against the two 2026-07-28 fixtures (the same checks for each): text, image,
// audio, embedded resources, resource links, structured content as the artifact, isError as
// status "error", and concurrent calls each getting their own result.
//
//   bash scripts/build.sh && node --test tests/tool-results.test.mjs

import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { MODERN_FIXTURES, PNG_1X1_B64 } from './helpers/fixture-data.mjs';
import { rawRequest } from './helpers/raw.mjs';
import { useServer } from './helpers/servers.mjs';

const VALID_PLAN = {
  plan: {
    traveller: { name: 'Ada', age: 36 },
    legs: [
      { origin: 'Oslo', destination: 'Bergen', date: '2026-09-01', mode: 'train' },
      { origin: 'Bergen', destination: 'Stavanger', date: '2026-09-03', mode: 'bus' },
    ],
  },
};

for (const srv of MODERN_FIXTURES) {
  describe(srv.label, { timeout: 30_000 }, () => {
    const server = useServer(srv.start);
    let adapter;
    let tools;
    let byName;

    before(() => {
      adapter = new MCPAdapter(server().url);
    });

    describe('invoke', () => {
      before(async () => {
        if (!byName) {
          tools = await adapter.listTools();
          byName = new Map(tools.map((t) => [t.name, t]));
        }
      });

      it('echo returns the text block (plus the structuredContent and _meta the server sent)', async () => {
        const sent = await rawRequest(server().url, 'tools/call', { name: 'echo', arguments: { text: 'hi' } });
        const expected = { type: 'tool_result', content: [{ type: 'text', text: 'echo: hi' }], status: 'success' };
        // the envelope's serverInfo is not the result's own
        const { 'io.modelcontextprotocol/serverInfo': _, ...meta } = sent._meta ?? {};
        const artifact = { structured_content: sent.structuredContent, _meta: Object.keys(meta).length > 0 ? meta : undefined };
        for (const key of Object.keys(artifact)) if (artifact[key] === undefined) delete artifact[key];
        if (Object.keys(artifact).length > 0) expected.artifact = artifact;
        assert.deepEqual(await byName.get('echo').invoke({ text: 'hi' }), expected);
      });

      it('get_weather returns structured content as the artifact', async () => {
        const out = await byName.get('get_weather').invoke({ city: 'Oslo' });
        assert.equal(out.status, 'success');
        assert.deepEqual(out.artifact.structured_content, { city: 'Oslo', temperature_c: 21.5, conditions: 'sunny' });
        assert.equal(out.content[0].type, 'text');
        assert.deepEqual(JSON.parse(out.content[0].text), { city: 'Oslo', temperature_c: 21.5, conditions: 'sunny' });
      });

      it('tiny_image returns an image block with the exact base64', async () => {
        const out = await byName.get('tiny_image').invoke();
        assert.equal(out.status, 'success');
        assert.equal(out.content.length, 1);
        assert.equal(out.content[0].type, 'image');
        assert.equal(out.content[0].data, PNG_1X1_B64);
        assert.equal(out.content[0].mimeType, 'image/png');
      });

      it('tiny_audio returns an audio/wav block', async () => {
        const out = await byName.get('tiny_audio').invoke({});
        assert.equal(out.status, 'success');
        assert.equal(out.content[0].type, 'audio');
        assert.equal(out.content[0].mimeType, 'audio/wav');
        assert.ok(out.content[0].data.startsWith('UklGR'), 'base64 of a RIFF header');
        assert.ok(Buffer.from(out.content[0].data, 'base64').subarray(8, 12).equals(Buffer.from('WAVE')));
      });

      it('embedded_resource returns a text block with metadata.uri and a blob block', async () => {
        const out = await byName.get('embedded_resource').invoke();
        assert.equal(out.status, 'success');
        assert.equal(out.content.length, 2);
        const [text, blob] = out.content;
        assert.equal(text.type, 'text');
        assert.match(text.text, /fixture server\.$/);
        assert.equal(text.metadata.uri, 'fixture://readme');
        // An embedded blob of an image media type becomes an image block (index.d.ts).
        assert.equal(blob.type, 'image');
        assert.equal(blob.data, PNG_1X1_B64);
        assert.equal(blob.mimeType, 'image/png');
        assert.equal(blob.metadata.uri, 'fixture://pixel.png');
      });

      it('resource_link returns a text block whose metadata keeps the link fields', async () => {
        const out = await byName.get('resource_link').invoke();
        assert.equal(out.status, 'success');
        assert.equal(out.content.length, 1);
        const [block] = out.content;
        assert.equal(block.type, 'text');
        assert.ok(block.text.includes('fixture://readme'));
        assert.equal(block.metadata.uri, 'fixture://readme');
        assert.equal(block.metadata.name, 'readme');
        assert.equal(block.metadata.title, 'Fixture README');
        assert.equal(block.metadata.description, 'The static text resource of this fixture.');
        assert.equal(typeof block.metadata.size, 'number');
        assert.ok(block.metadata.size > 0);
      });

      it('fail resolves with status "error" and the server text', async () => {
        const out = await byName.get('fail').invoke({ message: 'x' });
        assert.equal(out.status, 'error');
        assert.deepEqual(out.content, [{ type: 'text', text: 'requested failure: x' }]);
      });

      it('delete_item, plan_trip and list_regions succeed', async () => {
        const del = await byName.get('delete_item').invoke({ item_id: '42' });
        assert.equal(del.status, 'success');
        assert.equal(del.content[0].text, 'deleted 42');
        const plan = await byName.get('plan_trip').invoke(VALID_PLAN);
        assert.equal(plan.status, 'success');
        assert.equal(plan.content[0].text, 'Ada: Oslo -> Bergen -> Stavanger (2 legs by train, bus)');
        const regions = await byName.get('list_regions').invoke();
        assert.equal(regions.status, 'success');
        assert.ok(regions.content[0].text.includes('eu-north'));
      });

      it('callTool by name matches invoke', async () => {
        const out = await adapter.callTool('delete_item', { item_id: '7' });
        assert.equal(out.content[0].text, 'deleted 7');
      });

      it('10 concurrent echo invokes each get their own text', async () => {
        const echo = byName.get('echo');
        const outs = await Promise.all(Array.from({ length: 10 }, (_, i) => echo.invoke({ text: `n${i}` })));
        outs.forEach((out, i) => {
          assert.equal(out.status, 'success');
          assert.equal(out.content[0].text, `echo: n${i}`);
        });
      });
    });
  });
}
