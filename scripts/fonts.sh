#!/usr/bin/env bash
# Makes the game's fonts: Noto Sans (Latin, with Noto Sans Symbols 2's shapes for the seats'
# symbols), Noto Sans CJK JP (Japanese) and Noto Sans Devanagari (Nepali), each subset to the
# characters the game can show, under assets/fonts/ with their licence (SIL Open Font License
# 1.1, assets/fonts/OFL.txt).
#
# The characters are what the three .ftl files under assets/locales use (starhalma-locale's
# `all_characters`), plus printable ASCII and common punctuation:
# `cargo run -p starhalma-locale --example characters`. Run this again whenever a new string
# brings characters the fonts lack (the locale crate's tests do not need the fonts).
#
# Installs, only if missing: Debian's fonts-noto-core and fonts-noto-cjk, and fontTools (with
# brotli, and uharfbuzz for the shaping check) from PyPI into a virtual environment under /var/tmp. The OpenType layout tables (GSUB,
# GPOS, GDEF) are kept whole for the kept glyphs (--layout-features='*'), so Devanagari conjuncts
# and vowel signs still shape; the script checks that the Devanagari subset has GSUB and GPOS and
# that HarfBuzz shapes every Nepali word of the .ftl file with it exactly as with the full font.
set -euo pipefail
cd "$(dirname "$0")/.."

noto_truetype=/usr/share/fonts/truetype/noto
noto_cjk=/usr/share/fonts/opentype/noto
latin="$noto_truetype/NotoSans-Regular.ttf"
devanagari="$noto_truetype/NotoSansDevanagari-Regular.ttf"
symbols="$noto_truetype/NotoSansSymbols2-Regular.ttf"
cjk="$noto_cjk/NotoSansCJK-Regular.ttc"

missing=""
[ -f "$latin" ] && [ -f "$devanagari" ] && [ -f "$symbols" ] || missing="$missing fonts-noto-core"
[ -f "$cjk" ] || missing="$missing fonts-noto-cjk"
if [ -n "$missing" ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "installing:$missing"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq $missing >/dev/null
fi

venv=/var/tmp/starhalma-fonttools
if ! "$venv/bin/python" -c "import fontTools, brotli, uharfbuzz" 2>/dev/null; then
    echo "installing fontTools into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet fonttools brotli uharfbuzz
fi
python="$venv/bin/python"

# Reproducible output: fontTools stamps head.modified with this instead of the time of day.
export SOURCE_DATE_EPOCH=1767225600
out=assets/fonts
mkdir -p "$out"
chars=$(mktemp)
trap 'rm -f "$chars"' EXIT
cargo run --quiet -p starhalma-locale --example characters > "$chars"
echo "$(($(wc -m < "$chars") - 1)) characters"

# The face of the CJK collection whose family is Noto Sans CJK JP (cosmic-text reads single
# TrueType/OpenType files, not collections).
jp_index=$("$python" - "$cjk" <<'EOF'
import sys
from fontTools.ttLib import TTCollection
for i, font in enumerate(TTCollection(sys.argv[1]).fonts):
    if font["name"].getBestFamilyName() == "Noto Sans CJK JP":
        print(i)
        break
else:
    sys.exit("no Noto Sans CJK JP face in " + sys.argv[1])
EOF
)

# Hinting is dropped (the game scales its text; it saves a third of the Latin font). Latin and
# Japanese keep pyftsubset's default layout features (kerning, ligatures, localised forms; the
# CJK font's every other feature, 'aalt' first, would keep hundreds more glyphs); Devanagari keeps
# every feature ('*'), so conjuncts, half forms, reph and vowel signs still shape.
subset() {
    local from=$1 to=$2
    shift 2
    "$python" -m fontTools.subset "$from" "$@" \
        --text-file="$chars" \
        --no-hinting \
        --notdef-outline \
        --output-file="$to"
}
# Noto Sans has no geometric shapes: the seats' symbols come from Noto Sans Symbols 2 (same
# units per em), merged into the Latin font (and so into the Devanagari one).
latin_only=$(mktemp --suffix=.ttf)
shapes=$(mktemp --suffix=.ttf)
trap 'rm -f "$chars" "$latin_only" "$shapes"' EXIT
subset "$latin" "$latin_only"
"$python" -m fontTools.subset "$symbols" --text-file="$chars" --no-hinting \
    --output-file="$shapes"
"$python" - "$latin_only" "$shapes" "$out/NotoSans-subset.ttf" <<'EOF'
import logging, sys
from fontTools.merge import Merger
logging.getLogger("fontTools.merge").setLevel(logging.ERROR)
Merger().merge(sys.argv[1:3]).save(sys.argv[3])
EOF
subset "$cjk" "$out/NotoSansJP-subset.otf" --font-number="$jp_index"
# Noto Sans Devanagari has no Latin letters, and Nepali lines carry R10 S1 and links: Noto Sans'
# glyphs are merged into the Devanagari font (same units per em), so one font draws a Nepali line.
devanagari_only=$(mktemp --suffix=.ttf)
trap 'rm -f "$chars" "$latin_only" "$shapes" "$devanagari_only"' EXIT
subset "$devanagari" "$devanagari_only" --layout-features='*'
"$python" - "$devanagari_only" "$out/NotoSans-subset.ttf" "$out/NotoSansDevanagari-subset.ttf" <<'EOF'
import logging, sys
from fontTools.merge import Merger
logging.getLogger("fontTools.merge").setLevel(logging.ERROR)
# The first font wins where both map a character (digits, punctuation).
Merger().merge(sys.argv[1:3]).save(sys.argv[3])
EOF

"$python" - "$out/NotoSansDevanagari-subset.ttf" "$devanagari" assets/locales/ne/starhalma.ftl <<'EOF'
import re, sys
import uharfbuzz as hb
from fontTools.ttLib import TTFont
subset, full, ftl = sys.argv[1:4]
font = TTFont(subset)
missing = [t for t in ("GSUB", "GPOS", "GDEF") if t not in font]
if missing:
    sys.exit(f"{subset} lost {missing}: Devanagari would not shape")
scripts = {s.ScriptTag for s in font["GSUB"].table.ScriptList.ScriptRecord}
if not scripts & {"dev2", "deva"}:
    sys.exit(f"{subset} has no Devanagari GSUB script ({scripts})")
cmap = font.getBestCmap()
lacking = [c for c in "R10 S1 रातोको पालो गुच्चा" if ord(c) not in cmap]
if lacking:
    sys.exit(f"{subset} lacks {lacking}")

def shaper(path):
    hb_font = hb.Font(hb.Face(hb.Blob.from_file_path(path)))
    tt = TTFont(path)
    glyf, order = tt["glyf"], tt.getGlyphOrder()
    def shape(text):
        buf = hb.Buffer()
        buf.add_str(text)
        buf.guess_segment_properties()
        hb.shape(hb_font, buf, {})
        return [(glyf[order[i.codepoint]].numberOfContours, p.x_advance, p.x_offset, p.y_offset,
                 i.cluster) for i, p in zip(buf.glyph_infos, buf.glyph_positions)]
    return shape

# Every Nepali word, shaped with the subset and with the full font: the same glyphs (by their
# outlines' contour counts), advances, mark offsets and clusters.
words = sorted(set(re.findall("[\u0900-\u097F\u200C\u200D]+", open(ftl, encoding="utf-8").read())))
small, whole = shaper(subset), shaper(full)
differ = [w for w in words if small(w) != whole(w)]
if differ:
    sys.exit(f"{subset} shapes {len(differ)} words differently: {differ[:10]}")
print(f"{subset}: GSUB, GPOS and GDEF kept (scripts {sorted(scripts)}), Latin merged in;"
      f" all {len(words)} Nepali words shape as with the full font")
EOF

# The licence: each font's own copyright notice (its name table), then the SIL Open Font License
# 1.1 they are released under. Subsetting makes Modified Versions; they keep their names, none
# of which is a Reserved Font Name (Noto Sans CJK reserves only "Source").
"$python" - "$out"/NotoSans-subset.ttf "$out"/NotoSansJP-subset.otf \
    "$out"/NotoSansDevanagari-subset.ttf "$symbols" > "$out/OFL.txt" <<'EOF'
import sys
from fontTools.ttLib import TTFont
symbols = sys.argv.pop()
print("The fonts in this folder are subsets of Noto Sans, Noto Sans CJK JP and Noto Sans")
print("Devanagari to the characters starhalma shows, made by scripts/fonts.sh from Debian's")
print("fonts-noto-core and fonts-noto-cjk. They are licensed under the SIL Open Font License,")
print("Version 1.1, below. NotoSansDevanagari-subset.ttf also holds Noto Sans' Latin glyphs;")
print("NotoSans-subset.ttf (and so the Devanagari one) also holds the six shapes of the seats'")
print("symbols from Noto Sans Symbols 2, whose notice follows the fonts'.")
print("Upstream, Noto Sans CJK's notice adds \"with Reserved Font Name 'Source'\"; no font here")
print("uses that name.")
print()
for path in sys.argv[1:]:
    name = TTFont(path)["name"]
    print(f"{path.rsplit('/', 1)[-1]} ({name.getBestFullName()}, {name.getDebugName(5)}):")
    print(name.getDebugName(0))
    print()
name = TTFont(symbols)["name"]
print(f"Noto Sans Symbols 2 ({name.getDebugName(5)}):")
print(name.getDebugName(0))
print()
EOF
cat >> "$out/OFL.txt" <<'EOF'
SIL OPEN FONT LICENSE

Version 1.1 - 26 February 2007

PREAMBLE

The goals of the Open Font License (OFL) are to stimulate worldwide development of collaborative font projects, to support the font creation efforts of academic and linguistic communities, and to provide a free and open framework in which fonts may be shared and improved in partnership with others.

The OFL allows the licensed fonts to be used, studied, modified and redistributed freely as long as they are not sold by themselves. The fonts, including any derivative works, can be bundled, embedded, redistributed and/or sold with any software provided that any reserved names are not used by derivative works. The fonts and derivatives, however, cannot be released under any other type of license. The requirement for fonts to remain under this license does not apply to any document created using the fonts or their derivatives.

DEFINITIONS

"Font Software" refers to the set of files released by the Copyright Holder(s) under this license and clearly marked as such. This may include source files, build scripts and documentation.

"Reserved Font Name" refers to any names specified as such after the copyright statement(s).

"Original Version" refers to the collection of Font Software components as distributed by the Copyright Holder(s).

"Modified Version" refers to any derivative made by adding to, deleting, or substituting — in part or in whole — any of the components of the Original Version, by changing formats or by porting the Font Software to a new environment.

"Author" refers to any designer, engineer, programmer, technical writer or other person who contributed to the Font Software.

PERMISSION & CONDITIONS

Permission is hereby granted, free of charge, to any person obtaining a copy of the Font Software, to use, study, copy, merge, embed, modify, redistribute, and sell modified and unmodified copies of the Font Software, subject to the following conditions:

1) Neither the Font Software nor any of its individual components, in Original or Modified Versions, may be sold by itself.

2) Original or Modified Versions of the Font Software may be bundled, redistributed and/or sold with any software, provided that each copy contains the above copyright notice and this license. These can be included either as stand-alone text files, human-readable headers or in the appropriate machine-readable metadata fields within text or binary files as long as those fields can be easily viewed by the user.

3) No Modified Version of the Font Software may use the Reserved Font Name(s) unless explicit written permission is granted by the corresponding Copyright Holder. This restriction only applies to the primary font name as presented to the users.

4) The name(s) of the Copyright Holder(s) or the Author(s) of the Font Software shall not be used to promote, endorse or advertise any Modified Version, except to acknowledge the contribution(s) of the Copyright Holder(s) and the Author(s) or with their explicit written permission.

5) The Font Software, modified or unmodified, in part or in whole, must be distributed entirely under this license, and must not be distributed under any other license. The requirement for fonts to remain under this license does not apply to any document created using the Font Software.

TERMINATION

This license becomes null and void if any of the above conditions are not met.

DISCLAIMER

THE FONT SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO ANY WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT OF COPYRIGHT, PATENT, TRADEMARK, OR OTHER RIGHT. IN NO EVENT SHALL THE COPYRIGHT HOLDER BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, INCLUDING ANY GENERAL, SPECIAL, INDIRECT, INCIDENTAL, OR CONSEQUENTIAL DAMAGES, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF THE USE OR INABILITY TO USE THE FONT SOFTWARE OR FROM OTHER DEALINGS IN THE FONT SOFTWARE.
EOF

ls -l "$out"
