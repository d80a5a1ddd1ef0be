# GAT on Gowalla, seed 0, 9 epochs (846 steps of 8,192 positives), link softmax temperature 0.0125: the τ 0.025 command
# (gowalla-gat-b8192-logq-t0.025.cmd) with --link-temperature 0.0125; paired with it (the same seed, split, steps and
# validation). Started 2026-11-28 12:10 with the jar built at commit ddaf84c (the latest code then), two
# PyTorch threads, alone but for a Maven build and the README test command beside it 12:13-12:29 (about steps 5-120).
# Ended 13:09: 846 steps and the evaluation in 3,545 s (59 min 10 s wall), 8.8 GB peak resident.
# Result: gowalla-gat-b8192-logq-t0.0125.json; validation history to step 799: gowalla-gat-b8192-logq-t0.0125-state.json.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 846 --seed 0 --link-temperature 0.0125 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-b8192-logq-t0.0125 --verbose --json
