// require() in Node (and bundles for Node): the CommonJS build of mcp-wasm-adapter/init
// (init.cjs), instantiated synchronously from the package's own wasm file.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const init = require('./init.cjs');

init.initializeSync(readFileSync(join(__dirname, 'mcp_wasm_adapter_bg.wasm')));

exports.MCPAdapter = init.MCPAdapter;
exports.MCPAdapterError = init.MCPAdapterError;
exports.MCPAdapterGroup = init.MCPAdapterGroup;
