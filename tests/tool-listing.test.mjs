// Listing tools against the two 2026-07-28 fixtures (the same checks for each): names,
// descriptions and schemas kept verbatim beside the LLM-ready schema ($ref inlined), server
// and annotation metadata; then tools/list answers no real server gives (a repeated cursor, no
// end, junk entries), from a scripted fake.
//
//   bash scripts/build.sh && node --test tests/tool-listing.test.mjs

import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { rejectsWith } from './helpers/errors.mjs';
import { assertStillWorks, hostileAdapter, useFake } from './helpers/fake-server.mjs';
import { FIXTURE_TOOLS as TOOL_NAMES, MODERN_FIXTURES, VERSION } from './helpers/fixture-data.mjs';
import { rawTools } from './helpers/raw.mjs';
import { useServer } from './helpers/servers.mjs';

/** True when `value` has the key anywhere (objects and arrays, deep). */
function hasKeyDeep(value, key) {
  if (Array.isArray(value)) return value.some((v) => hasKeyDeep(v, key));
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => k === key || hasKeyDeep(v, key));
  }
  return false;
}

for (const srv of MODERN_FIXTURES) {
  describe(srv.label, { timeout: 30_000 }, () => {
    const server = useServer(srv.start);
    let adapter;
    let tools;
    let byName;
    let raw;
    let rawByName;

    before(async () => {
      adapter = new MCPAdapter(server().url);
      raw = await rawTools(server().url);
      rawByName = new Map(raw.map((t) => [t.name, t]));
    });

    describe('listTools', () => {
      it('is undefined before the first call, then lists every tool at 2026-07-28', async () => {
        assert.equal(adapter.protocolVersion, undefined);
        assert.equal(adapter.server, undefined);
        tools = await adapter.listTools();
        byName = new Map(tools.map((t) => [t.name, t]));
        for (const name of TOOL_NAMES) assert.ok(byName.has(name), `${name} listed`);
        assert.equal(adapter.protocolVersion, VERSION);
        assert.equal(adapter.server.serverInfo.name, srv.name);
        assert.ok(adapter.server.supportedVersions.includes(VERSION));
        assert.equal(typeof adapter.server.capabilities.tools, 'object');
        assert.equal(adapter.url, server().url);
      });

      it('keeps name, description, inputSchema and outputSchema verbatim', () => {
        assert.equal(raw.length, tools.length, 'no tool dropped');
        for (const t of tools) {
          const r = rawByName.get(t.name);
          assert.ok(r, `raw tools/list lacks ${t.name}`);
          assert.equal(t.description, r.description ?? '', t.name);
          assert.deepEqual(t.inputSchema, r.inputSchema, `${t.name} inputSchema`);
          assert.deepEqual(t.outputSchema, r.outputSchema ?? null, `${t.name} outputSchema`);
          assert.equal(t.title, r.title ?? r.annotations?.title ?? null, `${t.name} title`);
          assert.equal(typeof t.invoke, 'function');
          // (a schema that preparing left as it was crosses as null; adapter.js puts it back)
          assert.equal(t.schema.type, 'object', `${t.name} schema`);
          assert.equal(typeof t.schema.properties, 'object', `${t.name} schema properties`);
          assert.equal(hasKeyDeep(t.schema, '$ref'), false, `${t.name} schema has $ref`);
          assert.equal(hasKeyDeep(t.schema, '$defs'), false, `${t.name} schema has $defs`);
          assert.equal(t.metadata.mcp.server.name, srv.name);
          assert.equal(t.metadata.mcp.server.version, '0.1.0');
          // every field there, null when the server gave none (the core leaves the nulls
          // and the server's identity out of what crosses; adapter.js puts them back)
          assert.deepEqual(Object.keys(t).sort(), ['description', 'inputSchema', 'invoke', 'metadata', 'name', 'outputSchema', 'schema', 'title']);
          assert.deepEqual(t.metadata.mcp.tool, {
            _meta: r._meta ?? null, annotations: r.annotations ?? null, icons: r.icons ?? null, title: r.title ?? null,
          }, `${t.name} metadata.mcp.tool`);
          assert.deepEqual(Object.keys(t.metadata.mcp).filter((k) => k !== 'schema_warnings').sort(), ['server', 'tool']);
        }
        // each tool's metadata its own: a policy that edits one edits no other
        assert.equal(new Set(tools.map((t) => t.metadata.mcp.server)).size, tools.length);
      });

      it('makes the plan_trip schema LLM-ready ($ref inlined, $defs dropped)', () => {
        const t = byName.get('plan_trip');
        assert.ok(JSON.stringify(t.inputSchema).includes('$ref'), 'the fixture inputSchema should use $ref');
        assert.equal(hasKeyDeep(t.schema, '$ref'), false);
        assert.equal(hasKeyDeep(t.schema, '$defs'), false);
        assert.equal(hasKeyDeep(t.schema, '$schema'), false);
        const plan = t.schema.properties.plan;
        assert.equal(plan.type, 'object');
        assert.equal(plan.properties.traveller.properties.name.type, 'string');
        assert.ok(plan.properties.traveller.properties.age, 'traveller.age kept');
        assert.equal(plan.properties.legs.type, 'array');
        const leg = plan.properties.legs.items;
        assert.equal(leg.properties.origin.type, 'string');
        assert.equal(leg.properties.origin.description, 'City of departure');
        assert.deepEqual(leg.properties.mode.enum, ['train', 'plane', 'bus', 'car']);
        assert.deepEqual([...leg.required].sort(), ['date', 'destination', 'origin']);
        assert.deepEqual(t.schema.required, ['plan']);
      });

      it('gives list_regions an explicit empty properties object', () => {
        const t = byName.get('list_regions');
        assert.equal(t.schema.type, 'object');
        assert.deepEqual(t.schema.properties, {});
      });

      it('exposes get_weather outputSchema and the annotations as metadata', () => {
        const out = byName.get('get_weather').outputSchema;
        assert.equal(out.type, 'object');
        assert.deepEqual(Object.keys(out.properties).sort(), ['city', 'conditions', 'temperature_c']);
        assert.deepEqual(out, rawByName.get('get_weather').outputSchema);
        assert.equal(byName.get('delete_item').metadata.mcp.tool.annotations.destructiveHint, true);
        assert.equal(byName.get('echo').metadata.mcp.tool.annotations.readOnlyHint, true);
        assert.equal(byName.get('list_regions').metadata.mcp.tool.annotations.readOnlyHint, true);
        assert.equal(byName.get('echo').metadata.mcp.server.name, srv.name);
      });
    });
  });
}

describe('tools/list from a scripted fake server', { timeout: 60_000 }, () => {
  const fake = useFake();
  let adapter;

  before(() => {
    adapter = hostileAdapter(fake().url);
  });

  it('tools/list with a repeated cursor → pagination; a good list works afterwards', async () => {
    fake().handlers['tools/list'] = (ctx) =>
      ctx.result({
        resultType: 'complete',
        tools: [{ name: `t_${ctx.msg.params?.cursor ?? 'first'}`, inputSchema: { type: 'object' } }],
        nextCursor: 'same-cursor',
      });
    try {
      await rejectsWith(adapter.listTools(), 'pagination');
    } finally {
      delete fake().handlers['tools/list'];
    }
    await assertStillWorks(adapter);
    assert.deepEqual(
      (await adapter.listTools()).map((t) => t.name),
      ['echo'],
    );
  });

  it('tools/list that never ends (new cursor every page) stops at maxPages → pagination', async () => {
    let pages = 0;
    fake().handlers['tools/list'] = (ctx) => {
      pages++;
      ctx.result({ resultType: 'complete', tools: [], nextCursor: `c${pages}` });
    };
    try {
      const a = new MCPAdapter(fake().url, { maxPages: 3 });
      await rejectsWith(a.listTools(), 'pagination');
      assert.equal(pages, 3);
      await assertStillWorks(a);
    } finally {
      delete fake().handlers['tools/list'];
    }
  });

  it('tools/list with junk entries, a missing tools array, or a bad cursor type', async () => {
    fake().handlers['tools/list'] = (ctx) =>
      ctx.result({
        resultType: 'complete',
        tools: [
          42,
          null,
          { description: 'no name' },
          { name: 'no_schema' },
          { name: 'cyclic', inputSchema: { type: 'object', properties: { n: { $ref: '#/$defs/N' } }, $defs: { N: { type: 'object', properties: { next: { $ref: '#/$defs/N' } } } } } },
          { name: 'dangling', inputSchema: { type: 'object', properties: { x: { $ref: '#/$defs/Missing' } } } },
          { name: 'remote', inputSchema: { type: 'object', properties: { x: { $ref: 'https://evil.example/schema.json' } } } },
        ],
      });
    try {
      const tools = await adapter.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        ['no_schema', 'cyclic', 'dangling', 'remote'],
      );
      const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
      assert.deepEqual(byName.no_schema.schema, { type: 'object', properties: {} });
      assert.ok(!JSON.stringify(byName.cyclic.schema).includes('$defs'));
      for (const t of tools) assert.equal(typeof t.schema, 'object');

      fake().handlers['tools/list'] = (ctx) => ctx.result({ resultType: 'complete', tools: 'nope' });
      await rejectsWith(adapter.listTools(), 'invalid_message');
      fake().handlers['tools/list'] = (ctx) => ctx.result({ resultType: 'complete', tools: [], nextCursor: 5 });
      await rejectsWith(adapter.listTools(), 'invalid_message');
      fake().handlers['tools/list'] = (ctx) => ctx.result({ resultType: 'input_required', inputRequests: {} });
      await rejectsWith(adapter.listTools(), 'invalid_result_type');
    } finally {
      delete fake().handlers['tools/list'];
    }
    await assertStillWorks(adapter);
  });

});
