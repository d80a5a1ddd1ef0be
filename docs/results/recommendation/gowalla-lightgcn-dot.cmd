java -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --model lightgcn \
  --epochs 25 --rec-eval-every 1 --rec-patience 4 --rec-batch 8192 --rec-loss dot-softmax \
  --rec-negative-count 2048 --rec-temperature 1 --rec-lr 0.005 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-lightgcn-dot --rec-plot gowalla-lightgcn-dot.svg --json
