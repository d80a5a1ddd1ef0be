# GAT on Gowalla, seed 0, 9 epochs, τ 0.025, without embedding row dropout: the τ 0.025 command
# (gowalla-gat-b8192-logq-t0.025.cmd) with --embedding-row-dropout 0 (default 0.1: a node reads its type's unknown
# vector instead of its own row, which teaches that vector to stand in for new nodes); paired with it.
# Started 2026-11-28 13:32 with the jar built at commit ddaf84c, two PyTorch threads, alone but for Maven builds and
# integration tests beside it for about 10 minutes (steps 1-190). Ended 14:25: 846 steps and the evaluation in
# 3,170 s (52 min 55 s wall), 8.9 GB peak resident.
# Result: gowalla-gat-b8192-logq-t0.025-rd0.json; validation history to step 799: gowalla-gat-b8192-logq-t0.025-rd0-state.json.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 846 --seed 0 --link-temperature 0.025 --embedding-row-dropout 0 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-b8192-logq-t0.025-rd0 --verbose --json
