# gowalla-lightgcn-dot-all.cmd with τ 4 instead of 1 (2 PyTorch threads, nothing else running; 1,102 s)
java -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --model lightgcn \
  --epochs 21 --rec-val-fraction 0 --rec-batch 8192 --rec-loss dot-softmax \
  --rec-negative-count 2048 --rec-temperature 4 --rec-lr 0.005 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-lightgcn-dot-t4-all --json
