/**
 * mcp-wasm-adapter/wasm: the package's WebAssembly file (`mcp_wasm_adapter_bg.wasm`), for
 * `initialize()` of `mcp-wasm-adapter/init`. What the import gives depends on the bundler's
 * loader for `.wasm` files: a URL string (esbuild `--loader:.wasm=file`, Vite `?url`, Rollup's
 * url plugin), the bytes (esbuild `--loader:.wasm=binary`), or a compiled module (Cloudflare
 * Workers, Vercel Edge). `initialize()` takes each of them as it is.
 *
 * @module mcp-wasm-adapter/wasm
 */

/** The wasm, as the bundler's loader gives it (see above). */
declare const wasm: string | Uint8Array | WebAssembly.Module;
export default wasm;
