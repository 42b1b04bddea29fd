// Browsers (and any runtime that can fetch the module URL): compile the wasm streaming.
import init from './mcp_wasm_adapter.js';

await init({ module_or_path: new URL('./mcp_wasm_adapter_bg.wasm', import.meta.url) });

export { MCPAdapter, MCPAdapterError } from './adapter.js';
export { MCPAdapterGroup } from './group.js';
