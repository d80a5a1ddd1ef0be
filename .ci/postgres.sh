#!/usr/bin/env bash
# Starts a throw-away PostgreSQL on loopback for the persistence tests and prints the
# environment that points the tests at it. Installs Debian's postgresql package when missing.
# Usage: eval "$(.ci/postgres.sh start)"   |   .ci/postgres.sh stop
set -euo pipefail
PORT="${DIPGNN_PG_PORT:-54329}"
DIR="${DIPGNN_PG_DIR:-/tmp/dipgnn-ci-postgres}"

bindir() {
  local d
  d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
  if [ -z "$d" ]; then
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
    d="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
  fi
  echo "$d"
}

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-start}" in
  start)
    BIN="$(bindir)"
    as_postgres "$BIN/pg_ctl" -D "$DIR" stop -m fast >/dev/null 2>&1 || true
    rm -rf "$DIR"
    mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$DIR"
    as_postgres "$BIN/initdb" -D "$DIR" -U postgres --auth=trust >/dev/null
    as_postgres "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w \
      -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$DIR -c fsync=off" start >/dev/null
    as_postgres "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres dipgnn_test
    echo "export DIPGNN_TEST_POSTGRES_URL=jdbc:postgresql://127.0.0.1:$PORT/dipgnn_test"
    echo "export DIPGNN_TEST_POSTGRES_USER=postgres"
    echo "export DIPGNN_TEST_REQUIRE_POSTGRES=true"
    ;;
  stop)
    BIN="$(bindir)"
    as_postgres "$BIN/pg_ctl" -D "$DIR" stop -m fast >/dev/null 2>&1 || true
    ;;
esac
