// mcp-wasm-adapter/ai with the AI SDK, bundled as a server app bundles it (esbuild, Node): its
// tools list, and a tool's `execute` calls the MCP tool.
import { initialize, MCPAdapter } from 'mcp-wasm-adapter/init';
import wasm from 'mcp-wasm-adapter/wasm';
import { toAISDKTools } from 'mcp-wasm-adapter/ai';
import { report } from './report.js';

report(async (url) => {
  await initialize(wasm);
  const tools = await toAISDKTools(new MCPAdapter(url));
  const out = await tools.echo.execute({ text: 'bundled' }, { toolCallId: 'call_1', messages: [] });
  return { tools: Object.keys(tools).sort(), type: out.type, text: out.content[0]?.text };
});
