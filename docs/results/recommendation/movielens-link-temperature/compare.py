import json,glob,statistics as st
def load(f):
    try:
        r=json.load(open(f))['runs'][0]; return r
    except Exception: return None
for split,keys in (('ua',['recall@20','ndcg@20','mrr','hits@10']),('loo',['hr@10_loo','ndcg@10_loo','mrr'])):
    for tau in ('0.1','0.05','0.025','0.0125'):
        rows=[load('docs/results/recommendation/movielens-link-temperature/ml-%s-t%s-seed%d.json'%(split,tau,s)) for s in range(3)]
        rows=[r for r in rows if r]
        if not rows: continue
        out=[]
        for k in keys:
            v=[r['metrics']['test'][k] for r in rows]
            out.append('%s %.4f ± %.4f %s'%(k,st.mean(v),st.stdev(v) if len(v)>1 else 0,[round(x,4) for x in v]))
        print(split,'tau',tau,'n',len(rows),'best',[r['best_step'] for r in rows],'s',[round(r['seconds']) for r in rows],'w',[r.get('popularity_prior',{}).get('beta') for r in rows]); print('   '+'\n   '.join(out))
