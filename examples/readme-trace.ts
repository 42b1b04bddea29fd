// The README's onTrace snippet (repository README.md), checked by `tsc --strict` against the
// packed package in tests/package-types.test.mjs. What the README leaves to the reader is declared here.
import { MCPAdapter } from "mcp-wasm-adapter";
declare const url: string;

const adapter = new MCPAdapter(url, {
  onTrace: (e) => console.debug(e.direction, e.method, e.status ?? "", e.message),
});
