#!/usr/bin/env bash
# The same popularity-prior evaluation on the DiP-GNN fine-tuning's (seed 0) best checkpoint at step 799 (a copy).
set -uo pipefail
cd /tmp/runs/s33/pop
DIPGNN_PROTO_POP=0,0.005,0.01,0.02,0.04,0.08 THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=1 /usr/bin/time -v nice -n 5 java -Dai.djl.pytorch.num_threads=1 \
  -Ddipgnn.datasets=/work/shared/datasets -jar /tmp/runs/proto-pop.jar finetune --dataset gowalla --task link --split dataset \
  --pretrained /tmp/runs/s31/gowalla-dipgnn-model --batch-size 8192 --eval-every 47 --patience 6 --steps 799 \
  --link-negatives uniform-logq --seed 0 --checkpoint-dir /tmp/runs/s33/pop/ckd --verbose --json > dipgnn-seed0.json 2> dipgnn-seed0.log
