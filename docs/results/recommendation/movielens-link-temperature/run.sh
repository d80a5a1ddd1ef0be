#!/usr/bin/env bash
# 2026-11-28, the jar of commit 310f96b: the link default on MovieLens-100K (GAT with per-node embeddings, log-Q
# negatives, the popularity prior by validation) with the link softmax's temperature 0.05 and, for a paired
# comparison on the same jar, the default 0.1; the ua split (seeds 0-2) and leave-one-out (seeds 0, 1).
# Two lanes of one-thread runs side by side, nothing else on the machine; 230-434 s a run.
# Summary: python3 docs/results/recommendation/movielens-link-temperature/compare.py (from the repository root)
run() { # tau split seed
  OMP_NUM_THREADS=1 java -Dai.djl.pytorch.num_threads=1 -Ddipgnn.datasets=../shared/datasets \
    -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset movielens-100k --task link --split $2 \
    --backbone gat --seed $3 --link-temperature $1 --json
}
for tau in 0.05 0.1; do
  for seed in 0 1 2; do run $tau dataset $seed > ml-ua-t$tau-seed$seed.json; done
  for seed in 0 1; do run $tau leave-one-out $seed > ml-loo-t$tau-seed$seed.json; done
done
# 2026-11-28 (a later session), the jar of commit 6ee5e8f (the same code for a given --link-temperature): tau 0.025,
# the same splits and seeds (tau=0.025 in the loops above). Seed 0 on ua (09:51-09:58) ran beside the two-thread Gowalla run; seed 1
# on ua ran beside it for 3 minutes, then was paused for about 9 minutes (its 979 s include the pause); the rest ran as two one-thread lanes, alone.
# Then tau 0.0125 (the same jar, seeds and splits; two one-thread lanes, alone, 11:40-11:58), to see whether the
# trend goes on; not run on Gowalla.
