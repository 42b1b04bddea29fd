# workerd config for tests/runtimes.test.mjs, copied beside the bundled worker.js and the
# package's wasm. The test overrides the socket's address (`--socket-addr http=127.0.0.1:PORT`)
# and passes the fixture server's URL in the MCP_URL environment variable.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    # workerd's default outbound network allows public addresses only; the fixture server
    # listens on 127.0.0.1 ("local").
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
  bindings = [(name = "MCP_URL", fromEnvironment = "MCP_URL")],
);
