// MCPAdapterGroup: several MCP servers behind one object, each under a key of the host's
// choosing. A thin layer over one MCPAdapter per server (adapter.js): lists run on every server
// concurrently and say which server each entry came from; calls go to the server they name.
// See index.d.ts (MCPAdapterGroup) for the documented API.
import { APP_CALL, MCPAdapter, MCPAdapterError, fromListing, interceptorOption, isInterrupt, loadInterceptors, told } from './adapter.js';

/** The call option by which a group tells its adapter a call's server key (interceptors.js). */
const CALL_CONTEXT = Symbol.for('mcp-wasm-adapter.callContext');

export class MCPAdapterGroup {
  #adapters = new Map();
  #interceptors;
  #prefix;
  #onServerError;
  /** The interrupts this group handed out, by object: the key of the server each came from. */
  #from = new WeakMap();

  /**
   * @param {object} servers `{ [key]: url | { url, ...MCPAdapterOptions } | MCPAdapter }`
   * @param {object} [options] MCPAdapterOptions shared by the adapters the group builds, and
   *   the group's own `toolNamePrefix`, `onServerError` and `interceptors`.
   */
  constructor(servers, options = {}) {
    if (servers === null || typeof servers !== 'object' || Array.isArray(servers)) {
      throw new MCPAdapterError('invalid_argument', 'MCPAdapterGroup: servers must be an object { [key]: url | { url, ...options } | MCPAdapter }');
    }
    const { toolNamePrefix = false, onServerError = 'throw', interceptors, ...shared } = options ?? {};
    if (onServerError !== 'throw' && onServerError !== 'skip' && typeof onServerError !== 'function') {
      throw new MCPAdapterError('invalid_argument', 'option onServerError must be "throw", "skip" or a function');
    }
    this.#prefix = Boolean(toolNamePrefix);
    this.#interceptors = interceptorOption(interceptors);
    // "skip" reports through onWarning, as the adapters do
    const warn = typeof shared.onWarning === 'function' ? shared.onWarning : (text) => console.warn(text);
    this.#onServerError =
      onServerError === 'skip'
        ? (error, { server }) => warn(`mcp-wasm-adapter: server "${server}" skipped: ${error?.message ?? error}`)
        : onServerError;
    for (const [key, entry] of Object.entries(servers)) this.#adapters.set(key, buildAdapter(key, entry, shared));
    if (this.#adapters.size === 0) throw new MCPAdapterError('invalid_argument', 'MCPAdapterGroup: no servers given');
  }

  /** The server keys, in the order given. */
  get servers() {
    return [...this.#adapters.keys()];
  }

  /** The adapter of server `key`. */
  adapter(key) {
    const adapter = this.#adapters.get(key);
    if (adapter === undefined) throw new MCPAdapterError('invalid_argument', `MCPAdapterGroup: no server "${key}" (servers: ${this.servers.join(', ')})`);
    return adapter;
  }

  /**
   * Every server's tools: names as the servers give them (`{key}_{name}` with
   * `toolNamePrefix`), `mcpName` the server's own, `metadata.mcp.server.key` the server key.
   * Two tools under one name are a `tool_name_collision` error, whatever `onServerError` says.
   */
  async listTools(options = {}) {
    const tools = [];
    const owner = new Map();
    for (const [key, listed] of await this.#fromEach('listTools', (adapter) => adapter.listTools(options))) {
      // this server's inputSchemas in this listing, by MCP name (adapter.js `fromListing`)
      const schemas = new Map(listed.map((tool) => [tool.name, tool.inputSchema]));
      for (const tool of listed) {
        const mcpName = tool.name;
        const name = this.#prefix ? `${key}_${mcpName}` : mcpName;
        if (owner.has(name)) throw collision(name, owner.get(name), key, this.#prefix);
        owner.set(name, key);
        const mcp = tool.metadata?.mcp ?? {};
        tool.name = name;
        tool.mcpName = mcpName;
        tool.metadata = { ...tool.metadata, mcp: { ...mcp, server: { ...mcp.server, key } } };
        // with the listing's headers, as the adapter's own invoke (which this one replaces)
        tool.invoke = (args, callOptions) => this.callTool(key, mcpName, args, fromListing(options?.headers, callOptions, schemas, mcpName));
        tools.push(tool);
      }
    }
    return tools;
  }

  /** Calls tool `name` (the server's own name for it) on server `key`, through the group's interceptors. */
  async callTool(key, name, args, options = {}) {
    const adapter = this.adapter(key);
    const { runtime } = options?.[CALL_CONTEXT] ?? {};
    const context = { server: key, runtime };
    if (this.#interceptors.length === 0) return this.#mark(key, await adapter.callTool(name, args, { ...options, [CALL_CONTEXT]: context }));
    const { ToolCallRequest, callOptionsOf, runInterceptors } = await loadInterceptors();
    const request = new ToolCallRequest({ name, args, server: key, headers: options?.headers, signal: options?.signal, runtime });
    return this.#mark(key, await runInterceptors(this.#interceptors, request, (r) => adapter.callTool(r.name, r.args, callOptionsOf(r, options, context))));
  }

  /** {@link MCPAdapter.callToolFromApp} on server `key` (the view's), then through the group's interceptors. */
  async callToolFromApp(key, name, args, options = {}) {
    return this.adapter(key).callToolFromApp(name, args, { ...options, [APP_CALL]: (n, a, o) => this.callTool(key, n, a, o) });
  }

  /** {@link MCPAdapter.readAppResource} on server `key`. */
  async readAppResource(key, uri, options = {}) {
    return this.#mark(key, await this.adapter(key).readAppResource(uri, options));
  }

  /** `value`, remembered as server `key`'s when it is an interrupt (an object with a `type`). */
  #mark(key, value) {
    if (isInterrupt(value)) this.#from.set(value, key);
    return value;
  }

  /**
   * Continues an interrupt on the adapter of the server it came from: the one this group
   * handed it out for, else the one with `interrupt.server.url` (an `mcp_authorization`
   * interrupt names the server by its canonical URI, auth.js); refused when several have it.
   */
  async resume(interrupt, answer, options = {}) {
    const key = this.#owner(interrupt, 'resume');
    return this.#mark(key, await this.adapter(key).resume(interrupt, answer, options));
  }

  /** Cancels a task (an `mcp_task` handle, or a question it asked) on the adapter of its server, as {@link resume} finds it. */
  async cancelTask(task, options = {}) {
    await this.adapter(this.#owner(task, 'cancelTask')).cancelTask(task, options);
  }

  /** The key of the server an interrupt came from (see {@link resume}); `method` names the caller in errors. */
  #owner(interrupt, method) {
    const url = interrupt?.server?.url;
    const keys = this.servers;
    let found = this.#from.has(interrupt) ? [this.#from.get(interrupt)] : keys.filter((k) => sameUrl(this.#adapters.get(k).url, url));
    if (found.length === 0 && interrupt?.type === 'mcp_authorization') found = keys.filter((k) => sameUrl(resourceOf(this.#adapters.get(k).url), url));
    if (found.length > 1) {
      throw new MCPAdapterError('invalid_argument', `MCPAdapterGroup: servers ${found.map((k) => `"${k}"`).join(', ')} all have the interrupt's URL; use group.adapter(key).${method}()`);
    }
    if (found.length === 1) return found[0];
    throw new MCPAdapterError('invalid_argument', `MCPAdapterGroup: no server of this group has the interrupt's URL ${JSON.stringify(url)}`);
  }

  /** Every server's resources, each with `server` (its key) and `read()`. */
  listResources(options = {}) {
    return this.#merged('listResources', options);
  }

  /** Every server's resource templates, each with `server` (its key). */
  listResourceTemplates(options = {}) {
    return this.#merged('listResourceTemplates', options);
  }

  /** Every server's prompts, each with `server` (its key) and `get()`. */
  listPrompts(options = {}) {
    return this.#merged('listPrompts', options);
  }

  /** Reads resource `uri` of server `key`. */
  async readResource(key, uri, options = {}) {
    return this.#mark(key, await this.adapter(key).readResource(uri, options));
  }

  /** Gets prompt `name` of server `key`. */
  async getPrompt(key, name, args, options = {}) {
    return this.#mark(key, await this.adapter(key).getPrompt(name, args, options));
  }

  /** Ends every server's session (handshake era); see MCPAdapter.close. */
  async close() {
    await Promise.all([...this.#adapters.values()].map((adapter) => adapter.close()));
  }

  async #merged(method, options) {
    const out = [];
    for (const [key, entries] of await this.#fromEach(method, (adapter) => adapter[method](options))) {
      for (const entry of entries) {
        entry.server = key;
        out.push(entry);
      }
    }
    return out;
  }

  /**
   * `[key, answer]` of every server, asked concurrently, in the order of the keys. A failure
   * (or an interrupt where a list was expected: the server needs a sign-in first) is thrown
   * naming its server, or with `onServerError` "skip" or a function, reported and left out.
   */
  async #fromEach(operation, ask) {
    const keys = this.servers;
    const settled = await Promise.allSettled(keys.map((key) => ask(this.#adapters.get(key))));
    const out = [];
    for (const [i, outcome] of settled.entries()) {
      const server = keys[i];
      let error = outcome.reason;
      if (outcome.status === 'fulfilled') {
        if (Array.isArray(outcome.value)) {
          out.push([server, outcome.value]);
          continue;
        }
        error = new MCPAdapterError('authorization_required', `${operation} needs a sign-in first (an ${outcome.value?.type} interrupt, in this error's data: answer it with group.adapter(key).resume())`);
        error.data = { interrupt: outcome.value };
      }
      if (this.#onServerError === 'throw') throw namingServer(error, server);
      // a host function that throws or rejects breaks neither the list nor the process
      told(() => this.#onServerError(error, { server, operation }));
    }
    return out;
  }
}

/** The adapter for one entry of `servers`: an adapter as given, or one built from a URL. */
function buildAdapter(key, entry, shared) {
  if (entry !== null && typeof entry === 'object' && typeof entry.listTools === 'function' && typeof entry.callTool === 'function') return entry;
  const { url, ...own } = typeof entry === 'string' || entry instanceof URL ? { url: entry } : (entry ?? {});
  // the callbacks' context names the server by its key (MCPAdapterOptions.serverName)
  const options = { serverName: key, ...shared, ...own };
  if (typeof options.approval === 'function') options.approval = keyed(options.approval, key);
  try {
    return new MCPAdapter(url, options);
  } catch (e) {
    throw namingServer(e, key);
  }
}

/**
 * The `approval` predicate of server `key`'s adapter, shown each tool's metadata as
 * `group.listTools()` gives it: with `mcp.server.key`, on a copy (the interrupt the adapter
 * makes keeps the adapter's own metadata, which its signature covers).
 */
function keyed(approval, key) {
  return (call, context) => {
    const mcp = call?.metadata?.mcp;
    if (mcp === undefined) return approval(call, context);
    return approval({ ...call, metadata: { ...call.metadata, mcp: { ...mcp, server: { ...mcp.server, key } } } }, context);
  };
}

/** Whether two URLs are the same once parsed (`https://host` and `https://host/` are). */
function sameUrl(a, b) {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

/**
 * `url` as an RFC 8707 resource indicator (auth.js `canonicalResource`): no query, fragment or
 * credentials, no trailing slash.
 */
function resourceOf(url) {
  try {
    const u = new URL(url);
    u.search = u.hash = u.username = u.password = '';
    return u.href.replace(/\/$/, '');
  } catch {
    return undefined;
  }
}

/** `error` with `server` set and the server named at the start of its message. */
function namingServer(error, server) {
  if (error === null || typeof error !== 'object') return error;
  error.server = server;
  if (typeof error.message === 'string') error.message = `server "${server}": ${error.message}`;
  return error;
}

function collision(name, first, second, prefixed) {
  const hint = prefixed ? 'rename a server key' : 'pass toolNamePrefix: true to name tools {server}_{tool}';
  const error = new MCPAdapterError(
    'tool_name_collision',
    `servers "${first}" and "${second}" both offer a tool named "${name}"; ${hint}`,
  );
  error.data = { tool: name, servers: [first, second] };
  return error;
}
