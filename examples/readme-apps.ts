// The README's "MCP Apps" snippet (repository README.md), checked by `tsc --strict` against the
// packed package in tests/package-types.test.mjs. What the README leaves to the reader is declared here.
import { MCPAdapter } from "mcp-wasm-adapter";
declare const url: string;

const adapter = new MCPAdapter(url, { apps: true }); // this host renders views
const tools = await adapter.listTools();
// an app's tool: metadata.mcp.ui = { resourceUri: "ui://…" | null, visibility: ["model", "app"] }
const uri = tools.find((t) => t.metadata.mcp.ui?.resourceUri)?.metadata.mcp.ui?.resourceUri;
if (uri) {
  const view = await adapter.readAppResource(uri); // { uri, html, ui: { csp?, permissions?, … } }
  // a call the view makes, through the host
  const out = await adapter.callToolFromApp("refresh", {}, { resourceUri: uri });
}
