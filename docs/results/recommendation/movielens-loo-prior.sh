#!/usr/bin/env bash
# usage: JAR=... movielens-loo-prior.sh NAME SEED [extra finetune options...]: MovieLens-100K leave-one-out, the link default, one thread
set -uo pipefail
# run 2026-11-27 as: gnn-prior 0; gnn-prior 1; gat-prior 0 --backbone gat; gat-prior 1 --backbone gat (commit 38ac0ae)
NAME=$1; SEED=$2; shift 2
echo "start $NAME seed $SEED $(date)"
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=1 /usr/bin/time -v java -Dai.djl.pytorch.num_threads=1 -Ddipgnn.datasets="${DATASETS:-../shared/datasets}" \
  -jar "${JAR:?set JAR to the service jar}" finetune --dataset movielens-100k --task link --split leave-one-out --seed $SEED "$@" --json \
  > movielens-loo-$NAME-seed$SEED.json 2> movielens-loo-$NAME-seed$SEED.log
echo "end $NAME seed $SEED $(date) rc $?"
