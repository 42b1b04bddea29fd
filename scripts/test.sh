#!/usr/bin/env bash
# `npm test`: every layer's tests. Installs what is missing, builds, then runs
#   1. native Rust unit tests (cargo test): SSE, headers, schema, conversion, client logic;
#   2. the wasm boundary in Node and in headless Chromium (wasm-pack test);
#   3. Node integration tests against real MCP servers started by the tests (node --test).
set -euo pipefail
cd "$(dirname "$0")/.."
# ~/.cargo/bin first; the machine's Node, not the one in node_modules/.bin
. scripts/env.sh

bash scripts/setup.sh
bash scripts/build.sh
mkdir -p target

# Runs a step quietly into a log; prints its result lines, or the whole log on failure. A
# step must report at least one passed test (a runner that silently ran nothing fails).
step() {
  local name=$1 log="target/test-$1.log"
  shift
  echo "== $name"
  if "$@" >"$log" 2>&1 && grep -qE '^test result: ok\. [1-9][0-9]* passed' "$log"; then
    grep -E '^test result' "$log" || true
  else
    cat "$log"
    echo "== $name FAILED"
    exit 1
  fi
}

echo "== cargo fmt --all --check"
cargo fmt --all --check
# Lints: clippy with warnings as errors, natively and for wasm32 (bindings and tests/wasm.rs
# exist only there); src/lib.rs denies missing docs, so both also check the docs are there.
echo "== cargo clippy (native, all targets)"
cargo clippy --workspace --all-targets -- -D warnings
echo "== cargo clippy (wasm32, all targets)"
cargo clippy --workspace --target wasm32-unknown-unknown --all-targets -- -D warnings
step native cargo test --workspace
# --mode no-install: never download a driver or wasm-bindgen (setup.sh installed them).
step wasm-node wasm-pack test --node --mode no-install
# wasm-pack --chrome alone skips suites not marked run_in_browser; this makes them run there.
WASM_BINDGEN_USE_BROWSER=1 step wasm-chrome wasm-pack test --headless --chrome --chromedriver /usr/bin/chromedriver --mode no-install

echo "== node --test (integration, real servers)"
node --test --test-concurrency=2 tests/*.test.mjs
