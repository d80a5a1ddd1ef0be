#!/usr/bin/env bash
# The product's --popularity-prior auto (commit 20a6b8d) on the checkpoint the prototype evaluated
# (gowalla-popularity-prior/run-dipgnn-seed0.sh): the DiP-GNN fine-tuning, seed 0, step 799 (a copy).
set -uo pipefail
cd /tmp/runs/s34/pop
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=1 /usr/bin/time -v nice -n 5 java -Dai.djl.pytorch.num_threads=1 \
  -Ddipgnn.datasets=/work/shared/datasets -jar /tmp/runs/s34.jar finetune --dataset gowalla --task link --split dataset \
  --pretrained /tmp/runs/s31/gowalla-dipgnn-model --batch-size 8192 --eval-every 47 --patience 6 --steps 799 \
  --link-negatives uniform-logq --seed 0 --checkpoint-dir /tmp/runs/s34/pop/ckd --verbose --json > dipgnn-seed0.json 2> dipgnn-seed0.log
echo "end $(date) rc $?"
