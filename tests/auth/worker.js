// The edge-function story in workerd (tests/auth-runtimes.test.mjs): the worker calls a tool
// of a protected MCP server for its client and hands a needed sign-in back as the
// mcp_authorization interrupt (JSON). The client has the person sign in and posts the
// interrupt and the callback URL back; a fresh adapter (next request) resumes the call.
//   GET  /call                              -> the tool result, or the interrupt
//   POST /resume {interrupt, callbackUrl}   -> the tool result
// The storage is module state (one isolate here); a real worker would use a KV store.
import { MCPAdapter } from 'mcp-wasm-adapter';
import { OAuthProvider, memoryStorage } from 'mcp-wasm-adapter/auth';

const storage = memoryStorage();

export default {
  async fetch(request, env) {
    const auth = new OAuthProvider({ redirectUrl: env.REDIRECT_URL, interrupt: true, storage });
    const adapter = new MCPAdapter(env.MCP_URL, { auth });
    try {
      const url = new URL(request.url);
      if (url.pathname === '/call') return Response.json(await adapter.callTool('whoami', {}));
      if (url.pathname === '/resume') {
        const { interrupt, callbackUrl } = await request.json();
        return Response.json(await adapter.resume(interrupt, { callbackUrl }));
      }
      return new Response('not found', { status: 404 });
    } catch (error) {
      return Response.json({ error: { code: error?.code, message: error?.message ?? String(error) } }, { status: 500 });
    }
  },
};
