#!/usr/bin/env bash
# Checks the systemd units (wfsd's and wfs serve's, and wfsd's unit with the drop-in of systemd/wfsd-project.conf): 'systemd-analyze verify' (on a copy whose ExecStart names the built
# wfsd, since verify needs the binary to exist) and 'systemd-analyze security', which must rate
# the exposure 2.5 or lower.
# Usage: scripts/verify-units.sh [PATH/TO/wfsd]   (default: the debug build's)
set -euo pipefail
cd "$(dirname "$0")/.."
wfsd="${1:-$(swift build --show-bin-path)/wfsd}"
wfsd="$(cd "$(dirname "$wfsd")" && pwd)/$(basename "$wfsd")"
[ -x "$wfsd" ] || { echo "verify-units: no wfsd at $wfsd; build first" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# wfs (whose `serve` runs wfs-serve) is built beside wfsd.
wfs="$(dirname "$wfsd")/wfs"
for unit in systemd/wfsd.service systemd/wfsd@.service systemd/wfs-serve.service; do
  sed -e "s#/usr/local/bin/wfsd#$wfsd#g" -e "s#/usr/local/bin/wfs #$wfs #g" "$unit" > "$work/$(basename "$unit")"
done
# A template is verified through an instance.
cp "$work/wfsd@.service" "$work/wfsd@example.service"
# The documented drop-in for a project in a home folder: its settings come after the unit's
# [Service] settings, as a drop-in's do, so the unit with it must pass too.
grep -v -e '^#' -e '^\[Service\]' -e '^$' systemd/wfsd-project.conf > "$work/drop-in"
awk -v dropin="$work/drop-in" '/^\[Install\]/ { while ((getline line < dropin) > 0) print line; print "" } { print }' \
  "$work/wfsd.service" > "$work/wfsd-project.service"
status=0
for unit in wfsd.service wfsd@example.service wfsd-project.service wfs-serve.service; do
  if ! output="$(systemd-analyze verify --man=no "$work/$unit" 2>&1)"; then status=1; fi
  # Warnings about the build host (no running systemd, missing users) are not about the unit.
  filtered="$(printf '%s\n' "$output" | grep -v -e 'System has not been booted with systemd' -e 'Failed to connect to bus' -e '^$' || true)"
  if [ -n "$filtered" ]; then echo "$filtered" >&2; status=1; fi
  exposure="$(systemd-analyze security --offline=yes --no-pager "$work/$unit" 2>/dev/null | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')"
  echo "verify-units: $unit: exposure ${exposure:-unknown}"
  if [ -z "$exposure" ] || awk -v e="$exposure" 'BEGIN { exit !(e > 2.5) }'; then
    echo "verify-units: $unit: exposure must be 2.5 or lower" >&2
    status=1
  fi
done
exit $status
