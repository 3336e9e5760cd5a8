#!/usr/bin/env bash
# The tests: `swift test` with the arguments given, then one last line that counts the tests that
# ran, passed, failed and were skipped, with each reason for skipping (a test that needs a tool
# or a server this machine lacks is skipped, saying why; under CI, `CI` set, it fails instead).
# The exit status is swift test's.
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
# Swift Testing's own last line counts skipped tests among the tests it ran.
total=$(grep -aoE 'Test run with [0-9]+ tests?' "$log" | tail -1 | grep -oE '[0-9]+' || true)
skipped=$(grep -acE '^➜ Test .* skipped' "$log" || true)
# A test is counted once however many of its cases or expectations failed; the run's own last
# line ("✘ Test run with ...") is not a test.
failed=$(grep -aE '^✘ Test .* (failed|recorded an issue)' "$log" | grep -avE '^✘ Test run with ' |
  sed -E 's/^✘ Test ([^ ]+).*/\1/' | sort -u | wc -l)
reasons=$(grep -aE '^➜ Test .* skipped' "$log" | sed -E 's/^.* skipped(: )?//' | sort | uniq -c | sort -rn |
  awk '{ count = $1; $1 = ""; sub(/^ /, ""); printf "%s%d: %s", (NR > 1 ? "; " : ""), count, ($0 == "" ? "no reason given" : $0) }')
total=${total:-0}
passed=$((total - skipped - failed))
line="tests: $total run, $passed passed, $failed failed, $skipped skipped"
[ "$skipped" -gt 0 ] && line+=" ($reasons)"
echo "$line"
exit "$status"
