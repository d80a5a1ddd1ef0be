"""Popularity Recall@20 on Gowalla's test and on validation carve-outs of two kinds.
Hypothesis: a Bernoulli 5% carve-out of training pairs leaves most light users without validation
items, so validation over-weights heavy users; a per-user carve-out (round(5% n), at least 1) covers
every user as the published test does."""
import gzip, numpy as np
rows = [l.rstrip('\n').split('\t') for l in gzip.open('/work/shared/datasets/gowalla/edges/user__checked_in__location.tsv.gz','rt')][1:]
src = np.array([int(r[0]) for r in rows]); dst = np.array([int(r[1]) for r in rows]); sp = np.array([r[2] for r in rows])
tr = sp == 'train'; te = sp == 'test'
U, I = src.max()+1, dst.max()+1
def recall_pop(train_mask, held_mask):
    deg = np.bincount(dst[train_mask], minlength=I).astype(float)
    order = np.argsort(-deg, kind='stable')[:2000]
    from collections import defaultdict
    trs = defaultdict(set); ho = defaultdict(set)
    for s,d in zip(src[train_mask], dst[train_mask]): trs[s].add(d)
    for s,d in zip(src[held_mask], dst[held_mask]): ho[s].add(d)
    rec = []; sizes = []
    for u, items in ho.items():
        top = [i for i in order if i not in trs[u]][:20]
        rec.append(len(items.intersection(top)) / len(items)); sizes.append(len(trs[u]))
    return np.mean(rec), len(rec), np.median(sizes)
rng = np.random.default_rng(0)
idx = np.where(tr)[0]
# Bernoulli 5% of training pairs
bern = np.zeros(len(src), bool); bern[idx[rng.random(len(idx)) < 0.05]] = True
# per user: round(5% n), at least 1
per = np.zeros(len(src), bool)
order = idx[np.argsort(src[idx], kind='stable')]
starts = np.searchsorted(src[order], np.arange(U)); ends = np.searchsorted(src[order], np.arange(U), 'right')
for u in range(U):
    e = order[starts[u]:ends[u]]
    k = max(1, round(0.05 * len(e)))
    per[rng.choice(e, k, replace=False)] = True
print('test (train = all train pairs): recall@20 %.4f users %d median train items %.0f' % recall_pop(tr, te))
print('test (train minus bernoulli carve-out): %.4f users %d median %.0f' % recall_pop(tr & ~bern, te))
print('bernoulli 5%% validation: %.4f users %d median train items %.0f' % recall_pop(tr & ~bern, bern))
print('per-user 5%% validation: %.4f users %d median train items %.0f' % recall_pop(tr & ~per, per))
for frac in (0.2,):
    per2 = np.zeros(len(src), bool)
    for u in range(U):
        e = order[starts[u]:ends[u]]
        k = max(1, round(frac * len(e)))
        per2[rng.choice(e, k, replace=False)] = True
    print('per-user %.0f%% validation: %.4f users %d median train items %.0f' % ((frac*100,) + recall_pop(tr & ~per2, per2)))
# test with a user-sampled subset: only users that have a bernoulli val item
