# the dot-softmax run of gowalla-lightgcn-dot.cmd again, on every training pair (no 5% validation
# carve-out) for the 21 epochs its validation chose
java -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --model lightgcn \
  --epochs 21 --rec-val-fraction 0 --rec-batch 8192 --rec-loss dot-softmax \
  --rec-negative-count 2048 --rec-temperature 1 --rec-lr 0.005 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-lightgcn-dot-all --json
