#!/usr/bin/env bash
# Runs every libFuzzer target in BIN_DIR for SECONDS in all (split evenly),
# each on a copy (in a temporary directory) of its committed corpus
# tests/fuzz/corpus/<target>/, so every run starts from the same inputs, and on
# its dictionary tests/fuzz/<target>.dict when there is one. With --grow (make
# fuzz) it fuzzes the committed corpus itself, which keeps the new inputs found.
# Prints one line per target (executions, corpus size) and the total; exits
# non-zero at the first crash, leak, sanitizer report or broken invariant,
# leaving the input in BIN_DIR/../fuzz-artifacts/ (reproduce: <fuzzer> <file>).
#   usage: tests/fuzz/run.sh build/sanitize/fuzz 60 [--grow]
set -euo pipefail
bin_dir=$1
seconds=$2
grow=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
artifacts=$(dirname "$bin_dir")/fuzz-artifacts
mkdir -p "$artifacts"
targets=("$bin_dir"/fuzz_*)
per=$(( seconds / ${#targets[@]} ))
(( per >= 1 )) || per=1
total=0
for fuzzer in "${targets[@]}"; do
  name=${fuzzer##*/fuzz_}
  corpus=$here/corpus/$name
  mkdir -p "$corpus"
  if [ "$grow" != --grow ]; then
    cp -r "$corpus" "$work/$name"
    corpus=$work/$name
  fi
  dict=()
  [ -f "$here/$name.dict" ] && dict=(-dict="$here/$name.dict")
  log=$artifacts/$name.log
  if ! "$fuzzer" -max_total_time="$per" -timeout=20 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
       -max_len=4096 -print_final_stats=1 -artifact_prefix="$artifacts/$name-" "${dict[@]}" \
       "$corpus" >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "fuzz_$name FAILED; the input is in $artifacts/ (log: $log)"
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  total=$(( total + runs ))
  printf '  fuzz_%-14s %9d runs in %3d s, corpus %4d inputs\n' "$name" "$runs" "$per" \
    "$(find "$corpus" -type f | wc -l)"
done
echo "  all fuzzers: $total runs"
