#!/usr/bin/env bash
# The ladder on a queue against the one-machine ladder (docs/benchmarks.md): the same ladder in
# this process's worker threads, then on 1, 2 and 4 `dnup worker` processes of one game each.
# Needs a built dist/ (npm run build), redis-server, bullmq and ioredis. Usage: bench/ladder-queue.sh [GAMES]
set -euo pipefail
GAMES=${1:-60}
PORT=$((30000 + RANDOM % 20000))
DIR=$(mktemp -d)
CLI="node dist/cli.js"
LADDER="ladder --bots greedy,random,montecarlo --playouts 10 --seed bench --games $GAMES --json"
redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no --dir "$DIR" > "$DIR/redis.log" 2>&1 &
REDIS=$!
trap 'kill $REDIS 2>/dev/null; rm -rf "$DIR"' EXIT
sleep 0.5
secs() { node -e 'const r=JSON.parse(require("fs").readFileSync(0,"utf8"));console.log(`${(r.elapsedMs/1000).toFixed(1)} s, ${r.averageMoves.toFixed(1)} moves a game`)'; }
for w in 1 2; do echo "in-process, $w worker thread(s): $($CLI $LADDER --workers "$w" 2>/dev/null | secs)"; done
for n in 1 2 4; do
  pids=()
  for _ in $(seq "$n"); do $CLI worker --queue "redis://127.0.0.1:$PORT" --workers 1 2>/dev/null & pids+=($!); done
  echo "queue, $n worker process(es): $($CLI $LADDER --queue "redis://127.0.0.1:$PORT" --run "bench-$n" 2>/dev/null | secs)"
  kill "${pids[@]}"
done
