#!/usr/bin/env bash
# JSON only in codecs (docs/design.md "Checked style", issue #15): no source file
# outside the codec files uses a jsoncpp type (`Json::`) or includes <json/...>.
# Codec files are daemon/codec/*, trex_client/codec/* and every *_codec.{hpp,cpp}.
# The files of .ci/json-allowlist pass, each with its reason; a listed file that
# no longer uses JSON fails the check too, so the list only shrinks. The CLI
# (daemon/cli) may also include none of trex-searchd's rooms: it speaks to the
# daemon through daemon/protocol. Tests and benches are not held to it.
set -euo pipefail
cd "$(dirname "$0")/.."
allowlist=.ci/json-allowlist

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.cpp' '*.hpp' | grep -v -E '^(tests|bench)/')
else
  mapfile -t files < <(find daemon measure plr search trex_client -name '*.cpp' -o -name '*.hpp' | sort)
fi

listed() { grep -v -E '^\s*(#|$)' "$allowlist" | awk '{print $1}'; }

failed=0
declare -A uses_json=()
for file in "${files[@]}"; do
  [[ -f "$file" ]] || continue
  case "$file" in
    daemon/codec/* | trex_client/codec/* | *_codec.cpp | *_codec.hpp) continue ;;
  esac
  if grep -q -E 'Json::|#include <json/' "$file"; then
    uses_json["$file"]=1
    if ! listed | grep -qxF "$file"; then
      echo "JSON outside a codec: $file (move it into a *_codec file, or list it with a reason in $allowlist)"
      failed=1
    fi
  fi
  if [[ "$file" == daemon/cli/* ]] && grep -q -E '#include "daemon/(model|log|cpus|spec|store|job_measurers|metrics|jobs|runners|dispatch|server|searchd)/' "$file"; then
    echo "the CLI includes a room of trex-searchd: $file (use daemon/protocol)"
    failed=1
  fi
done
while read -r file; do
  if [[ -z "${uses_json[$file]:-}" ]]; then
    echo "in $allowlist but free of JSON now: $file (remove it)"
    failed=1
  fi
done < <(listed)
count=$(listed | wc -l)
if ((failed)); then exit 1; fi
echo "check-json-confinement: JSON only in codecs, but ${count} listed files (${#files[@]} files)"
