#!/bin/bash
# Run 2026-11-29 12:56-13:07 from a scratch directory with jar-scaled.jar = the jar of commit 243e1fc; results quoted in docs/results.md.
# Peak resident of 20 training steps, one validation, the prior's calibration and the test evaluation, heap capped at 512 MB:
# fan-out 10,10 at 2,048 positives, then the whole graph at 8,192 (the Gowalla runs' settings otherwise).
cd /work/runs
J="java -Xmx512m -Dai.djl.pytorch.num_threads=2 -Ddipgnn.datasets=/work/shared/datasets -jar jar-scaled.jar finetune --dataset gowalla --task link --split dataset --backbone gat --link-temperature 0.025 --seed 0 --steps 20 --eval-every 20"
export THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2
/usr/bin/time -v $J --batch-size 2048 --link-sampling fanout --fanouts 10,10 > mem-fanout.out 2> mem-fanout.err
/usr/bin/time -v $J --batch-size 8192 > mem-whole.out 2> mem-whole.err
