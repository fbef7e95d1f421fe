#!/usr/bin/env python3
"""Writes crates/locale/src/id.rs: every message id of assets/locales/en/starhalma.ftl as a
constant, so a misspelt or missing id in the client fails the build. The locale crate's tests
check that the file is in step with en.ftl; run this after adding or removing a message.

    python3 scripts/message-ids.py
"""
import pathlib
import re

root = pathlib.Path(__file__).resolve().parent.parent
ftl = (root / "assets/locales/en/starhalma.ftl").read_text(encoding="utf-8")
ids = re.findall(r"^([a-z][a-z0-9-]*)\s*=", ftl, flags=re.M)

lines = [
    "//! Every message id of the Fluent files, as a constant: the client names messages only",
    "//! through these, so a misspelt or removed id fails the build. Written by",
    "//! `scripts/message-ids.py` from `assets/locales/en/starhalma.ftl`, in its order; a test",
    "//! checks the two are in step.",
    "",
]
for message in ids:
    lines.append(f'pub const {message.upper().replace("-", "_")}: &str = "{message}";')
lines.append("")
lines.append("/// Every id above, in the English file's order.")
lines.append("pub const ALL: &[&str] = &[")
for message in ids:
    lines.append(f'    {message.upper().replace("-", "_")},')
lines.append("];")
(root / "crates/locale/src/id.rs").write_text("\n".join(lines) + "\n", encoding="utf-8")
print(f"{len(ids)} message ids")
