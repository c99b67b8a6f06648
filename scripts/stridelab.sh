#!/usr/bin/env bash
# The project's one entry point for setup, build, test and serve.
#   scripts/stridelab.sh start   install what is missing, build what is stale, serve the playground
#   scripts/stridelab.sh test    install what is missing, build, run every suite
#   scripts/stridelab.sh build   install what is missing (no browser), build
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # emcc's acorn optimizer lives there (toolchain.md)
JOBS=${JOBS:-$(nproc)}

step() { printf '\n== %s ==\n' "$*"; }

build_native() {
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/native -j"$JOBS" 2>&1 | grep -Ev '^\[ *[0-9]+%\]|^gmake|^make' || true
  test -x build/native/stridelab_tests
}

build_wasm() {
  if [ ! -f build/wasm/CMakeCache.txt ]; then
    emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
  fi
  cmake --build build/wasm -j"$JOBS" 2>&1 | grep -Ev '^\[ *[0-9]+%\]|^gmake|^make' || true
  test -f dist/stridelab-core.wasm && test -f build/wasm/stridelab_tests.js
}

build_web() {
  node scripts/build-web.mjs
}

build_all() {
  step "build: native (g++)"; build_native
  step "build: wasm (em++)"; build_wasm
  step "build: web"; build_web
}

cmd=${1:-}
case "$cmd" in
  build)
    bash scripts/setup.sh
    build_all
    ;;
  start)
    bash scripts/setup.sh
    build_all >&2
    exec node scripts/serve.mjs
    ;;
  test)
    bash scripts/setup.sh --test
    build_all
    status=0
    run() { local name=$1; shift; step "$name"; if ! "$@"; then echo "FAILED: $name"; status=1; fi; }
    run "Catch2 (native)" ./build/native/stridelab_tests
    run "Catch2 (wasm under Node)" node --no-experimental-fetch build/wasm/stridelab_tests.js
    run "package (node --test)" node --test tests/js/
    run "conformance oracle" node ../shared/conformance/check.mjs --xfail tests/conformance.xfail --quiet
    run "browser smoke (headless Chromium)" node tests/browser/smoke.mjs
    step "summary"
    if [ $status = 0 ]; then echo "all suites passed"; else echo "some suites FAILED"; fi
    exit $status
    ;;
  *)
    echo "usage: $0 {start|test|build}" >&2
    exit 2
    ;;
esac
