// A workerd module worker (tests/runtimes.test.mjs bundles it like wrangler does: esbuild with
// the `workerd` condition, the `.wasm` import left to workerd as a compiled module). Each
// request lists the tools of the MCP server named by the MCP_URL binding, calls `echo`, signs
// and resumes an interrupt (`signed.mjs`), validates a tool's output (`validated.mjs`), filters
// a tool and fingerprints the listing (`controlled.mjs`), and
// answers JSON (status 500 with the error's code and message when the adapter throws).
import { MCPAdapter } from 'mcp-wasm-adapter';
import { signedRoundTrip } from './signed.mjs';
import { validatedOutput } from './validated.mjs';
import { controlled } from './controlled.mjs';

export default {
  async fetch(request, env) {
    try {
      const adapter = new MCPAdapter(env.MCP_URL);
      const tools = await adapter.listTools();
      const echo = await tools.find((tool) => tool.name === 'echo').invoke({ text: 'hi' });
      const signed = await signedRoundTrip(MCPAdapter, env.MCP_URL);
      const validated = await validatedOutput(MCPAdapter, env.MCP_URL);
      const controls = await controlled(MCPAdapter, env.MCP_URL);
      return Response.json({ tools: tools.map((tool) => tool.name), echo, protocolVersion: adapter.protocolVersion, signed, validated, controls });
    } catch (error) {
      return Response.json({ error: { name: error?.name, code: error?.code, message: String(error?.message ?? error) } }, { status: 500 });
    }
  },
};
