#!/usr/bin/env bash
# The GNN's score with the candidate's norm kept (2026-11-27): a prototype, not in the product.
# item-norm.diff (against commit 462000e) makes DIPGNN_PROTO_SCORE=item-norm score a (user, movie) pair as
# (W m) . u / (|u| sqrt(64)) instead of the cosine (W m) . u / (|W m| |u|), in training, sampled and full-ranking
# evaluation alike, so that a movie's norm can carry its popularity (as LightGCN's dot products do).
# Both arms ran the same prototype jar (DIPGNN_PROTO_SCORE unset: today's cosine), one PyTorch thread each,
# one run at a time beside the Gowalla DiP-GNN fine-tuning on the other core; 500-733 s a run.
# Usage: run.sh JAR   (from a build of the patched tree)
set -euo pipefail
JAR=$1
for seed in 0 1; do
  for arm in cosine:none itemnorm:item-norm; do
    DIPGNN_PROTO_SCORE=${arm#*:} OMP_NUM_THREADS=1 java -Dai.djl.pytorch.num_threads=1 \
      -Ddipgnn.datasets=${DIPGNN_DATASETS:-../shared/datasets} -jar "$JAR" finetune --dataset movielens-100k \
      --task link --split dataset --seed $seed --json > "ml-${arm%%:*}-seed$seed.json"
  done
done
