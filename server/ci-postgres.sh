#!/usr/bin/env bash
# Installs (when absent), initialises and starts a throw-away PostgreSQL
# server on 127.0.0.1:55432 for the server package's tests, then prints the
# line that points the tests at it:
#
#	eval "$(bash server/ci-postgres.sh)"
#	go test ./server/...
#
# Idempotent: a server already answering on the port is left as it is.
# Everything but the final export line goes to stderr.
set -euo pipefail

PORT="${ARBITER_PG_PORT:-55432}"
DATA="${ARBITER_PG_DATA:-/tmp/arbiter-pgdata}"
URL="postgres://postgres@127.0.0.1:${PORT}/postgres?sslmode=disable"

log() { echo "ci-postgres: $*" >&2; }

bindir() {
	local d
	for d in /usr/lib/postgresql/*/bin; do
		if [ -x "$d/pg_ctl" ]; then
			echo "$d"
		fi
	done | sort -V | tail -n 1
}

BIN="$(bindir || true)"
if [ -z "$BIN" ]; then
	log "installing postgresql with apt-get"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >&2
	apt-get install -y -qq postgresql >&2
	BIN="$(bindir)"
fi

# As root, the server must run as the postgres user.
as_pg() {
	if [ "$(id -u)" = 0 ]; then
		su postgres -s /bin/sh -c "$*"
	else
		sh -c "$*"
	fi
}

if "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" 2>/dev/null; then
	log "already running on 127.0.0.1:$PORT"
else
	if [ ! -s "$DATA/PG_VERSION" ]; then
		log "initdb $DATA"
		mkdir -p "$DATA"
		if [ "$(id -u)" = 0 ]; then chown postgres "$DATA"; fi
		chmod 700 "$DATA"
		as_pg "'$BIN/initdb' -D '$DATA' -U postgres -A trust --no-sync -E UTF8 >/dev/null"
	fi
	log "starting on 127.0.0.1:$PORT"
	as_pg "'$BIN/pg_ctl' -D '$DATA' -l '$DATA/server.log' -w -t 60 -o \"-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200\" start >/dev/null"
fi

for _ in $(seq 1 60); do
	if "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT"; then
		echo "export ARBITER_TEST_POSTGRES='$URL'"
		exit 0
	fi
	sleep 0.5
done
log "PostgreSQL did not answer on 127.0.0.1:$PORT; see $DATA/server.log"
exit 1
