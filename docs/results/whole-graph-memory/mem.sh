#!/usr/bin/env bash
# peak RSS of a whole-graph link fine-tuning step on MovieLens by hidden width and layers
cd "${RUN_DIR:-/tmp/runs}"  # holds s32.jar, the jar of commit e903479
export THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=1
for hl in "64 2" "256 2" "512 2" "256 3" "512 1"; do
  set -- $hl
  /usr/bin/time -f "hidden $1 layers $2 maxrss_kb %M wall %e" java -Dai.djl.pytorch.num_threads=1 -Ddipgnn.datasets=/work/shared/datasets -jar s32.jar \
    finetune --dataset movielens-100k --task link --split dataset --hidden $1 --layers $2 --heads 4 --steps 3 --eval-every 100 --json > /dev/null 2>> s32/mem.err
  tail -1 s32/mem.err
done
