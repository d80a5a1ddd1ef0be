#!/usr/bin/env bash
# Scrapes a fresh service with a real Prometheus (Debian's package: apt-get install prometheus) and
# reports what an operator's Prometheus sees: series, labels named exported_* (a collision with the
# scrape target's own labels), HELP of every dipgnn_* family, and a few counters. The service's
# first-start demonstration (two jobs and a deployment) provides the training and inference series.
# Needs curl, python3, prometheus and a built jar (./mvnw -q package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/.."
JAR="${JAR:-$(ls target/dipgnn-service-*.jar | grep -v -e original -e engine | head -1)}"
WORK="$(mktemp -d /tmp/dipgnn-prometheus-XXXXXX)"
java -jar "$JAR" --server.port=18090 --dipgnn.data-dir="$WORK/svc" >"$WORK/service.log" 2>&1 &
SVC=$!
trap 'kill $SVC $PROM 2>/dev/null || true' EXIT
until [ -s "$WORK/svc/admin-token" ]; do sleep 1; done
TOKEN=$(cat "$WORK/svc/admin-token"); H="Authorization: Bearer $TOKEN"
cat >"$WORK/prom.yml" <<CONF
global:
  scrape_interval: 5s
scrape_configs:
  - job_name: dipgnn
    metrics_path: /actuator/prometheus
    authorization:
      type: Bearer
      credentials: $TOKEN
    static_configs:
      - targets: ['127.0.0.1:18090']
CONF
prometheus --config.file="$WORK/prom.yml" --storage.tsdb.path="$WORK/data" --web.listen-address=127.0.0.1:19090 \
  >"$WORK/prom.log" 2>&1 &
PROM=$!
until curl -fsS -H "$H" http://127.0.0.1:18090/api/v1/deployments/recommendations 2>/dev/null | grep -q '"state":"READY"'; do sleep 2; done
for i in $(seq 1 20); do
  curl -fsS -o /dev/null -H "$H" -H "Content-Type: application/json" \
    http://127.0.0.1:18090/api/v1/deployments/recommendations/recommendations -d "{\"id\": $i, \"k\": 10}"
done
curl -s -o /dev/null -H "$H" -H "Content-Type: application/json" \
  http://127.0.0.1:18090/api/v1/deployments/recommendations/recommendations -d '{"id": 999999, "k": 10}' || true
sleep 12
python3 - <<'PY'
import json, urllib.request, urllib.parse
def get(path, **params):
    url = "http://127.0.0.1:19090" + path + ("?" + urllib.parse.urlencode(params, doseq=True) if params else "")
    return json.load(urllib.request.urlopen(url))["data"]
series = get("/api/v1/series", **{"match[]": '{__name__=~".+"}'})
exported = sorted({(s["__name__"], k) for s in series for k in s if k.startswith("exported_")})
print(f"series scraped: {len(series)}; series with an exported_* label: {len(exported)} {exported[:5]}")
meta = get("/api/v1/metadata")
product = sorted(n for n in meta if n.startswith("dipgnn_"))
print(f"dipgnn metric families: {len(product)}; without HELP: {[n for n in product if not any(m.get('help') for m in meta[n])]}")
for q in ['sum by (kind) (dipgnn_training_steps_total)', 'sum by (state) (dipgnn_jobs_finished_total)',
          'sum by (outcome) (dipgnn_inference_requests_total)']:
    print(q, "->", [(x["metric"], x["value"][1]) for x in get("/api/v1/query", query=q)["result"]])
PY
