// A server that lists tools whose fields have the wrong types (MCP 2026-07-28
// `server/tools.mdx`, "Tool", and its schema's `Tool`, `ToolAnnotations`, `Icon`; no real
// server of the test bed sends such tools, hence a scripted fake): the host, the approval
// predicate, `toLangChainTools`, a group's listing and output validation must all see the
// types `MCPTool` declares (pkg-template/index.d.ts). A tool that cannot be called (no string
// `name`, an `inputSchema` that is not an object) is left out; an optional field of the wrong
// type is absent; each with a warning naming the tool and the field
// (src/client/tool_fields.rs).
//
//   bash scripts/build.sh && node --test tests/tool-field-types.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter, MCPAdapterGroup } from '../pkg/index.node.js';
import { interruptOnFromAnnotations, toLangChainTools } from '../pkg/langchain.js';
import { useFake } from './helpers/fake-server.mjs';

const object = (properties) => ({ type: 'object', properties });

/** The listing: a tool of every wrong optional type, one with wrong members, three that cannot be called, one plain. */
const TOOLS = [
  {
    name: 'odd',
    title: 42,
    description: {},
    annotations: 'x',
    icons: 5,
    outputSchema: 'x',
    _meta: [],
    execution: 7,
    inputSchema: object({ text: { type: 'string' } }),
  },
  {
    name: 'hinted',
    description: 'reads, it says',
    annotations: { readOnlyHint: 'yes', destructiveHint: 'no', title: 7, vendorHint: 'kept' },
    icons: [{ src: 'https://example.com/i.png', sizes: ['48x48'] }, { src: 5 }, 'icon.png', { src: 'https://example.com/j.png', theme: 1 }],
    outputSchema: [],
    inputSchema: object({}),
  },
  { name: 42, description: 'a number for a name', inputSchema: object({}) },
  { name: 'schemaless', inputSchema: 'x' },
  'not a tool',
  { name: 'plain', title: 'Plain', annotations: { readOnlyHint: true }, icons: [{ src: 'https://example.com/p.svg', sizes: ['any'], theme: 'light' }], inputSchema: object({}) },
];

// one per field, in the order of the tool's members (sorted)
const WARNINGS = [
  'tool "odd": _meta ignored: not an object',
  'tool "odd": annotations ignored: not an object',
  'tool "odd": description ignored: not a string',
  'tool "odd": execution ignored: not an object',
  'tool "odd": icons ignored: not an array of icons',
  'tool "odd": outputSchema ignored: not an object',
  'tool "odd": title ignored: not a string',
  'tool "hinted": annotations.destructiveHint ignored: not a boolean',
  'tool "hinted": annotations.readOnlyHint ignored: not a boolean',
  'tool "hinted": annotations.title ignored: not a string',
  // one entry that is not an icon, and the list is not one of icons
  'tool "hinted": icons ignored: not an array of icons',
  'tool "hinted": outputSchema ignored: not an object',
  'tool at index 2 left out: its name is not a string',
  'tool "schemaless" left out: its inputSchema is not an object',
  'tool at index 4 left out: it is not an object',
].map((text) => `mcp-wasm-adapter: ${text}`);

const isPlainObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const stringOrNull = (value) => value === null || typeof value === 'string';

/** `metadata` has the types `MCPToolMetadata` declares. */
function assertMetadataTypes(metadata, label) {
  const { tool } = metadata.mcp;
  assert.ok(tool.annotations === null || isPlainObject(tool.annotations), `${label}: annotations`);
  for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']) {
    const value = tool.annotations?.[hint];
    assert.ok(value === undefined || value === null || typeof value === 'boolean', `${label}: annotations.${hint} is ${JSON.stringify(value)}`);
  }
  assert.ok(tool.annotations?.title === undefined || typeof tool.annotations.title === 'string', `${label}: annotations.title`);
  assert.ok(tool._meta === null || isPlainObject(tool._meta), `${label}: _meta`);
  assert.ok(stringOrNull(tool.title), `${label}: metadata title`);
  const isIcon = (icon) => isPlainObject(icon) && typeof icon.src === 'string' && [undefined, 'light', 'dark'].includes(icon.theme);
  assert.ok(tool.icons === null || (Array.isArray(tool.icons) && tool.icons.every(isIcon)), `${label}: icons`);
}

/** `tool` has the types `MCPTool` declares. */
function assertToolTypes(tool) {
  const label = tool.name;
  assert.equal(typeof tool.name, 'string');
  assert.ok(stringOrNull(tool.title), `${label}: title`);
  assert.equal(typeof tool.description, 'string', `${label}: description`);
  assert.ok(isPlainObject(tool.inputSchema), `${label}: inputSchema`);
  assert.ok(tool.outputSchema === null || isPlainObject(tool.outputSchema), `${label}: outputSchema`);
  assertMetadataTypes(tool.metadata, label);
}

describe('tool fields of the wrong type', () => {
  const fake = useFake(() => ({
    'tools/list': (ctx) => ctx.result({ resultType: 'complete', tools: TOOLS }),
    // structured content that no schema fits: an outputSchema "x" or [] must not be used
    odd: (ctx) => ctx.result({ resultType: 'complete', content: [{ type: 'text', text: 'odd ran' }], structuredContent: { any: 'thing' } }),
    hinted: (ctx) => ctx.result({ resultType: 'complete', content: [{ type: 'text', text: 'hinted ran' }], structuredContent: { n: 1 } }),
    plain: (ctx) => ctx.result({ resultType: 'complete', content: [{ type: 'text', text: 'plain ran' }] }),
  }));

  /** An adapter on the fake with its warnings, and `options`. */
  function adapterOf(options = {}) {
    const warnings = [];
    const adapter = new MCPAdapter(fake().url, { onWarning: (text) => warnings.push(text), ...options });
    return { adapter, warnings };
  }

  it('listTools() gives the declared types: wrong optional fields absent, uncallable tools left out, one warning each', async () => {
    const { adapter, warnings } = adapterOf();
    const tools = await adapter.listTools();
    assert.deepEqual(tools.map((t) => t.name), ['odd', 'hinted', 'plain']);
    tools.forEach(assertToolTypes);
    const [odd, hinted, plain] = tools;
    assert.equal(odd.title, null);
    assert.equal(odd.description, '');
    assert.equal(odd.outputSchema, null);
    assert.deepEqual(odd.metadata.mcp.tool, { annotations: null, _meta: null, title: null, icons: null });
    // annotations.title 7 is no fallback title
    assert.equal(hinted.title, null);
    assert.equal(hinted.outputSchema, null);
    assert.deepEqual(hinted.metadata.mcp.tool.annotations, { vendorHint: 'kept' });
    assert.equal(hinted.metadata.mcp.tool.icons, null);
    // a well-formed tool is untouched
    assert.equal(plain.title, 'Plain');
    assert.deepEqual(plain.metadata.mcp.tool.annotations, { readOnlyHint: true });
    assert.deepEqual(plain.metadata.mcp.tool.icons, [{ src: 'https://example.com/p.svg', sizes: ['any'], theme: 'light' }]);
    assert.deepEqual(warnings, WARNINGS);
  });

  it('the approval predicate reads the declared types: readOnlyHint "yes" does not pass for read-only', async () => {
    const seen = [];
    // a policy that lets read-only tools through, as a person would write it
    const approval = ({ metadata }) => (seen.push(metadata), !metadata?.mcp.tool.annotations?.readOnlyHint);
    const { adapter } = adapterOf({ approval });
    const tools = await adapter.listTools();
    const hinted = tools.find((t) => t.name === 'hinted');
    const interrupt = await hinted.invoke({});
    assert.equal(interrupt.type, 'mcp_approval', 'a tool whose readOnlyHint is the string "yes" went through ungated');
    assert.deepEqual(seen, [hinted.metadata]);
    assertMetadataTypes(seen[0], 'the predicate\'s metadata');
    assertMetadataTypes(interrupt.metadata, 'the interrupt\'s metadata');
    // the plain read-only tool is not gated
    const out = await adapter.callTool('plain', {});
    assert.equal(out.content[0].text, 'plain ran');
  });

  it('output validation uses no outputSchema of the wrong type', async () => {
    const { adapter, warnings } = adapterOf();
    await adapter.listTools();
    warnings.length = 0;
    for (const name of ['odd', 'hinted']) {
      const out = await adapter.callTool(name, {});
      assert.equal(out.status, 'success', `${name}: ${JSON.stringify(out)}`);
      assert.equal(out.content[0].text, `${name} ran`);
    }
    assert.deepEqual(warnings, [], 'no schema was compiled, so none was refused');
  });

  it('toLangChainTools and interruptOnFromAnnotations see the declared types', async () => {
    const { adapter } = adapterOf();
    const lcTools = await toLangChainTools(adapter);
    assert.deepEqual(lcTools.map((t) => t.name), ['odd', 'hinted', 'plain']);
    for (const lc of lcTools) {
      assert.equal(typeof lc.description, 'string', `${lc.name}: description`);
      assertMetadataTypes(lc.metadata, lc.name);
    }
    assert.equal(lcTools[0].description, '');
    // destructiveHint "no" is absent: with the specification's defaults, the tool is gated
    const interruptOn = interruptOnFromAnnotations(lcTools, { specDefaults: true });
    assert.deepEqual(Object.keys(interruptOn).sort(), ['hinted', 'odd']);
    assert.match(interruptOn.odd.description({ name: 'odd', args: {} }), /marks "odd" destructive/);
  });

  it("a group's listing gives the same tools with the declared types", async () => {
    const warnings = [];
    const group = new MCPAdapterGroup({ one: fake().url }, { onWarning: (text) => warnings.push(text) });
    const tools = await group.listTools();
    assert.deepEqual(tools.map((t) => t.name), ['odd', 'hinted', 'plain']);
    tools.forEach(assertToolTypes);
    assert.equal(warnings.length, WARNINGS.length, warnings.join('\n'));
  });
});
