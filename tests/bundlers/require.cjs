// require() of the main entry in a browser bundle (webpack): it gives the
// mcp-wasm-adapter/init API, whose adapters refuse to start before initialize(wasm).
const { initialize, MCPAdapter } = require('mcp-wasm-adapter');
const wasm = require('mcp-wasm-adapter/wasm');
const { listAndEcho, report } = require('./report.js');

report(async (url) => {
  let early;
  try {
    new MCPAdapter(url);
  } catch (e) {
    early = { code: e.code, message: e.message };
  }
  await initialize(wasm);
  return { early, ...(await listAndEcho(new MCPAdapter(url))) };
});
