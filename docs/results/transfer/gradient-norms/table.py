#!/usr/bin/env python3
"""Prints the per-term gradient norms of the logs beside this script as Markdown tables (issue 17, H4)."""
import pathlib
import re

HERE = pathlib.Path(__file__).parent
TERMS = ["gen_edge", "gen_feature", "disc_edge", "disc_feature"]
for log in sorted(HERE.glob("*.log")):
    print(f"\n{log.stem}\n")
    print("| step | " + " | ".join(TERMS) + " | gen. acc | disc. acc | feature disc. acc |")
    print("|---" * (len(TERMS) + 4) + "|")
    for line in log.read_text().replace("\r", "\n").splitlines():
        m = re.match(r"\s*step (\d+): (.*)", line)
        if not m:
            continue
        kv = dict(re.findall(r"(\w+) (-?[\d.]+(?:E-?\d+)?)", m.group(2)))
        cells = [kv.get("grad_norm_" + t, "–") for t in TERMS]
        cells += [kv.get("gen_accuracy", "–"), kv.get("disc_accuracy", "–"), kv.get("disc_feature_accuracy", "–")]
        print(f"| {m.group(1)} | " + " | ".join(cells) + " |")
