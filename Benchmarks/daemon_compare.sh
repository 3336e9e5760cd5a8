#!/usr/bin/env bash
# Two builds of the daemon side by side: save -> revision latency on a 1,000-screen wireframe,
# settle 0 ms, the writer and measurement of Benchmarks/daemon.sh, in runs that alternate
# between the builds (so that a busy machine slows both alike).
#
#   Benchmarks/daemon_compare.sh OLD_DIR NEW_DIR [ROUNDS] [SAVES]     (defaults 5 and 100)
#
# OLD_DIR and NEW_DIR each hold wfs and wfsd (release, --static-swift-stdlib, stripped).
# Prints each run's p50 (latency, and the import pipeline from wfsd's log), then per build the
# median of the runs' p50s, the p50 of all saves pooled, and the pooled p10 and p25 (on a busy
# machine the low percentiles are the saves that other work did not delay), and the p50 of the
# writer's own time before any watcher can see a save (open, truncate, write, close).
# WFS_BENCH_PERF=1 also records a `perf record -e cpu-clock -g` profile of each wfsd (perf.data
# in the run's folder, kept and named in the output).
set -euo pipefail
cd "$(dirname "$0")/.."
old="$1"; new="$2"; rounds="${3:-5}"; saves="${4:-100}"
work="$(mktemp -d)"
echo "runs in $work"

run() {  # bin label round
  local bin="$1" label="$2" project="$work/$2-$3"
  mkdir -p "$project"
  python3 Benchmarks/wiregen.py single 1000 "$project/app.json" --seed 7
  "$bin/wfs" init --root "$project" >/dev/null
  WFS_SETTLE_MILLISECONDS=0 "$bin/wfsd" --store "$project/.wfs/store.sqlite" 2> "$project/wfsd.log" &
  local pid=$! profiler=""
  until grep -qs "import.outcome=stored" "$project/wfsd.log"; do sleep 0.05; done
  if [ -n "${WFS_BENCH_PERF:-}" ]; then
    perf record -e cpu-clock -F 4000 -g -p "$pid" -o "$project/perf.data" >/dev/null 2>&1 &
    profiler=$!
    sleep 0.5
  fi
  WFS_BENCH_WRITER_LOG="$project/writer.us" \
    python3 Benchmarks/daemon_latency.py wfsd "$project/wfsd.log" "$project/app.json" "$saves" 11 > "$project/latency.us"
  if [ -n "$profiler" ]; then kill -INT "$profiler"; wait "$profiler" || true; fi
  kill -TERM "$pid"; wait "$pid" || true
  grep "import.outcome=stored" "$project/wfsd.log" | sed -n 's/.*duration.milliseconds=\([0-9.]*\).*/\1/p' | tail -n +2 |
    awk '{ print int($1 * 1000) }' > "$project/pipeline.us"
  printf '%-4s round %s: p50 %s ms, pipeline p50 %s ms\n' "$label" "$3" \
    "$(sort -n "$project/latency.us" | awk '{ v[NR] = $1 } END { printf "%.2f", v[int((NR - 1) * 0.5) + 1] / 1000 }')" \
    "$(sort -n "$project/pipeline.us" | awk '{ v[NR] = $1 } END { printf "%.2f", v[int((NR - 1) * 0.5) + 1] / 1000 }')"
}

for round in $(seq 1 "$rounds"); do
  run "$old" old "$round"
  run "$new" new "$round"
done

python3 - "$work" <<'PY'
import glob, statistics, sys
work = sys.argv[1]
for label in ("old", "new"):
    runs = sorted(glob.glob(f"{work}/{label}-*"))
    latency = [[int(x) for x in open(f"{run}/latency.us")] for run in runs]
    pipeline = [[int(x) for x in open(f"{run}/pipeline.us")] for run in runs]
    writer = sorted(sum(([int(x) for x in open(f"{run}/writer.us")] for run in runs), []))
    pooled, pooled_pipeline = sorted(sum(latency, [])), sorted(sum(pipeline, []))
    def at(values, fraction):
        return values[int((len(values) - 1) * fraction)] / 1000
    print(f"{label}: median of run p50s {statistics.median(statistics.median(r) for r in latency) / 1000:.2f} ms, "
          f"pooled p50 {statistics.median(pooled) / 1000:.2f} ms ({len(pooled)} saves), "
          f"pipeline pooled p50 {statistics.median(pooled_pipeline) / 1000:.2f} ms; "
          f"pooled p10/p25 {at(pooled, 0.10):.2f}/{at(pooled, 0.25):.2f} ms, pipeline {at(pooled_pipeline, 0.10):.2f}/{at(pooled_pipeline, 0.25):.2f} ms; "
          f"the writer's own open/truncate/write/close p50 {statistics.median(writer) / 1000:.2f} ms")
PY
