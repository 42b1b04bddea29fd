// Shared by client.mjs and worker.js: the agent controls in this runtime (controls.js, a chunk
// loaded on first need): a tool filter refusing a call before it is sent, and the fingerprint
// of `echo` (Web Crypto SHA-256), which must be the same in every runtime. Resolves to what the
// runtime test checks.
export async function controlled(MCPAdapter, url) {
  const adapter = new MCPAdapter(url, { blockTools: ['delete_item'], onToolsChanged: () => {} });
  const tools = await adapter.listTools();
  const refused = await adapter.callTool('delete_item', { id: 1 }).then(() => 'called', (error) => error.code);
  return { fingerprint: tools.find((tool) => tool.name === 'echo').fingerprint, listed: tools.some((tool) => tool.name === 'delete_item'), refused };
}
