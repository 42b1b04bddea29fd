#!/usr/bin/env bash
# Builds the npm package into pkg/: wasm-pack (--target web) -> wasm-opt (binaryen from npm)
# -> pkg-template/ files -> index.cjs (esbuild). Skips the work when pkg/ is newer than every
# source, unless --force. Built or not, it then checks the package against the size budget
# (size-budget.json) and fails when a figure is over it.
set -euo pipefail
cd "$(dirname "$0")/.."

# one build at a time (tests and the demo may start builds concurrently)
mkdir -p target
exec 9>target/build.lock
flock 9

force=0
[ "${1:-}" = "--force" ] && force=1

# The size budget. Four figures, each against its entry in size-budget.json (gzip -9 of each
# file on its own, as a server sends them):
# - wasm_gzip_bytes: the wasm;
# - browser_gzip_bytes: what a page loads for the main entry: the wasm and index.browser.js,
#   which bundles the JS beside it (the wasm-bindgen glue, adapter.js, group.js, exchange.js;
#   not the chunks loaded on demand, such as interceptors.js for calls that have interceptors);
# - package_tgz_bytes: the npm tarball of pkg/ (`npm pack`: every entry, declarations, README);
# - auth_gzip_bytes: the auth module (auth.js), which only hosts that import
#   mcp-wasm-adapter/auth load;
# - validate_gzip_bytes: the JSON Schema validator (validate.js), which adapter.js imports
#   only when a call validates against a tool's schema.
# Prints them; exits 1 when one is over. docs/wasm-size.md has the rules that keep
# the wasm small and says how to raise a budget on purpose.
check_sizes() {
  local f js_gz=0
  for f in pkg/index.browser.js; do
    js_gz=$((js_gz + $(gzip -9 -c "$f" | wc -c)))
  done
  WASM_RAW=$(stat -c %s pkg/mcp_wasm_adapter_bg.wasm) WASM_GZ=$(gzip -9 -c pkg/mcp_wasm_adapter_bg.wasm | wc -c) JS_GZ=$js_gz \
    AUTH_GZ=$(gzip -9 -c pkg/auth.js | wc -c) VALIDATE_GZ=$(gzip -9 -c pkg/validate.js | wc -c) \
    node --input-type=module - <<'JS'
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
const { WASM_RAW, WASM_GZ, JS_GZ, AUTH_GZ, VALIDATE_GZ, WASM_TOOLCHAIN } = process.env;
const [wasm, js] = [Number(WASM_GZ), Number(JS_GZ)];
const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', './pkg'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))[0];
console.log(`size: wasm ${WASM_RAW} B raw; browser JS ${js} B gzipped; npm package ${packed.unpackedSize} B unpacked in ${packed.entryCount} files`);
const budget = JSON.parse(readFileSync('size-budget.json', 'utf8'));
const over = [];
for (const [key, what, bytes] of [
  ['wasm_gzip_bytes', 'wasm, gzipped', wasm],
  ['browser_gzip_bytes', 'wasm + browser JS, gzipped', wasm + js],
  ['package_tgz_bytes', 'npm package (.tgz)', packed.size],
  ['auth_gzip_bytes', 'auth module, gzipped', Number(AUTH_GZ)],
  ['validate_gzip_bytes', 'validator, gzipped', Number(VALIDATE_GZ)],
]) {
  const max = budget[key];
  if (WASM_TOOLCHAIN === 'stable' && key !== 'auth_gzip_bytes' && key !== 'validate_gzip_bytes') {
    console.log(`size: ${what.padEnd(26)} ${String(bytes).padStart(7)} B (stable build: the budget is for the nightly one)`);
    continue;
  }
  if (!Number.isInteger(max)) throw new Error(`size-budget.json: ${key} must be a whole number of bytes`);
  console.log(`size: ${what.padEnd(26)} ${String(bytes).padStart(7)} B of ${String(max).padStart(7)} B budgeted (${((100 * bytes) / max).toFixed(1)}%)`);
  if (bytes > max) over.push(`${what} is ${bytes} B, ${bytes - max} B over its budget (${key}: ${max} in size-budget.json)`);
}
if (over.length) {
  for (const line of over) console.error(`build: FAILED size budget: ${line}`);
  console.error('build: find what grew (docs/wasm-size.md); raise a budget only on purpose, in a commit of its own that says why and quotes the figures.');
  process.exit(1);
}
JS
}

# The demo page's host of MCP Apps (www/apps.js imports it as /build/app-bridge.js): AppBridge
# and PostMessageTransport of @modelcontextprotocol/ext-apps, whose bare imports a page cannot
# resolve, bundled for the browser into target/www/. For the page only, never in the package.
page_bridge() {
  local out=target/www/app-bridge.js
  [ -f "$out" ] && [ "$out" -nt package-lock.json ] && return
  mkdir -p target/www
  echo "export { AppBridge, PostMessageTransport, buildAllowAttribute } from '@modelcontextprotocol/ext-apps/app-bridge';" |
    node_modules/.bin/esbuild --bundle --format=esm --platform=browser --minify --log-level=error --outfile="$out"
}

# which toolchain builds the wasm (see below); pkg/ built by the other one is rebuilt
. scripts/env.sh
if [ "${MCP_WASM_STABLE:-}" != 1 ] && rustup toolchain list | grep -q "^$MCP_WASM_NIGHTLY"; then
  toolchain=nightly
else
  toolchain=stable
fi
export WASM_TOOLCHAIN=$toolchain

stamp=pkg/.build-stamp
if [ $force = 0 ] && [ "$(cat "$stamp" 2>/dev/null)" = "$toolchain" ] && [ -z "$(find src crates pkg-template Cargo.toml Cargo.lock LICENSE-MIT LICENSE-APACHE scripts/build.sh -newer "$stamp" -print -quit)" ]; then
  echo "build: pkg/ is up to date"
  page_bridge
  check_sizes
  exit 0
fi

start=$(date +%s)
out=target/wasm-pack
rm -rf "$out/snippets"
# The release wasm: with the pinned nightly ($MCP_WASM_NIGHTLY, scripts/env.sh; setup.sh installs
# it) the standard library is rebuilt for size with the crate (-Zbuild-std) and a panic aborts at
# once, with no message formatting (-Cpanic=immediate-abort); `Debug` formatting prints nothing
# (-Zfmt-debug=none: messages quote with crate::quoted) and panic locations are left out
# (-Zlocation-detail=none). docs/wasm-size.md has what each saved. In its own target
# directory, so that the stable builds of the tests and lints keep theirs. Without that nightly,
# or with MCP_WASM_STABLE=1, the stable toolchain builds it, about 12 KB gzipped larger: fine for
# working on the code, but the budgets of the wasm, the browser entry and the package are then
# not checked.
if [ "$toolchain" = nightly ]; then
  echo "build: wasm by $MCP_WASM_NIGHTLY (-Zbuild-std, immediate-abort)"
  RUSTUP_TOOLCHAIN="$MCP_WASM_NIGHTLY" CARGO_TARGET_DIR=target/nightly \
    RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort -Zfmt-debug=none -Zlocation-detail=none" \
    wasm-pack build --release --target web --no-pack --out-dir "$out" --out-name mcp_wasm_adapter . \
    -- -Zbuild-std=std,panic_abort >/dev/null 2>target/wasm-pack.log
else
  if [ "${MCP_WASM_STABLE:-}" = 1 ]; then why="MCP_WASM_STABLE=1"; else why="$MCP_WASM_NIGHTLY is missing: bash scripts/setup.sh installs it"; fi
  echo "build: wasm by the stable toolchain ($why), about 12 KB gzipped larger; the budgets of the wasm, the browser entry and the package are not checked"
  wasm-pack build --release --target web --no-pack --out-dir "$out" --out-name mcp_wasm_adapter >/dev/null 2>target/wasm-pack.log
fi || {
  cat target/wasm-pack.log >&2
  exit 1
}

rm -rf pkg.tmp && mkdir pkg.tmp
# wasm-opt: passes chosen for size (docs/wasm-size.md); the features rustc emits
# for wasm32-unknown-unknown must be enabled explicitly.
node_modules/.bin/wasm-opt -Oz --flatten --rereloop -Oz -Oz --converge --strip-producers --strip-target-features \
  --enable-bulk-memory --enable-reference-types --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-multivalue --enable-mutable-globals \
  "$out/mcp_wasm_adapter_bg.wasm" -o pkg.tmp/mcp_wasm_adapter_bg.wasm
# (wasm-bindgen's mcp_wasm_adapter.d.ts is not shipped: nothing public reaches the glue)
cp "$out/mcp_wasm_adapter.js" pkg.tmp/
# the JS half of the exchange (src/bindings/exchange.js), imported by the glue
cp -r "$out/snippets" pkg.tmp/
cp pkg-template/adapter.js pkg-template/index.node.js pkg-template/index.browser.js pkg-template/index.workerd.js pkg-template/package.json pkg.tmp/
cp pkg-template/init.js pkg-template/init.d.cts pkg-template/index.cjs pkg-template/wasm.d.ts pkg.tmp/
# The declarations, once: CommonJS-flavoured for `require` (index.d.cts, init.d.cts; they take
# the auth module's types with resolution-mode "import"); the ESM ones re-export them.
sed "s#^} from './auth.js';#} from './auth.js' with { 'resolution-mode': 'import' };#; s#^\(import type .*\) from './auth.js';#\1 from './auth.js' with { 'resolution-mode': 'import' };#" \
  pkg-template/index.d.ts >pkg.tmp/index.d.cts
grep -q "from './auth.js' with" pkg.tmp/index.d.cts || { echo "build: index.d.cts: the import of ./auth.js was not rewritten" >&2; exit 1; }
printf "// The declarations are those of index.d.cts (one copy for import and require).\nexport * from './index.cjs';\n" >pkg.tmp/index.d.ts
printf "// The declarations are those of init.d.cts (one copy for import and require).\nexport * from './init.cjs';\n" >pkg.tmp/init.d.ts
# the README written for npm users, and the licenses of \"license\": \"MIT OR Apache-2.0\"
cp pkg-template/README.md LICENSE-MIT LICENSE-APACHE pkg.tmp/
cp pkg-template/langchain.d.ts pkg-template/ai.d.ts pkg.tmp/
# How the modules that Node loads are minified: function and class names kept (for stack traces
# and `MCPAdapterGroup.name`), and lines cut near 500 characters (esbuild cuts where it can;
# none is left over 2,000: tests/shipped-modules.test.mjs), since Node prints the
# source line of an uncaught error's throw site, which would otherwise be the whole module.
minify=(--minify --keep-names --line-limit=500)
# interrupt signing and resume checks (signing.js) and the onTrace option's trace (trace.js),
# modules adapter.js imports only when needed, and the LangChain and AI SDK glue
# (mcp-wasm-adapter/langchain, mcp-wasm-adapter/ai), their imports of the frameworks kept
for module in signing langchain trace ai; do
  node_modules/.bin/esbuild "pkg-template/$module.js" "${minify[@]}" --format=esm --log-level=error --outfile="pkg.tmp/$module.js"
done
# MCPAdapterGroup (every page that loads the main entry loads it), the interceptors (loaded
# by the first call that has some), results.js (loaded by the first tool result to check
# against an outputSchema or to throw), apps.js (loaded by the first listing with an MCP
# App's tools), controls.js (loaded by adapters given one of its options: tool filters and
# the other agent controls) and what the framework glue shares (names.js, gates.js) ship
# minified, each on its own, its imports kept
for module in group interceptors results apps controls names gates; do
  node_modules/.bin/esbuild "pkg-template/$module.js" "${minify[@]}" --format=esm --platform=neutral --log-level=error --outfile="pkg.tmp/$module.js"
done
# mcp-wasm-adapter/auth: one self-contained ES module (oauth4webapi inside), loaded only by hosts
# that authorize; the two bundles of libraries (auth.js, validate.js) keep short lines but not
# names (+1 KB gzipped on auth.js)
node_modules/.bin/esbuild pkg-template/auth.js --bundle --minify --line-limit=500 --format=esm --platform=neutral --log-level=error --outfile=pkg.tmp/auth.js
cp pkg-template/auth.d.ts pkg.tmp/
# the JSON Schema validator (@cfworker/json-schema inside), a chunk adapter.js imports on demand
# (index.cjs leaves it out and imports it too). The library's table of formats is left out, an
# empty one in its place: format is an annotation, never checked (see validate.js; -1.6 KB).
node --input-type=module <<'EOF'
import { build } from 'esbuild';
const noFormats = { name: 'no-formats', setup: (b) => b.onLoad({ filter: /@cfworker\/json-schema\/dist\/esm\/format\.js$/ }, () => ({ contents: 'export const format = {};' })) };
await build({ entryPoints: ['pkg-template/validate.js'], bundle: true, minify: true, lineLimit: 500, format: 'esm', platform: 'neutral', logLevel: 'error', outfile: 'pkg.tmp/validate.js', plugins: [noFormats] });
EOF
# init.cjs: mcp-wasm-adapter/init as CommonJS (the glue and adapter.js inside), which
# index.cjs (require in Node) and require() in browser bundles load; the wasm is always passed
# to it, so the glue's import.meta.url default is never reached. The chunks adapter.js loads on
# demand (validate.js, signing.js, interceptors.js, results.js, trace.js, apps.js, controls.js) stay their
# own files. Minified (function and class names kept, for stack traces): it repeats the ESM glue
# and adapter.js, ~5 KB less in the tarball.
node_modules/.bin/esbuild pkg.tmp/init.js --bundle --format=cjs --platform=neutral "${minify[@]}" \
  --define:import.meta.url=undefined --external:./validate.js --external:./signing.js --external:./interceptors.js --external:./results.js --external:./trace.js --external:./apps.js --external:./controls.js \
  --log-level=error --outfile=pkg.tmp/init.cjs
# The browser entry (index.browser.js): one minified ES module with the glue, adapter.js,
# group.js and exchange.js inside, so a page makes one request for the JS and gzip sees it as
# one stream (about 10 KB gzipped, against 23 KB as five files before minifying). The chunks
# loaded on demand stay files of their own beside it, as does the wasm, fetched by its URL.
# Function and class names are kept, for stack traces.
lazy_chunks=(--external:./validate.js --external:./signing.js --external:./interceptors.js --external:./results.js --external:./trace.js --external:./apps.js --external:./controls.js)
node_modules/.bin/esbuild pkg.tmp/index.browser.js --bundle --format=esm --platform=browser --minify --keep-names \
  "${lazy_chunks[@]}" --log-level=error --outfile=pkg.tmp/index.browser.bundled.js
mv pkg.tmp/index.browser.bundled.js pkg.tmp/index.browser.js
# The modules the other entries import (index.node.js, index.workerd.js, init.js) ship minified
# in place: the glue, adapter.js and exchange.js.
for f in pkg.tmp/mcp_wasm_adapter.js pkg.tmp/adapter.js $(find pkg.tmp/snippets -name '*.js'); do
  node_modules/.bin/esbuild "$f" "${minify[@]}" --format=esm --log-level=error --outfile="$f.min" && mv "$f.min" "$f"
done
rm -rf pkg && mv pkg.tmp pkg
echo "$toolchain" >"$stamp"

echo "build: pkg/ in $(( $(date +%s) - start ))s"
page_bridge
check_sizes
