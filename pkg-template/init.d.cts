/**
 * mcp-wasm-adapter/init: the adapter without a wasm of its own to load. The host passes the
 * wasm once, then makes adapters as with the main entry. For bundlers that do not follow
 * `new URL("…wasm", import.meta.url)` (esbuild, Rollup without a wasm plugin) and for
 * `require()` in browser bundles. The wasm file is exported as `mcp-wasm-adapter/wasm`.
 *
 * @example
 * import { initialize, MCPAdapter } from "mcp-wasm-adapter/init";
 * await initialize(new URL("/assets/mcp_wasm_adapter_bg.wasm", location.href));
 * const adapter = new MCPAdapter("https://host/mcp");
 *
 * @module mcp-wasm-adapter/init
 */
export * from './index.cjs';

/**
 * What {@link initialize} instantiates the wasm from: its bytes, a `Response` (or a promise of
 * one, such as `fetch(url)`; `application/wasm` compiles while it downloads), a URL to fetch
 * (`http(s):`; Node's `fetch` reads no `file:` URL, so pass the file's bytes there),
 * or a `WebAssembly.Module` (Cloudflare Workers' `.wasm` imports, Vercel Edge's `?module`).
 */
export type WasmSource = BufferSource | Response | Promise<Response> | URL | string | WebAssembly.Module;

/**
 * Instantiates the wasm; resolves once adapters can be made. Calling it again does nothing.
 * @throws {MCPAdapterError} `http_status` (a URL answered non-2xx: the file is not served
 *   there), `network` (the fetch failed), `invalid_argument` (not a {@link WasmSource},
 *   not WebAssembly, or not this package's wasm: another file or another version; the
 *   entry stays usable, so `initialize` can be called again with the right one).
 */
export declare function initialize(wasm: WasmSource): Promise<void>;

/**
 * Instantiates the wasm synchronously from its bytes or a compiled `WebAssembly.Module`
 * (browsers refuse to compile large modules synchronously on the main thread: use
 * {@link initialize} there). Calling it again does nothing.
 * @throws {MCPAdapterError} `invalid_argument` (neither bytes nor a module, or
 *   {@link initialize} is instantiating the wasm already: await it instead).
 */
export declare function initializeSync(wasm: BufferSource | WebAssembly.Module): void;
