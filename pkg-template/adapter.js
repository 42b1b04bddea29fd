// The JavaScript face of the adapter: a thin wrapper over the wasm `WasmClient`.
// Protocol logic lives in Rust; this file only parses the JSON text the core returns and
// attaches `invoke` to each tool. See index.d.ts for the documented shapes.
import { WasmClient } from './mcp_wasm_adapter.js';

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

export class MCPAdapter {
  #client;
  #url;

  constructor(url, options = {}) {
    const target = url instanceof URL ? url.href : url;
    this.#client = new WasmClient(target, options ?? {});
    this.#url = String(target);
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

  async listTools(options = {}) {
    const tools = JSON.parse(await this.#client.listTools(options ?? {}));
    for (const tool of tools) {
      const name = tool.name;
      tool.invoke = (args, callOptions) => this.callTool(name, args, callOptions);
    }
    return tools;
  }

  /** Ends a handshake-era session (DELETE); a no-op for sessionless servers. */
  async close() {
    await this.#client.close();
  }

  async callTool(name, args, options = {}) {
    if (typeof name !== 'string') throw new MCPAdapterError('invalid_argument', 'tool name must be a string');
    return JSON.parse(await this.#client.callTool(name, args, options ?? {}));
  }

  /** Continues a call that returned an interrupt (`mcp_elicitation` or `mcp_approval`). */
  async resume(interrupt, answer, options = {}) {
    return JSON.parse(await this.#client.resume(interrupt, answer, options ?? {}));
  }
}
