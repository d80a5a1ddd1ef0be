# gowalla-lightgcn-dot-t2-n4096-l4-all.cmd with the learning rate decayed by half a cosine from 0.005 to zero
# over the 21 epochs (--rec-lr-schedule cosine, commit a085b8e) instead of held at 0.005, seed 0; result in
# gowalla-lightgcn-l4-cosine-all.json: test Recall@20 0.1590, NDCG@20 0.1363 (the constant rate, same seed: 0.1753 /
# 0.1455). Run in three parts, each resumed from the last one's checkpoint with this command: epochs 1-6 with one
# PyTorch thread beside the one-thread GNN run of seed 1 (gowalla-gnn-b8192.cmd; about 300 s an epoch), epochs 7-12
# with two threads alone (2026-11-26, until 20:00), epochs 13-21 with two threads on 2026-11-26 21:25-22:13 (the
# same command with 2 in place of 1; partly beside one-thread benchmark runs, about 5 minutes an epoch): 6,814 s
# (about 1 h 55 min) of wall time over the three parts, in the run's own count.
OMP_NUM_THREADS=1 java -Dai.djl.pytorch.num_threads=1 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --model lightgcn --epochs 21 \
  --rec-val-fraction 0 --rec-batch 8192 --rec-loss dot-softmax --rec-negative-count 4096 --rec-temperature 2 \
  --rec-lr 0.005 --rec-layers 4 --rec-lr-schedule cosine --seed 0 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-lightgcn-l4-cosine-seed0 --json
