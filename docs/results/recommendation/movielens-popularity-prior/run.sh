#!/usr/bin/env bash
# The link default with --popularity-prior auto (the new default) on MovieLens' ua split, seeds 0-2, one thread.
set -uo pipefail
cd /tmp/runs/s34/ml
for seed in 0 1 2; do
  echo "$(date +%T) seed $seed"
  OMP_NUM_THREADS=1 /usr/bin/time -f "%e s %M KB" nice -n 5 java -Dai.djl.pytorch.num_threads=1 \
    -Ddipgnn.datasets=/work/shared/datasets -jar /tmp/runs/s34.jar finetune --dataset movielens-100k \
    --task link --split dataset --seed $seed --json > "ml-prior-seed$seed.json" 2> "ml-prior-seed$seed.log"
  tail -1 "ml-prior-seed$seed.log"
done
echo "$(date +%T) done"
