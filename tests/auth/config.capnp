# workerd config for the auth test in tests/auth-runtimes.test.mjs, copied beside the bundled
# worker.js and the package's wasm. The test sets the socket's address and passes the MCP
# server's URL and the redirect URI in MCP_URL and REDIRECT_URL.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    # the MCP server and the authorization server listen on 127.0.0.1 ("local")
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
  bindings = [
    (name = "MCP_URL", fromEnvironment = "MCP_URL"),
    (name = "REDIRECT_URL", fromEnvironment = "REDIRECT_URL"),
  ],
);
