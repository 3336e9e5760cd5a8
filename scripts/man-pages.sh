#!/usr/bin/env bash
# Writes the manual pages of wfs (one for the tool, one for each command; `wfs serve`'s from
# wfs-serve beside WFSD, when it is there) and wfsd into FOLDER,
# from the built binaries' own help (swift-argument-parser's generate-manual tool reads what
# `--experimental-dump-help` prints), and checks that man renders each without a warning.
#
#   scripts/man-pages.sh GENERATE_MANUAL WFS WFSD FOLDER
#
# The pages are named as git's are (wfs-session-start(1)), so that man-db finds a command's page
# as it finds git's (`man wfs log` opens wfs-log(1)); the tool names them with dots. Their
# date is the last commit's (SOURCE_DATE_EPOCH when set), so that a build gives the same pages.
set -euo pipefail

if [ $# -ne 4 ]; then
  echo "usage: $0 GENERATE_MANUAL WFS WFSD FOLDER" >&2
  exit 64
fi
tool=$1 wfs=$2 wfsd=$3 folder=$4

if [ -n "${SOURCE_DATE_EPOCH:-}" ]; then
  date=$(date -u -d "@$SOURCE_DATE_EPOCH" +%F)
else
  date=$(git -C "$(dirname "$0")/.." log -1 --format=%cs 2>/dev/null || date -u +%F)
fi

mkdir -p "$folder"
rm -f "$folder"/wfs*.1
"$tool" "$wfs" --multi-page --date "$date" --output-directory "$folder"
"$tool" "$wfsd" --date "$date" --output-directory "$folder"

# `help` is a command of the parser, not of wfs or wfsd (`wfs help X` prints `wfs X --help`): no
# page of its own, no entry in wfsd's, and wfsd, which has no other, has no SUBCOMMAND either.
rm -f "$folder/wfs.help.1"
awk '/^\.It Em help$/ { skip = 1; next }
  skip { if ($0 == ".El") skip = 0; next }
  $0 != ".Ar subcommand" { print }' "$folder/wfsd.1" >"$folder/wfsd.1.tmp"
mv "$folder/wfsd.1.tmp" "$folder/wfsd.1"
for page in "$folder"/wfs*.1; do
  name=$(basename "$page" .1)
  # Titles (.Dt WFS.SESSION.START 1) and cross references (.Xr wfs.session.start 1) follow the
  # name. A blank line between two paragraphs of a help text is a paragraph break (.Pp) in mdoc.
  sed -e '/^\.Xr wfs\.help 1/d' -e 's/^$/.Pp/' \
    -e '/^\.\(Dt\|Xr\) /{s/^\.\(..\) /\1 /;y/./-/;s/^/./}' \
    "$page" >"$page.tmp"
  rm "$page"
  # The reference to the help page may have been the last of SEE ALSO: no comma after the new last.
  awk '{ lines[NR] = $0 } END {
    for (i = 1; i <= NR; i++) {
      line = lines[i]
      if (line ~ /^\.Xr .* ,$/ && lines[i + 1] !~ /^\.Xr /) sub(/ ,$/, "", line)
      print line
    }
  }' "$page.tmp" >"$folder/${name//./-}.1"
  rm "$page.tmp"
done

# `wfs serve` hands its arguments to the web server, wfs-serve (built beside wfsd): the page of
# `wfs serve` is wfs-serve's own, which lists the server's options.
server="$(dirname "$wfsd")/wfs-serve"
if [ -x "$server" ]; then
  scratch=$(mktemp -d)
  "$tool" "$server" --date "$date" --output-directory "$scratch"
  sed -e 's/^$/.Pp/' -e 's/^\.Dt "WFS SERVE" 1$/.Dt WFS-SERVE 1/' -e '/^\.Ar subcommand$/d' \
    "$scratch/wfs serve.1" >"$folder/wfs-serve.1"
  rm -rf "$scratch"
fi

if ! command -v man >/dev/null; then
  echo "$0: man is not installed, so the pages were not checked" >&2
  exit 0
fi
status=0
for page in "$folder"/wfs*.1; do
  warnings=$(MANWIDTH=80 man -l "$page" 2>&1 >/dev/null || true)
  if [ -n "$warnings" ]; then
    echo "$page: man warns:" >&2
    echo "$warnings" >&2
    status=1
  fi
done
exit $status
