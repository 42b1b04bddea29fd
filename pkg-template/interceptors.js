// Interceptors around tool calls: `async (request, next) => result` functions composed like an
// onion (the first given is the outermost). Used by MCPAdapter (adapter.js), MCPAdapterGroup
// (group.js) and toLangChainTools (langchain.js); each layer runs its own list around the layer
// below it, so a call from LangChain passes the LangChain interceptors, then the group's, then
// the adapter's. Nothing here imports the wasm: langchain.js loads this module too.
//
// An interceptor may call `next` zero times (it answers itself), once, or several times (a
// retry), and may change what `next` resolved to. Whatever `next` throws reaches it unchanged
// (errors keep their type), and interrupts are results like any other: no layer rewrites them.
//
// adapter.js and group.js import this module only when a call has interceptors to run
// (`loadInterceptors`), so a page that uses none never downloads it.

/**
 * The call option (a symbol, so no host option can clash) by which one layer tells the next
 * which server key and LangChain runtime a call has. `Symbol.for`: group.js names it without
 * importing this module.
 */
export const CALL_CONTEXT = Symbol.for('mcp-wasm-adapter.callContext');

/**
 * An error `instanceof MCPAdapterError` recognises (adapter.js matches on `name` and `code`),
 * made without importing adapter.js and with it the wasm glue.
 */
export function newMCPAdapterError(code, message, data) {
  const error = new Error(message);
  error.name = 'MCPAdapterError';
  error.code = code;
  if (data !== undefined) error.data = data;
  return error;
}

/** The `interceptors` option as an array of functions (`[]` when absent). */
export function interceptorList(value, what) {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((f) => typeof f === 'function')) {
    throw newMCPAdapterError('invalid_argument', `${what} must be an array of functions (request, next) => result`);
  }
  return [...value];
}

/**
 * Header names and values as a plain object with lower-case names: `base`, then `over` set on
 * top (a name in any case replaces the same name in another). Either may be a plain object, a
 * `Headers` or an array of pairs; values become strings, as `Headers` makes them.
 */
export function mergeHeaders(base, over) {
  try {
    const merged = new Headers(base ?? undefined);
    if (over !== undefined && over !== null) for (const [name, value] of new Headers(over)) merged.set(name, value);
    return Object.fromEntries(merged);
  } catch {
    // not the runtime's message: it may quote the value, a credential
    throw newMCPAdapterError('invalid_argument', 'headers must be an object, a Headers or [name, value] pairs of valid header names and values');
  }
}

/**
 * `args` as a request's own deep copy, made as the call sends them (`JSON.stringify`), so that
 * an interceptor's edits in place change what its request sends and never the caller's object
 * (through toLangChainTools, the tool call's arguments in the graph's state).
 */
function ownArgs(args) {
  let text;
  try {
    text = JSON.stringify(args ?? {});
  } catch (e) {
    throw newMCPAdapterError('invalid_argument', `tool arguments must be JSON-serializable: ${e?.message}`);
  }
  // a function or a symbol has no JSON text: the call refuses what this passes on
  return text === undefined ? args : JSON.parse(text);
}

/**
 * One tool call as interceptors see it. Frozen: `override()` gives a changed copy.
 * - `name`: the MCP tool name the call goes out under;
 * - `args`: the arguments, the request's own copy (see `ownArgs`): edits in place are sent by
 *   `next()` and reach no other request or caller, as LangChain's `wrapToolCall` middleware
 *   may edit `request.toolCall.args` in place;
 * - `server`: the server's key in an MCPAdapterGroup, else the adapter's URL;
 * - `headers`: what this call sends over the adapter's own `headers` (lower-case names), a
 *   frozen copy (an edit in place throws a `TypeError`: it could add a second spelling of a
 *   name, which `override()` merges);
 * - `signal`: the call's AbortSignal, if any;
 * - `runtime`: through toLangChainTools, the LangChain tool runtime (`toolCallId`, `state`,
 *   `context`, `store`, `config`: the run's own objects, as LangChain hands them to tools);
 *   otherwise undefined.
 */
export class ToolCallRequest {
  constructor({ name, args, server, headers, signal, runtime }) {
    this.name = name;
    this.args = ownArgs(args);
    this.server = server;
    this.headers = Object.freeze(mergeHeaders(headers));
    this.signal = signal;
    this.runtime = runtime;
    Object.freeze(this);
  }

  /**
   * A copy with `name` and `args` replaced and `headers` merged over this request's (names
   * compared case-insensitively).
   */
  override({ name, args, headers } = {}) {
    if (name !== undefined && typeof name !== 'string') throw newMCPAdapterError('invalid_argument', 'override: name must be a string');
    if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) {
      throw newMCPAdapterError('invalid_argument', 'override: args must be an object');
    }
    return new ToolCallRequest({
      name: name ?? this.name,
      args: args ?? this.args,
      server: this.server,
      headers: mergeHeaders(this.headers, headers),
      signal: this.signal,
      runtime: this.runtime,
    });
  }
}

/**
 * Runs `request` through `interceptors` (the first outermost) down to `terminal(request)`,
 * which makes the call. `next()` without an argument passes on the request the interceptor
 * got; `next(request.override(...))` a changed one.
 */
export function runInterceptors(interceptors, request, terminal) {
  const step = (i, current) => (given) => {
    const request = given === undefined ? current : given;
    if (!(request instanceof ToolCallRequest)) {
      throw newMCPAdapterError('invalid_argument', 'an interceptor called next() with something that is not a request (pass the request, or request.override(...))');
    }
    return i === interceptors.length ? terminal(request) : interceptors[i](request, step(i + 1, request));
  };
  return Promise.resolve().then(() => step(0, request)());
}

/** The option keys of a listing made with headers (adapter.js `fromListing`, which defines them too: it cannot import this lazily loaded module). */
const LISTING = Symbol.for('mcp-wasm-adapter.listing');
const LISTED_SCHEMA = Symbol.for('mcp-wasm-adapter.listedSchema');

/**
 * `options` with the `inputSchema`s of a listing made with headers (`schemas`, by tool name)
 * and that of tool `name`, whose `x-mcp-header`s its call mirrors (adapter.js `fromListing`).
 */
export function withListing(options, schemas, name) {
  return { ...options, [LISTING]: schemas, [LISTED_SCHEMA]: schemas.get(name) };
}

/**
 * The call options to send `request` with: `base`, and the request's signal and headers; for a
 * call through a tool of a listing made with headers, the `inputSchema` that listing showed of
 * the tool the request names (renamed or not), whose `x-mcp-header`s it mirrors.
 */
export function callOptionsOf(request, base, context) {
  const listing = base?.[LISTING];
  const options = listing === undefined ? { ...base } : withListing(base, listing, request.name);
  if (request.signal !== undefined) options.signal = request.signal;
  // no headers option when there are none: the exchange then skips building a Headers
  if (Object.keys(request.headers).length > 0) options.headers = request.headers;
  else delete options.headers;
  if (context !== undefined) options[CALL_CONTEXT] = context;
  return options;
}
