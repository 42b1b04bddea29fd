// The main entry, imported as an app does: the bundler must ship the wasm it loads.
import { MCPAdapter } from 'mcp-wasm-adapter';
import { listAndEcho, report } from './report.js';

report((url) => listAndEcho(new MCPAdapter(url)));
