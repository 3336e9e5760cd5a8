#!/usr/bin/env bash
# Fuzzes the JSON and WorkflowSchema XML readers with libFuzzer (and AddressSanitizer, whose leak
# checker is on): builds the package in Fuzz/ and runs each target for SECONDS (default 600),
# seeded with the repository's examples and test fixtures. Findings (crash-*, leak-*, timeout-*)
# are written to Fuzz/findings/; a finding fails the run. See docs/RELIABILITY.md.
#
#   scripts/fuzz.sh [SECONDS] [json|xml|all]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
which=${2:-all}

(cd Fuzz && swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
bin=$(cd Fuzz && swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --show-bin-path)

work=Fuzz/.build/corpus
# Leaks outside this package (see the file) are suppressed; any other leak is a finding.
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
mkdir -p Fuzz/findings
status=0
for kind in json xml; do
  [ "$which" = all ] || [ "$which" = "$kind" ] || continue
  target=Fuzz$(echo "$kind" | tr a-z A-Z)
  seeds="$work/$kind-seeds"
  mkdir -p "$work/$kind" "$seeds"
  # Seeds: every file of this format in the examples and the test fixtures, hostile shapes
  # (Fuzz/seeds: very many attributes or keys, deep nesting) and earlier findings.
  mkdir -p Fuzz/regressions/"$kind"
  find Examples Tests/WireframeFormatsTests/Fixtures Fuzz/seeds/"$kind" Fuzz/regressions/"$kind" -type f -name "*.$kind" \
    | while read -r file; do cp "$file" "$seeds/$(echo "$file" | tr / _)"; done
  echo "fuzz: $target for $seconds s, $(ls "$seeds" | wc -l) seeds"
  if ! "$bin/$target" "$work/$kind" "$seeds" \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
      -artifact_prefix="Fuzz/findings/$kind-" -print_final_stats=1 2>&1 | tee "$work/$kind.log" | grep -E "^(#[0-9]+ +DONE|==|SUMMARY|stat::number_of_executed_units|stat::peak_rss)|ERROR|fuzz:"; then
    :
  fi
  if grep -qE "ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|SUMMARY: " "$work/$kind.log"; then
    echo "fuzz: $target found a problem; see $work/$kind.log and Fuzz/findings/"
    status=1
  else
    echo "fuzz: $target: no crash, hang or leak in $seconds s ($(grep -oE 'stat::number_of_executed_units: [0-9]+' "$work/$kind.log" | grep -oE '[0-9]+') runs)"
  fi
done
exit $status
