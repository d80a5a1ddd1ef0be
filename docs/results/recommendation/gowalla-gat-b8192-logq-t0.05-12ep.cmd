# GAT on Gowalla, seed 0, temperature 0.05, extended from 9 to 12 epochs: gowalla-gat-b8192-logq-t0.05.cmd with
# --steps 1128, resumed from that run's step-799 checkpoint (a larger step budget resumes). 2026-11-28 08:38-08:58,
# the jar of commit 310f96b, two threads, alone: steps 800-1128 and the evaluation in 1,190 s. Best step 1081.
# Result: gowalla-gat-b8192-logq-t0.05-12ep.json.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --batch-size 8192 --eval-every 47 --patience 6 --steps 1128 --seed 0 --link-temperature 0.05 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-b8192-logq-t0.05 --verbose --json
