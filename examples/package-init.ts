// The npm README's bundler snippet (pkg-template/README.md), checked by `tsc --strict` against
// the packed package and bundled with esbuild (browser and Node) in tests/bundlers.test.mjs.

import { initialize, MCPAdapter } from "mcp-wasm-adapter/init";
import wasm from "mcp-wasm-adapter/wasm";

await initialize(wasm);
const bundled = new MCPAdapter("https://example.com/mcp");
