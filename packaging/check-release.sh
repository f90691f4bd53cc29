#!/usr/bin/env bash
# Builds every release artifact in snapshot mode and checks them, as .ci/run
# does ("bash packaging/check-release.sh", as root for the package's part;
# --no-build checks what dist/ holds already):
#
#   1. goreleaser (pinned in packaging/tools.mod) builds the archives of
#      both programs for Linux amd64, arm64 and armv7, Windows amd64 and
#      arm64 (zip) and macOS amd64 and arm64, checksums.txt and a .deb per
#      Linux architecture, once, on two jobs;
#   2. the archives hold what they must, for the platform they name, and
#      the checksums hold;
#   3. the amd64 .deb is installed with dpkg: its files, the service's user,
#      folder and admin token, the systemd unit (systemd-analyze verify
#      where there is one);
#   4. the installed program runs as the service would (its user, its
#      folder, its settings from /etc/default/arbiter-hall) and /healthz,
#      /readyz and the metrics answer; creating an event takes the admin
#      token of the package's file;
#   5. the package is purged: the programs go, the database stays.
#
# Nothing is downloaded but Go modules (through the module proxy) and, where
# one is missing here, a Debian package.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"
fail() { echo "check-release: $*" >&2; exit 1; }
for tool in jq unzip; do
	command -v $tool >/dev/null || { apt-get update -qq && apt-get install -y -qq $tool >/dev/null; }
done

if [ "${1:-}" = --no-build ]; then
	echo "-- the artifacts already in dist/ (--no-build)"
else
	echo "-- goreleaser"
	begin=$SECONDS
	go tool -modfile=packaging/tools.mod goreleaser check
	go tool -modfile=packaging/tools.mod goreleaser release --snapshot --clean --parallelism 2
	echo "snapshot built in $((SECONDS - begin)) s"
fi

echo "-- the artifacts"
cd dist
ls -l ./*.tar.gz ./*.zip ./*.deb checksums.txt
sha256sum -c checksums.txt
version=$(jq -r .version metadata.json)
echo "version $version"
for platform in linux_amd64 linux_arm64 linux_armv7 darwin_amd64 darwin_arm64; do
	archive="arbiter_${version}_${platform}.tar.gz"
	[ -f "$archive" ] || fail "no $archive"
	listing=$(tar -tzf "$archive")
	for f in arbiter arbiter-hall README.md LICENSE docs/api.md man/arbiter.1 man/arbiter-hall.1; do
		grep -qx "[^/]*/$f" <<<"$listing" || fail "$archive lacks $f"
	done
done
for platform in windows_amd64 windows_arm64; do
	archive="arbiter_${version}_${platform}.zip"
	[ -f "$archive" ] || fail "no $archive"
	listing=$(unzip -Z1 "$archive")
	for f in arbiter.exe arbiter-hall.exe README.md LICENSE; do
		grep -qx "[^/]*/$f" <<<"$listing" || fail "$archive lacks $f"
	done
done
# Each binary is built for the platform its archive names, with the
# release's version in it.
check_build() { # binary goos goarch [goarm]
	local info
	info=$(go version -m "$1")
	grep -q "GOOS=$2\$" <<<"$info" || fail "$1: not built for $2"
	grep -q "GOARCH=$3\$" <<<"$info" || fail "$1: not built for $3"
	[ -z "${4:-}" ] || grep -q "GOARM=$4\$" <<<"$info" || fail "$1: not built for ARMv$4"
	grep -qaF -- "$version" "$1" || fail "$1: no release version in it"
}
check_build arbiter-hall_linux_arm_7/arbiter-hall linux arm 7
check_build arbiter-hall_windows_arm64_v8.0/arbiter-hall.exe windows arm64
check_build arbiter_darwin_arm64_v8.0/arbiter darwin arm64
# The install path of the archives: unpack, run.
unpacked=$(mktemp -d)
tar -xzf "arbiter_${version}_linux_amd64.tar.gz" -C "$unpacked"
line=$("$unpacked/arbiter_${version}_linux_amd64/arbiter" --version)
echo "$line"
grep -q "^arbiter $version " <<<"$line" || fail "arbiter --version: $line"
"$unpacked/arbiter_${version}_linux_amd64/arbiter-hall" --version | grep -q "^arbiter-hall $version " || fail "arbiter-hall --version"
"$unpacked/arbiter_${version}_linux_amd64/arbiter" winnable "8/8/4k3/8/2b5/8/4K3/5B2 w - - 0 1" | grep -qx -- "--" || fail "arbiter winnable from the archive"
rm -rf "$unpacked"
for arch in amd64:amd64 arm64:arm64 armv7:armhf; do
	f="arbiter_${version}_${arch%%:*}.deb"
	[ -f "$f" ] || fail "no $f"
	[ "$(dpkg-deb --field "$f" Architecture)" = "${arch##*:}" ] || fail "$f is not for Debian's ${arch##*:}"
done
deb="$PWD/arbiter_${version}_amd64.deb"
dpkg-deb --info "$deb"
dpkg-deb --contents "$deb"
cd ..

if [ "$(id -u)" != 0 ]; then
	echo "-- not root: the package is not installed here"
	exit 0
fi
if dpkg -s arbiter >/dev/null 2>&1 || getent passwd arbiter >/dev/null || [ -e /var/lib/arbiter ]; then
	echo "-- an arbiter package, user or folder is already on this machine: the package is not installed over it"
	exit 0
fi
command -v curl >/dev/null || { apt-get update -qq && apt-get install -y -qq curl >/dev/null; }

echo "-- dpkg -i"
dpkg -i "$deb"
for f in /usr/bin/arbiter /usr/bin/arbiter-hall /usr/lib/systemd/system/arbiter-hall.service \
	/etc/default/arbiter-hall /usr/share/man/man1/arbiter.1.gz /usr/share/man/man1/arbiter-hall.1.gz \
	/usr/share/doc/arbiter/copyright; do
	[ -e "$f" ] || fail "the package did not install $f"
done
dpkg-query -W -f='${Conffiles}\n' arbiter | grep -q /etc/default/arbiter-hall || fail "/etc/default/arbiter-hall is no conffile"
zcat /usr/share/man/man1/arbiter-hall.1.gz | head -n 1 | grep -q '^\.TH ARBITER-HALL 1' || fail "arbiter-hall.1 is no manual page"
if command -v man >/dev/null; then
	MANPAGER=cat man -l /usr/share/man/man1/arbiter.1.gz 2>/dev/null | grep -q "EXIT STATUS" || fail "man arbiter shows no exit status"
fi
getent passwd arbiter | grep -q ':/var/lib/arbiter:/usr/sbin/nologin$' || fail "no system user arbiter"
[ "$(stat -c '%U:%G %a' /var/lib/arbiter)" = "arbiter:arbiter 750" ] || fail "/var/lib/arbiter: $(stat -c '%U:%G %a' /var/lib/arbiter)"
[ "$(stat -c '%U:%G %a' /etc/arbiter/admin-token)" = "root:arbiter 640" ] || fail "the admin token's file: $(stat -c '%U:%G %a' /etc/arbiter/admin-token)"
grep -q '^adm_[0-9a-f]\{64\}$' /etc/arbiter/admin-token || fail "the admin token's file holds no token"
arbiter-hall --version
if command -v systemd-analyze >/dev/null; then
	systemd-analyze verify /usr/lib/systemd/system/arbiter-hall.service
	echo "systemd-analyze verify: the unit is sound"
else
	echo "no systemd-analyze here: the unit is not verified"
fi

echo "-- the program as the service runs it"
unit=/usr/lib/systemd/system/arbiter-hall.service
grep -qx 'User=arbiter' $unit && grep -qx 'EnvironmentFile=-/etc/default/arbiter-hall' $unit &&
	grep -qx 'ExecStart=/usr/bin/arbiter-hall serve' $unit && grep -qx 'WorkingDirectory=/var/lib/arbiter' $unit ||
	fail "the unit does not say what this check does"
set -a
# shellcheck disable=SC1091
. /etc/default/arbiter-hall
set +a
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null || echo $((20000 + RANDOM % 10000)); }
port=${ARBITER_ADDR##*:}
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
	export ARBITER_ADDR="127.0.0.1:$(free_port)"
	echo "port $port is taken on this machine: ARBITER_ADDR=$ARBITER_ADDR for the check"
	port=${ARBITER_ADDR##*:}
fi
export ARBITER_METRICS_ADDR="127.0.0.1:$(free_port)"
log=$(mktemp)
(cd /var/lib/arbiter && exec setpriv --reuid=arbiter --regid=arbiter --init-groups --inh-caps=-all \
	/usr/bin/arbiter-hall serve) >"$log" 2>&1 &
pid=$!
# On a failure, the machine is left as it was: the program stopped, the
# package purged, its folder and user gone (a second run then checks
# again rather than skip the install).
stop() {
	kill "$pid" 2>/dev/null || true
	dpkg --purge arbiter >/dev/null 2>&1 || true
	rm -rf /var/lib/arbiter
	userdel arbiter 2>/dev/null || true
}
trap stop EXIT
for _ in $(seq 100); do
	curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
	kill -0 "$pid" 2>/dev/null || { cat "$log"; fail "the service's program stopped"; }
	sleep 0.2
done
health=$(curl -fsS "http://127.0.0.1:$port/healthz") || { cat "$log"; fail "no /healthz"; }
echo "$health"
[ "$(jq -r .status <<<"$health")" = ok ] || fail "/healthz: $health"
[ "$(jq -r .version <<<"$health")" = "$version" ] || fail "/healthz says version $(jq -r .version <<<"$health"), not $version"
jq -r .database <<<"$health" | grep -qx 'sqlite /var/lib/arbiter/arbiter.db' || fail "not the service's database: $health"
for _ in $(seq 50); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fsS "http://127.0.0.1:$port/readyz"
curl -fsS "http://127.0.0.1:$port/" | grep -q "arbiter $version" || fail "the pages' footer does not say $version"
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$port/api/events" -H 'Content-Type: application/json' -d '{"name":"no token"}')
[ "$status" = 401 ] || fail "creating an event without the admin token: $status, want 401"
curl -fsS -X POST "http://127.0.0.1:$port/api/events" -H 'Content-Type: application/json' \
	-H "Authorization: Bearer $(cat /etc/arbiter/admin-token)" -d '{"name":"CI","games":[{"white":"W","black":"B"}]}' >/dev/null ||
	fail "creating an event with the package's admin token"
# (read whole first: grep -q stops reading at its match, and curl then
# fails writing into the closed pipe)
metrics=$(curl -fsS "http://$ARBITER_METRICS_ADDR/metrics") || fail "no metrics on $ARBITER_METRICS_ADDR"
grep -q '^arbiter_ready 1$' <<<"$metrics" || fail "the metrics do not say ready on $ARBITER_METRICS_ADDR"
[ "$(stat -c %U /var/lib/arbiter/arbiter.db)" = arbiter ] || fail "the database is not the service user's"
kill -TERM "$pid"
wait "$pid" || { cat "$log"; fail "the service's program did not stop cleanly on SIGTERM"; }
trap - EXIT
cat "$log"

echo "-- dpkg --purge"
dpkg --purge arbiter
[ ! -e /usr/bin/arbiter-hall ] && [ ! -e /etc/arbiter/admin-token ] || fail "the purge left the programs or the token"
[ -e /var/lib/arbiter/arbiter.db ] || fail "the purge removed the database"
rm -rf /var/lib/arbiter
userdel arbiter 2>/dev/null || true
echo "release artifacts: built, installed, served, removed"
