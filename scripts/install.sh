#!/bin/sh
# Installs the ctx-mode binary: picks the release asset for this OS and CPU,
# checks its SHA-256 against the release's SHA256SUMS, and puts it in
# ~/.local/bin (or the folder given with --dir).
#
#   curl -fsSL https://github.com/ctx-mode/ctx-mode/releases/latest/download/install.sh | sh
#   sh install.sh [--dir DIR] [--version vX.Y.Z]
#
# Environment: CTX_MODE_DOWNLOAD_URL replaces the release's download address
# (a mirror; the assets and SHA256SUMS must sit under it).
set -eu

REPO="ctx-mode/ctx-mode"
dir="${HOME:-}/.local/bin"
version="latest"

fail() {
  echo "ctx-mode install: $*" >&2
  exit 1
}

while [ $# -gt 0 ]; do
  case "$1" in
    --dir) [ $# -ge 2 ] || fail "--dir needs a folder"; dir="$2"; shift 2 ;;
    --dir=*) dir="${1#--dir=}"; shift ;;
    --version) [ $# -ge 2 ] || fail "--version needs a tag"; version="$2"; shift 2 ;;
    --version=*) version="${1#--version=}"; shift ;;
    -h|--help)
      echo "Usage: install.sh [--dir DIR] [--version vX.Y.Z]"
      exit 0 ;;
    *) echo "ctx-mode install: unknown option \"$1\"" >&2; exit 2 ;;
  esac
done
[ -n "$dir" ] || fail "Cannot install: no --dir and no HOME"

os="$(uname -s)"
arch="$(uname -m)"
suffix=""
case "$os" in
  Linux) os="unknown-linux-gnu" ;;
  Darwin) os="apple-darwin" ;;
  MINGW*|MSYS*|CYGWIN*) os="pc-windows-msvc"; suffix=".exe" ;;
  *) fail "Cannot install for \"$os\": there are binaries for Linux, macOS and Windows only" ;;
esac
case "$arch" in
  x86_64|amd64) arch="x86_64" ;;
  aarch64|arm64) arch="aarch64" ;;
  *) fail "Cannot install for \"$arch\": there are binaries for x86_64 and aarch64 only" ;;
esac
target="$arch-$os"
[ "$target" != "aarch64-pc-windows-msvc" ] ||
  fail "Cannot install for \"$target\": there is no Windows binary for ARM"
asset="ctx-mode-$target$suffix"

if [ -n "${CTX_MODE_DOWNLOAD_URL:-}" ]; then
  base="${CTX_MODE_DOWNLOAD_URL%/}"
elif [ "$version" = "latest" ]; then
  base="https://github.com/$REPO/releases/latest/download"
else
  base="https://github.com/$REPO/releases/download/$version"
fi

download() { # url file
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --proto '=https,http' -o "$2" "$1"
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$2" "$1"
  else
    fail "Cannot download: neither curl nor wget is installed"
  fi
}

sha256() { # file
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d ' ' -f 1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d ' ' -f 1
  else
    fail "Cannot check the download: neither sha256sum nor shasum is installed"
  fi
}

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "Downloading $asset from $base"
download "$base/$asset" "$tmp/$asset" || fail "Cannot download \"$base/$asset\""
download "$base/SHA256SUMS" "$tmp/SHA256SUMS" ||
  fail "Cannot download \"$base/SHA256SUMS\""
expected="$(awk -v name="$asset" '$2 == name || $2 == "*" name { print $1 }' "$tmp/SHA256SUMS")"
[ -n "$expected" ] || fail "Cannot check \"$asset\": SHA256SUMS has no line for it"
actual="$(sha256 "$tmp/$asset")"
[ "$actual" = "$expected" ] ||
  fail "Cannot install \"$asset\": its SHA-256 is $actual, the release says $expected; nothing was installed"

mkdir -p "$dir"
chmod 755 "$tmp/$asset"
# Moved within the target folder, so an agent never starts a half-written binary.
cp "$tmp/$asset" "$dir/.ctx-mode$suffix.new"
mv -f "$dir/.ctx-mode$suffix.new" "$dir/ctx-mode$suffix"
echo "Installed $dir/ctx-mode$suffix ($target)"
case ":${PATH:-}:" in
  *":$dir:"*) ;;
  *) echo "Add $dir to your PATH to run ctx-mode by name" ;;
esac
echo "Next: ctx-mode install (registers ctx-mode with your agents)"
