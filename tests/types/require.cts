// CommonJS (`.cts` under `module: nodenext`): `require` gets index.d.cts / init.d.cts, typed
// as CommonJS, so this compiles (no TS1479) and names the same classes as the ESM entry.
import { MCPAdapter, MCPAdapterError } from "mcp-wasm-adapter";
import { initialize, initializeSync } from "mcp-wasm-adapter/init";
import type { ToolResult } from "mcp-wasm-adapter";

const adapter: MCPAdapter = new MCPAdapter("https://example.com/mcp");
const ready: Promise<void> = initialize(new Uint8Array(0));
initializeSync(new Uint8Array(0));
const check = (e: unknown): boolean => e instanceof MCPAdapterError && e.code === "cors";
const result: Promise<ToolResult | unknown> = adapter.callTool("echo");
void ready;
void check;
void result;
