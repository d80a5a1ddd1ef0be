# DiP-GNN on Gowalla's published split (issue 15, part 7), seed 0, paired with gowalla-gnn-b8192-logq (the same
# fine-tuning command and seed from a random start). Started 2026-11-27 with commit 462000e (the bounded
# pre-training candidate scoring; the first attempt, before it, was killed for memory at 22.7 GB). One PyTorch
# thread, beside other runs on the second core. Resumable: both commands pick up their --checkpoint-dir.
# Fine-tuning ran in three parts (2026-11-27, 01:30-04:05 to step 705 beside other runs, then steps to
# 752 (beside short MovieLens runs) and to 846 (alone) with two PyTorch threads; stopped once by a session's end and once by the out-of-memory killer when a
# second Java process started beside it), about 2 h 15 min in all; result: gowalla-dipgnn-b8192-logq.json
# (test Recall@20 0.1509), validation history to step 799: gowalla-dipgnn-b8192-logq-state.json.
# Seed 1 (next): both commands with --seed 1 and their own --checkpoint-dir and --save directories.
# 1. Pre-training on the training interactions only: 3,000 steps of HGSampling subgraphs from 128 seed nodes
#    (1,040 s; it ran with --full-graph-max-nodes 0, which commit 462000e makes the default choice on Gowalla).
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=1 java -Dai.djl.pytorch.num_threads=1 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar pretrain --dataset gowalla --task link --split dataset --pretrain-steps 3000 \
  --full-graph-max-nodes 0 --seed 0 --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-dipgnn-pretrain \
  --save gowalla-dipgnn-model --verbose --json
# 2. Fine-tuning the kept discriminator with the log-Q GNN's settings (846 steps, 9 epochs; validation every 47).
THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=1 java -Dai.djl.pytorch.num_threads=1 -Ddipgnn.datasets=../shared/datasets \
  -jar dipgnn-service-0.1.0-SNAPSHOT.jar finetune --dataset gowalla --task link --split dataset \
  --pretrained gowalla-dipgnn-model --batch-size 8192 --eval-every 47 --patience 6 --steps 846 \
  --link-negatives uniform-logq --seed 0 --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-dipgnn-b8192-logq --verbose --json
# Seed 1's pre-training ran on 2026-11-27 with commit 26cafc3's jar: command 1 with --seed 1,
# --checkpoint-dir ~/.cache/dipgnn/runs/gowalla-dipgnn-pretrain-seed1 and --save gowalla-dipgnn-model-seed1,
# one PyTorch thread beside the GAT run and the test suite: 1,163 s, 1.27 GB peak resident; discriminator accuracy
# 0.63 after 3,000 steps (seed 0: 0.65). Figures in gowalla-dipgnn-pretrain-seed1.json. Its fine-tuning (command 2
# with --seed 1, --pretrained gowalla-dipgnn-model-seed1 and --checkpoint-dir
# ~/.cache/dipgnn/runs/gowalla-dipgnn-b8192-logq-seed1) is next, after the GAT run (two need more than 23 GB).
