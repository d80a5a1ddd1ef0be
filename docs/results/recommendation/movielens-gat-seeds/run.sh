#!/usr/bin/env bash
# Issue 15, part 7 with the GAT backbone: DiP-GNN against the same GAT (per-node embeddings and
# log-degrees, the recommendation setting otherwise) from scratch, paired by seed, on MovieLens-100K's
# own `ua` split; ../movielens-seeds/run.sh with these methods and options, results beside this script.
# About 16 minutes a seed on one PyTorch thread beside one other one-thread run on 2 cores. Seeds 0-1 ran
# with commit cc5a7bf (uniform negatives, the default then); later commits default to uniform-logq on an
# edge split, so --link-negatives uniform keeps every seed paired.
# Usage: run.sh JAR SEED...   (DIPGNN_DATASETS: the data sets)
HERE=$(cd "$(dirname "$0")" && pwd)
RESULTS_DIR="$HERE" METHODS=none,dipgnn EXTRA_OPTIONS="--backbone gat --link-negatives uniform" \
    exec "$HERE/../movielens-seeds/run.sh" "$@"
