// What happens to a tool result after the call, loaded by adapter.js only for a result that
// needs it (one to check against its tool's `outputSchema`, or an error result to throw with
// `handleToolErrors: false`), so pages whose calls need neither never download it. Nothing here
// imports the wasm: adapter.js hands in what it needs.

/** The JSON Schema validator chunk (`import('./validate.js')`), loaded by the first check. */
let validator;

/**
 * `result` checked against the tool's outputSchema (MCP 2026-07-28 `server/tools.mdx`: servers
 * MUST send conforming structured results, clients SHOULD validate) when `entry`
 * (`{ schema, check?, off? }`, the compiled check kept on it) is given: a mismatch, or no
 * structured content at all, becomes an error result naming each failing path; a schema that
 * cannot be used turns checking off for the tool, with a warning. Then, unless `handleErrors`,
 * an error result is thrown as `tool_error`, its message and data redacted by `redact` (the
 * core's `redactSecrets`, over JSON text).
 */
export async function finishResult(name, result, entry, handleErrors, { report, MCPAdapterError, redact, told }) {
  let errors;
  if (entry !== undefined) {
    const { compileSchema, SchemaError } = await (validator ??= import('./validate.js'));
    try {
      entry.check ??= compileSchema(entry.schema);
      errors = result.artifact?.structured_content === undefined ? [{ path: '', message: 'no structuredContent, but the tool declares an outputSchema' }] : entry.check(result.artifact.structured_content);
    } catch (e) {
      if (!(e instanceof SchemaError)) throw e;
      // unchecked from now on, until listTools() gives another schema
      entry.off = true;
      warn(report, told, name, `the outputSchema of tool "${name}" cannot be used (${e.message}); its results are not validated`);
    }
    if (errors?.length > 0) {
      const where = errors.map((e) => `${e.path || '(root)'}: ${e.message}`).join('; ');
      result = { type: 'tool_result', content: [{ type: 'text', text: `MCP tool "${name}" returned structured content that does not match its outputSchema: ${where}` }], artifact: result.artifact, status: 'error' };
    } else errors = undefined;
  }
  if (result.status !== 'error' || handleErrors) return result;
  const texts = result.content.filter((b) => b.type === 'text').map((b) => b.text).join('\n');
  const data = { content: result.content, structured_content: result.artifact?.structured_content, validation_errors: errors };
  const safe = JSON.parse(redact(JSON.stringify({ message: errors ? texts : `MCP tool "${name}" returned an error: ${texts}`, data })));
  throw Object.assign(new MCPAdapterError('tool_error', safe.message), { data: safe.data });
}

/**
 * Tells `onWarning` (default `console.warn`) and `onLoggingMessage` (a `warning` of logger
 * `mcp-wasm-adapter`, with `{ server, tool }`), each through `told` (adapter.js): one that
 * throws or rejects breaks neither the call nor the other.
 */
function warn({ server, onWarning, onLoggingMessage }, told, tool, text) {
  told(() => (onWarning ?? console.warn)(`mcp-wasm-adapter: ${text}`));
  told(() => onLoggingMessage?.({ level: 'warning', logger: 'mcp-wasm-adapter', data: text }, { server, tool }));
}
