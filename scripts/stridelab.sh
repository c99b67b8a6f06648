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

# ASan + UBSan + LeakSanitizer (g++, -O1 with asserts): the Catch2 suite, the
# native runner and the fuzz targets' corpus replayers (docs/hardening.md).
build_asan() {
  cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g" \
    -DSTRIDELAB_SANITIZE=ON >/dev/null
  local rc=0
  cmake --build build/asan -j"$JOBS" >build/asan/build.log 2>&1 || rc=$?
  grep -Ev '^\[ *[0-9]+%\]|^gmake|^make' build/asan/build.log || true
  [ $rc = 0 ] && test -x build/asan/stridelab_tests && test -x build/asan/stridelab_py
}

# Sanitizer settings for every sanitized run: leaks fail the run; a huge
# allocation returns null so the engine's MemoryError path is what is tested.
SAN_ENV=(ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1:abort_on_error=0
         UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1)

replay_fuzz_corpora() {
  local t ok=0
  for t in parse eval overlap; do
    env "${SAN_ENV[@]}" "./build/asan/fuzz_${t}_replay" "tests/fuzz/corpus/$t" || ok=1
  done
  return $ok
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
    # Sanitizers (docs/hardening.md): one extra build, build/asan.
    run "build: asan (g++ ASan+UBSan)" build_asan
    if [ -x build/asan/stridelab_tests ]; then
      run "Catch2 (ASan+UBSan+LSan)" env "${SAN_ENV[@]}" ./build/asan/stridelab_tests
      run "conformance programs under ASan+UBSan+LSan (native runner)" env "${SAN_ENV[@]}" \
        node scripts/oracle-native.mjs --bin build/asan/stridelab_py --sanitizers --quiet
      # The fuzz targets over their seed corpora (and checked-in regressions),
      # without libFuzzer: the "-runs= over the seed corpus" smoke, no clang build.
      run "fuzz corpora replay (ASan+UBSan+LSan)" replay_fuzz_corpora
    fi
    # A short real libFuzzer run of each target (clang build in build/fuzz,
    # ~4 min CPU once, then 15 s per target); FUZZ_SMOKE=0 skips it.
    if [ "${FUZZ_SMOKE:-1}" = 1 ]; then
      run "fuzz smoke (libFuzzer, 15 s per target)" node scripts/fuzz.mjs --seconds 15 --smoke
    fi
    step "summary"
    if [ $status = 0 ]; then echo "all suites passed"; else echo "some suites FAILED"; fi
    exit $status
    ;;
  *)
    echo "usage: $0 {start|test|build}" >&2
    exit 2
    ;;
esac
