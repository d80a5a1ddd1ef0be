#!/usr/bin/env bash
# bench --config gnn-link on Gowalla, GAT 2 x 64 x 4 at 8,192 positives, one PyTorch thread, THP on:
# the listed-cells jar (736d526) against picking the positive by index (no one-hot), beside the Gowalla GAT fine-tuning on two threads.
set -uo pipefail
cd "$(dirname "$0")"
# jars: mask.jar from commit 736d526, gather.jar from 4cbbd33
echo "start $(date) load $(cat /proc/loadavg)"
for round in 1; do
  for jar in mask gather; do
    echo "== round $round $jar $(date +%T)"
    THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=1 /usr/bin/time -f "wall %e s, peak RSS %M KB" java -Dai.djl.pytorch.num_threads=1 \
      -Ddipgnn.datasets=/work/shared/datasets -jar /tmp/runs/s38/$jar.jar bench --config gnn-link --bench-dataset gowalla \
      --backbone gat --positives 8192 --repeats 6 2>&1 | grep -v "WARN\|^Nov\|INFO"
  done
done
echo "end $(date) load $(cat /proc/loadavg)"
