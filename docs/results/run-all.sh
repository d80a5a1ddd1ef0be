#!/usr/bin/env bash
# The commands behind docs/results.md. Each line is one `reproduce` run; they were run in two
# parallel queues (one PyTorch thread each) on the 2-core development machine.
# Usage: docs/results/run-all.sh JAR OUT_DIR [queue-a|queue-b]
set -euo pipefail
JAR=$1; OUT=$2; QUEUE=${3:-all}
DATA=${DIPGNN_DATASETS:-../shared/datasets}
COMMON=(--runs 10 --hidden 128 --layers 2 --heads 4 --steps 200 --eval-every 10 --patience 10
        --pretrain-steps 400 --log-every 50 --checkpoint-every 100)
run() { java -Xmx8g -Dai.djl.pytorch.num_threads=1 -jar "$JAR" reproduce "$@" "${COMMON[@]}"; }

if [[ $QUEUE == all || $QUEUE == queue-a ]]; then
  run --dataset "$DATA/cora" --task node --full-graph-max-nodes 5000 \
      --methods none,dipgnn,gpt-gnn,gae,dipgnn-edges,dipgnn-features,random-edges --out "$OUT/cora"
  for t in 1.0 0.1; do
    run --dataset "$DATA/cora" --task node --full-graph-max-nodes 5000 --pretrain-temperature $t \
        --methods none,dipgnn --out "$OUT/cora-temperature-$t"
  done
  run --dataset "$DATA/movielens-100k" --task link --split transfer --full-graph-max-nodes 5000 \
      --methods none,dipgnn,gpt-gnn,gae --out "$OUT/movielens-100k"
fi
if [[ $QUEUE == all || $QUEUE == queue-b ]]; then
  run --dataset "$DATA/facebook-pagepage" --task node --methods none,dipgnn,gpt-gnn,gae --out "$OUT/facebook-pagepage"
  run --dataset "$DATA/debian-packages" --task node --target-type package --methods none,dipgnn,gpt-gnn \
      --out "$OUT/debian-packages"
fi
