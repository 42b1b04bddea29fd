// The README's "Interceptors" snippet (repository README.md), checked by `tsc --strict` against the
// packed package in tests/package-types.test.mjs. What the README leaves to the reader is declared here.
import { MCPAdapter, MCPAdapterError } from "mcp-wasm-adapter";
import type { ToolCallInterceptor } from "mcp-wasm-adapter";
declare const url: string;
declare function userId(): string;

const asUser: ToolCallInterceptor = (request, next) => next(request.override({ headers: { "X-User": userId() } }));
const retry: ToolCallInterceptor = async (request, next) => {
  try { return await next(); } catch (e) { if (e instanceof MCPAdapterError && e.code === "http_status") return next(); throw e; }
};
const adapter = new MCPAdapter(url, { interceptors: [asUser, retry] });
