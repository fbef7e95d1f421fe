#!/usr/bin/env python3
"""Writes crates/cli/tests/fixtures/ccerl-legal.jsonl: positions under the CCERL-2P10-v2 rules with
the legal moves the benchmark's own oracle gives (`cczero position-info --rules strict`), for the
test that our move generator agrees with it (crates/cli/src/ccp.rs).

Positions: the benchmark's audited suite (official_elo_v2.jsonl), then positions met in playouts
from them that go forward at random, into the endgames where the goal lock within a hop chain
matters. Usage (docs/AI.md says how to build the benchmark):
    scripts/ccerl-fixture.py /var/tmp/jumpstar > crates/cli/tests/fixtures/ccerl-legal.jsonl
"""
import json
import random
import subprocess
import sys

root = sys.argv[1]
oracle = f"{root}/build/cczero"
suite = f"{root}/benchmarks/ccerl-v1/positions/official_elo_v2.jsonl"

# Row of each cell id (r from -8 to 8, cells sorted by r then q).
rows = []
for r in range(-8, 9):
    for q in range(-8, 9):
        s = -q - r
        if (q >= -4 and r >= -4 and s >= -4) or (q <= 4 and r <= 4 and s <= 4):
            rows.append(r)
assert len(rows) == 121


def info(cells, player, ply):
    out = subprocess.run(
        [oracle, "position-info", "--rules", "strict", "--movegen", "bitboard",
         "--cells", cells, "--player", str(player), "--ply", str(ply)],
        check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def line(data):
    moves = sorted(f"{m['from']}-{m['to']}" for m in data["legal"])
    return json.dumps({"cells": data["cells"], "player": data["player"], "ply": data["ply"],
                       "terminal": data["terminal"]["terminal"], "moves": moves})


rng = random.Random(48)
starts = [json.loads(l) for l in open(suite) if l.strip()]
for p in starts:
    print(line(info(p["cells"], p["player"], p["ply"])))
extra = 0
for p in starts:
    cells, player, ply = p["cells"], p["player"], p["ply"]
    for step in range(200):
        data = info(cells, player, ply)
        if data["terminal"]["terminal"] or not data["legal"]:
            break
        if step % 12 == 11 or (step > 60 and step % 4 == 0):
            print(line(data))
            extra += 1
        sign = 1 if player == 0 else -1
        weights = [2.0 ** (sign * (rows[m["to"]] - rows[m["from"]])) for m in data["legal"]]
        m = rng.choices(data["legal"], weights)[0]
        c = list(cells)
        c[m["from"]], c[m["to"]] = ".", str(player)
        cells, player, ply = "".join(c), 1 - player, ply + 1
    if extra >= 220:
        break
