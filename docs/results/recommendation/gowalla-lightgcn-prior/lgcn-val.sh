#!/usr/bin/env bash
# usage: JAR=... lgcn-val.sh [PRIOR] (outputs in the current directory)
# LightGCN 4 layers (gowalla-lightgcn-dot-t2-n4096-l4-all.cmd) with the 5% validation carve-out, seed 0,
# --popularity-prior PRIOR (default auto: val-seed0-auto.json; "off", run after it, resumes from its
# epoch-20 checkpoint and trains the last epoch again: val-seed0-off.json)
set -uo pipefail
PRIOR=${1:-auto}
echo "start $(date)"
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 /usr/bin/time -v java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets="${DATASETS:-../shared/datasets}" \
  -jar "${JAR:?set JAR to the service jar}" finetune --dataset gowalla --task link \
  --model lightgcn --epochs 21 --rec-batch 8192 --rec-loss dot-softmax \
  --rec-negative-count 4096 --rec-temperature 2 --rec-lr 0.005 --rec-layers 4 --rec-eval-every 21 --popularity-prior $PRIOR \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-lightgcn-l4-val-prior --json \
  > gowalla-lightgcn-l4-val-$PRIOR.json 2> gowalla-lightgcn-l4-val-$PRIOR.log
echo "end $(date) rc $?"
