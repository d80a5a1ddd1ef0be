#!/usr/bin/env bash
# Issue 46: the same metrics with --kernels coo and --kernels torchscript (same seeds, same settings).
# Runs every configuration below once per kernel, one process at a time, and writes
#   $OUT.txt        each run's command, machine load (uptime) before and after, wall time and metrics
#   $OUT/<run>.json each run's --json output (compare with equal-metrics-compare.py)
#   $OUT/<run>.log  its progress lines (validation metric at every evaluation, pre-training figures)
# Usage: docs/results/kernels/equal-metrics.sh [JAR] [OUT]
#   JAR default target/dipgnn-service-0.1.0-SNAPSHOT.jar; OUT default docs/results/kernels/equal-metrics-<date>
#   CONFIGS="cora-gat cora-dipgnn movielens-gat" and KERNELS="coo torchscript" choose what runs; a run
#   whose files exist is written as <run>-2 (a repeat). More configurations:
#     cora-hgt            fine-tuning the paper architecture without pre-training
#     cora-dipgnn-cross   after cora-dipgnn in the same call: each kernel fine-tunes from the model the
#                         other kernel pre-trained
#     cora-pretrain-drift 40 DiP-GNN pre-training steps, figures at every step
#   RUN_TAG=-x appends -x to every run's name (e.g. a control with DIPGNN_THREADS=2); RUNS=10 fine-tunes
#   seeds 0..9 instead of 0..2; PRETRAIN_SEED=1 pre-trains cora-dipgnn with seed 1 instead of 0.
#   Data sets: $DIPGNN_DATASETS (default ../shared/datasets).
# The runs behind equal-metrics.md (2026-11-29), in this order, all with OUT=docs/results/kernels/equal-metrics-2026-11-29:
#   (defaults); CONFIGS="cora-dipgnn cora-dipgnn-cross cora-hgt"; CONFIGS="cora-pretrain-drift movielens-gat";
#   DIPGNN_THREADS=2 RUN_TAG=-threads2 CONFIGS=cora-dipgnn KERNELS=coo; RUNS=10 RUN_TAG=-10seeds CONFIGS=cora-dipgnn;
#   PRETRAIN_SEED=n RUN_TAG=-pretrain-seedn CONFIGS=cora-dipgnn for n = 1, 2.
# PyTorch runs on one thread (DIPGNN_THREADS=1) so that summation order depends only on the kernel.
# Run it under nice: nice -n 10 docs/results/kernels/equal-metrics.sh
set -euo pipefail
JAR=${1:-target/dipgnn-service-0.1.0-SNAPSHOT.jar}
OUT=${2:-docs/results/kernels/equal-metrics-$(date +%Y-%m-%d)}
DATA=${DIPGNN_DATASETS:-../shared/datasets}
CONFIGS=${CONFIGS:-cora-gat cora-dipgnn movielens-gat}
KERNELS=${KERNELS:-coo torchscript}
RUNS=${RUNS:-3}       # fine-tuning seeds 0..RUNS-1 of every configuration
PRETRAIN_SEED=${PRETRAIN_SEED:-0}
export DIPGNN_THREADS=${DIPGNN_THREADS:-1}
MODELS=$(mktemp -d)   # pre-trained models are large and not kept
declare -A MODEL      # kernel -> the model cora-dipgnn pre-trained with it
trap 'rm -rf "$MODELS"' EXIT
mkdir -p "$OUT"
LOG=$OUT.txt

# The global --kernels must follow the command word: `java -jar JAR --kernels coo finetune` starts the service.
java_cmd() { java -Xmx6g -jar "$JAR" "$@"; }

# run NAME KERNEL ARGS...: one process; its JSON goes to $OUT/NAME-KERNEL[-N].json (N counts repeats)
run() {
  local name=$1${RUN_TAG:-} kernel=$2; shift 2
  local file=$OUT/$name-$kernel.json n=2
  while [[ -e $file ]]; do file=$OUT/$name-$kernel-$n.json; n=$((n + 1)); done
  local log=${file%.json}.log
  {
    echo "== $(basename "$file" .json)"
    echo "command: java -jar $JAR $* --kernels $kernel --json (DIPGNN_THREADS=$DIPGNN_THREADS)"
    echo "load before: $(uptime)"
  } >> "$LOG"
  local start end
  start=$(date +%s.%N)
  java_cmd "$@" --kernels "$kernel" --json > "$file" 2> >(grep -v '^\[W' > "$log") || {
    echo "FAILED (exit $?), stderr tail:" >> "$LOG"; sleep 1; tail -20 "$log" >> "$LOG"; return 1; }
  end=$(date +%s.%N)
  {
    echo "load after:  $(uptime)"
    awk -v s="$start" -v e="$end" 'BEGIN { printf "wall: %.1f s\n", e - s }'
    metrics "$file"
    echo
  } >> "$LOG"
}

# metrics FILE: the figures of a pretrain or finetune --json output, one line per run
metrics() {
  jq -r 'if .runs then .runs[] | "seed \(.seed): best step \(.best_step)/\(.steps_run), \(.seconds | floor) s, "
           + "test " + (.metrics.test | to_entries | map("\(.key) \(.value)") | join(", "))
           + "; val " + (.metrics.val | to_entries | map("\(.key) \(.value)") | join(", "))
           + (if .popularity_prior then "; prior beta \(.popularity_prior.beta)" else "" end)
         else "pre-training \(.seconds | floor) s, final " + (.final | to_entries | map("\(.key) \(.value)") | join(", "))
         end' "$1"
}

# loaded KERNEL: whether a one-step run with --kernels KERNEL loads the TorchScript kernel library at all
loaded() {
  java -verbose:class -jar "$JAR" finetune --dataset "$DATA/cora" --preset planetoid --split dataset --steps 1 \
      --kernels "$1" 2>/dev/null | grep -q 'class,load. com.dipgnn.model.kernels.SegmentKernels ' && echo yes || echo no
}

echo "# equal-metrics.sh $(date -Is) on $(nproc) cores, commit $(git rev-parse --short HEAD 2>/dev/null || echo ?)," \
     "DIPGNN_THREADS=$DIPGNN_THREADS, configs: $CONFIGS, kernels: $KERNELS" >> "$LOG"
for kernel in $(tr ' ' '\n' <<< "$KERNELS" | sort -u); do
  echo "check: --kernels $kernel loads com.dipgnn.model.kernels.SegmentKernels: $(loaded "$kernel")" >> "$LOG"
done
for config in $CONFIGS; do
  for kernel in $KERNELS; do
    case $config in
      cora-gat) # node classification, Planetoid split, the GAT paper's settings (2 x 8 heads x 8), 200 steps
        run cora-gat "$kernel" finetune --dataset "$DATA/cora" --preset planetoid --split dataset \
            --steps 200 --runs "$RUNS" --seed 0 ;;
      cora-dipgnn) # DiP-GNN pre-training (paper architecture HGT 3 x 400 x 8, whole graph) then fine-tuning
        MODEL[$kernel]=$MODELS/cora-dipgnn-$kernel-$RANDOM
        run cora-dipgnn-pretrain "$kernel" pretrain --dataset "$DATA/cora" --full-graph-max-nodes 5000 \
            --method dipgnn --pretrain-steps 100 --log-every 25 --seed "$PRETRAIN_SEED" --save "${MODEL[$kernel]}"
        run cora-dipgnn-finetune "$kernel" finetune --dataset "$DATA/cora" --full-graph-max-nodes 5000 \
            --pretrained "${MODEL[$kernel]}" --split transfer --steps 100 --eval-every 10 --runs "$RUNS" --seed 0 ;;
      cora-dipgnn-cross) # the same fine-tuning, from the model the other kernel pre-trained
        other=$([[ $kernel == coo ]] && echo torchscript || echo coo)
        [[ -n ${MODEL[$other]:-} ]] || { echo "cora-dipgnn-cross needs cora-dipgnn with $other first" >&2; exit 2; }
        run "cora-dipgnn-finetune-from-$other-pretraining" "$kernel" finetune --dataset "$DATA/cora" \
            --full-graph-max-nodes 5000 --pretrained "${MODEL[$other]}" --split transfer --steps 100 \
            --eval-every 10 --runs "$RUNS" --seed 0 ;;
      cora-hgt) # the same fine-tuning of the paper architecture, without pre-training
        run cora-hgt "$kernel" finetune --dataset "$DATA/cora" --full-graph-max-nodes 5000 --split transfer \
            --steps 100 --eval-every 10 --runs "$RUNS" --seed 0 ;;
      cora-pretrain-drift) # where the two kernels' pre-training figures part: every step of the first 40
        run cora-pretrain-drift "$kernel" pretrain --dataset "$DATA/cora" --full-graph-max-nodes 5000 \
            --method dipgnn --pretrain-steps 40 --log-every 1 --seed 0 --save "$MODELS/drift-$kernel-$RANDOM" ;;
      movielens-gat) # link prediction on the official ua split, the product's recommend preset, 150 steps
        run movielens-gat "$kernel" finetune --dataset "$DATA/movielens-100k" --task link --preset recommend \
            --split dataset --steps 150 --runs "$RUNS" --seed 0 ;;
      *) echo "unknown configuration $config" >&2; exit 2 ;;
    esac
  done
done
echo "wrote $LOG and $OUT/"
