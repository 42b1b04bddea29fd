// The JavaScript face of the adapter: a thin wrapper over the wasm `WasmClient`.
// Protocol logic lives in Rust; this file only parses the JSON text the core returns and
// attaches `invoke` to each tool. See index.d.ts for the documented shapes. MCP documents are
// cited by their path in the specification:
// https://modelcontextprotocol.io/specification/2026-07-28
import { WasmClient, redactSecrets } from './mcp_wasm_adapter.js';

/**
 * The error every adapter failure is thrown as. The core creates plain `Error` objects named
 * `MCPAdapterError`; `instanceof MCPAdapterError` recognises them (also across realms).
 */
export class MCPAdapterError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'MCPAdapterError';
    this.code = code;
  }
  static [Symbol.hasInstance](value) {
    return value != null && typeof value === 'object' && value.name === 'MCPAdapterError' && typeof value.code === 'string';
  }
}

/** Interrupt signing and the checks `resume()` makes first (signing.js), loaded on first need. */
let signing;
const loadSigning = () => (signing ??= import('./signing.js'));
/** MCP Apps (apps.js), loaded by the first listing with an app's tools, read or call of a view. */
const loadApps = () => import('./apps.js');
/** Option names that bring controls.js (its `OPTIONS`; an `approval` predicate does too: its gate records fingerprints). */
const CONTROLS = /Tools|definitions|traceContext|maxResult/;

export class MCPAdapter {
  #client;
  #url;
  #auth;
  #interceptors;
  #handleToolErrors;
  #validateOutput;
  #report;
  /** `{ schema, check?, off? }` by name, of each tool listed with an `outputSchema`. */
  #outputs = new Map();
  #key; // the interruptKey, a promise of a CryptoKey (signing.js)
  #inputSchemas = new Map(); // inputSchema by tool name, from the last listTools()
  #listedSchemas = new WeakMap(); // interrupt -> the listed inputSchema its call mirrored per (#fromListed)
  #gated; // whether the `approval` option is set
  #appUis = new Map(); // metadata.mcp.ui by tool name, of the last listTools()'s app tools
  #c; // the agent controls (controls.js): `#c(hook, ...args)` runs a hook once the module checked the options

  constructor(url, options = {}) {
    const target = url instanceof URL ? url.href : url;
    this.#interceptors = interceptorOption(options?.interceptors);
    const auth = options?.auth;
    if (auth != null) {
      // OAuth (mcp-wasm-adapter/auth): the provider's session wraps the fetch of every request
      if (typeof auth.bind !== 'function') throw new MCPAdapterError('invalid_argument', 'option auth must be an auth provider (see mcp-wasm-adapter/auth)');
      this.#auth = auth.bind(String(target), options.fetch, this);
      options = { ...options, fetch: this.#auth.fetch };
    }
    const onTrace = options?.onTrace;
    if (typeof onTrace === 'function') {
      // what tells onTrace each message (trace.js) loads with the adapter; each exchange waits for it
      const traces = import('./trace.js').then(
        (m) => m.tracer(onTrace),
        (e) => Promise.reject(new MCPAdapterError('invalid_argument', `option onTrace: trace.js did not load (${e?.message ?? e})`)),
      );
      traces.catch(() => {});
      options = { ...options, onTrace: () => traces.then((make) => make()) };
    }
    this.#url = String(target);
    this.#report = { server: options?.serverName ?? this.#url, onWarning: options?.onWarning, onLoggingMessage: options?.onLoggingMessage };
    this.#gated = typeof options?.approval === 'function';
    if (this.#gated || CONTROLS.test(Object.keys(options ?? {}))) {
      const c = this.#k(options);
      // the gate asks about a tool whose definition changed since the listing before, and sees the definitions' metadata
      if (this.#gated) options = { ...options, approval: c.bind(null, 'gate') };
    }
    this.#handleToolErrors = flag(options?.handleToolErrors, 'handleToolErrors') ?? true;
    this.#validateOutput = flag(options?.validateOutput, 'validateOutput') ?? true;
    this.#client = new WasmClient(target, options ?? {});
    const key = options?.interruptKey;
    if (key != null) {
      // one key, or a list: the current one (which signs) first, then older ones (which verify)
      const keys = [key].flat();
      const bad = (k) => k !== true && !((typeof k === 'string' ? new TextEncoder().encode(k).length : k?.byteLength) >= 32) && String(k) !== '[object CryptoKey]';
      if (keys.length === 0 || keys.some(bad)) {
        throw new MCPAdapterError('invalid_argument', 'option interruptKey must be true, an HMAC CryptoKey, or a string or bytes of at least 32 bytes, or a list of them');
      }
      this.#key = loadSigning().then((m) => m.importKey(key));
      this.#key.catch(() => {});
      // the auth module's sign-in interrupts come from its own wrappers of the calls: sign them too
      for (const name of Object.keys(this)) {
        const call = this[name];
        if (typeof call === 'function') this[name] = async (...args) => this.#seal(await call(...args));
      }
    }
  }

  /**
   * The adapter's controls: filters, fingerprints, definitions, result caps and trace context
   * (controls.js, loaded for adapters given them), made on first need, of adapter options `o`.
   * They see the adapter's listing through a closure: `(name)` the `inputSchema` of tool `name`
   * in the last one, `(name, options)` a new one.
   */
  #k(o = {}) {
    let c = this.#c;
    if (!c) {
      c = this.#c = (hook, ...a) => c.ready.then((m) => m[hook](c, ...a));
      c.ready = import('./controls.js').then((m) => m.setup(c, o, this.#report, (name, x) => (x ? this.#list(x) : this.#inputSchemas.get(name)), MCPAdapterError));
      c.ready.catch(() => {});
    }
    return c;
  }

  /** `next()`, or the hook `hook` of controls.js around it (`hook(c, next, ...a)`) when the adapter has controls. */
  #h(hook, next, ...a) {
    return this.#c ? this.#c(hook, next, ...a) : next();
  }

  /** `options`, or a promise of them with the request's trace context and checked caps, when controls.js has a say (controls.js `traced`). */
  #t(options) {
    // the global through which every copy of `@opentelemetry/api` 1.x finds the registered SDK
    return this.#c || globalThis[Symbol.for('opentelemetry.js.api.1')] || CONTROLS.test(Object.keys(options)) ? this.#k()('traced', options) : options;
  }

  /** `value`, signed when it is an interrupt and the adapter has an `interruptKey`. */
  async #seal(value) {
    return this.#key ? (await loadSigning()).seal(this.#key, value) : value;
  }

  /** {@link #seal}, for the LangChain glue's questions asked again (`asked_again`). */
  [Symbol.for('mcp-wasm-adapter.seal')](value) {
    return this.#seal(value);
  }

  /**
   * Whether the `approval` option gates calling tool `name` with `args`: its predicate asked as
   * a call asks it (the tools listed first when `name` is not in the last listing), and nothing
   * sent. For mcp-wasm-adapter/ai, whose `needsApproval` asks it before the AI SDK runs a call.
   */
  async [Symbol.for('mcp-wasm-adapter.gates')](name, args, options = {}) {
    if (!this.#gated) return false;
    await this.#ensureListed(name, options);
    return (await this.#client.callTool(name, args, { ...options, ...CHECK_ONLY })) !== undefined;
  }

  /**
   * Checks `answer` as `resume()` does before anything is sent (the signature, the decision,
   * edited args, the form) and sends nothing: resolves when `resume()` would take it, rejects
   * with the error it would give.
   */
  async validateAnswer(interrupt, answer) {
    await this.#resume(interrupt, answer, CHECK_ONLY);
  }

  /** Finishes a sign-in the `auth` provider started, from the URL the authorization server redirected to. */
  async finishAuth(callbackUrl) {
    await this.#needAuth().finish(callbackUrl instanceof URL ? callbackUrl.href : callbackUrl);
  }

  #needAuth() {
    if (!this.#auth) throw new MCPAdapterError('invalid_argument', 'this adapter has no auth provider');
    return this.#auth;
  }

  /** The server URL as given. */
  get url() {
    return this.#url;
  }

  /** The negotiated protocol revision, or undefined before the first call. */
  get protocolVersion() {
    return this.#client.protocolVersion;
  }

  /** What server/discover said ({ supportedVersions, capabilities, serverInfo, instructions }), or undefined before the first call. */
  get server() {
    const text = this.#client.serverJson();
    return text === undefined ? undefined : JSON.parse(text);
  }

  /** The server's `instructions` (server/discover or initialize): null when it gave none, undefined before the first call. */
  get instructions() {
    return this.server?.instructions;
  }

  async listTools(options = {}) {
    return this.#list(options ?? {});
  }

  /** The adapter's listing (`listTools(options)`) as plain JSON definitions, each with its `fingerprint`. */
  async toolDefinitions(options = {}) {
    const tools = await this.#list(options ?? {});
    return this.#k()('definitionsOf', tools);
  }

  /** `listTools()` itself, out of reach of the auth module's wrappers (which turn a sign-in into an interrupt). */
  async #list(options) {
    options = await this.#t(options);
    // the adapter's listing, which its approval gate and checks read; one with the call's own
    // headers (perhaps another user's) is the caller's alone, and so are its tools' calls
    const headers = options.headers;
    const own = headers == null;
    // the controls checked first (a malformed option sends nothing); their `definitions` may stand for the listing
    let { server, tools } = decodeResult(await this.#h('list', () => this.#client.listTools(given(options)), options));
    const outputs = new Map();
    const inputSchemas = new Map();
    let apps = false;
    for (const tool of tools) {
      const name = tool.name;
      // the core leaves out what every tool would read back the same way (ListedTool::
      // write_description): a prepared schema that equals inputSchema (the usual case), the
      // nulls, and the server's identity, which it sends once
      tool.schema ??= tool.inputSchema;
      tool.title ??= null;
      tool.outputSchema ??= null;
      const { mcp } = tool.metadata;
      if (server) mcp.server = { name: server.name, version: server.version };
      const fields = mcp.tool;
      fields._meta ??= null;
      fields.annotations ??= null;
      fields.icons ??= null;
      fields.title ??= null;
      apps ||= fields._meta?.ui !== undefined || fields._meta?.['ui/resourceUri'] !== undefined;
      inputSchemas.set(name, tool.inputSchema);
      tool.invoke = (args, callOptions) => this.callTool(name, args, fromListing(headers, callOptions, inputSchemas, name));
      if (tool.outputSchema != null) {
        // compiled checks are kept while the schema stays the same
        const known = this.#outputs.get(name);
        const same = (known?.check ?? known?.off) !== undefined && JSON.stringify(known.schema) === JSON.stringify(tool.outputSchema);
        outputs.set(name, same ? known : { schema: tool.outputSchema });
      }
    }
    // an app's tools: metadata.mcp.ui, its warnings as the core's about a tool's fields
    const warn = (text) => told(() => (this.#report.onWarning ?? console.warn)(`mcp-wasm-adapter: ${text}`));
    const uis = apps ? (await loadApps()).readToolUis(tools, warn) : new Map();
    // the filters, which leave tools out of the maps too
    tools = await this.#h('listed', () => tools, tools, own, [inputSchemas, outputs, uis]);
    if (own) {
      this.#inputSchemas = inputSchemas;
      this.#outputs = outputs;
      this.#appUis = uis;
    }
    return tools;
  }

  /**
   * A call of tool `name` from the view `options.resourceUri` of an MCP App: refused with
   * `app_call_refused` unless the tool is in the adapter's listing (listed first when it is
   * not), its visibility includes `"app"` and the view is one of this server's (apps.js).
   */
  async callToolFromApp(name, args, options = {}) {
    const { resourceUri, [APP_CALL]: send = (...call) => this.callTool(...call), ...rest } = options ?? {};
    await this.#ensureListed(name, rest);
    (await loadApps()).checkAppCall(name, resourceUri, this.#inputSchemas.has(name), this.#appUis, MCPAdapterError);
    return send(name, args, rest);
  }

  /** The view of an MCP App at `uri` (`ui://`), checked: `{ uri, html, ui }` (apps.js). */
  async readAppResource(uri, options = {}) {
    return (await loadApps()).readAppResource(this, uri, options ?? {}, MCPAdapterError);
  }

  /** Ends a handshake-era session (DELETE); a no-op for sessionless servers. */
  async close() {
    await this.#client.close();
  }

  async callTool(name, args, options = {}) {
    if (typeof name !== 'string') throw new MCPAdapterError('invalid_argument', 'tool name must be a string');
    // awaited only when controls.js made it a promise (one microtask less per plain call)
    const traced = this.#t(options ?? {});
    options = traced instanceof Promise ? await traced : traced;
    // through a tool of a listing made with call headers (fromListing): its interrupt answers as it called
    let listed = options?.[LISTED_SCHEMA];
    if (this.#interceptors.length === 0) {
      const out = await this.#send(name, args, options ?? {});
      return this.#fromListed(this.#key ? await this.#seal(out) : out, listed);
    }
    // the `interceptors` option: the request goes through them, then out
    const { CALL_CONTEXT, ToolCallRequest, callOptionsOf, runInterceptors } = await loadInterceptors();
    const { server, runtime } = options?.[CALL_CONTEXT] ?? {};
    const request = new ToolCallRequest({ name, args, server: server ?? this.#url, headers: options?.headers, signal: options?.signal, runtime });
    // an interrupt is signed as the host gets it, after the interceptors
    const send = (r) => {
      const sent = callOptionsOf(r, options);
      // an interceptor may rename the call: its interrupt answers as the tool called
      if (sent[LISTING] !== undefined) listed = sent[LISTED_SCHEMA];
      return this.#send(r.name, r.args, sent);
    };
    return this.#fromListed(await this.#seal(await runInterceptors(this.#interceptors, request, send)), listed);
  }

  #send(name, args, options) {
    // the approval predicate reads the tool's metadata from the last listing: list first when
    // this tool is not in it, so that a gate on annotations never lets a call pass unseen
    // the filters, pins and caps (controls.js) around it
    return this.#h('call', () => (this.#gated ? this.#ensureListed(name, options).then(() => this.#sendListed(name, args, options)) : this.#sendListed(name, args, options)), name, options);
  }

  #sendListed(name, args, options) {
    const policy = this.#policy(options);
    const send = (o = options) => this.#client.callTool(name, args, given(o));
    return this.#relisting(name, options, send).then((raw) => this.#finish(name, decodeResult(raw), policy));
  }

  /**
   * `send()` of a tool call (or of the answer to its interrupt), sent once more after a
   * `listTools()` when the server refused it with `-32020` (header mismatch) and it mirrors
   * per the adapter's own listing: an adapter that has not listed the tool's `x-mcp-header`
   * arguments yet (a fresh one, resuming an interrupt from another process, say). MCP
   * 2026-07-28 `server/tools.mdx`: the client SHOULD list again and retry; the server refused
   * the request before running it.
   */
  #relisting(name, options, send) {
    let sent;
    try {
      // from definitions (controls.js): mirrored per them, and sent again when the server says they are stale
      sent = this.#h('sent', send, name, options, () => this.#relist(name, options));
    } catch (e) {
      sent = Promise.reject(e);
    }
    // a rejection handler, not an async function around an await: no promise of its own per call
    return sent.catch(async (e) => {
      if (e?.rpcCode !== -32020 || options?.[LISTING] !== undefined || options?.[LISTED_SCHEMA] !== undefined || !(await this.#relist(name, options))) throw e;
      return send();
    });
  }

  /** Whether tool `name` is in a new listing: false when it is not, or the listing fails (the call's own outcome then stands). */
  #relist(name, options) {
    return this.#list({ signal: options?.signal, timeoutMs: options?.timeoutMs }).then(() => this.#inputSchemas.has(name), () => false);
  }

  /**
   * Lists the tools first when `name` is not in the last listing: the approval predicate's
   * metadata and the edited-args check's inputSchema come from the adapter's own listing.
   */
  async #ensureListed(name, options) {
    if (!this.#inputSchemas.has(name)) await this.#list({ signal: options.signal, timeoutMs: options.timeoutMs });
  }

  /**
   * `out`; when it is an interrupt and `schema` is given (the `inputSchema` a listing made
   * with call `headers` showed of the tool whose call gave it: the adapter's own tools' invoke,
   * a group's), remembered with it, so that `resume()` of this very object mirrors the
   * arguments as the call did (a copy, e.g. from a checkpoint, mirrors per the adapter's own
   * listing unless its resume options carry the schema, as toLangChainTools's do).
   */
  #fromListed(out, schema) {
    if (schema !== undefined && isInterrupt(out)) this.#listedSchemas.set(out, schema);
    return out;
  }

  /** Continues a call that returned an interrupt. */
  async resume(interrupt, answer, options = {}) {
    const schema = interrupt !== null && typeof interrupt === 'object' ? this.#listedSchemas.get(interrupt) : undefined;
    if (schema !== undefined && options?.[LISTED_SCHEMA] === undefined) options = { ...options, [LISTED_SCHEMA]: schema };
    return this.#fromListed(await this.#resume(interrupt, answer, options), schema);
  }

  async #resume(interrupt, answer, options) {
    if (options !== CHECK_ONLY) options = await this.#t(options ?? {});
    const policy = this.#policy(options);
    // with an interruptKey: the signature first (signing.js); an approval's edited args against the tool's inputSchema
    if (this.#key || interrupt?.type === 'mcp_approval') {
      const lookup = async (name) => {
        await this.#ensureListed(name, options ?? {});
        return this.#inputSchemas.get(name);
      };
      await (await loadSigning()).beforeResume(this.#key, interrupt, answer, lookup);
    }
    const tool = interrupt?.tool_name;
    const call = (interrupt?.method ?? 'tools/call') === 'tools/call' && typeof tool === 'string';
    // the filters, pins and caps; an approval whose tool's definition changed since (controls.js,
    // in any adapter: the interrupt records the fingerprint its person was asked about)
    if (call && interrupt.tool_fingerprint) this.#k();
    return this.#h('resume', async () => {
      if (options === CHECK_ONLY && interrupt?.type === 'mcp_authorization') return; // the sign-in is checked when finished
      // finishes the sign-in, then sends the interrupted call again (auth.js)
      if (interrupt?.type === 'mcp_authorization') return this.#needAuth().resume(this, interrupt, answer, options);
      // the core gives the same shapes as callTool() / readResource() / getPrompt()
      const send = () => this.#client.resume(interrupt, answer, options);
      if (options === CHECK_ONLY) return send();
      const out = shapeResult(decodeResult(await (call ? this.#relisting(tool, options, send) : send())), interrupt?.method);
      // a rejected approval is the person's answer, never checked or thrown
      const rejected = interrupt?.type === 'mcp_approval' && answer?.decision === 'reject';
      return this.#seal(call && !rejected ? await this.#finish(tool, out, policy) : out);
    }, call, interrupt, answer, options);
  }

  /**
   * Cancels the task of an `mcp_task` handle, or of an `mcp_elicitation` a task asked
   * (`tasks/cancel`); with an `interruptKey`, only one it signed.
   */
  async cancelTask(task, options = {}) {
    if (this.#key) await (await loadSigning()).beforeResume(this.#key, task);
    // the core's resume of a task, told to cancel it (src/bindings/tools.rs)
    await this.#client.resume(task, undefined, { ...options, [CANCEL_TASK]: true });
  }

  /** `[validateOutput, handleToolErrors]` of a call, checked before sending. */
  #policy(options) {
    return [flag(options.validateOutput, 'validateOutput') ?? this.#validateOutput, flag(options.handleToolErrors, 'handleToolErrors') ?? this.#handleToolErrors];
  }

  /**
   * A tool result, checked (outputSchema) or thrown (`tool_error`) by results.js when needed
   * (then a promise); most results are returned as they are, with no promise of their own.
   */
  #finish(name, result, [validate, handleErrors]) {
    if (result?.type !== 'tool_result') return result; // an interrupt
    const entry = this.#outputs.get(name);
    const check = validate && entry !== undefined && !entry.off && result.status !== 'error';
    if (!check && (result.status !== 'error' || handleErrors)) return result;
    return (results ??= import('./results.js')).then(({ finishResult }) =>
      finishResult(name, result, check ? entry : undefined, handleErrors, { report: this.#report, MCPAdapterError, redact: redactSecrets, told }),
    );
  }

  // --- resources, prompts, completion, subscriptions -------------------------------------
  // (MCP 2026-07-28 `server/resources.mdx`, `server/prompts.mdx`,
  // `server/utilities/completion.mdx`, `basic/patterns/subscriptions.mdx`)

  /** All resources (`resources/list`, every page), each with `read(options)`. */
  async listResources(options = {}) {
    const resources = decodeResult(await this.#client.listResources(await this.#t(options ?? {})));
    for (const resource of resources) {
      const uri = resource.uri;
      resource.read = (readOptions) => this.readResource(uri, fromListing(options?.headers, readOptions));
    }
    return resources;
  }

  /** All resource templates (`resources/templates/list`, every page). */
  async listResourceTemplates(options = {}) {
    return decodeResult(await this.#client.listResourceTemplates(await this.#t(options ?? {})));
  }

  /** Reads one resource: its contents as `ResourceContent`s, or an interrupt. */
  async readResource(uri, options = {}) {
    const target = uri instanceof URL ? uri.href : uri;
    if (typeof target !== 'string') throw new MCPAdapterError('invalid_argument', 'the resource uri must be a string');
    return this.#seal(shapeResult(decodeResult(await this.#client.readResource(target, await this.#t(options ?? {}))), 'resources/read'));
  }

  /**
   * Reads several resources (all listed ones when `uris` is omitted), one after the other:
   * their contents in order, an interrupt in place of a read that needs input; the listing's
   * sign-in interrupt (auth that interrupts) when the listing needs one.
   */
  async getResources(request = {}, options = {}) {
    const uris = request?.uris;
    let list = typeof uris === 'string' || uris instanceof URL ? [uris] : uris;
    if (uris == null) {
      const listed = await this.listResources(options);
      if (!Array.isArray(listed)) return listed;
      list = listed.map((r) => r.uri);
    }
    if (!Array.isArray(list)) throw new MCPAdapterError('invalid_argument', 'uris must be an array of resource URIs');
    const out = [];
    for (const uri of list) {
      const read = await this.readResource(uri, options);
      if (Array.isArray(read)) out.push(...read);
      else out.push(read);
    }
    return out;
  }

  /** All prompts (`prompts/list`, every page), each with `get(args, options)`. */
  async listPrompts(options = {}) {
    const prompts = decodeResult(await this.#client.listPrompts(await this.#t(options ?? {})));
    for (const prompt of prompts) {
      const name = prompt.name;
      prompt.get = (args, getOptions) => this.getPrompt(name, args, fromListing(options?.headers, getOptions));
    }
    return prompts;
  }

  /** Gets a prompt: its messages (`{ role, content: [v1 blocks] }`), or an interrupt. */
  async getPrompt(name, args, options = {}) {
    if (typeof name !== 'string') throw new MCPAdapterError('invalid_argument', 'the prompt name must be a string');
    return this.#seal(decodeResult(await this.#client.getPrompt(name, args, await this.#t(options ?? {}))));
  }

  /** `completion/complete`: suggestions for one argument of a prompt or resource template. */
  async complete(ref, argument, context, options = {}) {
    return decodeResult(await this.#client.complete(ref, argument, context, await this.#t(options ?? {})));
  }

  /**
   * Listens for change notifications; resolves once the server acknowledged the
   * subscription, to `{ acknowledged, closed, close() }`.
   */
  async subscribe(filter, onNotification, options = {}) {
    // with onToolsChanged, a tools list_changed makes the adapter list again (controls.js)
    const listen = await this.#h('listening', () => onNotification, onNotification);
    const handle = await this.#client.subscribe(filter, listen, options ?? {});
    const acknowledged = JSON.parse(handle.acknowledged);
    const closed = handle.closed;
    let open = true;
    closed.then(() => {
      open = false;
      handle.free();
    });
    return {
      acknowledged,
      closed,
      close() {
        if (open) handle.close();
      },
    };
  }

  /** Forgets every cached result of this adapter (and the shared public results of its server). */
  clearCache() {
    this.#client.clearCache();
  }
}

/**
 * The `interceptors` option as an array of functions (`[]` when absent). What runs them
 * (interceptors.js) is loaded by {@link loadInterceptors} on the first intercepted call, so
 * pages that use none do not download it.
 */
export function interceptorOption(value) {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value) && value.every((f) => typeof f === 'function')) return [...value];
  throw new MCPAdapterError('invalid_argument', 'option interceptors must be an array of functions (request, next) => result');
}

/** The interceptors module (interceptors.js), imported once, when first needed. */
export const loadInterceptors = () => import('./interceptors.js');

/**
 * One content of a resource (`TextResourceContents` or `BlobResourceContents`), Blob-like:
 * `text` (text contents) or `data` (base64, binary contents), `mimeType`, `metadata.uri`.
 * Plain data when serialized (`JSON.stringify` keeps `uri`, `text`/`data`, `mimeType`,
 * `metadata`).
 */
class ResourceContent {
  constructor(entry) {
    this.uri = entry.metadata.uri;
    if (typeof entry.text === 'string') this.text = entry.text;
    else this.data = entry.data;
    this.mimeType = entry.mimeType;
    this.metadata = entry.metadata;
  }

  /** The contents as a string (binary contents decoded as UTF-8). */
  asString() {
    return this.text ?? new TextDecoder().decode(this.asBytes());
  }

  /** The contents as bytes (text contents encoded as UTF-8). */
  asBytes() {
    if (this.text !== undefined) return new TextEncoder().encode(this.text);
    const binary = atob(this.data);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  /** A standard `Blob` of the contents, typed with `mimeType`. */
  toBlob() {
    if (typeof Blob !== 'function') throw new MCPAdapterError('not_supported', 'this runtime has no Blob');
    return new Blob([this.asBytes()], { type: this.mimeType });
  }
}

let results;

/**
 * Calls a host callback (`() => f(…)`) as the core calls its own (`ignoreRejection` in
 * src/bindings/exchange.js): what it throws, or the promise it returns rejects with
 * (unhandled, that would end a Node process), breaks neither the caller nor the next callback.
 */
export function told(call) {
  try {
    call()?.catch?.(() => {});
  } catch {
    // ignored, as said
  }
}

/** Whether `value`, what a call or a resume gave, is an interrupt (an object whose `type` is not `tool_result`). */
export function isInterrupt(value) {
  return typeof value?.type === 'string' && value.type !== 'tool_result';
}

/** The option key by which a group sends an app's call once checked: through its interceptors. */
export const APP_CALL = Symbol.for('mcp-wasm-adapter.appCall');

/** The option key of a listed tool's `inputSchema` (see {@link fromListing}). */
const LISTED_SCHEMA = Symbol.for('mcp-wasm-adapter.listedSchema');
/** The options of a resume that only checks the answer (`RequestOptions::check_only` in the core). */
const CHECK_ONLY = { [Symbol.for('mcp-wasm-adapter.checkOnly')]: true };
/** The option of a resume that cancels the task it is given (`RequestOptions::cancel` in the core). */
const CANCEL_TASK = Symbol.for('mcp-wasm-adapter.cancelTask');
/** The option key of that listing's `inputSchema`s by tool name (see {@link fromListing}). */
const LISTING = Symbol.for('mcp-wasm-adapter.listing');

/**
 * The options of a call through what a listing handed back (a tool's `invoke`, a resource's
 * `read`, a prompt's `get`): with the listing's `headers` (another user's, perhaps) unless the
 * call passes its own, and for tool `name` the `inputSchema`s that listing showed (`schemas`,
 * by name), whose `x-mcp-header`s the call mirrors: that of `name`, or of the tool an
 * interceptor renames the call to (interceptors.js `callOptionsOf`; src/bindings/options.rs
 * `listed_mirrors`). Symbols, which no host option can clash with; they stay in the bound
 * method's closure, never data of the entry. A listing without headers is the adapter's own:
 * its calls go as they are.
 */
export function fromListing(headers, options, schemas, name) {
  if (headers == null) return options;
  const out = { ...options };
  out.headers ??= headers;
  if (schemas !== undefined) {
    out[LISTING] = schemas;
    out[LISTED_SCHEMA] = schemas.get(name);
  }
  return out;
}

/**
 * The call options as the core gets them: undefined for a plain object without keys (the
 * usual `{}`), which the core then does not read option by option across the boundary.
 */
function given(options) {
  return Object.getPrototypeOf(options) !== Object.prototype || Reflect.ownKeys(options).length ? options : undefined;
}

/** A boolean option, or undefined. */
function flag(value, name) {
  if (value == null || typeof value === 'boolean') return value ?? undefined;
  throw new MCPAdapterError('invalid_argument', `option ${name} must be a boolean`);
}

/**
 * A result from the core: JSON text, or `[jsonText, [path, string], ...]` when large strings
 * (base64 media, big text) travel beside the JSON; each goes back to its path (see
 * src/bindings/json.rs).
 */
function decodeResult(raw) {
  if (typeof raw === 'string') return JSON.parse(raw);
  const value = JSON.parse(raw[0]);
  for (let i = 1; i < raw.length; i += 1) {
    const [path, string] = raw[i];
    let at = value;
    for (let j = 0; j < path.length - 1; j += 1) at = at[path[j]];
    at[path[path.length - 1]] = string;
  }
  return value;
}

/** A `resources/read` result (array of contents JSON) as `ResourceContent`s; interrupts unchanged. */
function shapeResult(value, method) {
  if (method === 'resources/read' && Array.isArray(value)) return value.map((entry) => new ResourceContent(entry));
  return value;
}
