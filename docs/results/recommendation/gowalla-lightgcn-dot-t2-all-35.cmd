# the τ 2 run on all training pairs (gowalla-lightgcn-dot-t2-all), resumed from its epoch-21 checkpoint
# and extended to 35 epochs (one PyTorch thread, beside a one-thread GNN run; 2,279 s reported for the
# whole run, the 14 further epochs took about 20 minutes)
java -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --model lightgcn \
  --epochs 35 --rec-val-fraction 0 --rec-batch 8192 --rec-loss dot-softmax \
  --rec-negative-count 2048 --rec-temperature 2 --rec-lr 0.005 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-lightgcn-dot-t2-all --json
