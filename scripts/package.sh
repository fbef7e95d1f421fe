#!/usr/bin/env bash
# Packages for players and hosts (README, "Packages"), from a clean checkout, into packages/:
#   starhalma-VERSION-linux-x86_64.tar.gz   the game, the room server, the web build (so "Host on
#                                           this computer" serves phones), a .desktop file, icon
#   starhalma_VERSION_amd64.deb             the same installed under /usr/lib/starhalma, with the
#                                           menu entry, and the server's systemd unit (deploy/)
#   starhalma-VERSION-web.zip               dist/ as a static host or a game portal takes it
#   starhalma-VERSION-windows-x86_64.zip    with --windows: the game and the server, cross-built
#                                           with Debian's mingw-w64
# and SHA256SUMS, each package's size printed. The version is Cargo.toml's.
#
#   scripts/package.sh [--windows] [--check] [--binaries DIR]
#
# --check        unpack the Linux archive into an empty folder and run it there with no Rust on
#                PATH: the game renders a screenshot under Xvfb, and the server answers a
#                WebSocket hello (scripts/ws-hello.py); the Windows executables are checked to be
#                PE files that link, and started under Wine where Wine is installed.
# --binaries DIR take starhalma and starhalma-server from DIR instead of building them in
#                release (CI checks the packaging with the binaries its tests built; the web
#                build must be in dist/ already).
set -euo pipefail
cd "$(dirname "$0")/.."

windows=0
check=0
binaries=""
while [ $# -gt 0 ]; do
    case "$1" in
        --windows) windows=1 ;;
        --check) check=1 ;;
        --binaries) binaries="$2"; shift ;;
        *) echo "usage: scripts/package.sh [--windows] [--check] [--binaries DIR]" >&2; exit 2 ;;
    esac
    shift
done

version=$(sed -n '/^\[workspace.package\]/,/^\[/ s/^version = "\(.*\)"/\1/p' Cargo.toml)
[ -n "$version" ] || { echo "no version in Cargo.toml's [workspace.package]" >&2; exit 1; }
target_dir="${CARGO_TARGET_DIR:-$PWD/target}"
out="$PWD/packages"
stage="$target_dir/package-stage"
rm -rf "$out" "$stage"
mkdir -p "$out" "$stage"

say() { echo "== $*"; }

# The game and the server, in release unless given.
if [ -z "$binaries" ]; then
    say "cargo build --release (the game, the room server)"
    cargo build --release --locked --workspace --bins
    binaries="$target_dir/release"
    say "web/build.sh"
    web/build.sh
fi
[ -f dist/index.html ] || { echo "dist/ has no web build: run web/build.sh" >&2; exit 1; }

# What every desktop package holds, in one folder: the programs (stripped of their symbols),
# the web build beside them (where the game's host looks for it), the icon, the licences.
common_files() {
    local into="$1"
    mkdir -p "$into/licences"
    cp -r dist "$into/dist"
    # The compressed twins are for a server that sends them; the host serves dist/ as is.
    find "$into/dist" \( -name '*.br' -o -name '*.gz' \) -delete
    cp LICENSE-MIT LICENSE-APACHE "$into/licences/"
    cp assets/fonts/OFL.txt "$into/licences/fonts-OFL.txt"
    cp dist/icon-512.png "$into/starhalma.png"
}

linux_name="starhalma-$version-linux-x86_64"
linux="$stage/$linux_name"
say "Linux archive: $linux_name.tar.gz"
mkdir -p "$linux"
for program in starhalma starhalma-server; do
    strip -o "$linux/$program" "$binaries/$program"
done
common_files "$linux"
cat > "$linux/README.txt" <<EOF
starhalma $version: Chinese Checkers in 3D.

  ./starhalma                      the game
  ./install-menu-entry.sh          adds starhalma to your desktop's menu (~/.local/share)
  ./starhalma-server --bind 0.0.0.0 --dist dist
                                   a room server for friends on your network (port 8080)

The game needs Vulkan or OpenGL drivers and these libraries (Debian and Ubuntu package names):
libasound2 libudev1 libx11-6 libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0 libvulkan1.
Saves and settings are kept in ~/.config/starhalma.
EOF
cat > "$linux/install-menu-entry.sh" <<'EOF'
#!/bin/sh
# Adds starhalma to the desktop's menu, pointing at this folder.
set -e
here=$(cd "$(dirname "$0")" && pwd)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
mkdir -p "$apps"
sed -e "s|^Exec=.*|Exec=\"$here/starhalma\"|" -e "s|^Icon=.*|Icon=$here/starhalma.png|" \
    "$here/starhalma.desktop" > "$apps/starhalma.desktop"
echo "added $apps/starhalma.desktop"
EOF
chmod +x "$linux/install-menu-entry.sh"
cat > "$linux/starhalma.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=starhalma
GenericName=Chinese Checkers
Comment=Chinese Checkers (Stern-Halma) in 3D: against the computer, round one screen, or online
Exec=starhalma
Icon=starhalma
Terminal=false
Categories=Game;BoardGame;
Keywords=halma;checkers;board;
EOF
tar -C "$stage" -czf "$out/$linux_name.tar.gz" --owner=0 --group=0 "$linux_name"

# The .deb (an AppImage needs appimagetool and its runtime, which Debian does not carry).
deb_name="starhalma_${version}_amd64"
deb="$stage/$deb_name"
say "Debian package: $deb_name.deb"
mkdir -p "$deb/DEBIAN" "$deb/usr/lib/starhalma" "$deb/usr/bin" "$deb/usr/share/applications" \
    "$deb/usr/share/icons/hicolor/512x512/apps" "$deb/usr/share/doc/starhalma" \
    "$deb/lib/systemd/system" "$deb/etc/starhalma"
cp "$linux/starhalma" "$linux/starhalma-server" "$deb/usr/lib/starhalma/"
cp -r "$linux/dist" "$deb/usr/lib/starhalma/dist"
ln -s ../lib/starhalma/starhalma "$deb/usr/bin/starhalma"
ln -s ../lib/starhalma/starhalma-server "$deb/usr/bin/starhalma-server"
cp "$linux/starhalma.desktop" "$deb/usr/share/applications/"
cp "$linux/starhalma.png" "$deb/usr/share/icons/hicolor/512x512/apps/"
cp "$linux/licences/"* "$deb/usr/share/doc/starhalma/"
cp deploy/starhalma-server@.service "$deb/lib/systemd/system/"
cp deploy/server.env "$deb/etc/starhalma/server.env"
echo /etc/starhalma/server.env > "$deb/DEBIAN/conffiles"
cat > "$deb/DEBIAN/control" <<EOF
Package: starhalma
Version: $version
Architecture: amd64
Maintainer: starhalma <starhalma@users.noreply.github.com>
Installed-Size: $(du -sk "$deb" | cut -f1)
Depends: libc6, libgcc-s1, libasound2, libudev1, libx11-6, libxcursor1, libxrandr2, libxi6, libxkbcommon-x11-0, libvulkan1 | libegl1
Section: games
Priority: optional
Homepage: https://github.com/starhalma/starhalma
Description: Chinese Checkers (Stern-Halma) in 3D
 Every rule set of the game: the laws, the online table's 2, 3, 4 and 6 players,
 the Japanese Diamond Game with its king, and the shop rules. Play the computer,
 pass one screen round, or send friends a link; the room server
 (starhalma-server, with a systemd unit) hosts games for a network or the web.
EOF
dpkg-deb --build --root-owner-group -Zxz "$deb" "$out/$deb_name.deb" >/dev/null

say "web zip: starhalma-$version-web.zip"
(cd dist && zip -qr -X "$out/starhalma-$version-web.zip" . -x '*.br' '*.gz')

if [ "$windows" = 1 ]; then
    win_target=x86_64-pc-windows-gnu
    win_name="starhalma-$version-windows-x86_64"
    say "Windows zip: $win_name.zip (cross-built for $win_target)"
    rustup target add "$win_target" >/dev/null 2>&1 || true
    command -v x86_64-w64-mingw32-gcc >/dev/null || {
        echo "needs Debian's mingw-w64 (apt-get install gcc-mingw-w64-x86-64)" >&2
        exit 1
    }
    cargo build --release --locked --target "$win_target" -p starhalma --bin starhalma \
        -p starhalma-server --bin starhalma-server
    win="$stage/$win_name"
    mkdir -p "$win"
    for program in starhalma starhalma-server; do
        x86_64-w64-mingw32-strip -o "$win/$program.exe" "$target_dir/$win_target/release/$program.exe"
    done
    common_files "$win"
    cat > "$win/README.txt" <<EOF
starhalma $version: Chinese Checkers in 3D.

  starhalma.exe          the game
  starhalma-server.exe --bind 0.0.0.0 --dist dist
                         a room server for friends on your network (port 8080)

Saves and settings are kept in %APPDATA%\\starhalma.
EOF
    (cd "$stage" && zip -qr -X "$out/$win_name.zip" "$win_name")
fi

(cd "$out" && sha256sum -- * > SHA256SUMS)
say "packages/"
(cd "$out" && for f in *; do
    [ "$f" = SHA256SUMS ] && continue
    printf '%10s KiB  %s  %s\n' "$(( $(stat -c %s "$f") / 1024 ))" "$(grep -F " $f" SHA256SUMS | cut -c1-16)…" "$f"
done)

[ "$check" = 1 ] || exit 0

say "check: the Linux archive in an empty folder, no Rust on PATH"
try="$stage/try"
rm -rf "$try"
mkdir -p "$try/home"
tar -C "$try" -xzf "$out/$linux_name.tar.gz"
unpacked="$try/$linux_name"
# Only the system's own folders on PATH: no cargo, no rustup.
clean_env=(env -i "PATH=/usr/bin:/bin" "HOME=$try/home" "XDG_RUNTIME_DIR=$try/home")
if "${clean_env[@]}" sh -c 'command -v cargo || command -v rustc'; then
    echo "Rust is still on the clean PATH" >&2
    exit 1
fi
"${clean_env[@]}" "$unpacked/starhalma" --version
"${clean_env[@]}" timeout 300 xvfb-run -a -s "-screen 0 1280x800x24" \
    "$unpacked/starhalma" --screenshot "$try/shot.png" --window 1280x720
python3 - "$try/shot.png" <<'EOF'
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
assert width >= 640 and height >= 360, (width, height)
print(f"   screenshot {width}x{height}, {len(data) // 1024} KiB")
EOF
"${clean_env[@]}" "$unpacked/starhalma-server" --version
server_log="$try/server.out"
"${clean_env[@]}" "$unpacked/starhalma-server" --port 0 --database none --dist "$unpacked/dist" \
    > "$server_log" 2>/dev/null &
server_pid=$!
trap 'kill $server_pid 2>/dev/null || true' EXIT
for _ in $(seq 100); do
    grep -q "^listening on" "$server_log" 2>/dev/null && break
    sleep 0.1
done
address=$(sed -n 's/^listening on //p' "$server_log")
[ -n "$address" ] || { echo "the server did not start" >&2; exit 1; }
python3 scripts/ws-hello.py "$address"
kill $server_pid

if [ "$windows" = 1 ]; then
    say "check: the Windows executables"
    for program in starhalma starhalma-server; do
        unzip -q -o "$out/$win_name.zip" "$win_name/$program.exe" -d "$try"
        exe="$try/$win_name/$program.exe"
        # (Not `tee /dev/stderr`: with stderr a log file, that reopens the file and empties it.)
        kind=$(file "$exe")
        echo "   $kind"
        echo "$kind" | grep -q "PE32+ executable.*x86-64" || {
            echo "$program.exe is not a 64-bit PE file" >&2
            exit 1
        }
        # Every DLL it imports is Windows' own: nothing of mingw's runtime left to ship.
        dlls=$(x86_64-w64-mingw32-objdump -p "$exe" | sed -n 's/^\s*DLL Name: //p' | sort -u)
        echo "   $program.exe imports: $(echo $dlls)"
        if echo "$dlls" | grep -qiE 'libgcc|libwinpthread|libstdc'; then
            echo "$program.exe needs a mingw DLL" >&2
            exit 1
        fi
    done
    if command -v wine >/dev/null; then
        # Wine 8.0 lacks bcryptprimitives.dll: a stand-in next to the executables, never shipped.
        x86_64-w64-mingw32-gcc -O2 -shared -o "$try/$win_name/bcryptprimitives.dll" \
            scripts/wine/bcryptprimitives.c -ladvapi32
        export WINEDEBUG=-all WINEPREFIX="$try/wine"
        for program in starhalma starhalma-server; do
            timeout 120 wine "$try/$win_name/$program.exe" --version
        done
        # The Windows server answers a WebSocket hello as the Linux one does.
        wine_log="$try/wine-server.out"
        timeout 120 wine "$try/$win_name/starhalma-server.exe" --port 0 --database none \
            > "$wine_log" 2>/dev/null &
        for _ in $(seq 300); do
            grep -q "^listening on" "$wine_log" 2>/dev/null && break
            sleep 0.1
        done
        address=$(sed -n 's/^listening on //p' "$wine_log" | tr -d '\r')
        [ -n "$address" ] || { echo "the Windows server did not start under Wine" >&2; exit 1; }
        python3 scripts/ws-hello.py "$address"
        wineserver -k || true
    else
        echo "   (Wine is not installed: the executables were not started)"
    fi
fi
say "check passed"
