#!/usr/bin/env bash
# The GAT Gowalla run's last 47 steps again from its step-799 checkpoint (a copy), with the product's
# --popularity-prior auto (the default since commit 20a6b8d): same training, then the prior chosen on validation.
set -uo pipefail
cd /tmp/runs/s34
echo "start $(date)"
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 /usr/bin/time -v java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=/work/shared/datasets \
  -jar /tmp/runs/s34.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 846 --seed 0 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-b8192-logq-prior --save /tmp/runs/s34/gat-model --verbose --json \
  > gowalla-gat-prior.json 2> gowalla-gat-prior.log
echo "end $(date) rc $?"
