#!/usr/bin/env bash
# Prototype: a post-hoc popularity prior in full ranking, score = cosine + beta * log(1 + training degree of the item),
# evaluated on the log-Q GNN seed 1's best checkpoint of step 799 (a copy), validation and test.
set -uo pipefail
cd /tmp/runs/s33/pop
DIPGNN_PROTO_POP=0,0.005,0.01,0.02,0.04,0.08 THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=1 /usr/bin/time -v nice -n 5 java -Dai.djl.pytorch.num_threads=1 \
  -Ddipgnn.datasets=/work/shared/datasets -jar /tmp/runs/proto-pop.jar finetune --dataset gowalla --task link --split dataset \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 799 --link-negatives uniform-logq --seed 1 \
  --checkpoint-dir /tmp/runs/s33/pop/ck1 --verbose --json > scratch-seed1.json 2> scratch-seed1.log
