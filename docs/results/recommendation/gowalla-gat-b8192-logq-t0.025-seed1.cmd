# GAT on Gowalla, seed 1, 9 epochs (846 steps of 8,192 positives), link softmax temperature 0.025: the seed-0 command
# (gowalla-gat-b8192-logq-t0.025.cmd) with --seed 1; paired with gowalla-gat-b8192-logq-t0.05-seed1 (τ 0.05).
# Started 2026-11-28 10:26 with the jar of commit 6ee5e8f, two PyTorch threads, alone but for a few minutes of a Maven
# test compile and two test classes: 846 steps and the evaluation in 2,857 s (47 min 41 s wall), 9.4 GB peak resident.
# Result: gowalla-gat-b8192-logq-t0.025-seed1.json; validation history to step 799: gowalla-gat-b8192-logq-t0.025-seed1-state.json.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 846 --seed 1 --link-temperature 0.025 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-b8192-logq-t0.025-seed1 --verbose --json
