# The seed-0 command of gowalla-fanout-scaled-b2048.cmd with --seed 1 and the heap capped at 1 GB (-Xmx1g).
# Started 2026-11-29 12:49:02 with the jar of commit 243e1fc, two PyTorch threads, alone but for 12:56-13:08 (the two
# 20-step memory runs of gowalla-memory-xmx512m.sh beside it). Ended 13:33: 3,384 steps, the prior's calibration
# (weight 0.005) and the evaluation in 2,671 s of training time (44 min 37 s wall), 3,129,264 kB peak resident;
# 2.8-2.87 GB resident from step 339 to the end (sampled every 30 s).
# Result: gowalla-fanout-scaled-b2048-seed1.json (test Recall@20 0.1646, NDCG@20 0.1356);
# validation history: gowalla-fanout-scaled-b2048-seed1-state.json.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Xmx1g -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 2048 --link-sampling fanout --fanouts 10,10 --eval-every 188 --patience 6 --steps 3384 --seed 1 \
  --link-temperature 0.025 --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-fanout-scaled-b2048-seed1 --verbose --json
