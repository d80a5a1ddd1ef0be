#!/usr/bin/env bash
# Issue 17, hypothesis 4: the gradient norm of each loss term on the encoder it trains, every 25 steps,
# on Cora with the transfer-experiment settings (HGT 2 x 128 x 4, 400 steps, temperature 0.2, seed 0).
# Usage: docs/results/transfer/gradient-norms/run.sh JAR OUT_DIR   (DIPGNN_DATASETS: the data sets)
set -euo pipefail
JAR=$1; OUT=$2; DATA=${DIPGNN_DATASETS:-../shared/datasets}
mkdir -p "$OUT"
C=(pretrain --dataset "$DATA/cora" --task node --full-graph-max-nodes 5000 --hidden 128 --layers 2 --heads 4
   --pretrain-steps 400 --log-every 50 --pretrain-temperature 0.2 --gradient-norms-every 25 --seed 0)
declare -A RUNS=(
  [dipgnn-default]="--method dipgnn"
  [dipgnn-paper]="--method dipgnn --feature-replacement regressed --generated-edges most-likely"
  [gpt-gnn]="--method gpt-gnn")
for name in dipgnn-default dipgnn-paper gpt-gnn; do
  # shellcheck disable=SC2086
  java -Xmx4g -Dai.djl.pytorch.num_threads=1 -jar "$JAR" "${C[@]}" ${RUNS[$name]} --save "$OUT/$name" \
      2> "$OUT/$name.log"
done
