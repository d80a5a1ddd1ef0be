# gowalla-lightgcn-dot-t2-n4096-all.cmd with twice the L2 weight (2e-4): one PyTorch thread, beside three
# other one-thread training runs and test builds on the 2 cores (5,314 s), 2026-11-26
java -Dai.djl.pytorch.num_threads=1 -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link \
  --model lightgcn --epochs 21 --rec-val-fraction 0 --rec-batch 8192 --rec-loss dot-softmax \
  --rec-negative-count 4096 --rec-temperature 2 --rec-lr 0.005 --rec-l2 2e-4 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-lightgcn-dot-t2-n4096-l2 --json
