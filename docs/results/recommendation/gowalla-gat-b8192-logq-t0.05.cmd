# GAT on Gowalla, seed 0, 9 epochs (846 steps of 8,192 positives): the 9-epoch command (gowalla-gat-b8192-logq.cmd)
# with the link softmax's temperature 0.05 instead of 0.1 (--link-temperature, commit 52f47b8). Paired with that run
# (the same seed, split, steps and validation; test Recall@20 0.1673 with the prior w 0.02 chosen by validation).
# Started 2026-11-28 06:22 with the jar of commit 52f47b8, two PyTorch threads, alone but for Maven builds of a few
# minutes: 846 steps and the evaluation in 2,841 s (about 3.3 s a step with validation).
# Result: gowalla-gat-b8192-logq-t0.05.json; validation history to step 799: gowalla-gat-b8192-logq-t0.05-state.json.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 846 --seed 0 --link-temperature 0.05 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-b8192-logq-t0.05 --verbose --json
