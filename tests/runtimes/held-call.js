// A plain module worker (no Durable Object) that keeps its adapters in module state, as workers
// do, for tests/workerd-held-call.test.mjs: GET /call calls place_order and hands the
// interrupt out, POST /answer { interrupt, answer } resumes it in a later request. With
// `?holdCalls=false` on both, an adapter made with that option does.
import { MCPAdapter } from 'mcp-wasm-adapter';

const adapters = new Map();

export default {
  async fetch(request, env) {
    try {
      const { pathname, searchParams } = new URL(request.url);
      const holdCalls = searchParams.get('holdCalls') !== 'false';
      if (!adapters.has(holdCalls)) adapters.set(holdCalls, new MCPAdapter(env.MCP_URL, { holdCalls }));
      const adapter = adapters.get(holdCalls);
      if (pathname === '/call') return Response.json(await adapter.callTool('place_order', { item: 'tea' }));
      const { interrupt, answer } = await request.json();
      return Response.json(await adapter.resume(interrupt, answer));
    } catch (error) {
      return Response.json({ error: { code: error?.code, message: error?.message ?? String(error) } }, { status: 500 });
    }
  },
};
