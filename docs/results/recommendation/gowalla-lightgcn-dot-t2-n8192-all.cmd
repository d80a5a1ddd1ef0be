# the τ 2 run with 8,192 negatives per batch (2 epochs on one thread beside test builds, then resumed
# from its checkpoint on two threads alone; 2,469 s reported)
java -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --model lightgcn \
  --epochs 21 --rec-val-fraction 0 --rec-batch 8192 --rec-loss dot-softmax \
  --rec-negative-count 8192 --rec-temperature 2 --rec-lr 0.005 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-lightgcn-dot-t2-n8192 --json
