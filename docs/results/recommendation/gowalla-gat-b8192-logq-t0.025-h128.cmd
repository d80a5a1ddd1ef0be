# GAT with hidden width 128 instead of 64 on Gowalla, seed 0, τ 0.025: the τ 0.025 command (gowalla-gat-b8192-logq-t0.025.cmd)
# with --hidden 128 (the per-node embeddings follow it: 128 wide) and --full-graph-max-memory 12GiB (its whole-graph
# step holds about 9.5 GB of per-edge arrays, above the 8 GiB default bound, which would have sampled subgraphs instead).
# Paired with the 64-wide run. Started 2026-11-28 15:04 with the jar built at commit 8b56a74, two PyTorch threads, alone
# but for builds and a 100-second integration test in its first ten minutes; about 5.1 s a step with validation
# (64 wide: about 3.2 s). Ended 16:16: 846 steps and the evaluation in 4,342 s (1 h 12 min 28 s wall),
# 17.6 GB peak resident (64 wide: 8.8-10.0 GB).
# Result: gowalla-gat-b8192-logq-t0.025-h128.json; validation history to step 799: gowalla-gat-b8192-logq-t0.025-h128-state.json.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 846 --seed 0 --link-temperature 0.025 \
  --hidden 128 --full-graph-max-memory 12GiB \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-b8192-logq-t0.025-h128 --verbose --json
