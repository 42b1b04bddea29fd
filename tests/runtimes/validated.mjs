// Shared by client.mjs and worker.js: output validation in this runtime. The validator is a
// chunk loaded on first need, and must compile nothing from strings (workerd refuses `eval`
// and `new Function`, as a page whose CSP has no 'unsafe-eval' does): the `reading` tool's
// structured content checked against its outputSchema, a valid and an invalid one. Resolves
// to what the runtime test checks.
export async function validatedOutput(MCPAdapter, url) {
  const adapter = new MCPAdapter(url);
  await adapter.listTools(); // the outputSchemas
  const valid = await adapter.callTool('reading', { mode: 'valid' });
  const invalid = await adapter.callTool('reading', { mode: 'invalid' });
  return { valid: valid.status, invalid: invalid.status, why: invalid.content[0]?.text };
}
