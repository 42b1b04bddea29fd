// Exercises the package's browser entry against live MCP servers (URLs from the query
// string) and publishes what happened on `window.__results` for tests/browser.test.mjs.
import { MCPAdapter, MCPAdapterError, MCPAdapterGroup } from '/pkg/index.browser.js';

const query = new URLSearchParams(location.search);

/** A thrown value as plain data. */
function failure(err) {
  return {
    threw: true,
    instanceOfMCPAdapterError: err instanceof MCPAdapterError,
    instanceOfError: err instanceof Error,
    name: err?.name,
    code: err?.code,
    message: String(err?.message ?? err),
  };
}

/** Runs `fn`, returning its value or the failure it threw. */
async function attempt(fn) {
  try {
    return await fn();
  } catch (err) {
    return failure(err);
  }
}

async function exercise(url) {
  const out = { url };
  const adapter = new MCPAdapter(url, { timeoutMs: 15_000 });
  out.protocolBeforeFirstCall = adapter.protocolVersion ?? null;
  const tools = await adapter.listTools();
  out.toolNames = tools.map((t) => t.name);
  out.protocolVersion = adapter.protocolVersion;
  out.server = adapter.server;
  const tool = Object.fromEntries(tools.map((t) => [t.name, t]));
  out.echoTool = { description: tool.echo?.description, annotations: tool.echo?.metadata?.mcp?.tool?.annotations };
  out.echo = await attempt(() => tool.echo.invoke({ text: 'hello from the browser ✓ 世界' }));
  out.weather = await attempt(() => tool.get_weather.invoke({ city: 'Oslo' }));
  out.image = await attempt(() => tool.tiny_image.invoke({}));
  out.byName = await attempt(() => adapter.callTool('echo', { text: 'by name' }));

  const seen = [];
  out.count = await attempt(() =>
    tool.count_slowly.invoke({ steps: 3, delay_ms: 20 }, { onProgress: (p) => seen.push(p) }),
  );
  out.progress = seen;

  let started = performance.now();
  out.sleepTimeout = await attempt(() => tool.sleep.invoke({ seconds: 5 }, { timeoutMs: 300 }));
  out.sleepTimeoutMs = performance.now() - started;

  const controller = new AbortController();
  setTimeout(() => controller.abort(), 150);
  started = performance.now();
  out.sleepAborted = await attempt(() => tool.sleep.invoke({ seconds: 5 }, { signal: controller.signal }));
  out.sleepAbortedMs = performance.now() - started;

  // the adapter still works after a timeout and an abort
  out.echoAfter = await attempt(() => tool.echo.invoke({ text: 'still here' }));

  // an elicitation interrupt signed with an interruptKey (the page's WebCrypto), round-tripped
  // through JSON and resumed by a second adapter with the same key; an altered copy is refused
  const interruptKey = crypto.getRandomValues(new Uint8Array(32));
  const signer = new MCPAdapter(url, { timeoutMs: 15_000, interruptKey });
  const interrupt = await attempt(() => signer.callTool('confirm_action', { action: 'deploy' }));
  out.interrupt = interrupt;
  if (interrupt?.type === 'mcp_elicitation') {
    const [request] = interrupt.requests;
    const field = Object.keys(request.requested_schema.properties)[0];
    const again = new MCPAdapter(url, { timeoutMs: 15_000, interruptKey });
    const answer = { responses: { [request.key]: { action: 'accept', content: { [field]: true } } } };
    out.altered = await attempt(() => again.resume({ ...interrupt, tool_name: 'echo' }, answer));
    out.resumed = await attempt(() => again.resume(JSON.parse(JSON.stringify(interrupt)), answer));
  }
  return out;
}

async function main() {
  // the minified bundle keeps the classes' names (stack traces, `constructor.name`)
  const results = { origin: location.origin, servers: [], classNames: [MCPAdapter.name, MCPAdapterError.name, MCPAdapterGroup.name] };
  results.relative = await attempt(() => new MCPAdapter('/relative'));
  results.fileUrl = await attempt(() => new MCPAdapter('file:///x'));
  for (const url of query.getAll('server')) {
    results.servers.push(await attempt(() => exercise(url)));
  }
  const nocors = query.get('nocors');
  if (nocors) {
    results.nocors = await attempt(() => new MCPAdapter(nocors, { timeoutMs: 5_000 }).listTools());
  }
  return results;
}

main()
  .then((results) => {
    window.__results = results;
  })
  .catch((err) => {
    window.__results = { fatal: failure(err), stack: String(err?.stack) };
  })
  .finally(() => {
    document.getElementById('out').textContent = JSON.stringify(window.__results, null, 2);
    window.__done = true;
  });
