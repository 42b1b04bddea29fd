#!/usr/bin/env bash
# `npm start`: install what building needs (no browser, no Python), build if needed, run the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
# ~/.cargo/bin first; the machine's Node, not the one in node_modules/.bin
. scripts/env.sh
bash scripts/setup.sh --minimal
bash scripts/build.sh
exec node www/demo.mjs "$@"
