#!/usr/bin/env bash
# Two API nodes on one PostgreSQL and one Redis, behind nginx (docs/lessons.md "More than one node").
#
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/edu REDIS_URL=redis://127.0.0.1:6379 deploy/two-nodes.sh
#
# Starts node A (it migrates, and seeds when SEED says so), then node B once A answers /v1/health, then nginx with
# deploy/nginx.conf, and runs until one of them stops or Ctrl-C; then stops the others. Other variables: PORT
# (nginx, 8080), PORT_A / PORT_B (the nodes, 8081 / 8082), RUN_DIR (nginx's files and the logs,
# ./data/two-nodes), and anything the server reads (docs/server.md "Configuration"), e.g. SEED=demo.
set -euo pipefail
cd "$(dirname "$0")/.."

: "${DATABASE_URL:?set DATABASE_URL=postgres://… (the nodes share one PostgreSQL database)}"
: "${REDIS_URL:?set REDIS_URL=redis://… (the nodes share the lesson rooms through Redis)}"
PORT=${PORT:-8080}
PORT_A=${PORT_A:-8081}
PORT_B=${PORT_B:-8082}
RUN_DIR=$(mkdir -p "${RUN_DIR:-data/two-nodes}" && cd "${RUN_DIR:-data/two-nodes}" && pwd)
mkdir -p "$RUN_DIR/logs" "$RUN_DIR/tmp"
command -v nginx >/dev/null || { echo "nginx is not installed (apt-get install nginx)" >&2; exit 1; }
command -v curl >/dev/null || { echo "curl is not installed (apt-get install curl): it waits for each node's /v1/health" >&2; exit 1; }

sed -e "s/127\.0\.0\.1:8081/127.0.0.1:$PORT_A/" \
  -e "s/127\.0\.0\.1:8082/127.0.0.1:$PORT_B/" \
  -e "s/listen 8080;/listen $PORT;/" \
  deploy/nginx.conf >"$RUN_DIR/nginx.conf"

pids=()
stop() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT INT TERM

# One node: the server from source (docs/server.md), on loopback, behind the proxy.
node_up() {
  local name=$1 port=$2
  # The product's node flags, as `npm start` gives them (docs/server.md "Node flags").
  PORT=$port HOST=127.0.0.1 TRUST_PROXY=true node_modules/.bin/tsx --max-semi-space-size=64 --no-allocation-site-pretenuring apps/server/src/server.ts >"$RUN_DIR/logs/node-$name.log" 2>&1 &
  pids+=($!)
  echo "node $name: http://127.0.0.1:$port (log $RUN_DIR/logs/node-$name.log)"
  for _ in $(seq 1 180); do
    curl -fsS "http://127.0.0.1:$port/v1/health" >/dev/null 2>&1 && return 0
    kill -0 "${pids[-1]}" 2>/dev/null || { echo "node $name stopped:" >&2; tail -20 "$RUN_DIR/logs/node-$name.log" >&2; exit 1; }
    sleep 1
  done
  echo "node $name did not answer within 180 s" >&2
  exit 1
}

node_up A "$PORT_A"
node_up B "$PORT_B"
nginx -t -q -p "$RUN_DIR" -c "$RUN_DIR/nginx.conf"
nginx -p "$RUN_DIR" -c "$RUN_DIR/nginx.conf" -g 'daemon off;' &
pids+=($!)
echo "nginx: http://127.0.0.1:$PORT (realtime at /v1/realtime/, both nodes behind it)"
wait -n
