// The npm README's bundler snippet (pkg-template/README.md), checked by `tsc --strict` against
// the packed package in tests/package-types.test.mjs; tests/bundlers/init.js is the same app,
// which tests/bundlers.test.mjs bundles with esbuild for browsers and Node and runs.

import { initialize, MCPAdapter } from "mcp-wasm-adapter/init";
import wasm from "mcp-wasm-adapter/wasm";

await initialize(wasm);
const bundled = new MCPAdapter("https://example.com/mcp");
