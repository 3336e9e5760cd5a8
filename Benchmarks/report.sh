#!/usr/bin/env bash
# Report benchmark: `wfs report` (HTML, Graphviz layout included) between two meetings of a
# generated app in which some screens changed.
#
#   Benchmarks/report.sh [--wfs PATH] [--wiregen PATH] [--screens N[,N2...]] [--changed K] [--timeout S]
#
# For each N (default 1000 and 10000 screens): `wiregen.py single N` imported in meeting one, K
# screens (default 50) retitled in meeting two, then `wfs report --from one --to two` timed once
# (at most S seconds, default 120). Needs bash, python3, Graphviz's dot and a release build:
# swift build -c release --product wfs
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
wfs="$here/../.build/release/wfs"
wiregen="$here/wiregen.py"
screens="1000,10000"
changed=50
timeout_seconds=120
while [ $# -gt 0 ]; do
  case "$1" in
    --wfs) wfs="$2"; shift 2 ;;
    --wiregen) wiregen="$2"; shift 2 ;;
    --screens) screens="$2"; shift 2 ;;
    --changed) changed="$2"; shift 2 ;;
    --timeout) timeout_seconds="$2"; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 64 ;;
  esac
done
wfs="$(cd "$(dirname "$wfs")" && pwd)/$(basename "$wfs")"
[ -x "$wfs" ] || { echo "no wfs binary at $wfs; build it with: swift build -c release --product wfs" >&2; exit 2; }
command -v dot >/dev/null || { echo "Graphviz's dot is missing (Debian: graphviz)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export WFS_AUTHOR=bench NO_COLOR=1
unset WFS_STORE
for n in ${screens//,/ }; do
  project="$work/app$n"
  mkdir -p "$project"
  cd "$project"
  python3 "$wiregen" single "$n" app.json --seed 1 >/dev/null
  "$wfs" init >/dev/null
  "$wfs" session start one >/dev/null
  "$wfs" import app.json >/dev/null
  "$wfs" session end >/dev/null
  python3 - "$changed" <<'PY'
import json, sys
app = json.load(open("app.json"))
routes = app["routes"]
step = max(1, len(routes) // int(sys.argv[1]))
for index in range(0, len(routes), step)[: int(sys.argv[1])]:
    routes[index]["title"] += " (new)"
json.dump(app, open("app.json", "w"), indent=2)
PY
  "$wfs" session start two >/dev/null
  "$wfs" import app.json >/dev/null
  "$wfs" session end >/dev/null
  start=$(date +%s.%N)
  if timeout "$timeout_seconds" "$wfs" report --from one --to two --output report.html; then
    end=$(date +%s.%N)
    printf '%s screens, %s changed: wfs report %.2f s, %s bytes\n' "$n" "$changed" "$(echo "$end - $start" | bc)" "$(stat -c %s report.html)"
  else
    printf '%s screens, %s changed: wfs report did not finish in %s s\n' "$n" "$changed" "$timeout_seconds"
  fi
done
