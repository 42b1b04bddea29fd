// Source of index.cjs (bundled to CommonJS by esbuild at build time): require() in Node.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initSync } from './mcp_wasm_adapter.js';

initSync({ module: readFileSync(join(__dirname, 'mcp_wasm_adapter_bg.wasm')) });

export { MCPAdapter, MCPAdapterError } from './adapter.js';
export { MCPAdapterGroup } from './group.js';
