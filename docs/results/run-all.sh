#!/usr/bin/env bash
# The commands behind docs/results.md. Each line is one `reproduce` run; they were run in two
# parallel queues (one PyTorch thread each) on the 2-core development machine.
# Usage: docs/results/run-all.sh JAR OUT_DIR [queue-a|queue-b]
set -euo pipefail
JAR=$1; OUT=$2; QUEUE=${3:-all}
DATA=${DIPGNN_DATASETS:-../shared/datasets}
COMMON=(--runs 10 --hidden 128 --layers 2 --heads 4 --steps 200 --eval-every 10 --patience 10
        --pretrain-steps 400 --log-every 50 --checkpoint-every 100)
# Temperature 0.2 is the default; it is spelled out so the commands stay valid if it changes.
run() { java -Xmx8g -Dai.djl.pytorch.num_threads=1 -jar "$JAR" reproduce "$@" "${COMMON[@]}"; }
runt() { run --pretrain-temperature 0.2 "$@"; }

if [[ $QUEUE == all || $QUEUE == queue-a ]]; then
  runt --dataset "$DATA/cora" --task node --full-graph-max-nodes 5000 \
      --methods none,dipgnn,gpt-gnn,gae,dipgnn-edges,dipgnn-features,random-edges --out "$OUT/cora"
  for t in 1.0 0.1; do
    run --dataset "$DATA/cora" --task node --full-graph-max-nodes 5000 --pretrain-temperature $t \
        --methods none,dipgnn --out "$OUT/cora-temperature-$t"
  done
  runt --dataset "$DATA/movielens-100k" --task link --split transfer --full-graph-max-nodes 5000 \
      --methods none,dipgnn,gpt-gnn,gae --out "$OUT/movielens-100k"
fi
if [[ $QUEUE == all || $QUEUE == queue-b ]]; then
  runt --dataset "$DATA/facebook-pagepage" --task node --methods none,dipgnn,gpt-gnn,gae --out "$OUT/facebook-pagepage"
  runt --dataset "$DATA/debian-packages" --task node --target-type package --methods none,dipgnn,gpt-gnn \
      --out "$OUT/debian-packages"
fi
if [[ $QUEUE == all || $QUEUE == ablations ]]; then
  # DiP-GNN on Cora with a lighter discriminator weight, and with four times the pre-training steps
  runt --dataset "$DATA/cora" --task node --full-graph-max-nodes 5000 --methods none,dipgnn --lambda 1 \
      --out "$OUT/cora-lambda-1"
  java -Xmx8g -Dai.djl.pytorch.num_threads=1 -jar "$JAR" reproduce --dataset "$DATA/cora" --task node \
      --full-graph-max-nodes 5000 --methods none,dipgnn --pretrain-temperature 0.2 --runs 10 --hidden 128 \
      --layers 2 --heads 4 --steps 200 --eval-every 10 --patience 10 --pretrain-steps 1600 --log-every 50 \
      --checkpoint-every 100 --out "$OUT/cora-steps-1600"
fi
if [[ $QUEUE == all || $QUEUE == backbones ]]; then
  # The paper's backbone ablation (its Table 5) on the link task: GAT instead of HGT
  runt --dataset "$DATA/movielens-100k" --task link --split transfer --full-graph-max-nodes 5000 --backbone gat \
      --methods none,dipgnn,gpt-gnn --out "$OUT/movielens-100k-gat"
fi
if [[ $QUEUE == all || $QUEUE == diagnostic ]]; then
  # Generator against discriminator of one DiP-GNN run (the same pre-training, deterministic):
  # fine-tune each with the settings of the Cora table.
  J=(java -Xmx6g -Dai.djl.pytorch.num_threads=1 -jar "$JAR")
  CORA=(--dataset "$DATA/cora" --hidden 128 --layers 2 --heads 4 --full-graph-max-nodes 5000)
  TUNE=(--split transfer --runs 10 --steps 200 --eval-every 10 --patience 10 --json)
  for keep in generator discriminator; do
    "${J[@]}" pretrain "${CORA[@]}" --method dipgnn --pretrain-steps 400 --pretrain-temperature 0.2 \
        --keep $keep --save "$OUT/diagnostic/dipgnn-$keep" --json > "$OUT/diagnostic/pretrain-$keep.json"
    "${J[@]}" finetune "${CORA[@]}" "${TUNE[@]}" --pretrained "$OUT/diagnostic/dipgnn-$keep" \
        > "$OUT/diagnostic/finetune-$keep.json"
  done
fi
if [[ $QUEUE == all || $QUEUE == text-a || $QUEUE == text-b ]]; then
  # Issue 8: DiP-GNN with and without the text pair, and fine-tuning from scratch, with a shorter
  # budget (200 pre-training steps, 100 fine-tuning steps, patience 5) that fit the session's time.
  TEXT=(--runs 10 --hidden 128 --layers 2 --heads 4 --steps 100 --eval-every 10 --patience 5
        --pretrain-steps 200 --log-every 50 --checkpoint-every 100 --pretrain-temperature 0.2)
  J=(java -Xmx8g -Dai.djl.pytorch.num_threads=1 -jar "$JAR" reproduce)
  if [[ $QUEUE != text-b ]]; then
    "${J[@]}" --dataset "$DATA/debian-packages" --task node --target-type package \
        --methods dipgnn-no-text,dipgnn "${TEXT[@]}" --out "$OUT/debian-packages-text"
    "${J[@]}" --dataset "$DATA/debian-packages" --task node --target-type package \
        --methods none "${TEXT[@]}" --out "$OUT/debian-packages-text-none"
  fi
  if [[ $QUEUE != text-a ]]; then
    "${J[@]}" --dataset "$DATA/dblp-4area" --task node --target-type author \
        --methods dipgnn-no-text,dipgnn "${TEXT[@]}" --out "$OUT/dblp-4area-text"
    "${J[@]}" --dataset "$DATA/dblp-4area" --task node --target-type author \
        --methods none "${TEXT[@]}" --out "$OUT/dblp-4area-text-none"
  fi
fi
