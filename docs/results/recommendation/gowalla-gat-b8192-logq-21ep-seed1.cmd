# GAT on Gowalla trained to LightGCN's 21 epochs, seed 1: gowalla-gat-b8192-logq-21ep.cmd with --seed 1 and its own
# checkpoint directory. Started 2026-11-28 04:16 with the jar of commit 4893f57, two PyTorch threads, alone;
# resumable with the same command (a jar of 736d526 or later: the same losses) where the directory survives.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 1974 --seed 1 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-b8192-logq-21ep-seed1 --verbose --json
# 2026-11-28 session 40: this machine was replaced between sessions and the checkpoints above were lost before the run finished; not run again.
