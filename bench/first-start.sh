#!/usr/bin/env bash
# Times the README's first command: a fresh service on its embedded defaults pre-trains, fine-tunes
# and deploys the built-in graph by itself (dipgnn.quickstart); this waits for the deployment and
# asks it for recommendations. Needs curl and a built jar (./mvnw -q package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-18082}"
JAR="${JAR:-$(ls target/dipgnn-service-*.jar | grep -v -e original -e engine | head -1)}"
DATA="$(mktemp -d /tmp/dipgnn-first-start-XXXXXX)"
API="http://127.0.0.1:$PORT/api/v1"
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN{printf "%.1f", b-a}'; }

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
t0=$(now)
# SERVICE_ARGS: more settings, e.g. --dipgnn.quickstart.time-limit=60s
java -jar "$JAR" --server.port="$PORT" --dipgnn.data-dir="$DATA" ${SERVICE_ARGS:-} >"$DATA/service.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null || true' EXIT
until curl -fsS "http://127.0.0.1:$PORT/actuator/health/liveness" 2>/dev/null | grep -q UP; do sleep 0.5; done
echo "service up: $(since "$t0") s"
TOKEN=$(cat "$DATA/admin-token"); H="Authorization: Bearer $TOKEN"; J="Content-Type: application/json"
# what the README's first curl answers meanwhile: at once, then every minute
ask() { curl -sS -o "$DATA/answer.json" -w '%{http_code}' -H "$H" -H "$J" "$API/deployments/recommendations/recommendations" \
  -d '{"id": 7, "k": 5, "excludeLinked": true}'; }
next_ask=0
until curl -fsS -H "$H" "$API/deployments/recommendations" 2>/dev/null | grep -q '"state":"READY"'; do
  if (( $(date +%s) >= next_ask )); then
    code=$(ask); echo "  $(since "$t0") s: HTTP $code $(grep -o '"detail":"[^"]*"' "$DATA/answer.json" | cut -c1-220)"
    next_ask=$(( $(date +%s) + 60 ))
  fi
  sleep 1
done
echo "deployment 'recommendations' ready: $(since "$t0") s"
curl -fsS -H "$H" -H "$J" "$API/deployments/recommendations/recommendations" -d '{"id": 7, "k": 5, "excludeLinked": true}'
echo
echo "first recommendation: $(since "$t0") s"
curl -fsS -H "$H" "$API/jobs" | grep -o '"modelName":"[^"]*","[^}]*"state":"[A-Z]*"' | sed 's/,"parameters.*"state"/ state/' || true
grep -E "Engine threads|Quick start|time limit|Job .* (submitted|started|succeeded)|Deployment 'recommendations'" "$DATA/service.log" | cut -c1-220
