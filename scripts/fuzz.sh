#!/usr/bin/env bash
# `npm run fuzz [-- SECONDS [TARGET...]]`: runs each cargo-fuzz target of fuzz/ (libFuzzer,
# nightly Rust) for a fixed time, one after the other, and prints the executions of each.
#
#   SECONDS   time per target (default: $FUZZ_SECONDS, else 60)
#   TARGET    some of: sse jsonrpc schema param_headers form content (default: all)
#
# Each target checks the properties of one function of tests/properties/checks.rs (the same
# ones `cargo test --test properties` runs on stable with proptest). The committed corpus,
# fuzz/corpus/<target>/, seeds each run and is not written to; new inputs go to
# fuzz/target/corpus/<target>/ (git-ignored). FUZZ_MERGE=1 adds to the committed corpus the
# new inputs that reach new code (keep it small: a few hundred KB in all).
# A failing input is saved under fuzz/artifacts/<target>/; the script goes on with the other
# targets and exits 1 at the end. Turn each such input into a test (tests/properties/main.rs).
#
# Not part of `npm test` or of setup.sh: it installs cargo-fuzz (with `cargo +nightly
# install`) when it is missing, and needs the nightly toolchain that rustup provides.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh

seconds=${1:-${FUZZ_SECONDS:-60}}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(sse jsonrpc schema param_headers form content)
fi
# The code under test has no `unsafe` (src/bindings, which does, is wasm32-only and not
# fuzzed), so AddressSanitizer would only slow the runs; FUZZ_SANITIZER=address turns it on.
sanitizer=${FUZZ_SANITIZER:-none}

if ! rustup toolchain list | grep -q '^nightly'; then
  echo "fuzz: the nightly toolchain is missing; install it with: rustup toolchain install nightly" >&2
  exit 1
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "== installing cargo-fuzz"
  cargo +nightly install cargo-fuzz --locked
fi

cd fuzz
echo "== building the fuzz targets"
cargo +nightly fuzz build --sanitizer "$sanitizer"

failed=()
summary=()
for target in "${targets[@]}"; do
  work="target/corpus/$target"
  log="target/fuzz-$target.log"
  mkdir -p "$work"
  echo "== $target: ${seconds} s"
  status=0
  cargo +nightly fuzz run --sanitizer "$sanitizer" "$target" "$work" "corpus/$target" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ "$status" -ne 0 ]; then
    grep -E 'panicked at|^thread|Test unit written to' "$log" | head -5 || true
    echo "   log: fuzz/$log; reproduce: cd fuzz && cargo +nightly fuzz run --sanitizer $sanitizer $target artifacts/$target/<file>"
    failed+=("$target")
    summary+=("$(printf '%-14s %12s executions  FAILED' "$target" "${runs:-?}")")
  else
    summary+=("$(printf '%-14s %12s executions  ok' "$target" "${runs:-?}")")
  fi
  if [ "${FUZZ_MERGE:-0}" = 1 ]; then
    cargo +nightly fuzz run --sanitizer "$sanitizer" "$target" "corpus/$target" "$work" -- \
      -merge=1 >>"$log" 2>&1
  fi
done

echo "== fuzz summary (${seconds} s per target)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "== fuzz FAILED: ${failed[*]}"
  exit 1
fi
