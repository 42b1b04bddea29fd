// The client the MCP conformance suite spawns: `node tests/conformance/driver.mjs <serverUrl>`.
// It uses the built npm package through its public API only, the way a user would (list the
// tools, call them, answer the questions a server asks); the protocol is the adapter's job.
// Env (set by the suite): MCP_CONFORMANCE_SCENARIO, MCP_CONFORMANCE_PROTOCOL_VERSION,
// MCP_CONFORMANCE_CONTEXT (JSON). Exits 0 on success, 1 with the error on stderr otherwise.
import { MCPAdapter } from '../../pkg/index.node.js';
import { OAuthProvider } from '../../pkg/auth.js';

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const revision = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION ?? '2026-07-28';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT || '{}');

// 2026-07-28 is the adapter's default; older revisions speak the handshake era, where a server
// asks its questions in the middle of a call: accept them, keeping the form's defaults.
const legacy = { protocol: 'legacy', onElicitation: () => ({ action: 'accept', content: {} }) };
// auth/* scenarios: the built-in OAuth provider. The driver plays the person: the suite's
// authorization server approves at once, so following the authorization URL without
// redirects yields the callback URL (the redirect URI with `code`, `state`, `iss`).
const auth = scenario.startsWith('auth/')
  ? new OAuthProvider({
    redirectUrl: 'http://localhost:3000/callback',
    clientMetadataUrl: 'https://conformance-test.local/client-metadata.json',
    clientMetadata: { client_name: 'mcp-wasm-adapter conformance driver' },
    // auth/pre-registration: credentials registered beforehand with that issuer
    clientInformation: (issuer) => (context.client_id && issuer === context.issuer
      ? { client_id: context.client_id, client_secret: context.client_secret }
      : undefined),
    redirectToAuthorization: async (authorizationUrl) => {
      const response = await fetch(authorizationUrl, { redirect: 'manual' });
      await response.body?.cancel();
      return response.headers.get('location') ?? undefined;
    },
  })
  : undefined;
const adapter = new MCPAdapter(url, { ...(revision >= '2026-07-28' ? {} : legacy), auth });

// Finish well within the suite's timeout, which does not reliably stop a hanging client.
setTimeout(() => {
  console.error(`driver (${revision} ${scenario}): no outcome after 5 s`);
  process.exit(1);
}, 5_000).unref();

/** Answers every question of an interrupt with "accept" + `content`, until the call completes. */
async function answer(result, content) {
  for (let round = 1; result?.type === 'mcp_elicitation'; round++) {
    if (typeof adapter.resume !== 'function') {
      throw new Error(`${result.tool_name} returned an interrupt, but MCPAdapter has no resume() to answer it`);
    }
    if (round > 10) throw new Error(`${result.tool_name}: still asking for input after 10 rounds`);
    const responses = Object.fromEntries(result.requests.map((q) => [q.key, { action: 'accept', content }]));
    result = await adapter.resume(result, { responses });
  }
  return result;
}

/** Calls a tool, answers its questions with `content` (default: accept the form's defaults), checks the result. */
async function call(name, args = {}, content = {}) {
  const result = await answer(await adapter.callTool(name, args), content);
  console.error(`${name} ->`, JSON.stringify(result));
  if (result.status !== 'success') throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result;
}

/** What a model would fill in: a plain value for each required argument. */
function sampleArgs(tool) {
  const sample = { string: 'us-west1', number: 1, integer: 1, boolean: true, object: {}, array: [], null: null };
  const { properties = {}, required = [] } = tool.inputSchema;
  return Object.fromEntries(required.map((key) => [key, sample[properties[key]?.type] ?? 'x']));
}

const needsNoArgs = (tool) => !(tool.inputSchema.required?.length > 0);

let tools = [];

// What to do after listing the tools, per scenario.
const scenarios = {
  initialize: async () => {},
  'request-metadata': async () => {},
  'json-schema-ref-no-deref': async () => {},
  tools_call: () => call('add_numbers', { a: 2, b: 3 }),
  'http-custom-headers': async () => {
    for (const { name, arguments: args } of context.toolCalls ?? []) await call(name, args);
  },
  'http-invalid-tool-headers': async () => {
    for (const tool of tools) await call(tool.name, sampleArgs(tool));
  },
  'http-standard-headers': async () => {
    for (const tool of tools) await call(tool.name, sampleArgs(tool));
    for (const method of ['listResources', 'readResource', 'listPrompts', 'getPrompt']) {
      if (typeof adapter[method] !== 'function') console.error(`MCPAdapter has no ${method}(): not exercised`);
    }
    if (typeof adapter.listResources === 'function') {
      for (const resource of await adapter.listResources()) {
        if (typeof adapter.readResource === 'function') await adapter.readResource(resource.uri);
      }
    }
    if (typeof adapter.listPrompts === 'function') {
      for (const prompt of await adapter.listPrompts()) {
        if (typeof adapter.getPrompt === 'function') await adapter.getPrompt(prompt.name, {});
      }
    }
  },
  'sep-2322-client-request-state': async () => {
    const confirm = { confirmed: true };
    const pending = await adapter.callTool('test_mrtr_echo_state', {}); // an interrupt, answered later
    await call('test_mrtr_unrelated'); // another call while the first one waits for its answer
    const done = await answer(pending, confirm);
    if (done.status !== 'success') throw new Error(`test_mrtr_echo_state failed: ${JSON.stringify(done)}`);
    await call('test_mrtr_no_state', {}, confirm);
    await call('test_mrtr_no_result_type');
  },
  'json-schema-2020-12-preservation': async () => {
    const focal = tools.find((t) => t.name === 'json_schema_2020_12_tool');
    if (!focal) throw new Error('json_schema_2020_12_tool is not listed');
    await call('json_schema_echo', { schema: focal.inputSchema });
  },
};

// Unknown scenarios: call every tool that needs no arguments.
const fallback = async () => {
  for (const tool of tools.filter(needsNoArgs)) await call(tool.name);
};

try {
  tools = await adapter.listTools();
  console.error(`${revision} ${scenario}: ${tools.length} tools: ${tools.map((t) => t.name).join(', ')}`);
  await (scenarios[scenario] ?? fallback)();
  await adapter.close?.(); // ends a handshake-era session
  process.exit(0);
} catch (error) {
  console.error(`driver failed (${revision} ${scenario}):`, error?.code ? `[${error.code}]` : '', error);
  process.exit(1);
}
