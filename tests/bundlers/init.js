// mcp-wasm-adapter/init with the wasm import (what the npm README shows for esbuild): the
// loader decides whether `wasm` is a URL (browser) or the bytes (Node).
import { initialize, MCPAdapter } from 'mcp-wasm-adapter/init';
import wasm from 'mcp-wasm-adapter/wasm';
import { listAndEcho, report } from './report.js';

report(async (url) => {
  await initialize(wasm);
  return listAndEcho(new MCPAdapter(url));
});
