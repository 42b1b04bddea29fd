#!/usr/bin/env bash
# Installs what building and testing mcp-wasm-adapter needs. Idempotent: every
# item is checked first and only installed when missing or at the wrong version,
# so a second run takes a couple of seconds.
#
# Usage: bash scripts/setup.sh [--minimal]
#
#   always:          rustup target wasm32-unknown-unknown, clippy, the pinned nightly that
#                    builds the release wasm (with rust-src and the wasm target), wasm-pack,
#                    wasm-bindgen-cli (= the wasm-bindgen version in Cargo.lock),
#                    npm dependencies (npm ci)
#   unless minimal:  Debian chromium + chromium-driver (headless browser tests),
#                    Debian postgresql (the tests' checkpoint and token stores),
#                    Python venv .venv with fastmcp==4.2.3 (test fixture server),
#                    Python venv .venv-tasks with fastmcp==4.1.4 + fastmcp-tasks==4.1.4
#                    (the Tasks extension fixture; fastmcp-tasks pins fastmcp 4.1.x)
set -euo pipefail

FASTMCP_VERSION="4.2.3"
FASTMCP_TASKS_VERSION="4.1.4"
WASM_TARGET="wasm32-unknown-unknown"

usage() {
  echo "usage: bash scripts/setup.sh [--minimal]" >&2
  exit 2
}

minimal=0
for arg in "$@"; do
  case "$arg" in
    --minimal) minimal=1 ;;
    -h | --help) usage ;;
    *) echo "setup: unknown argument: $arg" >&2; usage ;;
  esac
done

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# ~/.cargo/bin first; the machine's Node, not the one in node_modules/.bin
. scripts/env.sh

say() { printf '%-28s %s\n' "$1" "$2"; }

# --- Rust: wasm target, wasm-pack, wasm-bindgen-cli ----------------------------

if rustup target list --installed | grep -qx "$WASM_TARGET"; then
  say "rust target $WASM_TARGET" "present"
else
  say "rust target $WASM_TARGET" "installing"
  rustup target add "$WASM_TARGET"
fi

# clippy: the lint steps of scripts/test.sh, natively and for the wasm target
if clippy_version=$(cargo clippy --version 2>/dev/null); then
  say "clippy" "present (${clippy_version#clippy })"
else
  say "clippy" "installing"
  rustup component add clippy
fi

if wasm_pack_version=$(wasm-pack --version 2>/dev/null); then
  say "wasm-pack" "present (${wasm_pack_version#wasm-pack })"
else
  say "wasm-pack" "installing (cargo install, takes minutes)"
  cargo install wasm-pack --locked
fi

# The pinned nightly that builds the release wasm smaller (scripts/build.sh): a minimal profile
# with the standard library's source (-Zbuild-std) and the wasm target. ~10 s to download.
if rustup toolchain list | grep -q "^$MCP_WASM_NIGHTLY" &&
  rustup +"$MCP_WASM_NIGHTLY" component list --installed 2>/dev/null | grep -qx rust-src &&
  rustup +"$MCP_WASM_NIGHTLY" target list --installed 2>/dev/null | grep -qx "$WASM_TARGET"; then
  say "rust $MCP_WASM_NIGHTLY" "present"
else
  say "rust $MCP_WASM_NIGHTLY" "installing (rust-src, $WASM_TARGET)"
  rustup toolchain install "$MCP_WASM_NIGHTLY" --profile minimal --component rust-src --target "$WASM_TARGET"
fi

if [[ ! -f Cargo.lock ]]; then
  say "Cargo.lock" "generating"
  cargo generate-lockfile
fi
# The `version = "..."` line that follows `name = "wasm-bindgen"` in Cargo.lock.
bindgen_want=$(awk -F'"' '$0 == "name = \"wasm-bindgen\"" { getline; print $2; exit }' Cargo.lock)
if [[ -z "$bindgen_want" ]]; then
  echo "setup: no wasm-bindgen package in Cargo.lock" >&2
  exit 1
fi
bindgen_have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [[ "$bindgen_have" == "$bindgen_want" ]]; then
  say "wasm-bindgen-cli" "present ($bindgen_have)"
else
  say "wasm-bindgen-cli" "installing $bindgen_want (have: ${bindgen_have:-none}; takes minutes)"
  # No --locked: the crates index mirror here lags and --locked can fail.
  cargo install wasm-bindgen-cli --version "$bindgen_want"
fi

# --- npm dependencies ----------------------------------------------------------

# npm keeps its own copy of the installed tree's lock in node_modules/.package-lock.json.
if [[ -d node_modules && -f node_modules/.package-lock.json && ! package-lock.json -nt node_modules/.package-lock.json ]]; then
  say "node_modules" "present"
else
  say "node_modules" "installing (npm ci)"
  npm ci --no-audit --no-fund
fi

if [[ "$minimal" == 1 ]]; then
  say "chromium, postgresql, venvs" "skipped (--minimal)"
  exit 0
fi

# --- headless browser for wasm-pack test --chrome and browser tests ------------

if [[ -x /usr/bin/chromium && -x /usr/bin/chromedriver ]]; then
  say "chromium + chromedriver" "present"
else
  say "chromium + chromedriver" "installing (apt-get)"
  if [[ $(id -u) -eq 0 ]]; then sudo=(); else sudo=(sudo); fi
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq chromium chromium-driver
fi

# --- PostgreSQL (tests/helpers/postgres.mjs: LangGraph checkpoints, token storage) ----------

# Only the programs: the tests make a cluster of their own with initdb in a temporary
# directory, on 127.0.0.1, and stop it after them; nothing is started here.
if compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
  say "postgresql" "present"
else
  say "postgresql" "installing (apt-get)"
  if [[ $(id -u) -eq 0 ]]; then sudo=(); else sudo=(sudo); fi
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq postgresql
fi

# --- Python venv with FastMCP (tests/fixtures/fastmcp_server.py) ----------------

if [[ -x .venv/bin/python ]] &&
  .venv/bin/python -c "import sys, fastmcp; sys.exit(fastmcp.__version__ != '$FASTMCP_VERSION')" 2>/dev/null; then
  say "python .venv fastmcp" "present ($FASTMCP_VERSION)"
else
  say "python .venv fastmcp" "installing fastmcp==$FASTMCP_VERSION"
  if [[ ! -x .venv/bin/python ]]; then
    "${PYTHON:-python3}" -m venv .venv
  fi
  .venv/bin/python -m pip install --quiet --disable-pip-version-check "fastmcp==$FASTMCP_VERSION"
fi

# --- Python venv with FastMCP + fastmcp-tasks (tests/fixtures/fastmcp_tasks_server.py) -------

# A venv of its own: fastmcp-tasks 4.1.4 pins fastmcp-slim 4.1.4, which cannot sit beside the
# fastmcp 4.2.3 of .venv. Its memory:// backend runs in the server process (no Redis).
if [[ -x .venv-tasks/bin/python ]] &&
  .venv-tasks/bin/python -c "import sys, fastmcp, fastmcp_tasks; sys.exit(fastmcp.__version__ != '$FASTMCP_TASKS_VERSION')" 2>/dev/null; then
  say "python .venv-tasks" "present (fastmcp $FASTMCP_TASKS_VERSION + fastmcp-tasks)"
else
  say "python .venv-tasks" "installing fastmcp==$FASTMCP_TASKS_VERSION fastmcp-tasks==$FASTMCP_TASKS_VERSION"
  if [[ ! -x .venv-tasks/bin/python ]]; then
    "${PYTHON:-python3}" -m venv .venv-tasks
  fi
  .venv-tasks/bin/python -m pip install --quiet --disable-pip-version-check \
    "fastmcp==$FASTMCP_TASKS_VERSION" "fastmcp-tasks==$FASTMCP_TASKS_VERSION"
fi
