# The link task's default GNN on Gowalla's published split (HGT 2 x 64 x 4, per-node embeddings and
# log-degrees for users and locations, the whole graph every step, softmax of cosine / 0.1 over
# 255 shared uniform negatives and the batch's targets, lr 0.005), with 8,192 positives a step
# (94 steps an epoch) instead of the default 1,024: the whole-graph forward and backward pass costs
# the same at either size, so an epoch takes an eighth of the steps. Validation (full-ranking
# Recall@20 on the 5% carve-out) every 47 steps, half an epoch. One PyTorch thread, beside one other
# one-thread run (the Cora budget run of issue 17) for most of the first part, 2026-11-26, commit
# 0a25933 (the one-product loss and one-pass evaluation).
# Killed by the out-of-memory killer at step 470 (a second run of this size started beside it) and
# resumed with the same command; ended at step 611 by the same command with --steps 611 (commit
# c9d82f1, which lets a checkpoint resume with another step budget): its test figures are in
# gowalla-gnn-b8192.json, its validation history in gowalla-gnn-b8192-state.json (the checkpoint's
# state), the curve in gowalla-curves.svg (plot_gowalla_curves.py). About 91 minutes in all.
# The log-Q run (gowalla-gnn-b8192-logq.json: test figures; gowalla-gnn-b8192-logq-state.json: its
# validation history): the same command with --link-negatives uniform-logq (the edge split's default
# since commit 2c811c9) and --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gnn-b8192-logq; started with
# commit e8ef605 (steps 1-235, 2026-11-26, partly beside the run above, then alone with
# THP_MEM_ALLOC_ENABLE=1), resumed with commit cc5a7bf for steps 236-846 (THP_MEM_ALLOC_ENABLE=1, one
# PyTorch thread beside one other one-thread run, about 94 minutes) and ended at step 846 by the same
# command with --steps 846 (53 s: the whole-graph test evaluation).
OMP_NUM_THREADS=1 java -Dai.djl.pytorch.num_threads=1 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 1400 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gnn-b8192 --verbose --json
# Seed 1 of the log-Q run (gowalla-gnn-b8192-logq-seed1.json: test figures; -seed1-state.json: the validation
# history of its last checkpoint, step 799): that session's checkpoint was lost with its machine, so it was run
# again from the start on 2026-11-26 with commit dd4a641 (the same objective as seed 0's second part), 846 steps
# (9 epochs, seed 0's budget): steps 1-235 with one PyTorch thread beside a one-thread LightGCN run (about 11 s a
# step), steps 236-846 resumed from the step-235 checkpoint with two threads alone (about 8 s a step, with the
# 1-minute test evaluation 5,262 s); about 130 minutes of wall time in all (17:16-19:25), with:
#   THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=1 java -Dai.djl.pytorch.num_threads=1 -Ddipgnn.datasets=../shared/datasets \
#     -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset \
#     --batch-size 8192 --eval-every 47 --patience 6 --steps 846 --link-negatives uniform-logq --seed 1 \
#     --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gnn-b8192-logq --verbose --json
