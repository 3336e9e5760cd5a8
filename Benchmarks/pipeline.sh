#!/usr/bin/env bash
# Reading a wireframe: wfs's parse + validate + canonicalize + hash against the same pipeline
# in Python with orjson, on generated wireframes of 1,000 and 10,000 screens, in one run.
#
#   Benchmarks/pipeline.sh [ITERATIONS]
#
# Needs python3 with orjson (pip install orjson). Builds wfs-bench in release mode.
set -euo pipefail
cd "$(dirname "$0")/.."
iterations="${1:-50}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swift build -c release --static-swift-stdlib --product wfs-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/wfs-bench"
for screens in 1000 10000; do
  python3 Benchmarks/wiregen.py single "$screens" "$work/app$screens.json" --seed 7
done

swift_out="$("$bench" --iterations "$iterations" "$work/app1000.json" "$work/app10000.json" 2>/dev/null)"
python_out="$(python3 Benchmarks/python_pipeline.py --iterations "$iterations" "$work/app1000.json" "$work/app10000.json")"

echo "$swift_out" | sed "s#$work/##" | column -t
echo
echo "$python_out" | sed "s#$work/##" | column -t
echo
printf '%-14s %12s %14s %8s\n' file wfs_ms python_ms ratio
for screens in 1000 10000; do
  w=$(echo "$swift_out" | awk -F'\t' -v f="$work/app$screens.json" '$1==f && $2=="total" {print $3}')
  p=$(echo "$python_out" | awk -F'\t' -v f="$work/app$screens.json" '$1==f && $2=="total" {print $3}')
  printf '%-14s %12s %14s %8s\n' "app$screens.json" "$w" "$p" "$(python3 -c "print(f'{$w/$p:.2f}')")"
done
