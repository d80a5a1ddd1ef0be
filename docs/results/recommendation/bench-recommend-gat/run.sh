#!/usr/bin/env bash
# bench --config recommend at 100,000 products, the created model GAT (200 fine-tuning steps, the
# popularity prior as the product sets it: auto); one PyTorch thread, beside the Gowalla LightGCN run on two.
set -uo pipefail
cd /tmp/runs/s37/bench
while pgrep -f "loo.sh" > /dev/null; do sleep 15; done
for backbone in gat; do
  echo "$(date +%T) backbone $backbone"
  OMP_NUM_THREADS=1 /usr/bin/time -f "%e s %M KB" java -Dai.djl.pytorch.num_threads=1 -Dai.djl.pytorch.num_interop_threads=1 \
    -jar /tmp/runs/s37/bench.jar bench --config recommend --products 100000 --backbone $backbone \
    > "bench-recommend-$backbone.txt" 2> "bench-recommend-$backbone.log"
  tail -1 "bench-recommend-$backbone.log"
done
echo "$(date +%T) done"
