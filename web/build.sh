#!/usr/bin/env bash
# Builds the web version into dist/: WebGL2, wasm32-unknown-unknown, the `web-release` profile,
# wasm-bindgen at exactly the lock file's version, wasm-opt from binaryen (npm), index.html with
# its words in every language.
# Serve dist/ with any static server, e.g. `python3 -m http.server -d dist 8080`.
set -euo pipefail
cd "$(dirname "$0")/.."

# A target directory of its own, so the web build never waits for (or invalidates) the native one.
WEB_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}/web"
OUT=dist

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true

# wasm-bindgen-cli must match the wasm-bindgen crate in Cargo.lock exactly.
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$bindgen_version" ]; then
    echo "== installing wasm-bindgen-cli $bindgen_version"
    # `--locked` can fail on a yanked dependency of the CLI; a plain install works.
    cargo install wasm-bindgen-cli --version "$bindgen_version"
fi

# Node tools: binaryen's wasm-opt (Debian's is too old for Rust's wasm features) and the e2e test.
if [ ! -x web/node_modules/.bin/wasm-opt ]; then
    echo "== npm ci (web/)"
    (cd web && npm ci --no-audit --no-fund)
fi

echo "== cargo build (wasm32, web-release)"
CARGO_TARGET_DIR="$WEB_TARGET_DIR" cargo build --locked --profile web-release \
    --target wasm32-unknown-unknown --bin starhalma

rm -rf "$OUT"
mkdir -p "$OUT"
echo "== wasm-bindgen"
wasm-bindgen --target web --no-typescript --out-dir "$OUT" --out-name starhalma \
    "$WEB_TARGET_DIR/wasm32-unknown-unknown/web-release/starhalma.wasm"
# `WASM_OPT=skip web/build.sh` leaves the wasm unoptimised (a few minutes quicker, for trying
# changes; the page works the same, its download is bigger).
if [ "${WASM_OPT:-}" != skip ]; then
    echo "== wasm-opt"
    # The features Rust's wasm32-unknown-unknown target enables by default.
    web/node_modules/.bin/wasm-opt -Oz --strip-debug --enable-bulk-memory --enable-sign-ext \
        --enable-mutable-globals --enable-nontrapping-float-to-int --enable-reference-types \
        --enable-multivalue \
        -o "$OUT/starhalma_bg.opt.wasm" "$OUT/starhalma_bg.wasm"
    mv "$OUT/starhalma_bg.opt.wasm" "$OUT/starhalma_bg.wasm"
fi
# The page's own words (loading, no WebGL2) in every language, from assets/locales.
node web/page-words.mjs web/index.html > "$OUT/index.html"

raw=$(stat -c %s "$OUT/starhalma_bg.wasm")
gz=$(gzip -9 -c "$OUT/starhalma_bg.wasm" | wc -c)
echo "== dist/ ready: starhalma_bg.wasm $((raw / 1024)) KiB raw, $((gz / 1024)) KiB gzipped"
