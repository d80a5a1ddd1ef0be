#!/bin/bash
# Diagnostic: the 21-epoch GAT run's best encoder (step 1316) ranked with a fixed popularity prior w, by
# re-ending the run from its step-1551 checkpoint (steps 1552-1598 again, patience ends it, test with w).
cd /tmp/runs/s39
for W in 0.02 0.04; do
  D=/root/.cache/dipgnn/runs/gat21-prior-$W
  rm -rf $D; mkdir -p $D/seed0
  cp -r /root/.cache/dipgnn/runs/gowalla-gat-b8192-logq-21ep/seed0/step-00001551 $D/seed0/
  echo step-00001551 > $D/seed0/LATEST
  THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 /usr/bin/time -v java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=/work/shared/datasets \
    -jar gather.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
    --batch-size 8192 --eval-every 47 --patience 6 --steps 1974 --seed 0 --popularity-prior $W \
    --checkpoint-dir $D --verbose --json > prior-$W.json 2> prior-$W.log
done
