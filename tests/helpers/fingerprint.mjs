// A listed tool's fingerprint computed with node:crypto, on its own (not the package's code):
// "sha256:" and the hex SHA-256 of the RFC 8785 canonical JSON of its MCP name, description,
// schemas and annotations. For the tests of fingerprints, definitions and runtimes.
import { createHash } from 'node:crypto';

/** RFC 8785 canonical JSON of JSON data (members sorted by UTF-16 code units). */
function canonical(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
}

/** The fingerprint of `tool` (an `MCPTool` or a tool definition). */
export function fingerprintOf(tool) {
  const fields = { name: tool.name, description: tool.description, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema, annotations: tool.metadata.mcp.tool.annotations };
  return `sha256:${createHash('sha256').update(canonical(fields)).digest('hex')}`;
}
