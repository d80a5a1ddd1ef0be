#!/usr/bin/env bash
# usage: JAR=... lgcn-all.sh SEED BETA CHECKPOINT_DIR (outputs in the current directory) -- gowalla-lightgcn-dot-t2-n4096-l4-all.cmd with --seed SEED --popularity-prior BETA
set -uo pipefail
SEED=$1; BETA=$2; DIR=$3
echo "start seed $SEED beta $BETA $(date)"
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 /usr/bin/time -v java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets="${DATASETS:-../shared/datasets}" \
  -jar "${JAR:?set JAR to the service jar}" finetune --dataset gowalla --task link \
  --model lightgcn --epochs 21 --rec-val-fraction 0 --rec-batch 8192 --rec-loss dot-softmax \
  --rec-negative-count 4096 --rec-temperature 2 --rec-lr 0.005 --rec-layers 4 --seed $SEED --popularity-prior $BETA \
  --checkpoint-dir $DIR --json \
  > gowalla-lightgcn-l4-all-seed$SEED-prior$BETA.json 2> gowalla-lightgcn-l4-all-seed$SEED-prior$BETA.log
echo "end seed $SEED $(date) rc $?"
