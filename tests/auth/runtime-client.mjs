// Run by tests/auth-runtimes.test.mjs in Deno and Bun, with the package installed by name:
// `<runtime> runtime-client.mjs <protected MCP URL> <redirect URL>`. The edge-function story:
// one adapter's call becomes an mcp_authorization interrupt (JSON), the person signs in (here:
// following the authorization server's redirects with its cookies), and a second adapter
// sharing the storage resumes the call. Prints one JSON line: { interrupt, result }.
import { MCPAdapter } from 'mcp-wasm-adapter';
import { OAuthProvider, memoryStorage } from 'mcp-wasm-adapter/auth';

const [url, redirectUrl] = globalThis.Deno ? Deno.args : process.argv.slice(2);
const storage = memoryStorage();

async function signIn(start) {
  const jar = new Map();
  let next = start;
  for (let hop = 0; hop < 12; hop++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(next, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0];
      jar.set(pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1));
    }
    await response.text();
    const target = new URL(response.headers.get('location'), next).href;
    if (target.startsWith(redirectUrl)) return target;
    next = target;
  }
  throw new Error('no way back to the redirect URI');
}

const first = new MCPAdapter(url, { auth: new OAuthProvider({ redirectUrl, interrupt: true, storage }) });
const interrupt = JSON.parse(JSON.stringify(await first.callTool('whoami', {})));
const callbackUrl = await signIn(interrupt.authorization_url);
const second = new MCPAdapter(url, { auth: new OAuthProvider({ redirectUrl, interrupt: true, storage }) });
const result = await second.resume(interrupt, { callbackUrl });
console.log(JSON.stringify({ interrupt: { type: interrupt.type, reason: interrupt.reason }, result }));
