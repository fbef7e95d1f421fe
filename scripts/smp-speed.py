#!/usr/bin/env python3
"""Lazy SMP speed-up: Hard's nodes a second on 1 and 2 threads (CCP `info` lines), on the
CCERL suite's positions, alternating the thread counts position by position (docs/AI.md).

    python3 scripts/smp-speed.py [MOVETIME_MS [POSITIONS [CLI [SUITE]]]]
"""
import json, subprocess, sys, statistics
CLI = sys.argv[3] if len(sys.argv) > 3 else "target/release/starhalma-cli"
SUITE = sys.argv[4] if len(sys.argv) > 4 else "../shared/engines/jumpstar/benchmarks/ccerl-v1/positions/official_elo_v2.jsonl"
MOVETIME = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
COUNT = int(sys.argv[2]) if len(sys.argv) > 2 else 12
positions = [json.loads(l) for l in open(SUITE)][:COUNT * 7:7]

def search(pos, threads):
    p = subprocess.Popen([CLI, "ccp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    cmds = f"ccp\nsetoption name Threads value {threads}\nisready\n"
    cmds += f"position cells {pos['cells']} player {pos['player']} ply {pos.get('ply', 0)}\n"
    cmds += f"go movetime {MOVETIME}\n"
    p.stdin.write(cmds); p.stdin.flush()
    last = None
    for line in p.stdout:
        if line.startswith("info "):
            last = line.split()
        if line.startswith("bestmove"):
            break
    p.stdin.write("quit\n"); p.stdin.flush(); p.wait()
    at = lambda key: int(last[last.index(key) + 1])
    return at("nodes"), at("time"), at("depth")

rows = {1: [], 2: []}
for i, pos in enumerate(positions):
    for threads in ((1, 2) if i % 2 == 0 else (2, 1)):
        nodes, ms, depth = search(pos, threads)
        rows[threads].append((nodes / max(ms, 1) * 1000, depth))
        print(pos["id"], threads, nodes, ms, depth, flush=True)
for t in (1, 2):
    nps = [r[0] for r in rows[t]]; d = [r[1] for r in rows[t]]
    print(f"threads {t}: median {statistics.median(nps):,.0f} nodes/s, mean depth {statistics.mean(d):.2f}")
ratios = [b[0] / a[0] for a, b in zip(rows[1], rows[2])]
print(f"speed-up in nodes/s: median {statistics.median(ratios):.2f}, range {min(ratios):.2f}-{max(ratios):.2f}")
