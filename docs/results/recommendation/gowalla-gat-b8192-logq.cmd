# The GAT backbone on Gowalla's published split (issue 15's table: "GAT with per-node embeddings"), seed 0:
# the log-Q GNN's command (gowalla-gnn-b8192.cmd, its log-Q run) with --backbone gat, the link task's other
# defaults on an edge split (2 layers x 64 x 4 heads, per-node embeddings and log-degrees, the whole graph every
# step, 8,192 positives a step, 846 steps = 9 epochs, validation every 47 steps). Started 2026-11-27 after the
# LightGCN seed-2 run, two PyTorch threads, nothing beside it; resumable from its --checkpoint-dir.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 846 --seed 0 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-b8192-logq --verbose --json
# Its checkpoints were written with a jar built at 00:50 on 2026-11-27 (commit 05610b3), which the run keeps using.
# Steps 1-94 on 2026-11-27 alone (about 13 s a step); steps 95-235 and on the same day beside MovieLens prototype
# runs, the popularity-prior evaluation and the test suite (about 21 s a step).
# Stopped at about step 660 on 2026-11-27 (10:16) to run the test suite alone; its last checkpoint is step 658
# (validation Recall@20 0.1753). Resume with the same command.
# Resumed at 10:46 the same day with the same command and jar, alone (about 13-16 s a step, 21 s beside the
# targeted tests); ended at 11:22 (36 min 44 s, 14.1 GB peak resident): best step 846, validation Recall@20
# 0.1800, test Recall@20 0.1613, NDCG@20 0.1313, MRR 0.4684, Hits@10 0.7511 (gowalla-gat-b8192-logq.json).
# Seed 1: the same command with --seed 1 and --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-b8192-logq-seed1,
# started 2026-11-27 15:21 with commit 3cd36f7's jar (the popularity prior chosen on validation at the end, the
# default since 20a6b8d), two PyTorch threads, nothing beside it; resumable from its checkpoints (every 47 steps).
# Seed 1 was stopped by the end of a session at its step-517 checkpoint (7-9 s a step alone) and resumed on
# 2026-11-27 16:50 with the same command and jar, alone: steps 518-846 with the evaluation and the prior's
# calibration took 45 min 37 s (about 3-8 s a step), 14.3 GB peak resident. Best step 846, validation Recall@20
# 0.1795 (seed 0: 0.1800); the prior chose w 0.01 (validation 0.1816); test Recall@20 0.1671, NDCG@20 0.1386,
# MRR 0.4715, Hits@10 0.7518 (gowalla-gat-b8192-logq-seed1.json; validation history to step 799 in
# gowalla-gat-b8192-logq-seed1-state.json).
