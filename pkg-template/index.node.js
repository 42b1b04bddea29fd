// Node, Deno and Bun (ESM): compile the wasm from the package's own bytes, synchronously.
import { readFileSync } from 'node:fs';
import { initSync } from './mcp_wasm_adapter.js';

initSync({ module: readFileSync(new URL('./mcp_wasm_adapter_bg.wasm', import.meta.url)) });

export { MCPAdapter, MCPAdapterError } from './adapter.js';
export { MCPAdapterGroup } from './group.js';
