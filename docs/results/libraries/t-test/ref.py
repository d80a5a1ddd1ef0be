import mpmath
mpmath.mp.dps = 60
worst = {"ours": (0, None), "hipparchus": (0, None)}
rows = 0
for line in open("out.txt"):
    df, t, ours, hip = line.split(); df = int(df); t = float(t)
    x = mpmath.mpf(df) / (df + mpmath.mpf(t) ** 2)
    ref = mpmath.betainc(mpmath.mpf(df) / 2, mpmath.mpf(1) / 2, 0, x, regularized=True)
    for name, v in (("ours", float(ours)), ("hipparchus", float(hip))):
        rel = abs(mpmath.mpf(v) - ref) / ref if ref != 0 else abs(mpmath.mpf(v))
        if rel > worst[name][0]:
            worst[name] = (float(rel), (df, t, v, float(ref)))
    rows += 1
print(rows, "cases (df 1..999, t 0..100); worst relative error against mpmath (60 digits):")
for k, (r, case) in worst.items():
    print(f"  {k:11s} {r:.2e} at df={case[0]} t={case[1]} (value {case[2]:.6e}, exact {case[3]:.6e})")
