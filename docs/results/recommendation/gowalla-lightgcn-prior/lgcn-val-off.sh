#!/usr/bin/env bash
# LightGCN 4 layers (gowalla-lightgcn-dot-t2-n4096-l4-all.cmd) with the 5% validation carve-out and --popularity-prior off, seed 0
set -uo pipefail
echo "start $(date)"
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 /usr/bin/time -v java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets="${DATASETS:-../shared/datasets}" \
  -jar "${JAR:?set JAR to the service jar}" finetune --dataset gowalla --task link \
  --model lightgcn --epochs 21 --rec-batch 8192 --rec-loss dot-softmax \
  --rec-negative-count 4096 --rec-temperature 2 --rec-lr 0.005 --rec-layers 4 --rec-eval-every 21 --popularity-prior off \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-lightgcn-l4-val-prior --json \
  > gowalla-lightgcn-l4-val-off.json 2> gowalla-lightgcn-l4-val-off.log
echo "end $(date) rc $?"
