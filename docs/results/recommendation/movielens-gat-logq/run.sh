#!/usr/bin/env bash
# 2026-11-27, commit 20a6b8d's jar: the link default on MovieLens' ua split (log-Q negatives, popularity prior auto)
# with --backbone gat, seeds 0-2, one PyTorch thread each (seed 0 first, seeds 1 and 2 side by side), beside a
# Gowalla fine-tuning on two threads (reniced to 10) and, for seed 0's start, the test suite.
for seed in 0 1 2; do
  OMP_NUM_THREADS=1 nice -n 5 java -Dai.djl.pytorch.num_threads=1 -Ddipgnn.datasets=../shared/datasets \
    -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset movielens-100k --task link --split dataset \
    --backbone gat --seed $seed --json > "ml-gat-prior-seed$seed.json"
done
