# MF-BPR on gowalla's published split, validation on a seeded 5% carve-out every 5 epochs, patience 4
# (one PyTorch thread, beside a one-thread GNN run; 329 s)
java -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --model mf \
  --epochs 300 --rec-batch 2048 --rec-lr 0.005 --rec-eval-every 5 --rec-patience 4 --json
# seeds 1 and 2 (2026-11-25; one PyTorch thread beside two other one-thread runs; 300 s and 539 s):
# the same command with --seed 1 / --seed 2, results in gowalla-mf-bpr-seed1.json / -seed2.json
