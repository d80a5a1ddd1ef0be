# GAT on Gowalla, seed 1, link temperature 0.0125: the τ 0.0125 command (gowalla-gat-b8192-logq-t0.0125.cmd) with seed 1;
# paired with τ 0.025's seed 1 (gowalla-gat-b8192-logq-t0.025-seed1.cmd). Started 2026-11-28 16:23 with the jar built at
# commit 8b56a74 (training unchanged since the paired runs), two PyTorch threads, alone but for a compile; about 3.5 s a
# step with validation. Ended 17:14: 846 steps and the evaluation in 3,008 s (50 min 13 s wall), 9.7 GB peak resident.
# Result: gowalla-gat-b8192-logq-t0.0125-seed1.json; validation history to step 799: gowalla-gat-b8192-logq-t0.0125-seed1-state.json.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 846 --seed 1 --link-temperature 0.0125 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-b8192-logq-t0.0125-seed1 --verbose --json
