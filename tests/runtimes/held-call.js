// A plain module worker (no Durable Object) that keeps one adapter in module state, as workers
// do, for tests/workerd-held-call.test.mjs: GET /call calls place_order and hands the
// interrupt out, POST /answer { interrupt, answer } resumes it in a later request.
import { MCPAdapter } from 'mcp-wasm-adapter';

let adapter;

export default {
  async fetch(request, env) {
    adapter ??= new MCPAdapter(env.MCP_URL);
    try {
      const { pathname } = new URL(request.url);
      if (pathname === '/call') return Response.json(await adapter.callTool('place_order', { item: 'tea' }));
      const { interrupt, answer } = await request.json();
      return Response.json(await adapter.resume(interrupt, answer));
    } catch (error) {
      return Response.json({ error: { code: error?.code, message: error?.message ?? String(error) } }, { status: 500 });
    }
  },
};
