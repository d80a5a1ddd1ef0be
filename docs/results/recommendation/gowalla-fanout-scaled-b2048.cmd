# GAT on Gowalla trained on fan-out 10,10 mini-batches of 2,048 positives with thinned neighbourhoods weighed as whole
# ones (Subgraph.neighbourScale: attention logits + log(d/k); commit 243e1fc), seed 0, tau 0.025, the recommendation
# defaults otherwise, validation every 188 steps (half an epoch), 9 epochs (3,384 steps), exact layer-by-layer
# evaluation; the same command as gowalla-fanout-b2048.cmd (before the correction) run to its end.
# Started 2026-11-29 11:50:30 with the jar of commit 243e1fc, two PyTorch threads. Steps 1-900 shared the machine with
# the 20M MF-BPR run (paused 12:03-12:10 and from 12:22) and with builds, tests and an integration test; steps
# 1,128-3,384 ran alone: 564 steps with their validations in 331 s (0.59 s a step). Ended 12:49:
# 3,384 steps, the prior's calibration and the evaluation in 3,497 s (58 min 27 s wall), 11,697,972 kB peak resident
# (no -Xmx: the JVM's default heap; see docs/results.md for the memory).
# Result: gowalla-fanout-scaled-b2048.json (test Recall@20 0.1626, NDCG@20 0.1357, prior weight 0.005 chosen by
# validation); validation history: gowalla-fanout-scaled-b2048-state.json.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 2048 --link-sampling fanout --fanouts 10,10 --eval-every 188 --patience 6 --steps 3384 --seed 0 \
  --link-temperature 0.025 --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-fanout-scaled-b2048-seed0 --verbose --json
