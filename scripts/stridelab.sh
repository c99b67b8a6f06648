#!/usr/bin/env bash
# The project's one entry point for setup, build, test and serve.
#   scripts/stridelab.sh start                   install what is missing, build what the page needs
#                                                (the wasm module and the web bundle), serve the playground
#   scripts/stridelab.sh test [--only SUITE]...  install what is missing, build what the suites need, run them
#                                                (every suite without --only); prints each suite's wall time
#   scripts/stridelab.sh test --list             the suite names --only takes
#   scripts/stridelab.sh build                   install what is missing (no browser), build everything,
#                                                and write the static site (build/site, scripts/build-site.mjs)
#   scripts/stridelab.sh site                    only what the static site needs (the wasm module,
#                                                the web bundle), then build/site
# From npm: `npm test -- --only native --only package`, `npm test -- --list`.
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

# build_wasm [TARGET...]: the wasm tree (every target, or the ones named).
build_wasm() {
  if [ ! -f build/wasm/CMakeCache.txt ]; then
    emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
  fi
  local targets=()
  for t in "$@"; do targets+=(--target "$t"); done
  cmake --build build/wasm -j"$JOBS" "${targets[@]}" 2>&1 | grep -Ev '^\[ *[0-9]+%\]|^gmake|^make' || true
  local ok=0
  case " $* " in "  "|*" stridelab_module "*) test -f dist/stridelab-core.wasm || ok=1 ;; esac
  case " $* " in "  "|*" stridelab_tests "*) test -f build/wasm/stridelab_tests.js || ok=1 ;; esac
  return $ok
}

# What the page needs and nothing else: the module the page loads, the bundle.
build_page() {
  step "build: wasm module (em++)"; build_wasm stridelab_module
  step "build: web"; build_web
}

# The sanitizer tree, build/asan (clang, -O1 -g1, asserts on): the engine is
# built once with ASan + UBSan + LeakSanitizer and libFuzzer's coverage hooks
# (fuzzer-no-link), and linked into the Catch2 suite, the native runner, the
# fuzz targets' corpus replayers and the libFuzzer targets (docs/hardening.md).
# scripts/fuzz.mjs builds through this same function (`stridelab.sh sanitizers`).
build_asan() {
  # a tree configured by another compiler (g++ before 2026-11) starts over
  if [ -f build/asan/CMakeCache.txt ] && ! grep -q '^CMAKE_CXX_COMPILER:.*clang' build/asan/CMakeCache.txt; then
    rm -rf build/asan
  fi
  mkdir -p build/asan
  CXX=clang++ cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" \
    -DSTRIDELAB_SANITIZE=ON -DSTRIDELAB_FUZZ=ON >/dev/null
  local rc=0
  cmake --build build/asan -j"$JOBS" "$@" >build/asan/build.log 2>&1 || rc=$?
  grep -Ev '^\[ *[0-9]+%\]|^gmake|^make' build/asan/build.log || true
  [ $rc = 0 ] || return 1
  [ $# -gt 0 ] || { test -x build/asan/stridelab_tests && test -x build/asan/stridelab_py && test -x build/asan/fuzz_eval; }
}

# Sanitizer settings for every sanitized run: leaks fail the run; a huge
# allocation returns null so the engine's MemoryError path is what is tested.
SAN_ENV=(ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1:abort_on_error=0
         UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1)

# The four replays side by side; each one's output is printed whole.
replay_fuzz_corpora() {
  local t ok=0 dir pids=()
  dir=$(mktemp -d build/replay.XXXXXX)
  for t in parse eval overlap lang; do
    env "${SAN_ENV[@]}" "./build/asan/fuzz_${t}_replay" "tests/fuzz/corpus/$t" >"$dir/$t.out" 2>&1 &
    pids+=($!)
  done
  for t in parse eval overlap lang; do
    wait "${pids[0]}" || { ok=1; echo "FAILED: fuzz_${t}_replay"; }
    pids=("${pids[@]:1}")
    cat "$dir/$t.out"
  done
  rm -rf "$dir"
  return $ok
}

build_web() {
  node scripts/build-web.mjs
}

# The sanitizer tree's Catch2 binary, with what every sanitized run gets.
# 64 MB of stack: ASan's redzones make each evaluator frame several times larger,
# and the recursion corpus runs as deep as CPython's limit (Note [Recursion depth]).
asan_catch() { (ulimit -s 65536 && env "${SAN_ENV[@]}" ./build/asan/stridelab_tests "$@"); }

# catch_shards N RUNNER: a Catch2 binary's default cases in N processes side by
# side (RUNNER is a command taking Catch2's arguments). Each shard runs a share of
# the test cases, dealt by list position, and its share of the corpus programs
# (STRIDELAB_TEST_SHARD=K/N, tests/core/program_cases.hpp), since the corpus is
# most of the run. The shards' output is printed whole, one after the other.
catch_shards() {
  local n=$1 runner=$2 dir k rc=0 pids=()
  if [ "$n" -le 1 ]; then "$runner"; return; fi
  dir=$(mktemp -d build/shards.XXXXXX)
  # (Catch2 2.x exits with the number of cases it listed: the list itself is checked)
  { "$runner" --list-test-names-only || true; } | sed '/^[[:space:]]*$/d' >"$dir/names"
  grep -qx corpus "$dir/names" || { echo "catch_shards: the runner listed no corpus case" >&2; rm -rf "$dir"; return 1; }
  for ((k = 0; k < n; k++)); do
    # a name is a test spec: its , [ ] " * ~ and \ are escaped (Catch2 2.x)
    awk -v k="$k" -v n="$n" '$0 == "corpus" || (NR - 1) % n == k' "$dir/names" \
      | sed 's/[][\\,"*~]/\\&/g' >"$dir/spec.$k"
    STRIDELAB_TEST_SHARD="$k/$n" "$runner" -f "$dir/spec.$k" >"$dir/out.$k" 2>&1 &
    pids+=($!)
  done
  for ((k = 0; k < n; k++)); do
    wait "${pids[$k]}" || rc=1
    echo "-- shard $((k + 1)) of $n --"
    grep -v "^Filters: " "$dir/out.$k" || true
  done
  rm -rf "$dir"
  return $rc
}

# The static site (playground, embed.js, engine): build/site, for any static host.
build_site() {
  node scripts/build-site.mjs
}

build_all() {
  step "build: native (g++)"; build_native
  step "build: wasm (em++)"; build_wasm
  step "build: web"; build_web
  step "build: static site"; build_site
}

# --- test suites -------------------------------------------------------------
# name|what it needs built (native, wasm-tests, module, web, asan, none)|title
# `native` (the g++ -O3 tree) is not in the default run: the same Catch2 cases
# run natively in the sanitizer tree (clang, ASan + UBSan + LSan), and a third
# build of the engine would take the run past its time budget on two cores;
# `--only native` (or NATIVE_SUITE=1) runs it.
SUITES=(
  "native|native|Catch2 (native, g++)"
  "wasm|wasm-tests|Catch2 (wasm under Node)"
  "package|module web|package (node --test)"
  "conformance|module|conformance oracle"
  "browser|module web|browser smoke (headless Chromium)"
  "asan|asan|Catch2 (ASan+UBSan+LSan)"
  "asan-conformance|asan|conformance programs under ASan+UBSan+LSan (native runner)"
  "fuzz-replay|asan|fuzz corpora replay (ASan+UBSan+LSan)"
  "fuzz-smoke|asan|fuzz smoke (libFuzzer, 15 s per target; FUZZ_SMOKE=0 leaves it out)"
)

suite_cmd() {
  case "$1" in
    native) ./build/native/stridelab_tests ;;
    wasm) node --no-experimental-fetch build/wasm/stridelab_tests.js ;;
    package) node --test tests/js/ ;;
    conformance) node ../shared/conformance/check.mjs --xfail tests/conformance.xfail --quiet ;;
    browser) node tests/browser/smoke.mjs ;;
    # 64 MB of stack: ASan's redzones make each evaluator frame several times larger,
    # and the recursion corpus runs as deep as CPython's limit (Note [Recursion depth]).
    asan) catch_shards "$JOBS" asan_catch ;;
    asan-conformance) env "${SAN_ENV[@]}" node scripts/oracle-native.mjs --bin build/asan/stridelab_py --sanitizers --quiet ;;
    # The fuzz targets over their seed corpora (and checked-in regressions),
    # without libFuzzer: the "-runs= over the seed corpus" smoke, no clang build.
    fuzz-replay) replay_fuzz_corpora ;;
    # A short real libFuzzer run of each target (the libFuzzer binaries of
    # build/asan, 15 s per target).
    fuzz-smoke) node scripts/fuzz.mjs --seconds 15 --smoke --no-build --jobs "$JOBS" ;;
  esac
}

build_cmd() {
  case "$1" in
    native) build_native ;;
    wasm-tests) build_wasm stridelab_tests ;;
    module) build_wasm stridelab_module ;;
    web) build_web ;;
    asan) build_asan ;;
  esac
}

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

run_tests() {
  local only=() list=0
  while [ $# -gt 0 ]; do
    case "$1" in
      --only) [ $# -ge 2 ] || { echo "--only needs a suite name (--list shows them)" >&2; exit 2; }; only+=("$2"); shift 2 ;;
      --only=*) only+=("${1#--only=}"); shift ;;
      --list) list=1; shift ;;
      *) echo "unknown test option $1 (use --only SUITE, --list)" >&2; exit 2 ;;
    esac
  done
  local entry name needs title
  if [ $list = 1 ]; then
    for entry in "${SUITES[@]}"; do IFS='|' read -r name needs title <<<"$entry"; printf '%-18s %s\n' "$name" "$title"; done
    return 0
  fi
  local chosen=()
  if [ ${#only[@]} -gt 0 ]; then
    local o found
    for o in "${only[@]}"; do
      found=0
      for entry in "${SUITES[@]}"; do IFS='|' read -r name needs title <<<"$entry"; [ "$name" = "$o" ] && found=1; done
      [ $found = 1 ] || { echo "no suite '$o'; the suites are:" >&2; run_tests --list >&2; exit 2; }
    done
    for entry in "${SUITES[@]}"; do
      IFS='|' read -r name needs title <<<"$entry"
      for o in "${only[@]}"; do [ "$name" = "$o" ] && { chosen+=("$entry"); break; }; done
    done
  else
    for entry in "${SUITES[@]}"; do
      IFS='|' read -r name needs title <<<"$entry"
      [ "$name" = fuzz-smoke ] && [ "${FUZZ_SMOKE:-1}" != 1 ] && continue
      [ "$name" = native ] && [ "${NATIVE_SUITE:-0}" != 1 ] && continue
      chosen+=("$entry")
    done
  fi

  local needs_browser=0
  for entry in "${chosen[@]}"; do case "$entry" in browser\|*|package\|*) needs_browser=1 ;; esac; done
  if [ $needs_browser = 1 ] || [ ${#only[@]} = 0 ]; then bash scripts/setup.sh --test; else bash scripts/setup.sh; fi

  # Builds run in the order the chosen suites first need them, each on every
  # core. The sanitizer tree, the longest, builds in the background while the
  # suites that do not need it run (each of them mostly one core); then its
  # suites run.
  local status=0 t0 t_all b rc secs report=() builds=() failed=" " ok_builds=" " asan_pid="" t_asan=""
  t_all=$(now)
  for entry in "${chosen[@]}"; do
    IFS='|' read -r name needs title <<<"$entry"
    for b in $needs; do
      [ "$b" = none ] && continue
      case " ${builds[*]} " in *" $b "*) ;; *) builds+=("$b") ;; esac
    done
  done
  for b in "${builds[@]}"; do
    [ "$b" = asan ] && continue
    step "build: $b"
    t0=$(now)
    if build_cmd "$b"; then ok_builds+="$b "; rc=0; else echo "FAILED: build $b"; status=1; rc=1; fi
    report+=("$(printf '%8ss  %-6s %s' "$(elapsed "$t0" "$(now)")" "$([ $rc = 0 ] && echo ok || echo FAIL)" "build: $b")")
  done
  case " ${builds[*]} " in
    *" asan "*)
      t_asan=$(now)
      build_cmd asan >build/asan-build.out 2>&1 &
      asan_pid=$!
      ;;
  esac
  # run_suite ENTRY: one suite, if what it needs built.
  run_suite() {
    IFS='|' read -r name needs title <<<"$1"
    rc=0
    for b in $needs; do
      [ "$b" = none ] && continue
      case "$ok_builds" in *" $b "*) ;; *) rc=1 ;; esac
    done
    step "$title"
    t0=$(now)
    if [ $rc = 0 ] && suite_cmd "$name"; then rc=0; else rc=1; echo "FAILED: $title"; status=1; fi
    secs=$(elapsed "$t0" "$(now)")
    echo "($name: ${secs} s)"
    report+=("$(printf '%8ss  %-6s %s' "$secs" "$([ $rc = 0 ] && echo ok || echo FAIL)" "$name: $title")")
  }
  for entry in "${chosen[@]}"; do
    case " $(cut -d'|' -f2 <<<"$entry") " in *" asan "*) continue ;; esac
    run_suite "$entry"
  done
  if [ -n "$asan_pid" ]; then
    step "build: asan (in the background since the builds before it ended)"
    if wait "$asan_pid"; then ok_builds+="asan "; rc=0; else status=1; rc=1; fi
    cat build/asan-build.out
    [ $rc = 0 ] || echo "FAILED: build asan"
    report+=("$(printf '%8ss  %-6s %s' "$(elapsed "$t_asan" "$(now)")" "$([ $rc = 0 ] && echo ok || echo FAIL)" "build: asan")")
    for entry in "${chosen[@]}"; do
      case " $(cut -d'|' -f2 <<<"$entry") " in *" asan "*) run_suite "$entry" ;; esac
    done
  fi
  step "summary (wall time per step)"
  printf '%s\n' "${report[@]}"
  printf '%8ss  total\n' "$(elapsed "$t_all" "$(now)")"
  if [ $status = 0 ]; then echo "all suites passed"; else echo "some suites FAILED"; fi
  return $status
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
  build)
    bash scripts/setup.sh
    build_all
    ;;
  start)
    bash scripts/setup.sh
    build_page >&2
    exec node scripts/serve.mjs
    ;;
  sanitizers)  # build/asan, or the named targets in it (scripts/fuzz.mjs)
    bash scripts/setup.sh
    targets=()
    for t in "$@"; do targets+=(--target "$t"); done
    build_asan "${targets[@]}"
    ;;
  site)  # the static site and only what it needs
    bash scripts/setup.sh
    build_page
    step "build: static site"; build_site
    ;;
  page)  # what `start` builds, without serving (npm run bench times this build)
    bash scripts/setup.sh
    build_page
    ;;
  test)
    run_tests "$@"
    ;;
  *)
    echo "usage: $0 {start|page|site|test [--only SUITE]... [--list]|build}" >&2
    exit 2
    ;;
esac
