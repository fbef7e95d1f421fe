#!/usr/bin/env bash
# Runs the load test of docs/ONLINE.md ("Load test", "Figures") against release builds on this
# machine, with the processes' CPU and memory figures:
#
#   scripts/load.sh memory ROOMS [SERVERS]    one (or SERVERS separate) in-memory servers
#   scripts/load.sh redis GATEWAYS ROOMS      GATEWAYS gateways on one Redis (Unix socket, no
#                                             persistence; needs redis-server)
#
# Every run plays 20 s at one move per room per second with `--workers 2`. Build first:
# `cargo build --release -p starhalma-server`. Servers, Redis and its folder go when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${CARGO_TARGET_DIR:-target}/release"
roomy=(--max-connections-per-address 100000 --max-rooms-per-hour 1000000 --max-rooms 100000)
ulimit -n 20000
work=$(mktemp -d /tmp/starhalma-load.XXXXXX)
pids=()
cleanup() {
    kill "${pids[@]}" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# Start a server with these arguments; its address goes to $addr, its id to $pid.
serve() {
    local out="$work/server${#pids[@]}.out"
    "$bin/starhalma-server" --port 0 "${roomy[@]}" "$@" >"$out" 2>/dev/null &
    pid=$!
    pids+=("$pid")
    for _ in $(seq 100); do
        [ -s "$out" ] && break
        sleep 0.1
    done
    addr=$(head -1 "$out" | awk '{print $3}')
}

load=(--seconds 20 --rate 1 --workers 2)
case "${1:-}" in
memory)
    rooms=${2:?rooms}
    for _ in $(seq "${3:-1}"); do
        serve
        load+=(--addr "$addr" --pid "$pid")
    done
    [ "${3:-1}" -gt 1 ] && load+=(--separate)
    "$bin/starhalma-load" "${load[@]}" --rooms "$rooms"
    ;;
redis)
    gateways=${2:?gateways}
    rooms=${3:?rooms}
    redis-server --port 0 --unixsocket "$work/redis.sock" --save "" --appendonly no \
        --dir "$work" >/dev/null &
    redis=$!
    pids+=("$redis")
    for _ in $(seq 100); do
        [ -S "$work/redis.sock" ] && break
        sleep 0.1
    done
    for _ in $(seq "$gateways"); do
        serve --redis "redis+unix://$work/redis.sock"
        load+=(--addr "$addr" --pid "$pid")
    done
    "$bin/starhalma-load" "${load[@]}" --store-pid "$redis" --rooms "$rooms"
    ;;
*)
    sed -n '2,10p' "$0" >&2
    exit 2
    ;;
esac
