#!/usr/bin/env bash
# `npm start`: install what building needs (no browser, no Python), build if needed, run the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --minimal
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/build.sh
exec node www/demo.mjs "$@"
