# gowalla-lightgcn-dot-t2-n4096-all.cmd with 4 propagation layers instead of 3 (the LightGCN paper's best
# seed 1: the same command with --seed 1 (1,687 s; 28 min 9 s wall): gowalla-lightgcn-dot-t2-n4096-l4-seed1-all.json
# depth on Gowalla); two PyTorch threads on an otherwise idle machine, 2026-11-26, commit 7452930:
# 27 min 16 s wall time, 2.4 GB peak resident memory
java -Ddipgnn.datasets=../shared/datasets -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link \
  --model lightgcn --epochs 21 --rec-val-fraction 0 --rec-batch 8192 --rec-loss dot-softmax \
  --rec-negative-count 4096 --rec-temperature 2 --rec-lr 0.005 --rec-layers 4 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-lightgcn-dot-t2-n4096-l4 --json
