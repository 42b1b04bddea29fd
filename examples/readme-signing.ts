// The README's interruptKey snippet (repository README.md), checked by `tsc --strict` against
// the packed package in tests/package-types.test.mjs. What the README leaves to the reader is
// declared here.
import { MCPAdapter } from "mcp-wasm-adapter";
declare const url: string;

const adapter = new MCPAdapter(url, { interruptKey: process.env.MCP_INTERRUPT_KEY }); // ≥ 32 bytes
