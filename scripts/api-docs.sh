#!/usr/bin/env bash
# Builds the API reference (HTML, by TypeDoc) from the package's declarations into docs/api/
# (ignored), or into the folder given: `bash scripts/api-docs.sh [OUT]` (`npm run docs:api`).
# It reads pkg/ as shipped, so it builds the package first (scripts/build.sh skips that when
# pkg/ is up to date). Fails on any TypeDoc warning: a broken link, a type the reference names
# but leaves out, an exported declaration or member without a doc comment
# (scripts/typedoc.config.mjs says which). tests/api-docs.test.mjs runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-docs/api}"
bash scripts/build.sh >/dev/null
rm -rf "$out"
node_modules/.bin/typedoc --options scripts/typedoc.config.mjs --out "$out"
