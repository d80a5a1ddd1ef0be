# GAT on Gowalla, seed 0, trained to LightGCN's 21 epochs (1,974 steps) instead of 9: does the GNN pass LightGCN
# (Recall@20 0.1756 +- 0.0010) given the same number of epochs? The 9-epoch run's command
# (gowalla-gat-b8192-logq.cmd) with --steps 1974 and its own checkpoint directory; the link task's defaults
# on an edge split otherwise (GAT 2 x 64 x 4 with per-node embeddings and log-degrees, the whole graph every step,
# log-Q corrected negatives, the popularity prior chosen on validation at the end), patience 6 validations.
# Started 2026-11-27 23:06 with the jar of commit 4d24703, two PyTorch threads, beside this session's benchmarks
# and builds (about 11 s a step with validation); resumable from its checkpoints (every 47 steps) with the
# same command and jar.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 1974 --seed 0 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-b8192-logq-21ep --verbose --json
# Stopped at its step-517 checkpoint on 2026-11-28 00:34 and resumed with the same command on the jar of commit 736d526
# (the batch's mask as listed cells; the same losses by construction), paused (SIGSTOP) for two test runs, otherwise
# alone: about 5 s a step with validation (steps 847-893 in 3 min 56 s). At the session's end (01:38) it stood at
# step 987 (validation Recall@20 0.1835, its best); its state was then gowalla-gat-b8192-logq-21ep-partial-state.json (since renamed, below)
# state. The process ended with that session; on 2026-11-28 02:07 it was resumed from the step-987 checkpoint with the
# same command on the jar of commit 4cbbd33 (the softmax's positive by index; the same losses), two threads, alone:
# steps 988-1598 and the evaluation in 51 min 17 s, 9.2 GB peak resident. Patience stopped it at step 1598 (17 epochs),
# six validations after its best, step 1316 (14 epochs, validation Recall@20 0.1894). Result:
# gowalla-gat-b8192-logq-21ep.json; validation history to step 1551: gowalla-gat-b8192-logq-21ep-state.json.
