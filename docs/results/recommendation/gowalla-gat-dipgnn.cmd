# GAT with DiP-GNN on Gowalla (issue 15's table: "GAT with per-node embeddings, with DiP-GNN"), seed 0.
# 1. Pre-training on the training interactions only, as HGT's (gowalla-dipgnn.cmd) with --backbone gat: ran on
#    2026-11-27 with commit 26cafc3's jar, one PyTorch thread beside the GAT run from scratch and the test suite:
#    865 s (884 s with the JVM), 1.12 GB peak resident; discriminator accuracy 0.61 after 3,000 steps; figures in
#    gowalla-gat-dipgnn-pretrain.json.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=1 java -Dai.djl.pytorch.num_threads=1 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar pretrain --dataset gowalla --task link --split dataset --backbone gat \
  --pretrain-steps 3000 --full-graph-max-nodes 0 --seed 0 --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-dipgnn-pretrain \
  --save gowalla-gat-dipgnn-model --verbose --json
# 2. Fine-tuning: the GAT run's command (gowalla-gat-b8192-logq.cmd) with --pretrained.
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2 java -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset --backbone gat \
  --pretrained gowalla-gat-dipgnn-model --batch-size 8192 --eval-every 47 --patience 6 --steps 846 --seed 0 \
  --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-gat-dipgnn-b8192-logq --verbose --json
# Fine-tuning started 2026-11-27 11:39 with commit 20a6b8d's jar (the popularity prior chosen on validation at the
# end, the default since), two PyTorch threads beside MovieLens runs, benchmarks and the test suite; stopped at its
# step-282 checkpoint (13:09) for the test suite to run alone; resumable (checkpoints every 47 steps) with this command.
# Resumed 2026-11-27 13:41 from the step-282 checkpoint with the same jar and command, two PyTorch threads (the test
# suite beside it, niced, for about 70 minutes); ended 15:09 (87 min 35 s for steps 283-846, the final evaluation and
# the popularity prior's calibration; 14.6 GB peak resident). Result: gowalla-gat-dipgnn-b8192-logq.json (test
# Recall@20 0.1620 with w 0.02 chosen by validation); history: gowalla-gat-dipgnn-b8192-logq-state.json.
