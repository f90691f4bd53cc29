#!/bin/sh
# Writes default.pgo, the CPU profile that `go build` (and `go run`,
# `go install`) uses to optimise this command: the audit of the real-game
# benchmark on one worker and perft from the start position, the two loops
# the command spends its time in. Run it from anywhere after a change that
# moves the hot paths:
#
#	sh cmd/arbiter/pgo.sh
set -eu
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test ./audit -run '^$' -bench 'Audit_RealFiles$' -benchtime 8x -o "$tmp/audit.test" -cpuprofile "$tmp/audit.prof" >/dev/null
go test ./chess -run '^$' -bench 'PerftStart6$' -benchtime 3x -o "$tmp/chess.test" -cpuprofile "$tmp/perft.prof" >/dev/null
go tool pprof -proto "$tmp/audit.prof" "$tmp/perft.prof" > cmd/arbiter/default.pgo
echo "wrote cmd/arbiter/default.pgo"
