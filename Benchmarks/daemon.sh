#!/usr/bin/env bash
# The daemon, side by side with the watcher pipeline a user would otherwise script
# (inotifywait + git add + git commit), in one run:
#   - save -> revision latency on a 1,000-screen wireframe (and, for scale, a 50-screen one),
#     writer's clock to commit, p50/p99, with settle 0 ms (settle excluded) and the default
#     20 ms (settle included), and the import pipeline's own share (from wfsd's log);
#   - idle CPU of wfsd over a minute and its resident memory, watching 1,000 files.
#
#   Benchmarks/daemon.sh [SAVES] [IDLE_SECONDS]      (defaults 200 and 60)
#   WFS_BENCH_BIN=DIR Benchmarks/daemon.sh ...        (use DIR/wfs and DIR/wfsd instead of building)
#
# Needs inotifywait (apt-get install -y inotify-tools) and git. Builds release binaries with the
# static Swift standard library.
set -euo pipefail
cd "$(dirname "$0")/.."
saves="${1:-200}"
idle="${2:-60}"
command -v inotifywait >/dev/null || { echo "daemon.sh: needs inotifywait (apt-get install -y inotify-tools)" >&2; exit 2; }

if [ -n "${WFS_BENCH_BIN:-}" ]; then  # a folder holding wfs and wfsd built earlier (to compare builds)
  bin="$WFS_BENCH_BIN"
else
  swift build -c release --static-swift-stdlib --product wfsd >/dev/null
  swift build -c release --static-swift-stdlib --product wfs >/dev/null
  bin="$(swift build -c release --static-swift-stdlib --show-bin-path)"
fi
work="$(mktemp -d)"
pids=()
cleanup() { for pid in "${pids[@]:-}"; do [ -n "$pid" ] && { pkill -P "$pid" 2>/dev/null; kill "$pid" 2>/dev/null; } || true; done; rm -rf "$work"; }
trap cleanup EXIT

percentiles() {  # microseconds on stdin -> "p50_ms p99_ms"
  sort -n | awk '{ v[NR] = $1 } END { p50 = v[int((NR - 1) * 0.50) + 1]; p99 = v[int((NR - 1) * 0.99) + 1]; printf "%.2f %.2f\n", p50 / 1000, p99 / 1000 }'
}

# --- wfsd ------------------------------------------------------------------------------------
wfsd_latency() {  # screens settle_ms -> $work/wfsd-SCREENS-SETTLE.us
  local screens="$1" settle="$2" project="$work/wfsd-$1-$2"
  mkdir -p "$project"
  python3 Benchmarks/wiregen.py single "$screens" "$project/app.json" --seed 7
  "$bin/wfs" init --root "$project" >/dev/null
  WFS_SETTLE_MILLISECONDS="$settle" "$bin/wfsd" --store "$project/.wfs/store.sqlite" 2> "$project/wfsd.log" &
  local pid=$!
  pids+=("$pid")
  until grep -q "import.outcome=stored" "$project/wfsd.log"; do sleep 0.05; done
  python3 Benchmarks/daemon_latency.py wfsd "$project/wfsd.log" "$project/app.json" "$saves" 11 > "$work/wfsd-$screens-$settle.us"
  kill -TERM "$pid"; wait "$pid" || true
  grep "import.outcome=stored" "$project/wfsd.log" | sed -n 's/.*duration.milliseconds=\([0-9.]*\).*/\1/p' | tail -n +2 |
    awk '{ print int($1 * 1000) }' > "$work/wfsd-$screens-$settle.pipeline.us"
}

# --- the scripted pipeline --------------------------------------------------------------------
git_latency() {  # screens -> $work/git-SCREENS.us
  local screens="$1" project="$work/git-$1"
  mkdir -p "$project"
  python3 Benchmarks/wiregen.py single "$screens" "$project/app.json" --seed 7
  git -C "$project" init -q
  git -C "$project" -c user.name=bench -c user.email=bench@example.invalid add app.json
  git -C "$project" -c user.name=bench -c user.email=bench@example.invalid commit -qm initial
  : > "$work/git-$screens.log"
  (
    cd "$project"
    inotifywait -q -m -e close_write,moved_to --format '%f' . 2>/dev/null | while read -r file; do
      case "$file" in *.json) ;; *) continue ;; esac
      git add "$file"
      git -c user.name=bench -c user.email=bench@example.invalid commit -q -m "save $file"
      date +%s%N >> "$work/git-$screens.log"
    done
  ) &
  local watcher=$!
  pids+=("$watcher")
  sleep 1  # inotifywait has set up its watch
  python3 Benchmarks/daemon_latency.py git "$work/git-$screens.log" "$project/app.json" "$saves" 11 > "$work/git-$screens.us"
  pkill -P "$watcher" 2>/dev/null || true
}

report() {  # screens
  local screens="$1" w0_50 w0_99 w20_50 w20_99 p_50 p_99 g_50 g_99
  read -r w0_50 w0_99 < <(percentiles < "$work/wfsd-$screens-0.us")
  read -r w20_50 w20_99 < <(percentiles < "$work/wfsd-$screens-20.us")
  read -r p_50 p_99 < <(percentiles < "$work/wfsd-$screens-0.pipeline.us")
  read -r g_50 g_99 < <(percentiles < "$work/git-$screens.us")
  echo "save -> revision, $screens-screen wireframe, $saves saves each (writer's clock to commit)"
  printf '  %-46s %9s %9s\n' "" "p50 ms" "p99 ms"
  printf '  %-46s %9s %9s\n' "wfsd, settle 0 ms (settle excluded)" "$w0_50" "$w0_99"
  printf '  %-46s %9s %9s\n' "wfsd, settle 20 ms (default, included)" "$w20_50" "$w20_99"
  printf '  %-46s %9s %9s\n' "  of which the import pipeline (wfsd's log)" "$p_50" "$p_99"
  printf '  %-46s %9s %9s\n' "inotifywait + git add + git commit" "$g_50" "$g_99"
  python3 -c "print(f'  pipeline p50 / wfsd p50: {$g_50 / $w0_50:.2f}x settle excluded, {$g_50 / $w20_50:.2f}x settle included; wfsd outside the import pipeline: {$w0_50 - $p_50:.2f} ms')"
}

for screens in 1000 50; do
  wfsd_latency "$screens" 0
  wfsd_latency "$screens" 20
  git_latency "$screens"
done

# --- idle CPU and memory with 1,000 watched files ----------------------------------------------
project="$work/idle"
mkdir -p "$project"
python3 - "$project" <<'PY'
import os, sys, random
sys.path.insert(0, "Benchmarks")
import wiregen
root = sys.argv[1]
for i in range(1000):
    folder = os.path.join(root, f"area{i % 40:02d}")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"flow{i:04d}.json"), "w") as f:
        f.write(wiregen.dump(wiregen.gen_app(5, random.Random(i))))
PY
"$bin/wfs" init --root "$project" >/dev/null
"$bin/wfsd" --store "$project/.wfs/store.sqlite" 2> "$project/wfsd.log" &
pid=$!
pids+=("$pid")
until grep -q "^.* watching " "$project/wfsd.log"; do sleep 0.1; done
sleep 2
ticks=$(getconf CLK_TCK)
cpu_before=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
# Wake-ups: context switches of every thread of the process (each wake-up counts one), with
# perf when it is there (it also counts threads that end meanwhile), else from /proc.
if command -v perf >/dev/null && perf stat -x, -e context-switches -p "$pid" -o "$work/idle.perf" -- sleep "$idle" 2>/dev/null; then
  # perf says "<not counted>" for a process none of whose threads ran at all.
  wakeups=$(awk -F, '/context-switches/ { print ($1 ~ /not counted/ ? 0 : $1) }' "$work/idle.perf")
else
  switches() { cat /proc/"$pid"/task/*/status | awk '/ctxt_switches/ { n += $2 } END { print n }'; }
  switches_before=$(switches)
  sleep "$idle"
  wakeups="$(( $(switches) - switches_before )) (threads still running)"
fi
cpu_after=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
rss_kib=$(awk '/^VmRSS/ { print $2 }' "/proc/$pid/status")
files=$(sed -n 's/.* watch.files=\([0-9]*\).*/\1/p' "$project/wfsd.log" | head -1)
folders=$(sed -n 's/.* watch.folders=\([0-9]*\).*/\1/p' "$project/wfsd.log" | head -1)
kill -TERM "$pid"; wait "$pid" || true
cpu_ms=$(( (cpu_after - cpu_before) * 1000 / ticks ))

report 1000
report 50
echo "idle: $files files in $folders folders watched; CPU over ${idle} s: ${cpu_ms} ms; thread wake-ups (context switches): $wakeups; resident memory: $((rss_kib / 1024)) MiB (${rss_kib} KiB)"
