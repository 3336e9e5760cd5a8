#!/usr/bin/env bash
# Reading a wireframe: wfs's parse + validate + canonicalize + hash against the same pipeline
# in Python with orjson, on generated wireframes of 1,000 and 10,000 screens, and a WorkflowSchema
# workflow of ~1,000 controllers made of the example corpus (baseline: ElementTree's parse), in one run.
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
python3 Benchmarks/xmlgen.py Tests/WireframeFormatsTests/Fixtures/WorkflowSchema/corpus 1000 "$work/corpus1000.xml" 2>/dev/null
files=("$work/app1000.json" "$work/app10000.json" "$work/corpus1000.xml")

swift_out="$("$bench" --iterations "$iterations" "${files[@]}" 2>/dev/null)"
python_out="$(python3 Benchmarks/python_pipeline.py --iterations "$iterations" "${files[@]}")"

echo "$swift_out" | sed "s#$work/##" | column -t
echo
echo "$python_out" | sed "s#$work/##" | column -t
echo
printf '%-18s %12s %14s %8s\n' file wfs_ms python_ms ratio
for file in "${files[@]}"; do
  w=$(echo "$swift_out" | awk -F'\t' -v f="$file" '$1==f && $2=="total" {print $3}')
  p=$(echo "$python_out" | awk -F'\t' -v f="$file" '$1==f && $2=="total" {print $3}')
  printf '%-18s %12s %14s %8s\n' "$(basename "$file")" "$w" "$p" "$(python3 -c "print(f'{$w/$p:.2f}')")"
done
