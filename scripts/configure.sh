#!/usr/bin/env bash
# Configures a build directory (quietly; cmake's errors still show).
#   scripts/configure.sh BUILD_DIR                  the main build: RelWithDebInfo, warnings
#                                                   as errors. test.sh, demo.sh, check-tidy.sh
#                                                   and the other scripts share it, so the demo
#                                                   and the suite never rebuild each other's
#                                                   objects (one set of flags).
#   scripts/configure.sh BUILD_DIR CMAKE_ARGS...    another flavour (sanitizers, fuzzing).
# Every build compiles through ccache (docs/ci.md "Compiler cache"); TREX_SEARCH_CCACHE=0
# in the environment turns it off for the build directories configured then.
set -euo pipefail
cd "$(dirname "$0")/.."
if (( $# < 1 )); then
  echo "usage: scripts/configure.sh BUILD_DIR [CMAKE_ARGS...]" >&2
  exit 2
fi
build_dir="$1"
shift
if (( $# == 0 )); then
  set -- -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTREX_SEARCH_WERROR=ON
fi
ccache=ON
case "${TREX_SEARCH_CCACHE:-1}" in
  0 | off | OFF | no | false) ccache=OFF ;;
esac
cmake -S . -B "$build_dir" -G Ninja -DTREX_SEARCH_CCACHE="$ccache" "$@" >/dev/null
