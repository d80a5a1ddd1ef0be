#!/usr/bin/env bash
# Runs the README's five-minute path against a fresh service and times each phase: start,
# pre-train (DiP-GNN, 2 x 64 x 4, 200 steps), fine-tune from it (link prediction, 200 steps),
# deploy, first recommendation. Needs curl and a built jar (./mvnw -q package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-18081}"
JAR="${JAR:-$(ls target/dipgnn-service-*.jar | grep -v -e original -e engine | head -1)}"
DATA="$(mktemp -d /tmp/dipgnn-quickstart-XXXXXX)"
API="http://127.0.0.1:$PORT/api/v1"
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN{printf "%.1f", b-a}'; }
field() { sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p" | head -1; }

t0=$(now)
java -jar "$JAR" --server.port="$PORT" --dipgnn.data-dir="$DATA" --dipgnn.quickstart.enabled=false >"$DATA/service.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null || true' EXIT
until curl -fsS "http://127.0.0.1:$PORT/actuator/health/readiness" 2>/dev/null | grep -q UP; do sleep 0.5; done
echo "start: $(since "$t0") s"
TOKEN=$(cat "$DATA/admin-token"); H="Authorization: Bearer $TOKEN"; J="Content-Type: application/json"

wait_job() {
  while true; do
    s=$(curl -fsS -H "$H" "$API/jobs/$1")
    case "$s" in *'"state":"SUCCEEDED"'*) echo "$s"; return 0 ;; *'"state":"FAILED"'*|*'"state":"CANCELLED"'*) echo "$s" >&2; exit 1 ;; esac
    sleep 1
  done
}
t=$(now)
JOB=$(curl -fsS -H "$H" -H "$J" "$API/jobs/pretrain" -d '{"datasetId": "query-product",
  "parameters": {"layers": 2, "hidden": 64, "heads": 4, "steps": 200}}' | field id)
PRE=$(wait_job "$JOB" | field modelId)
echo "pre-train (200 steps): $(since "$t") s -> $PRE"
t=$(now)
JOB=$(curl -fsS -H "$H" -H "$J" "$API/jobs/finetune" -d "{\"datasetId\": \"query-product\", \"modelName\": \"recommendations\",
  \"parameters\": {\"task\": \"link\", \"pretrainedModelId\": \"$PRE\", \"steps\": 200}}" | field id)
DONE=$(wait_job "$JOB")
FT=$(echo "$DONE" | field modelId)
echo "fine-tune (200 steps): $(since "$t") s -> $FT; $(curl -fsS -H "$H" "$API/models/$FT" | grep -o '"test":{[^}]*}')"
t=$(now)
curl -fsS -X PUT -H "$H" -H "$J" "$API/deployments/recommendations" -d "{\"modelId\": \"$FT\"}" >/dev/null
until curl -fsS -H "$H" "$API/deployments/recommendations" | grep -q '"state":"READY"'; do sleep 0.5; done
echo "deploy: $(since "$t") s"
curl -fsS -H "$H" -H "$J" "$API/deployments/recommendations/recommendations" -d '{"id": 7, "k": 10, "excludeLinked": true}'
echo
echo "total: $(since "$t0") s (service log: $DATA/service.log)"
