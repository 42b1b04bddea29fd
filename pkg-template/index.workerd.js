// workerd (Cloudflare Workers, wrangler, miniflare): the platform compiles a `.wasm` import to a
// `WebAssembly.Module` at deploy time (workerd forbids compiling wasm from bytes at run time), so
// instantiate that module synchronously; no file system, no fetch of the module URL.
import wasm from './mcp_wasm_adapter_bg.wasm';
import { initSync } from './mcp_wasm_adapter.js';

initSync({ module: wasm });

export { MCPAdapter, MCPAdapterError } from './adapter.js';
export { MCPAdapterGroup } from './group.js';
