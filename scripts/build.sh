#!/usr/bin/env bash
# Builds the npm package into pkg/: wasm-pack (--target web) -> wasm-opt (binaryen from npm)
# -> pkg-template/ files -> index.cjs (esbuild). Skips the work when pkg/ is newer than every
# source, unless --force.
set -euo pipefail
cd "$(dirname "$0")/.."

# one build at a time (tests and the demo may start builds concurrently)
mkdir -p target
exec 9>target/build.lock
flock 9

force=0
[ "${1:-}" = "--force" ] && force=1

stamp=pkg/.build-stamp
if [ $force = 0 ] && [ -f "$stamp" ] && [ -z "$(find src pkg-template Cargo.toml Cargo.lock scripts/build.sh -newer "$stamp" -print -quit)" ]; then
  echo "build: pkg/ is up to date"
  exit 0
fi

start=$(date +%s)
out=target/wasm-pack
rm -rf "$out/snippets"
wasm-pack build --release --target web --no-pack --out-dir "$out" --out-name mcp_wasm_adapter >/dev/null 2>target/wasm-pack.log || {
  cat target/wasm-pack.log >&2
  exit 1
}

rm -rf pkg.tmp && mkdir pkg.tmp
# wasm-opt: the features rustc emits for wasm32-unknown-unknown must be enabled explicitly.
# -Oz, then flatten + rereloop (restructures the control flow of the async state machines)
# and -Oz again until nothing shrinks: ~2.7 KB raw / ~0.7 KB gzipped less than -Oz alone,
# for ~35 s more of wasm-opt. Two -Oz per round after the rereloop shrink it a little more
# (~190 B raw / ~170 B gzipped); the producers and target_features custom sections are
# metadata for tools only (~190 B).
node_modules/.bin/wasm-opt -Oz --flatten --rereloop -Oz -Oz --converge --strip-producers --strip-target-features \
  --enable-bulk-memory --enable-reference-types --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-multivalue --enable-mutable-globals \
  "$out/mcp_wasm_adapter_bg.wasm" -o pkg.tmp/mcp_wasm_adapter_bg.wasm
cp "$out/mcp_wasm_adapter.js" "$out/mcp_wasm_adapter.d.ts" pkg.tmp/
# the JS half of the exchange (src/bindings/exchange.js), imported by the glue
cp -r "$out/snippets" pkg.tmp/
cp pkg-template/adapter.js pkg-template/index.node.js pkg-template/index.browser.js pkg-template/index.workerd.js pkg-template/index.d.ts pkg-template/package.json pkg.tmp/
cp pkg-template/langchain.js pkg-template/langchain.d.ts pkg.tmp/
# mcp-wasm-adapter/auth: one self-contained ES module (oauth4webapi inside), loaded only by hosts that authorize
node_modules/.bin/esbuild pkg-template/auth.js --bundle --minify --format=esm --platform=neutral --log-level=error --outfile=pkg.tmp/auth.js
cp pkg-template/auth.d.ts pkg.tmp/
cp README.md pkg.tmp/ 2>/dev/null || true
cp pkg-template/index.cjs.js pkg.tmp/
node_modules/.bin/esbuild pkg.tmp/index.cjs.js --bundle --format=cjs --platform=node \
  --define:import.meta.url=undefined --log-level=error --outfile=pkg.tmp/index.cjs
rm pkg.tmp/index.cjs.js
rm -rf pkg && mv pkg.tmp pkg
touch "$stamp"

raw=$(stat -c %s pkg/mcp_wasm_adapter_bg.wasm)
gz=$(gzip -9 -c pkg/mcp_wasm_adapter_bg.wasm | wc -c)
js_gz=$(cat pkg/mcp_wasm_adapter.js pkg/adapter.js pkg/index.browser.js pkg/snippets/*/src/bindings/exchange.js | gzip -9 | wc -c)
auth_gz=$(gzip -9 -c pkg/auth.js | wc -c)
echo "build: pkg/ in $(( $(date +%s) - start ))s; wasm ${raw} B raw, ${gz} B gzipped; browser JS ${js_gz} B gzipped; auth module ${auth_gz} B gzipped"
