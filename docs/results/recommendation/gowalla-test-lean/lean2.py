import gzip, numpy as np
rows = [l.rstrip('\n').split('\t') for l in gzip.open('/work/shared/datasets/gowalla/edges/user__checked_in__location.tsv.gz','rt')][1:]
src = np.array([int(r[0]) for r in rows]); dst = np.array([int(r[1]) for r in rows]); sp = np.array([r[2] for r in rows])
tr=sp=='train'; te=sp=='test'
deg = np.bincount(dst[tr]); ld=np.log1p(deg)
U=src.max()+1
def umean(mask):
    s=np.bincount(src[mask], weights=ld[dst[mask]], minlength=U); c=np.bincount(src[mask], minlength=U)
    return s/np.maximum(c,1), c
mt,ct=umean(tr); me,ce=umean(te)
ok=(ct>0)&(ce>0)
print('user-averaged mean log-degree: train %.3f test %.3f' % (mt[ok].mean(), me[ok].mean()))
top=np.argsort(-deg)[:200]; intop=np.isin(dst, top)
ft=np.bincount(src[tr], weights=intop[tr], minlength=U)/np.maximum(ct,1); fe=np.bincount(src[te], weights=intop[te], minlength=U)/np.maximum(ce,1)
print('user-averaged share of items in the 200 most popular: train %.4f test %.4f' % (ft[ok].mean(), fe[ok].mean()))
print('pair-level share in top 200: train %.4f test %.4f' % (intop[tr].mean(), intop[te].mean()))
print('test/train size ratio quantiles', np.quantile(ce[ok]/ct[ok],[0.1,0.5,0.9]))
# the product's short head (PopularitySegments): the most-interacted items holding 20% of training interactions
order = np.argsort(-deg, kind='stable'); cum = np.cumsum(deg[order])
head = order[:np.searchsorted(cum, 0.2 * cum[-1]) + 1]
inhead = np.isin(dst, head)
print('short head: %d items; share of pairs in it: train %.4f test %.4f' % (len(head), inhead[tr].mean(), inhead[te].mean()))
