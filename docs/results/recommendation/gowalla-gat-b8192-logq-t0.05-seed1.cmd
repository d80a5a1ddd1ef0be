# GAT on Gowalla, seed 1, 9 epochs, the link softmax's temperature 0.05: gowalla-gat-b8192-logq-t0.05.cmd with --seed 1
# and its own checkpoint directory. Paired with gowalla-gat-b8192-logq-seed1 (temperature 0.1: test Recall@20 0.1671).
# Started 2026-11-28 07:44 with the jar of commit 310f96b, two PyTorch threads, alone: 846 steps and the evaluation in
# 2,712 s (about 3.2 s a step with validation). Best step 752. Since commit 0281ff9 temperature 0.05 is the default on
# an edge split, so the same run is the command without --link-temperature.
# Result: gowalla-gat-b8192-logq-t0.05-seed1.json; validation history to step 799: gowalla-gat-b8192-logq-t0.05-seed1-state.json.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 846 --seed 1 --link-temperature 0.05 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-b8192-logq-t0.05-seed1 --verbose --json
