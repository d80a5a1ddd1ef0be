# GAT on Gowalla trained on fan-out 10,10 mini-batches of 2,048 positives (issue 48), seed 0, tau 0.025, the recommendation
# defaults otherwise (255 uniform log-Q corrected negatives a step beside the step's positives), validation every 188 steps
# (half an epoch) on the 5% carve-out, exact layer-by-layer evaluation. Started 2026-11-29 08:54 with the jar of commit
# fe7e24a, two PyTorch threads, beside builds and a helper's benchmark runs (load 2-4); stopped by hand at step 1504
# (4 epochs, 09:18) because validation Recall@20 had levelled off at 0.125-0.138 where the whole-graph run at 8,192
# positives had 0.159-0.169 after the same epochs (gowalla-gat-b8192-logq-t0.025-state.json). About 0.75 s a step with
# its share of validation; peak resident memory of the same settings, 20 steps and the final evaluation: 3.1 GB.
# Validation history: gowalla-fanout-b2048-state.json.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 2048 --link-sampling fanout --fanouts 10,10 --eval-every 188 --patience 6 --steps 3384 --seed 0 \
  --link-temperature 0.025 --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-fanout-b2048-seed0 --verbose --json
