#!/bin/bash
# Recall@20 by popularity segment (short head / long tail) on Gowalla's test, jar seg.jar (this session's segments):
# 1) the 21-epoch GAT run ended again from its step-1551 checkpoint (prior auto: w by validation; then fixed 0.04)
# 2) the 4-layer LightGCN (all training pairs, seed 0) ended again from its epoch-20 checkpoint with w 0.32
cd /tmp/runs/s39
J="java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=/work/shared/datasets -jar seg.jar finetune --dataset gowalla --task link"
for W in auto 0.04; do
  D=/root/.cache/dipgnn/runs/seg-gat-$W; rm -rf $D; mkdir -p $D/seed0
  cp -r /root/.cache/dipgnn/runs/gowalla-gat-b8192-logq-21ep/seed0/step-00001551 $D/seed0/; echo step-00001551 > $D/seed0/LATEST
  THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 /usr/bin/time -v $J --split dataset --backbone gat --batch-size 8192 --eval-every 47 \
    --patience 6 --steps 1974 --seed 0 --popularity-prior $W --checkpoint-dir $D --verbose --json > seg-gat-$W.json 2> seg-gat-$W.log
done
D=/root/.cache/dipgnn/runs/seg-lightgcn; rm -rf $D; cp -r /root/.cache/dipgnn/runs/gowalla-lightgcn-l4-prior $D; rm -rf $D/seed1
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 /usr/bin/time -v $J --model lightgcn --epochs 21 --rec-val-fraction 0 --rec-batch 8192 \
  --rec-loss dot-softmax --rec-negative-count 4096 --rec-temperature 2 --rec-lr 0.005 --rec-layers 4 --seed 0 \
  --popularity-prior 0.32 --checkpoint-dir $D --json > seg-lightgcn.json 2> seg-lightgcn.log
