# workerd config of examples/durable-object/worker.js, bundled as wrangler bundles it (the
# package's wasm a module beside the bundle). The Durable Objects keep their storage on local
# disk, in the directory ./storage (which must exist), so a new workerd process started on it
# finds what the last one stored. Wrangler writes the same from wrangler.jsonc: the binding
# USERS of class UserTools, a SQLite-backed class migration, vars and a secret.
#
#   workerd serve config.capnp [--socket-addr http=127.0.0.1:PORT]
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "storage", disk = (path = "storage", writable = true)),
    # the MCP server and the authorization server listen on 127.0.0.1 ("local") in the tests
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:8787", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [
    (name = "worker.js", esModule = embed "worker.js"),
    (name = "mcp_wasm_adapter_bg.wasm", wasm = embed "mcp_wasm_adapter_bg.wasm"),
  ],
  compatibilityDate = "2026-11-01",
  durableObjectNamespaces = [(className = "UserTools", uniqueKey = "mcp-user-tools", enableSql = true)],
  durableObjectStorage = (localDisk = "storage"),
  bindings = [
    (name = "USERS", durableObjectNamespace = "UserTools"),
    (name = "MCP_URL", fromEnvironment = "MCP_URL"),
    (name = "REDIRECT_URL", fromEnvironment = "REDIRECT_URL"),
    (name = "INTERRUPT_KEY", fromEnvironment = "INTERRUPT_KEY"),
  ],
);
