// The root of a tool's LLM-ready `schema` is always a plain object schema, whatever the
// server's `inputSchema` holds at the top: root anyOf / oneOf / allOf served by the FastMCP
// fixture (tools with hand-written input schemas), then through toLangChainTools; and the
// root shapes no real server here can send (a root union without `type`, `required: null`, a
// schema that is only `$schema`: mcp 2.3 and the TypeScript SDK refuse to list them or drop
// the null keywords) from a scripted fake. `inputSchema` stays verbatim every time.
//
//   bash scripts/build.sh && node --test tests/schema-root-shapes.test.mjs

import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { toLangChainTools } from '../pkg/langchain.js';
import { useFake } from './helpers/fake-server.mjs';
import { rawTools } from './helpers/raw.mjs';
import { startFastMCP, useServer } from './helpers/servers.mjs';

const ANY_OF_MERGED =
  'the root anyOf was merged into one object that requires only what every alternative requires';
const ONE_OF_MERGED =
  'the root oneOf was merged into one object that requires only what every alternative requires';
const ALL_OF_MERGED = 'the root allOf was merged into one object';

/** `content` and `source_url`, each told that the model must choose `how` many of them. */
function contentOrUrl(how) {
  const description = `(give ${how} of: content | source_url)`;
  return {
    type: 'object',
    properties: {
      content: { type: 'string', description },
      source_url: { type: 'string', description },
    },
  };
}

/** What the FastMCP fixture's raw-schema tools become: [schema, schema_warnings]. */
const EXPECTED = {
  save_note: [contentOrUrl('at least one'), [ANY_OF_MERGED]],
  pick_note: [contentOrUrl('exactly one'), [ONE_OF_MERGED]],
  lookup_user: [
    {
      type: 'object',
      properties: {
        id: { type: 'string', description: '(give exactly one of: id | email)' },
        email: { type: 'string', description: '(give exactly one of: id | email)' },
      },
    },
    [ONE_OF_MERGED],
  ],
  merged_filters: [
    { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } }, required: ['query'] },
    [ALL_OF_MERGED],
  ],
};

describe('root unions from the FastMCP fixture', { timeout: 30_000 }, () => {
  const server = useServer(() => startFastMCP());
  let byName;
  let raw;

  before(async () => {
    const tools = await new MCPAdapter(server().url).listTools();
    byName = new Map(tools.map((t) => [t.name, t]));
    raw = new Map((await rawTools(server().url)).map((t) => [t.name, t]));
  });

  for (const [name, [schema, warnings]] of Object.entries(EXPECTED)) {
    it(`${name}: schema is one plain object, the relaxation is listed, inputSchema is verbatim`, () => {
      const tool = byName.get(name);
      assert.ok(tool, `${name} listed`);
      assert.deepEqual(tool.schema, schema);
      assert.deepEqual(tool.metadata.mcp.schema_warnings, warnings);
      assert.deepEqual(tool.inputSchema, raw.get(name).inputSchema);
      assert.ok(['anyOf', 'oneOf', 'allOf'].some((k) => k in tool.inputSchema), 'the server sent a root union');
    });
  }

  it('tools whose schema needed nothing have no schema_warnings', () => {
    for (const name of ['echo', 'plan_trip', 'list_regions']) {
      assert.equal('schema_warnings' in byName.get(name).metadata.mcp, false, name);
    }
  });

  it('toLangChainTools tools carry the same schema and warnings, and the server takes a call made from it', async () => {
    const tools = await toLangChainTools(new MCPAdapter(server().url), { filter: Object.keys(EXPECTED) });
    assert.deepEqual(tools.map((t) => t.name).sort(), Object.keys(EXPECTED).sort());
    for (const t of tools) {
      assert.deepEqual(t.schema, EXPECTED[t.name][0], t.name);
      assert.deepEqual(t.metadata.mcp.schema_warnings, EXPECTED[t.name][1], t.name);
    }
    const save = tools.find((t) => t.name === 'save_note');
    const message = await save.invoke({ name: 'save_note', args: { content: 'a note' }, id: 'call_1', type: 'tool_call' });
    assert.equal(message.status, 'success');
    assert.deepEqual(message.content, [{ type: 'text', text: '{"content": "a note"}' }]);
  });
});

// Root shapes the real servers here never send (their SDKs refuse or rewrite them), exactly as
// public bug reports quote them.
const HOSTILE_SCHEMAS = {
  typeless_any_of: {
    anyOf: [
      { type: 'object', properties: { content: { type: 'string' } }, required: ['content'] },
      { type: 'object', properties: { source_url: { type: 'string' } }, required: ['source_url'] },
    ],
  },
  null_keywords: { type: 'object', properties: null, required: null },
  dialect_only: { $schema: 'http://json-schema.org/draft-07/schema#' },
};

describe('root shapes no real server sends, from a scripted fake server', { timeout: 30_000 }, () => {
  const fake = useFake(() => ({
    'tools/list': (ctx) =>
      ctx.result({
        resultType: 'complete',
        tools: Object.entries(HOSTILE_SCHEMAS).map(([name, inputSchema]) => ({ name, inputSchema })),
      }),
  }));

  it('each becomes a plain object schema; inputSchema stays verbatim', async () => {
    const tools = await new MCPAdapter(fake().url).listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const [name, inputSchema] of Object.entries(HOSTILE_SCHEMAS)) {
      assert.deepEqual(byName[name].inputSchema, inputSchema, name);
    }
    assert.deepEqual(byName.typeless_any_of.schema, contentOrUrl('at least one'));
    assert.deepEqual(byName.typeless_any_of.metadata.mcp.schema_warnings, [ANY_OF_MERGED]);
    assert.deepEqual(byName.null_keywords.schema, { type: 'object', properties: {} });
    assert.deepEqual(byName.null_keywords.metadata.mcp.schema_warnings, [
      'a properties that was not an object was dropped',
      'a required that was not an array of strings was dropped',
    ]);
    assert.deepEqual(byName.dialect_only.schema, { type: 'object', properties: {} });
    assert.equal('schema_warnings' in byName.dialect_only.metadata.mcp, false);
  });
});
