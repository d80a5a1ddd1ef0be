# Issue 48: the default link model on the synthetic 20M-interaction graph (2M users, 500k items), trained, evaluated by full
# ranking (the test users ranking.UserSample keeps, about 17,000, against every item) and deployed, against popularity and
# MF-BPR on the same split. 2026-11-29 with the jar of commit 28ce5cc, two PyTorch threads.
# The GAT run: steps 1-500 09:23:44-09:35 without -Xmx (stopped by hand at 11.4 GB resident: the JVM's default heap had
# grown toward 6 GB of mostly garbage), then resumed from its step-500 checkpoint with -Xmx4g: 31 min 12 s, 9,841,520 kB
# peak resident, alone. Popularity, embed and MF-BPR ran beside `mvn verify`.
# Results: synthetic-20m-gat.json, synthetic-20m-popularity.json, synthetic-20m-mf.json.
G='synthetic:interactions?users=2000000&items=500000&interactions=20000000&seed=0'
J="java -Xmx4g -Dai.djl.pytorch.num_threads=2 -jar dipgnn-service-0.1.0-SNAPSHOT.jar"
export THP_MEM_ALLOC_ENABLE=1 OMP_NUM_THREADS=2
$J finetune --dataset "$G" --task link --split dataset --steps 1500 --eval-every 500 --seed 0 \
  --save models/syn20m-gat --checkpoint-dir ckpt/syn20m-gat --verbose --json > synthetic-20m-gat.json
$J finetune --dataset "$G" --task link --split dataset --model popularity --seed 0 --json > synthetic-20m-popularity.json
$J embed --model models/syn20m-gat --out syn20m-embeddings
# MF-BPR: one epoch of 16,384-pair steps (its dense Adam updates all 2.5M x 64 rows every step; 2,048-pair epochs take hours)
$J finetune --dataset "$G" --task link --split dataset --model mf --epochs 1 --rec-batch 16384 --seed 0 --json > synthetic-20m-mf.json
