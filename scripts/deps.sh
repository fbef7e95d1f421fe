#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks to build and test starhalma: Bevy's system libraries
# (audio, input, X11), the linker .cargo/config.toml names (clang + mold), Xvfb with software
# Vulkan for the screenshot test, redis-server for the server's tests on Redis and PostgreSQL
# for its records' tests (each test starts its own), and what scripts/package.sh uses (zip, strip,
# file, Python for its WebSocket check). `scripts/deps.sh web` also installs what the web build
# and its browser test need: Node.js with npm, and Chromium. Needs root (or sudo) only when something is missing.
set -euo pipefail
packages="pkg-config libasound2-dev libudev-dev libx11-dev libxkbcommon-dev libxkbcommon-x11-0
  libxcursor-dev libxrandr-dev libxi-dev clang mold xvfb xauth mesa-vulkan-drivers redis-server
  postgresql zip unzip binutils file python3"
missing=""
for p in $packages; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ "${1:-}" = "web" ]; then
    command -v chromium >/dev/null || missing="$missing chromium"
    command -v node >/dev/null || missing="$missing nodejs"
    command -v npm >/dev/null || missing="$missing npm"
fi
if [ -n "$missing" ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "installing:$missing"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq $missing >/dev/null
fi
if ! command -v cargo >/dev/null; then
    echo "Rust is missing: install it with rustup (https://rustup.rs) and run this again" >&2
    exit 1
fi
