"""Self time of a `bench --profile` trace by kind of work, per step.

Usage: python3 profile_categories.py TRACE.json STEPS

An operator call counts as per-edge when one of its inputs has a first dimension above EDGE_ROWS
(the sampled subgraphs of the step benchmarks have about 1,040 nodes and 13,000-16,000 edges);
dense products are mm, addmm and bmm on node-sized inputs.
"""
import collections
import json
import sys

EDGE_ROWS = 5000


def kind(event):
    name, shapes = event["name"], [s for s in event.get("shape") or [] if isinstance(s, list)]
    per_edge = any(s and s[0] > EDGE_ROWS for s in shapes)
    if name in ("aten::mm", "aten::addmm", "aten::bmm"):
        return "sparse incidence product (per-edge)" if per_edge else "dense products (linear layers, per-head)"
    return name + (" (per-edge)" if per_edge else "")


def self_times(events):
    events = sorted(events, key=lambda e: (str(e.get("tid")), e["ts"], -e["dur"]))
    children = [0.0] * len(events)
    stack = []
    for i, e in enumerate(events):
        while stack and (events[stack[-1]].get("tid") != e.get("tid")
                         or events[stack[-1]]["ts"] + events[stack[-1]]["dur"] <= e["ts"]):
            stack.pop()
        if stack:
            children[stack[-1]] += e["dur"]
        stack.append(i)
    return [(e, e["dur"] - c) for e, c in zip(events, children)]


def main(path, steps):
    data = json.load(open(path))
    events = [e for e in (data if isinstance(data, list) else data["traceEvents"]) if e.get("ph") == "X"]
    by_kind = collections.Counter()
    for e, own in self_times(events):
        by_kind[kind(e)] += own
    total = sum(by_kind.values())
    print(f"{total / 1e3 / steps:.1f} ms of self time per step")
    edge = sum(v for k, v in by_kind.items() if "per-edge" in k)
    print(f"per-edge work in all: {edge / 1e3 / steps:.1f} ms/step, {100 * edge / total:.1f}%")
    for k, v in by_kind.most_common(16):
        print(f"{v / 1e3 / steps:9.1f} ms/step {100 * v / total:5.1f}%  {k}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
