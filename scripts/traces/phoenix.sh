#!/usr/bin/env bash
# Start Arize Phoenix (from .venv-traces) on 127.0.0.1:$PHOENIX_PORT, its data under
# $PHOENIX_WORKING_DIR, no telemetry of its own; wait until it answers.
# Prints its pid. Used by `make traces` and the tests (tests/servers.py has the same wait).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
: "${PHOENIX_PORT:=6006}"
: "${PHOENIX_GRPC_PORT:=4317}"
: "${PHOENIX_WORKING_DIR:=${XDG_CACHE_HOME:-$HOME/.cache}/propsearch/phoenix}"
mkdir -p "$PHOENIX_WORKING_DIR"
export PHOENIX_PORT PHOENIX_GRPC_PORT PHOENIX_WORKING_DIR PHOENIX_HOST=127.0.0.1 PHOENIX_TELEMETRY_ENABLED=false
"$ROOT/.venv-traces/bin/phoenix" serve >"$PHOENIX_WORKING_DIR/phoenix.log" 2>&1 &
pid=$!
for _ in $(seq 600); do
  if curl -fsS "http://127.0.0.1:$PHOENIX_PORT/healthz" >/dev/null 2>&1; then echo "$pid"; exit 0; fi
  kill -0 "$pid" 2>/dev/null || { cat "$PHOENIX_WORKING_DIR/phoenix.log" >&2; exit 1; }
  sleep 0.2
done
kill "$pid"; echo "Phoenix did not start in 120 s" >&2; exit 1
