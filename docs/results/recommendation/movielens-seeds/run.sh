#!/usr/bin/env bash
# Issue 15, part 7: DiP-GNN on the interaction graph against the same model from scratch and GPT-GNN-style,
# paired over ten seeds, on MovieLens-100K's own `ua` split. One `reproduce` per seed (pre-trained with that
# seed, 300 steps); each takes about 50 minutes on one PyTorch thread beside other runs on 2 cores.
# The seeds here were run with commit 7c80409, from before movies read their titles beside their genre flags;
# --text-inputs featureless keeps later commits reading the same inputs, so every seed pairs up.
# Usage: run.sh JAR SEED...   (DIPGNN_DATASETS: the data sets; results land beside this script, seed<N>.json)
# Other comparisons reuse it (../movielens-gat-seeds/run.sh): RESULTS_DIR (where seed<N>.json land), METHODS
# (default none,dipgnn,gpt-gnn) and EXTRA_OPTIONS (more reproduce options) change what it runs.
set -euo pipefail
JAR=$1; shift
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${RESULTS_DIR:-$HERE}
DATA=${DIPGNN_DATASETS:-../shared/datasets}
WORK="${TMPDIR:-/tmp}/$(basename "$OUT")"
mkdir -p "$WORK"
for s in "$@"; do
  [ -s "$OUT/seed$s.json" ] && { echo "seed $s: done already"; continue; }
  # shellcheck disable=SC2086 # EXTRA_OPTIONS is a list of options
  OMP_NUM_THREADS=1 java -Xmx6g -Dai.djl.pytorch.num_threads=1 -Ddipgnn.datasets="$DATA" -jar "$JAR" reproduce \
      --dataset movielens-100k --task link --split dataset --methods "${METHODS:-none,dipgnn,gpt-gnn}" \
      --pretrain-steps 300 --text-inputs featureless ${EXTRA_OPTIONS:-} --seed "$s" --runs 1 \
      --out "$WORK/seed$s" --json > "$WORK/seed$s.json" 2> "$WORK/seed$s.log"
  # only finished seeds land beside the results: nothing half-written in the repository
  mv "$WORK/seed$s.log" "$OUT/seed$s.log"
  mv "$WORK/seed$s.json" "$OUT/seed$s.json"
done
