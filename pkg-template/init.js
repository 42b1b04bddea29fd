// mcp-wasm-adapter/init: the adapter without a wasm of its own to load. The host passes the
// wasm (bytes, a Response, a URL, or a compiled WebAssembly.Module) to `initialize()` once,
// then makes adapters. For bundlers that do not follow `new URL("…wasm", import.meta.url)`
// (esbuild, Rollup without a plugin, some server builds) and for CommonJS in browsers
// (init.cjs, bundled from this file by build.sh). No top-level await, no side effects.
import init, { initSync } from './mcp_wasm_adapter.js';
import { MCPAdapter as Adapter, MCPAdapterError } from './adapter.js';
import { MCPAdapterGroup as Group } from './group.js';

export { MCPAdapterError };

let ready = false;
/**
 * Whether `initialize()` is instantiating the wasm: the glue would then take the instance it
 * makes in place of one `initializeSync()` made meanwhile, under the adapters made from that.
 */
let instantiating = false;

/** Whether `source` is a `Response` (or looks like one, across realms). */
const isResponse = (source) => typeof Response === 'function' && (source instanceof Response || Object.prototype.toString.call(source) === '[object Response]');

/**
 * Instantiates the wasm from what the host passes; resolves once adapters can be made. A
 * string or `URL` is fetched (a non-2xx answer is an `http_status` error naming the URL, as a
 * bundler that did not copy the file gives). Calling it again does nothing.
 */
export async function initialize(wasm) {
  if (ready) return;
  let source = wasm;
  if (wasm instanceof Promise) {
    try {
      source = await wasm;
    } catch (e) {
      throw new MCPAdapterError('network', `initialize: fetching the wasm failed: ${e?.message ?? e}`);
    }
  }
  if (typeof source === 'string' || source instanceof URL) {
    const url = String(source);
    try {
      source = await fetch(url);
    } catch (e) {
      throw new MCPAdapterError('network', `initialize: fetching the wasm from ${url} failed: ${e?.message ?? e}`);
    }
  }
  if (isResponse(source) && !source.ok) {
    throw Object.assign(new MCPAdapterError('http_status', `initialize: fetching the wasm from ${source.url} gave HTTP ${source.status} (is mcp_wasm_adapter_bg.wasm served there?)`), { status: source.status });
  }
  if (!isResponse(source) && !(source instanceof WebAssembly.Module) && !ArrayBuffer.isView(source) && !(source instanceof ArrayBuffer)) {
    throw new MCPAdapterError('invalid_argument', 'initialize(wasm): pass the wasm as bytes, a Response, a URL or a WebAssembly.Module');
  }
  let module = source;
  if (!(source instanceof WebAssembly.Module)) {
    // an application/wasm answer compiles while it downloads
    const streaming = isResponse(source) && typeof WebAssembly.compileStreaming === 'function' && /^application\/wasm\b/.test(source.headers.get('content-type') ?? '');
    try {
      module = streaming ? await WebAssembly.compileStreaming(source) : await WebAssembly.compile(isResponse(source) ? await source.arrayBuffer() : source);
    } catch (e) {
      throw new MCPAdapterError('invalid_argument', `initialize(wasm): not a WebAssembly module (${e?.message ?? e})`);
    }
  }
  if (ready) return; // initializeSync() finished while this one compiled
  instantiating = true;
  try {
    await init({ module_or_path: ours(module) });
  } finally {
    instantiating = false;
  }
  ready = true;
}

/**
 * Instantiates the wasm synchronously from bytes or a compiled `WebAssembly.Module`. Calling
 * it again does nothing; calling it while `initialize()` instantiates is `invalid_argument`.
 */
export function initializeSync(wasm) {
  if (ready) return;
  if (instantiating) {
    throw new MCPAdapterError('invalid_argument', 'initializeSync(wasm): initialize() is instantiating the wasm already; await it instead');
  }
  if (!(wasm instanceof WebAssembly.Module) && !ArrayBuffer.isView(wasm) && !(wasm instanceof ArrayBuffer)) {
    throw new MCPAdapterError('invalid_argument', 'initializeSync(wasm): pass the wasm as bytes or a WebAssembly.Module');
  }
  let module = wasm;
  if (!(wasm instanceof WebAssembly.Module)) {
    try {
      module = new WebAssembly.Module(wasm);
    } catch (e) {
      throw new MCPAdapterError('invalid_argument', `initializeSync(wasm): not a WebAssembly module (${e?.message ?? e})`);
    }
  }
  initSync({ module: ours(module) });
  ready = true;
}

/**
 * `module`, once it is known to be this package's wasm. Instantiating another module (a stale
 * copy from another version, say) would fail inside the glue and leave it unusable for the
 * right one, so it is refused first: `invalid_argument`.
 */
function ours(module) {
  const names = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
  if (!names.has('__wbindgen_start') || !names.has('wasmclient_new')) {
    throw new MCPAdapterError('invalid_argument', 'initialize(wasm): this WebAssembly module is not mcp-wasm-adapter\'s mcp_wasm_adapter_bg.wasm (another file, or another version of the package?)');
  }
  return module;
}

function checkReady(what) {
  if (!ready) throw new MCPAdapterError('invalid_argument', `mcp-wasm-adapter/init: await initialize(wasm) (or call initializeSync(wasm)) before new ${what}()`);
}

/** `MCPAdapter` of the main entry, which first checks that `initialize()` has finished. */
export class MCPAdapter extends Adapter {
  constructor(url, options) {
    checkReady('MCPAdapter');
    super(url, options);
  }
}

/** `MCPAdapterGroup` of the main entry, which first checks that `initialize()` has finished. */
export class MCPAdapterGroup extends Group {
  constructor(servers, options) {
    checkReady('MCPAdapterGroup');
    super(servers, options);
  }
}
