# Sourced by scripts/dev/format.sh and scripts/ci/check-format.sh: sets `clang_format` (the
# binary) and `files` (the C++ sources .clang-format applies to). Generated tables
# (*.inc) are not among them. Formatting differs between clang-format releases; the
# style is checked with 14, Debian 12's (scripts/install-deps.sh installs it).
clang_format="${CLANG_FORMAT:-}"
if [[ -z "$clang_format" ]]; then
  clang_format="$(command -v clang-format-14 || command -v clang-format || true)"
fi
if [[ -z "$clang_format" ]]; then
  echo "$(basename "$0"): clang-format is not installed (scripts/install-deps.sh)" >&2
  exit 2
fi
if ! "$clang_format" --version | grep -q 'version 14\.'; then
  echo "$(basename "$0"): note: $("$clang_format" --version) is not clang-format 14; its output may differ" >&2
fi
# The tracked sources; outside a git checkout (a release tarball), every source file.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.cpp' '*.hpp')
else
  mapfile -t files < <(find bench daemon measure plr search tests trex_client \
    -name '*.cpp' -o -name '*.hpp' | sort)
fi
