#!/usr/bin/env bash
# Stages `make install` of binaries already built (CI passes its release build) in a temporary
# folder, lists what it installed and checks it: the binaries run, man finds every command's page
# and renders it without a warning, the completion scripts are valid for their shells, the user
# documentation is there; then `make uninstall` must leave only the administrator's configuration.
#
#   scripts/check-install.sh BIN_FOLDER      (BIN_FOLDER holds wfs, wfsd and wfs-serve)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -ne 1 ]; then
  echo "usage: $0 BIN_FOLDER" >&2
  exit 64
fi
bin=$(cd "$1" && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
prefix=/usr/local
root=$stage$prefix
make_args=(--no-print-directory DESTDIR="$stage" PREFIX="$prefix" WFS_BIN_PATH="$bin" BIN_PATH="$bin")

fail() {
  echo "check-install: $*" >&2
  exit 1
}

make "${make_args[@]}" install-built >/dev/null
echo "make install put:"
(cd "$stage" && find . -type f | sed 's#^\.##' | sort)

for file in bin/wfs bin/wfsd libexec/wfs/wfs-serve share/doc/wfs/SERVE.md share/doc/wfs/openapi.yaml share/man/man1/wfs.1 share/man/man1/wfsd.1 share/man/man1/wfs-session-start.1 \
  share/bash-completion/completions/wfs share/zsh/site-functions/_wfs share/fish/vendor_completions.d/wfs.fish \
  share/doc/wfs/README.md share/doc/wfs/GUIDE.md share/doc/wfs/DAEMON.md share/doc/wfs/CHANGELOG.md; do
  [ -s "$root/$file" ] || fail "$prefix/$file is missing or empty"
done
[ ! -e "$root/share/doc/wfs/ARCHITECTURE.md" ] || fail "ARCHITECTURE.md is about the code, not for users"
"$root/bin/wfs" --version >/dev/null || fail "the installed wfs does not run"
"$root/bin/wfsd" --help >/dev/null || fail "the installed wfsd does not run"
# `wfs serve` finds the web server in libexec/wfs/ of its own prefix.
"$root/bin/wfs" serve --help | grep -q -- "--require-token-for-reads" || fail "the installed wfs serve does not run wfs-serve"
[ -s "$stage/etc/systemd/system/wfs-serve.service" ] || fail "the unit wfs-serve.service is not installed"
grep -q "^ExecStart=$prefix/bin/wfs serve" "$stage/etc/systemd/system/wfs-serve.service" || fail "wfs-serve.service does not run $prefix/bin/wfs serve"

# A page for wfs, for wfsd and for every command; man-db finds a command's page as it finds git's
# (`man wfs log` opens wfs-log(1)).
pages=$(find "$root/share/man/man1" -name '*.1' | wc -l)
commands=$("$bin/wfs" --experimental-dump-help | grep -o '"commandName" *: *"[^"]*"' | grep -vc '"help"')
[ "$pages" -eq $((commands + 1)) ] || fail "$pages man pages for $commands commands of wfs and wfsd"
found=$(MANPATH="$root/share/man" man -w wfs log)
[ "$found" = "$root/share/man/man1/wfs-log.1" ] || fail "man wfs log finds '$found'"
for page in "$root"/share/man/man1/*.1; do
  warnings=$(MANWIDTH=80 man -l "$page" 2>&1 >/dev/null || true)
  [ -z "$warnings" ] || fail "man warns about $(basename "$page"): $warnings"
done

bash -n "$root/share/bash-completion/completions/wfs" || fail "the bash completion does not parse"
if command -v zsh >/dev/null; then zsh -n "$root/share/zsh/site-functions/_wfs" || fail "the zsh completion does not parse"; fi
if command -v fish >/dev/null; then fish -n "$root/share/fish/vendor_completions.d/wfs.fish" || fail "the fish completion does not parse"; fi

make "${make_args[@]}" uninstall >/dev/null
left=$(cd "$stage" && find . -type f | sed 's#^\.##')
[ "$left" = "/etc/wfs/wfsd.yaml" ] || fail "make uninstall left: $left"
echo "check-install: the install is complete and make uninstall removes it"
