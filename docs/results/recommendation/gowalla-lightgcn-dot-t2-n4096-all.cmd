# gowalla-lightgcn-dot-all.cmd with τ 2 and 4,096 negatives per batch (one PyTorch thread, beside a
# one-thread GNN run and test builds; 2,951 s)
java -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --model lightgcn \
  --epochs 21 --rec-val-fraction 0 --rec-batch 8192 --rec-loss dot-softmax \
  --rec-negative-count 4096 --rec-temperature 2 --rec-lr 0.005 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-lightgcn-dot-t2-n4096 --json
