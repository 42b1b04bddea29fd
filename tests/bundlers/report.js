// Shared by the bundled apps of tests/bundlers.test.mjs: runs one app against the MCP server
// whose URL is the page's `?mcp=` (browser) or argv[2] (Node), and reports what happened
// (`window.__results` + `window.__done` for tests/helpers/browser.mjs, JSON on stdout in Node).
export async function report(run) {
  const url = typeof location === 'object' ? new URLSearchParams(location.search).get('mcp') : globalThis.process.argv[2];
  let result;
  try {
    result = await run(url);
  } catch (e) {
    result = { fatal: { name: e?.name, code: e?.code, message: String(e?.message ?? e) } };
  }
  if (typeof window === 'object') {
    window.__results = result;
    window.__done = true;
  } else {
    console.log(JSON.stringify(result));
  }
}

/** Lists the tools and calls `echo`: what every bundle must be able to do. */
export async function listAndEcho(adapter) {
  const tools = await adapter.listTools();
  const out = await adapter.callTool('echo', { text: 'bundled' });
  return { tools: tools.map((t) => t.name).sort(), type: out.type, text: out.content[0]?.text, protocolVersion: adapter.protocolVersion };
}
