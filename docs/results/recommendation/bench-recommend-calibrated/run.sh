#!/usr/bin/env bash
# bench --config recommend at 100,000 products with the created model GAT (the recommendation default; 200 fine-tuning
# steps, the popularity prior by validation), after the deploy-time recall calibration; one PyTorch thread, beside the
# Gowalla GAT fine-tuning on two threads.
set -uo pipefail
cd "$(dirname "$0")"
OMP_NUM_THREADS=1 /usr/bin/time -f "%e s %M KB" java -Dai.djl.pytorch.num_threads=1 -Dai.djl.pytorch.num_interop_threads=1 \
  -jar /tmp/runs/s38/cal.jar bench --config recommend --products 100000 > bench-recommend-gat.txt 2> bench-recommend-gat.log
tail -1 bench-recommend-gat.log
