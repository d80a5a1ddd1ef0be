# MF-BPR on the 20M-interaction synthetic graph with lazy (row-sparse) Adam (--rec-row-updates auto: lazy at 2.5M users
# and items), the Gowalla MF-BPR settings (batch 2,048, lr 0.005), validation every 2 epochs, seed 0, no popularity prior
# (the baselines' default), with the jar of commit 6111c4c, -Xmx4g, two PyTorch threads.
# Started 2026-11-29 11:42:28 for 16 epochs; paused (SIGSTOP) 12:03-12:10 and 12:22-13:33 for the Gowalla fan-out runs,
# and beside them 11:50-12:03 and 12:10-12:22; alone from 13:33. Alone an epoch took about 1.8 min with its share of
# validation (epochs 5-8: 13:36:15-13:41:40). Validation Recall@20 0.2272 / 0.2503 / 0.2504 / 0.2522 at epochs
# 2 / 4 / 6 / 8: levelled from epoch 4, so the run was ended at its epoch-8 checkpoint (13:42) and resumed from it with
# --epochs 8 to restore the best weights and rank validation and test (2 min 27 s, 8,707,224 kB peak resident).
# The training process held about 7.0 GB resident (ps, 12:01); its own peak was lost when it was ended.
# Result: synthetic-20m-mf-lazy.json (test Recall@20 0.2575, NDCG@20 0.1582).
G='synthetic:interactions?users=2000000&items=500000&interactions=20000000&seed=0'
J="java -Xmx4g -Dai.djl.pytorch.num_threads=2 -jar dipgnn-service-0.1.0-SNAPSHOT.jar"
export THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2
$J finetune --dataset "$G" --task link --split dataset --model mf --epochs 16 --rec-batch 2048 --rec-lr 0.005 \
  --rec-eval-every 2 --rec-patience 4 --seed 0 --checkpoint-dir ckpt/syn20m-mf-lazy --verbose --json
# ended at epoch 8, then:
$J finetune --dataset "$G" --task link --split dataset --model mf --epochs 8 --rec-batch 2048 --rec-lr 0.005 \
  --rec-eval-every 2 --rec-patience 4 --seed 0 --checkpoint-dir ckpt/syn20m-mf-lazy --verbose --json > synthetic-20m-mf-lazy.json
