# GAT on Gowalla, seed 0, 9 epochs (846 steps of 8,192 positives): the τ 0.05 command (gowalla-gat-b8192-logq-t0.05.cmd)
# with the link softmax's temperature 0.025. Paired with that run and the τ 0.1 one (the same seed, split, steps and
# validation). Started 2026-11-28 09:16 with the jar of commit 6ee5e8f, two PyTorch threads, alone but for about steps 550-660 (a one-thread MovieLens run beside it 09:51-10:01, about 5.5 s a step,
# then paused); about 3.2 s a step with validation alone. Ended 10:10:
# 846 steps and the evaluation in 3,215 s (53 min 40 s wall), 10.0 GB peak resident.
# Result: gowalla-gat-b8192-logq-t0.025.json; validation history to step 799: gowalla-gat-b8192-logq-t0.025-state.json.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 846 --seed 0 --link-temperature 0.025 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-b8192-logq-t0.025 --verbose --json
