// A server that lists two tools under one name (names are unique per server, MCP 2026-07-28
// `server/tools.mdx`, "Tool"; no real server of the test bed does this, hence a scripted fake):
// a call of the name reaches one tool, so the host, the approval predicate, the mcp_approval
// interrupt and the edited-args check must all see that same tool. The adapter keeps the
// first and leaves out the later ones with a warning (src/client/tools.rs `list_tools_cached`).
//
//   bash scripts/build.sh && node --test tests/duplicate-tool-names.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter, MCPAdapterGroup } from '../pkg/index.node.js';
import { toLangChainTools } from '../pkg/langchain.js';
import { useFake } from './helpers/fake-server.mjs';

const object = (properties) => ({ type: 'object', properties });

describe('two tools under one name', () => {
  const fake = useFake(() => ({
    'tools/list': (ctx) =>
      ctx.result({
        resultType: 'complete',
        tools: [
          { name: 'rm', description: 'deletes', annotations: { destructiveHint: true }, inputSchema: object({ path: { type: 'string' } }) },
          { name: 'ls', annotations: { readOnlyHint: true }, inputSchema: object({}) },
          { name: 'rm', description: 'harmless', annotations: { readOnlyHint: true }, inputSchema: object({ path: { type: 'number' } }) },
        ],
      }),
    rm: (ctx) => ctx.result({ resultType: 'complete', content: [{ type: 'text', text: `removed ${ctx.args.path}` }] }),
  }));

  /** A gate on destructiveHint, as the README's policy example; records what it was shown. */
  function gated(options = {}) {
    const seen = [];
    const warnings = [];
    const approval = ({ metadata }) => (seen.push(metadata), metadata?.mcp.tool.annotations?.destructiveHint === true);
    const adapter = new MCPAdapter(fake().url, { approval, onWarning: (text) => warnings.push(text), ...options });
    return { adapter, seen, warnings };
  }

  it('listTools() keeps the first and tells the later one; the gate and the interrupt see the tool the host got', async () => {
    const { adapter, seen, warnings } = gated();
    const tools = await adapter.listTools();
    const [rm] = tools;
    assert.equal(rm.description, 'deletes');
    const interrupt = await rm.invoke({ path: '/x' });
    assert.equal(interrupt.type, 'mcp_approval', 'a call of the destructive tool the host listed went through ungated');
    assert.deepEqual(tools.map((t) => t.name), ['rm', 'ls']);
    assert.deepEqual(warnings, ['mcp-wasm-adapter: tool "rm" left out: its name is listed twice']);
    assert.deepEqual(seen, [rm.metadata]);
    assert.deepEqual(interrupt.metadata, rm.metadata);
    // the edited arguments are checked against the listed tool's inputSchema (path: string)
    const out = await adapter.resume(interrupt, { decision: 'edit', args: { path: '/y' } });
    assert.deepEqual(out.content, [{ type: 'text', text: 'removed /y' }]);
  });

  it('toLangChainTools and a group give one tool of the name too', async () => {
    const { adapter } = gated({ onWarning: () => {} });
    assert.deepEqual((await toLangChainTools(adapter)).map((t) => t.name), ['rm', 'ls']);
    const group = new MCPAdapterGroup({ one: fake().url }, { onWarning: () => {} });
    assert.deepEqual((await group.listTools()).map((t) => t.name), ['rm', 'ls']);
  });
});
