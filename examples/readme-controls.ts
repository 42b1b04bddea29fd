// The README's tool filter snippet (Agent controls), checked by `tsc --strict` against the
// packed package in tests/package-types.test.mjs. What the README leaves to the reader is declared here.
import { MCPAdapter, type MCPTool } from "mcp-wasm-adapter";
import { toLangChainTools } from "mcp-wasm-adapter/langchain";
declare const url: string;

const destructive = (tool: MCPTool) => tool.metadata.mcp.tool.annotations?.destructiveHint === true;
const adapter = new MCPAdapter(url, { blockTools: destructive });
const listed = await adapter.listTools(); // one tools/list
const reader = await toLangChainTools(adapter, { tools: listed, filter: ["search", "read_file"] });
const writer = await toLangChainTools(adapter, { tools: listed, filter: ["write_file"] });

export { reader, writer };
