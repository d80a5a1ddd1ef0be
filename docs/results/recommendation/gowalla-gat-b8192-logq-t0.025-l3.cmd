# GAT with 3 layers instead of 2 on Gowalla, seed 0, τ 0.025: the τ 0.025 command (gowalla-gat-b8192-logq-t0.025.cmd)
# with --layers 3; paired with it. Started 2026-11-28 13:10 with the jar built at commit ddaf84c, two PyTorch threads,
# alone; about 4.7 s a step with validation (2 layers: about 3.2 s), 7.1 GB of per-edge arrays estimated (2 layers: 4.7 GB).
# Stopped by hand at 13:32 after step 282 (of 846): validation Recall@20 behind the 2-layer run's at every half epoch
# and the gap widening (-0.006, -0.014, -0.021, -0.027, -0.028, -0.032 at steps 47-282), training loss higher too
# (6.44 against 6.09 at step 282): slower to learn, not over-fitting. No test figures.
# Validation history to step 282: gowalla-gat-b8192-logq-t0.025-l3-state.json.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 846 --seed 0 --link-temperature 0.025 --layers 3 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-b8192-logq-t0.025-l3 --verbose --json
