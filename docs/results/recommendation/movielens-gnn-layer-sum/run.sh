#!/usr/bin/env bash
# Prototype (2026-11-27): the GNN's output as the sum (≡ mean, under the cosine) of its input state and every
# layer's output (LightGCN's layer combination / jumping knowledge) instead of the last layer alone.
# DIPGNN_PROTO_READOUT=sum switches it on; unset = today's model. Same jar for both arms, one thread, nice.
set -uo pipefail
JAR=/tmp/runs/proto-readout.jar
for seed in 0 1 2; do
  for arm in last: sum:sum; do
    echo "$(date +%T) seed $seed arm ${arm%%:*}"
    DIPGNN_PROTO_READOUT=${arm#*:} OMP_NUM_THREADS=1 /usr/bin/time -f "%e s %M KB" nice -n 5 java -Dai.djl.pytorch.num_threads=1 \
      -Ddipgnn.datasets=/work/shared/datasets -jar "$JAR" finetune --dataset movielens-100k \
      --task link --split dataset --seed $seed --json > "ml-${arm%%:*}-seed$seed.json" 2> "ml-${arm%%:*}-seed$seed.log"
    tail -1 "ml-${arm%%:*}-seed$seed.log"
  done
done
echo "$(date +%T) done"
