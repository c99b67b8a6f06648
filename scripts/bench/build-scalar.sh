#!/usr/bin/env bash
# Builds the scalar comparison engine (STRIDELAB_SIMD=OFF, no -msimd128) from a copy of
# the current working tree, so the real dist/ is never touched.
#   bash scripts/bench/build-scalar.sh [DEST]   (default /tmp/stridelab-bench-scalar)
# Prints the path of the built dist/ folder on success; on failure the compiler's
# errors go to DEST/build.log and the exit status is non-zero.
set -uo pipefail
cd "$(dirname "$0")/../.."
DEST=${1:-/tmp/stridelab-bench-scalar}
export NODE_PATH=/usr/share/nodejs   # emcc's acorn optimizer (toolchain.md)
mkdir -p "$DEST"
# One scalar build at a time in DEST (another bench run, or a build started by hand).
exec 9>"$DEST/.lock"; flock 9
while pgrep -f "cmake --build $DEST/build" >/dev/null; do sleep 5; done
mkdir -p "$DEST/src"
# A copy of the working tree (not git state): sources, the pinned xsimd in .deps, wasm/.
# Extracted over the previous copy: tar keeps the files' mtimes, so the build is incremental.
tar -c --exclude=./build --exclude=./node_modules --exclude=./dist --exclude=./.git \
  --exclude=./web --exclude=./.deps/apt . | tar -x -C "$DEST/src"
LOG="$DEST/build.log"
{
  if [ ! -f "$DEST/build/CMakeCache.txt" ]; then
    emcmake cmake -S "$DEST/src" -B "$DEST/build" -DCMAKE_BUILD_TYPE=Release -DSTRIDELAB_SIMD=OFF
  fi
  cmake --build "$DEST/build" --target stridelab_module -j"${JOBS:-$(nproc)}"
} >"$LOG" 2>&1
status=$?
if [ $status -ne 0 ] || [ ! -f "$DEST/src/dist/stridelab-core.wasm" ]; then
  echo "scalar build failed (see $LOG)" >&2
  exit 1
fi
echo "$DEST/src/dist"
