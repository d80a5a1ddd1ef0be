#!/usr/bin/env bash
# Issue 15, part 7 with the GAT backbone: DiP-GNN against the same GAT (per-node embeddings and
# log-degrees, the recommendation setting otherwise) from scratch, paired by seed, on MovieLens-100K's
# own `ua` split. One `reproduce` per seed (pre-trained with that seed, 300 steps); about 16 minutes a
# seed on one PyTorch thread beside one other one-thread run on 2 cores. Seeds 0-1 ran with commit
# cc5a7bf (uniform negatives, the default then); later commits default to uniform-logq on an edge split,
# so --link-negatives uniform keeps them paired.
# Usage: run.sh JAR SEED...   (DIPGNN_DATASETS: the data sets; results land beside this script, seed<N>.json)
set -euo pipefail
JAR=$1; shift
HERE=$(cd "$(dirname "$0")" && pwd)
DATA=${DIPGNN_DATASETS:-../shared/datasets}
for s in "$@"; do
  [ -s "$HERE/seed$s.json" ] && { echo "seed $s: done already"; continue; }
  OMP_NUM_THREADS=1 java -Xmx6g -Dai.djl.pytorch.num_threads=1 -Ddipgnn.datasets="$DATA" -jar "$JAR" reproduce \
      --dataset movielens-100k --task link --split dataset --methods none,dipgnn --backbone gat --pretrain-steps 300 \
      --text-inputs featureless --link-negatives uniform --seed "$s" --runs 1 \
      --out "${TMPDIR:-/tmp}/movielens-gat-seeds/seed$s" --json > "$HERE/seed$s.json.part" 2> "$HERE/seed$s.log"
  mv "$HERE/seed$s.json.part" "$HERE/seed$s.json"
done
