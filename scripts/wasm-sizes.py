#!/usr/bin/env python3
"""Where a wasm's bytes go: section sizes, and the code section by crate (from the name
section, so run it on the wasm before wasm-opt strips names: web/build.sh leaves it at
<target>/web/wasm32-unknown-unknown/web-release/starhalma.wasm).

    python3 scripts/wasm-sizes.py FILE.wasm [--top N] [--crate NAME]

`--crate NAME` lists that crate's largest functions instead of the summary."""

import re
import sys
from collections import Counter

SECTIONS = {0: "custom", 1: "type", 2: "import", 3: "function", 4: "table", 5: "memory",
            6: "global", 7: "export", 8: "start", 9: "element", 10: "code", 11: "data",
            12: "datacount"}


def leb(data, at):
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def name(data, at):
    length, at = leb(data, at)
    return data[at:at + length].decode("utf-8", "replace"), at + length


def crate_of(symbol):
    """The crate a (legacy-mangled or plain) symbol belongs to: for a trait impl
    `<T as Trait>::f`, the crate of T."""
    mangled = re.match(r"_ZN(\d+)", symbol)
    if mangled:
        length = int(mangled.group(1))
        start = mangled.end()
        symbol = symbol[start:start + length]
        symbol = symbol.replace("$LT$", "<").replace("..", "::").replace("$RF$", "&")
        symbol = symbol.replace("$u20$", " ").replace("$BP$", "*")
    symbol = symbol.lstrip("_<&* ")
    symbol = re.sub(r"^(mut |dyn |const )+", "", symbol)
    match = re.match(r"([A-Za-z_][A-Za-z0-9_]*)(::|$)", symbol)
    return match.group(1) if match else "(other)"


def main():
    args = sys.argv[1:]
    top = int(args[args.index("--top") + 1]) if "--top" in args else 30
    crate = args[args.index("--crate") + 1] if "--crate" in args else None
    data = open(args[0], "rb").read()
    assert data[:4] == b"\0asm", "not a wasm file"
    at = 8
    sections = Counter()
    bodies = []
    imported_functions = 0
    names = {}
    while at < len(data):
        kind = data[at]
        size, body = leb(data, at + 1)
        end = body + size
        label = SECTIONS.get(kind, str(kind))
        if kind == 0:
            custom, _ = name(data, body)
            label = f"custom {custom}"
            if custom == "name":
                p = name(data, body)[1]
                while p < end:
                    sub, p = data[p], p + 1
                    sub_size, p = leb(data, p)
                    if sub == 1:
                        q = p
                        count, q = leb(data, q)
                        for _ in range(count):
                            index, q = leb(data, q)
                            names[index], q = name(data, q)
                    p += sub_size
        elif kind == 2:
            count, p = leb(data, body)
            for _ in range(count):
                _, p = name(data, p)
                _, p = name(data, p)
                desc, p = data[p], p + 1
                if desc == 0:
                    _, p = leb(data, p)
                    imported_functions += 1
                elif desc == 1:
                    p += 1
                    flags, p = leb(data, p)
                    _, p = leb(data, p)
                    if flags & 1:
                        _, p = leb(data, p)
                elif desc == 2:
                    flags, p = leb(data, p)
                    _, p = leb(data, p)
                    if flags & 1:
                        _, p = leb(data, p)
                else:
                    p += 2
        elif kind == 10:
            count, p = leb(data, body)
            for i in range(count):
                length, p = leb(data, p)
                bodies.append((imported_functions + i, length))
                p += length
        sections[label] += end - at
        at = end

    total = len(data)
    print(f"{total:>12,} bytes in all")
    for label, size in sections.most_common():
        print(f"{size:>12,}  {100 * size / total:5.1f}%  {label}")
    by_crate = Counter()
    functions = Counter()
    for index, length in bodies:
        symbol = names.get(index, f"function {index}")
        by_crate[crate_of(symbol)] += length
        functions[symbol] += length
    if crate:
        print(f"\nlargest functions of {crate}:")
        for symbol, size in functions.most_common():
            if crate_of(symbol) == crate:
                print(f"{size:>10,}  {symbol[:150]}")
                top -= 1
                if top == 0:
                    break
        return
    code = sum(length for _, length in bodies)
    print(f"\ncode by crate ({len(bodies):,} functions, {code:,} bytes):")
    for name_, size in by_crate.most_common(top):
        print(f"{size:>12,}  {100 * size / code:5.1f}%  {name_}")
    print("\nlargest functions:")
    for symbol, size in functions.most_common(top):
        print(f"{size:>10,}  {symbol[:150]}")


if __name__ == "__main__":
    main()
