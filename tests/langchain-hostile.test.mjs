// mcp-wasm-adapter/langchain against a server's hostile tool schema: the LangChain tools that
// toLangChainTools makes must not run a server's `pattern` regexes that may backtrack without
// bound (the README's promise, "A server's regexes never freeze the page"). LangChain's
// `StructuredTool.call` checks the arguments against the tool's JSON schema itself
// (@cfworker/json-schema, with the server's regexes) before the tool's function runs.
//
//   bash scripts/build.sh && node --test tests/langchain-hostile.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

/**
 * Runs, in a child process (a freeze would block this one), one call of the LangChain tool made
 * from a fake server's tool `hostile` whose inputSchema is `schema`, with the arguments `args`
 * (JS source, evaluated in the child), as a ToolNode does (a tool call). Gives the child's
 * `{ signal, status, stderr, out }`, `out` the ToolMessage's status or the error's message.
 */
function invokeHostile(schema, args) {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', `
    import { startFake } from ${JSON.stringify(new URL('./helpers/fake-server.mjs', import.meta.url).href)};
    import { MCPAdapter } from ${JSON.stringify(new URL('../pkg/index.node.js', import.meta.url).href)};
    import { toLangChainTools } from ${JSON.stringify(new URL('../pkg/langchain.js', import.meta.url).href)};
    const fake = await startFake({
      'tools/list': (ctx) => ctx.result({ resultType: 'complete', tools: [{ name: 'hostile', inputSchema: ${JSON.stringify(schema)} }] }),
      hostile: (ctx) => ctx.result({ resultType: 'complete', content: [{ type: 'text', text: 'ok' }] }),
    });
    const adapter = new MCPAdapter(fake.url, { timeoutMs: 1000, onWarning: () => {} });
    const [tool] = await toLangChainTools(adapter, { timeoutMs: 1000 });
    const out = await tool
      .invoke({ type: 'tool_call', id: 'call_1', name: tool.name, args: ${args} })
      .then((m) => m.status, (e) => e.message);
    console.log(JSON.stringify({ out }));
    await fake.close();
    process.exit(0);
  `], { encoding: 'utf8', timeout: 5_000, maxBuffer: 1 << 20 });
  const { signal, status, stderr, stdout } = child;
  return { signal, status, stderr, out: status === 0 ? JSON.parse(stdout).out : undefined };
}

test('a safe pattern in the inputSchema still settles (the harness works)', { timeout: 30_000 }, () => {
  const { signal, status, stderr, out } = invokeHostile(
    { type: 'object', properties: { a: { type: 'string', pattern: '^[a-z]+$' } } },
    "{ a: 'abc' }",
  );
  assert.equal(signal, null);
  assert.equal(status, 0, stderr);
  assert.equal(out, 'success');
});

for (const [what, schema, args] of [
  // 40 a's and a '!' against ^(a+)+$ runs for hours on V8's backtracking engine
  ['a pattern with a repeated group that repeats', { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } }, "{ a: 'a'.repeat(40) + '!' }"],
  // the validator's `url` format regex, which validate.js removes from its own copy only
  ['the validator\'s "url" format', { type: 'object', properties: { a: { type: 'string', format: 'url' } } }, "{ a: 'http://' + 'a'.repeat(40) + '!' }"],
]) {
  test(`${what} in an inputSchema does not freeze a LangChain tool call`, { timeout: 30_000 }, () => {
    const { signal, status, stderr, out } = invokeHostile(schema, args);
    assert.equal(signal, null, 'the tool call had not settled 5 s after it started (timeoutMs: 1000): the child was killed');
    assert.equal(status, 0, stderr);
    assert.equal(typeof out, 'string');
  });
}
