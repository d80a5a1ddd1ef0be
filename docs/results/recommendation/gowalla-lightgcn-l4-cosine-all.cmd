# gowalla-lightgcn-dot-t2-n4096-l4-all.cmd with the learning rate decayed by half a cosine from 0.005 to zero
# over the 21 epochs (--rec-lr-schedule cosine, commit a085b8e) instead of held at 0.005; one PyTorch thread,
# beside the one-thread GNN run of seed 1 (gowalla-gnn-b8192.cmd) for epochs 1-6 (about 300 s an epoch), then stopped
# and resumed from its epoch-6 checkpoint with two threads (the same command with 2 in place of 1) after that run
# ended, 2026-11-26; unfinished when the session ended (epoch 12 of 21 at 20:00), no result yet
# (rerun from the start: the checkpoint was on that machine)
OMP_NUM_THREADS=1 java -Dai.djl.pytorch.num_threads=1 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --model lightgcn --epochs 21 \
  --rec-val-fraction 0 --rec-batch 8192 --rec-loss dot-softmax --rec-negative-count 4096 --rec-temperature 2 \
  --rec-lr 0.005 --rec-layers 4 --rec-lr-schedule cosine --seed 0 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-lightgcn-l4-cosine-seed0 --json
