#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: `.ci/postgresql.sh start` makes and starts one,
# `.ci/postgresql.sh stop` stops it and removes it.
#
# Debian's `postgresql` package's initdb and pg_ctl, run as the `postgres` user (run this as root),
# in a folder of its own under the temporary directory, with a unix socket folder and a port of
# its own (WFS_PG_PORT, default 55432), so that it never meets a cluster of the machine. The local
# socket trusts the superuser `postgres`; TCP on 127.0.0.1 asks every role for its password
# (scram-sha-256), so that password tests are real.
#
# `start` prints the superuser URL the tests read from WFS_TEST_POSTGRESQL:
#   export WFS_TEST_POSTGRESQL=$(.ci/postgresql.sh start)
set -euo pipefail

port=${WFS_PG_PORT:-55432}
base=${TMPDIR:-/tmp}/wfs-postgresql-$port
data=$base/data
socket=$base/socket

binaries() {
  local folder
  for folder in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$folder/initdb" ] && [ -x "$folder/pg_ctl" ]; then
      echo "$folder"
      return 0
    fi
  done
  echo "postgresql.sh: no initdb under /usr/lib/postgresql/*/bin; install Debian's postgresql package" >&2
  return 1
}

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

url() {
  echo "postgresql://postgres@/postgres?host=$socket&port=$port"
}

start() {
  local bin
  bin=$(binaries)
  if [ -f "$data/postmaster.pid" ] && as_postgres "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
    url
    return 0
  fi
  rm -rf "$base"
  mkdir -p "$data" "$socket"
  if [ "$(id -u)" -eq 0 ]; then chown -R postgres: "$base"; fi
  as_postgres "$bin/initdb" -D "$data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >"$base/initdb.log" 2>&1 || {
    cat "$base/initdb.log" >&2
    return 1
  }
  # Only the socket and 127.0.0.1: trust on the socket for the superuser, passwords on TCP.
  cat >"$data/pg_hba.conf" <<'EOF'
local all postgres trust
local all all scram-sha-256
host all all 127.0.0.1/32 scram-sha-256
EOF
  as_postgres "$bin/pg_ctl" -D "$data" -l "$base/server.log" -w -t 60 \
    -o "-p $port -k $socket -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null || {
    cat "$base/server.log" >&2
    return 1
  }
  url
}

stop() {
  local bin
  bin=$(binaries)
  if [ -d "$data" ]; then
    as_postgres "$bin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$base"
}

case "${1:-}" in
start) start ;;
stop) stop ;;
url) url ;;
*)
  echo "usage: $0 start|stop|url" >&2
  exit 64
  ;;
esac
