#!/usr/bin/env bash
# bench --config recommend at 100,000 products: the same fine-tuned model (same seed) without a prior and with a
# fixed prior of 0.02 and 0.08; one PyTorch thread, beside MovieLens runs on the other core.
set -uo pipefail
cd /tmp/runs/s34/bench
while pgrep -f "pop/run-dip.sh" > /dev/null; do sleep 15; done
for prior in off 0.02 0.08; do
  echo "$(date +%T) prior $prior"
  OMP_NUM_THREADS=1 /usr/bin/time -f "%e s %M KB" java -Dai.djl.pytorch.num_threads=1 -Dai.djl.pytorch.num_interop_threads=1 \
    -jar /tmp/runs/s34.jar bench --config recommend --products 100000 --popularity-prior $prior \
    > "bench-recommend-prior-$prior.txt" 2> "bench-recommend-prior-$prior.log"
  tail -1 "bench-recommend-prior-$prior.log"
done
echo "$(date +%T) done"
