#!/usr/bin/env bash
# Load benchmark of online inference, on loopback, in one run:
#   1. starts the service (fresh data directory, open inference) from the built jar;
#   2. registers a synthetic query-product graph with PRODUCTS products (default 100,000),
#      fine-tunes a small link-prediction model on it and deploys it;
#   3. drives, with wrk, two trivial health endpoints (actuator liveness and the Open Inference
#      Protocol's /v2/health/live; the faster is the stack's ceiling), embeddings, link scores
#      (as fast as they go) and top-10 recommendations (as fast as they go, then at RATE
#      requests/s), and prints one table with throughput and p50/p90/p99 latency.
# Needs: wrk (Debian package), curl, a built jar (./mvnw -q package -DskipTests).
# Usage: bench/load/run.sh [--products N] [--queries N] [--duration 30s] [--rate 500]
set -euo pipefail
cd "$(dirname "$0")/../.."

PRODUCTS=100000; QUERIES=20000; CLICKS=400000; DURATION=30s; RATE=500; CONNECTIONS=16; THREADS=2
PORT="${PORT:-18080}"; HIDDEN=64; STEPS=60
while [ $# -gt 0 ]; do
  case "$1" in
    --products) PRODUCTS="$2"; shift 2 ;;
    --queries) QUERIES="$2"; shift 2 ;;
    --clicks) CLICKS="$2"; shift 2 ;;
    --duration) DURATION="$2"; shift 2 ;;
    --rate) RATE="$2"; shift 2 ;;
    --connections) CONNECTIONS="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
JAR="${JAR:-$(ls target/dipgnn-service-*.jar | grep -v -e original -e engine | head -1)}"
DATA="$(mktemp -d /tmp/dipgnn-load-XXXXXX)"
TOKEN="load-test-admin-token-0123456789"
BASE="http://127.0.0.1:$PORT"
export LUA_DIR="$PWD/bench/load" QUERIES PRODUCTS DEPLOYMENT=recommendations

java -Xmx6g -Dai.djl.pytorch.num_threads=1 -jar "$JAR" --server.port="$PORT" --dipgnn.data-dir="$DATA" \
  --dipgnn.security.open-inference=true --dipgnn.security.tokens[0].name=load \
  --dipgnn.security.tokens[0].token="$TOKEN" --dipgnn.security.tokens[0].role=ADMIN \
  --logging.level.root=WARN >"$DATA/service.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null || true' EXIT

api() { curl -fsS -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' "$@"; }
wait_for() { # url jq-free grep pattern, timeout seconds
  for _ in $(seq 1 "$3"); do curl -fsS -H "Authorization: Bearer $TOKEN" "$1" 2>/dev/null | grep -q "$2" && return 0; sleep 1; done
  echo "timed out waiting for $1 to show $2" >&2; tail -50 "$DATA/service.log" >&2; exit 1
}
field() { sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p" | head -1; }

wait_for "$BASE/actuator/health/liveness" '"UP"' 120
echo "service up; registering a synthetic graph: $QUERIES queries, $PRODUCTS products, $CLICKS clicks" >&2
api -X POST "$BASE/api/v1/datasets" -d "{\"id\":\"load\",\"synthetic\":{\"queries\":$QUERIES,\"products\":$PRODUCTS,\"clicks\":$CLICKS}}" >/dev/null
JOB="$(api -X POST "$BASE/api/v1/jobs/finetune" -d "{\"datasetId\":\"load\",\"modelName\":\"load\",\"parameters\":{\"task\":\"link\",\"backbone\":\"gat\",\"layers\":2,\"hidden\":$HIDDEN,\"heads\":2,\"steps\":$STEPS,\"evalEvery\":$STEPS}}" | field id)"
echo "fine-tuning job $JOB" >&2
wait_for "$BASE/api/v1/jobs/$JOB" '"state":"SUCCEEDED"' 1200
MODEL="$(api "$BASE/api/v1/jobs/$JOB" | field modelId)"
api -X PUT "$BASE/api/v1/deployments/recommendations" -d "{\"modelId\":\"$MODEL\"}" >/dev/null
wait_for "$BASE/api/v1/deployments/recommendations" '"state":"READY"' 1200
wait_for "$BASE/actuator/health/readiness" '"UP"' 60
INDEX="$(api "$BASE/api/v1/deployments/recommendations" | sed -n 's/.*"indexSize":\([0-9]*\).*/\1/p')"
echo "deployed $MODEL; index of $INDEX products" >&2

run() { # name script rate
  RATE_PER_CONN=0
  [ "$3" != "max" ] && RATE_PER_CONN=$(awk "BEGIN{print $3/$CONNECTIONS}")
  # warm-up, then the measured run
  RATE=$RATE_PER_CONN wrk -t"$THREADS" -c"$CONNECTIONS" -d5s -s "bench/load/$2" "$BASE" >/dev/null
  line="$(RATE=$RATE_PER_CONN wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" -s "bench/load/$2" "$BASE" | grep '^RESULT')"
  printf '%s %s %s\n' "$1" "$3" "$line"
}

{
  run health health.lua max
  run v2-live live.lua max
  run embeddings embeddings.lua max
  run link-scores scores.lua max
  run top10 recommendations.lua max
  run top10 recommendations.lua "$RATE"
} | tee "$DATA/results.txt" | awk -v products="$INDEX" '
  BEGIN { printf "%-12s %-8s %10s %9s %9s %9s %7s\n", "endpoint", "load", "req/s", "p50 ms", "p90 ms", "p99 ms", "errors" }
  { for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    if (($1 == "health" || $1 == "v2-live") && v["rps"] > ceiling) ceiling = v["rps"]
    printf "%-12s %-8s %10.0f %9.2f %9.2f %9.2f %7d\n", $1, $2, v["rps"], v["p50_ms"], v["p90_ms"], v["p99_ms"], v["errors"]
    if ($1 == "embeddings") emb = v["rps"]
    if ($1 == "top10" && $2 != "max") { p99 = v["p99_ms"]; achieved = v["rps"] } }
  END { printf "\nembeddings / ceiling (the faster health endpoint) throughput: %.2f (target >= 0.5)\n", emb / ceiling
        printf "top-10 over %d products at %.0f req/s: p99 %.2f ms (target < 20 ms at 500 req/s)\n", products, achieved, p99 }'
echo "raw results and the service log: $DATA" >&2
