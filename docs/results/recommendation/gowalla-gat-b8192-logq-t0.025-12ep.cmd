# GAT on Gowalla, seed 0, link temperature 0.025, trained on toward 12 epochs: the 9-epoch run
# (gowalla-gat-b8192-logq-t0.025.cmd) resumed from its step-799 checkpoint with --steps 1128, as the τ 0.05 run was
# (gowalla-gat-b8192-logq-t0.05-12ep.cmd). 2026-11-28 11:16-11:33 with the jar of commit 6ee5e8f, two PyTorch
# threads, alone: 1,015 s, 10.5 GB peak resident. Patience (6 validations) stopped it at step 1081: no validation
# after step 799 (0.1867) came above it (0.1839-0.1866 to step 1034, the last kept), so its best and its test
# figures are the 9-epoch run's (Recall@20 0.1703, NDCG@20 0.1422: reproduced to the last digit).
# Result: gowalla-gat-b8192-logq-t0.025-12ep.json; validation history to step 1034: gowalla-gat-b8192-logq-t0.025-12ep-state.json.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 1128 --seed 0 --link-temperature 0.025 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-b8192-logq-t0.025 --verbose --json
