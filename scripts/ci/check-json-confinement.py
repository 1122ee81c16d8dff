#!/usr/bin/env python3
"""JSON only in codecs (docs/design.md "Checked style"), following includes.

A codec file is one under daemon/codec/ or trex_client/codec/, or any *_codec.{hpp,cpp}.
Outside them, in the production sources (tests and benches are not held to it):

1. no file uses a jsoncpp type (`Json::`) or includes <json/...> itself;
2. no header brings jsoncpp in through the headers it includes (a header that includes
   a codec header makes every file that includes it see jsoncpp: dispatcher.hpp ->
   job_spec_codec.hpp -> json/value.h counts). A source file may include a codec header
   to call it: that is using a codec, not JSON;
3. the CLI (daemon/cli) includes none of trex-searchd's rooms, directly or through
   another header: it speaks to the daemon through daemon/protocol.

The files of .ci/json-allowlist pass rules 1 and 2, each with its reason; a listed file
that no longer uses or brings in JSON fails the check too, so the list only shrinks.
Exit 0 when every rule holds, 1 with one line per finding otherwise.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ALLOWLIST = ".ci/json-allowlist"
SOURCE_FOLDERS = ("daemon", "measure", "plr", "search", "sim", "trex_client", "trex_emulator")
DAEMON_ROOMS = ("model", "log", "cpus", "spec", "store", "replication", "job_measurers", "metrics", "jobs",
                "runners", "dispatch", "server", "searchd")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
USES_JSON = re.compile(r"Json::|^\s*#\s*include\s*<json/", re.M)


def production_files():
    try:
        listed = subprocess.run(["git", "ls-files", "*.cpp", "*.hpp"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):  # a release tarball: no git
        listed = [os.path.relpath(os.path.join(d, f), ROOT)
                  for top in SOURCE_FOLDERS for d, _, fs in os.walk(os.path.join(ROOT, top))
                  for f in fs if f.endswith((".cpp", ".hpp"))]
    return sorted(f for f in listed if f.split("/")[0] in SOURCE_FOLDERS
                  and os.path.isfile(os.path.join(ROOT, f)))


def is_codec(path):
    return (path.startswith(("daemon/codec/", "trex_client/codec/"))
            or path.endswith(("_codec.cpp", "_codec.hpp")))


def is_daemon_room(path):
    parts = path.split("/")
    return len(parts) > 2 and parts[0] == "daemon" and parts[1] in DAEMON_ROOMS


class Includes:
    """The project headers each file includes (paths from the repository root)."""

    def __init__(self, files):
        self.text = {f: open(os.path.join(ROOT, f), encoding="utf-8").read() for f in files}
        self.direct = {}

    def of(self, path):
        if path not in self.direct:
            text = self.text.get(path)
            if text is None:
                full = os.path.join(ROOT, path)
                text = open(full, encoding="utf-8").read() if os.path.isfile(full) else ""
                self.text[path] = text
            self.direct[path] = [name for kind, name in INCLUDE.findall(text)
                                 if kind == '"' and os.path.isfile(os.path.join(ROOT, name))]
        return self.direct[path]

    def chain_to(self, start, wanted):
        """The include chain from `start` to the first file for which wanted(file) holds
        (start itself excluded), or None. Breadth first: the shortest chain."""
        seen, queue = {start}, [[start]]
        while queue:
            chain = queue.pop(0)
            for name in self.of(chain[-1]):
                if name in seen:
                    continue
                if wanted(name):
                    return chain + [name]
                seen.add(name)
                queue.append(chain + [name])
        return None


def main():
    os.chdir(ROOT)
    files = production_files()
    includes = Includes(files)
    listed = [line.split()[0] for line in open(ALLOWLIST, encoding="utf-8")
              if line.strip() and not line.lstrip().startswith("#")]
    findings, json_files = [], set()

    def uses_json(path):
        return bool(USES_JSON.search(includes.text.get(path) or ""))

    for path in files:
        if path.startswith("daemon/cli/"):
            chain = includes.chain_to(path, is_daemon_room)
            if chain:
                findings.append("the CLI includes a room of trex-searchd: " + " -> ".join(chain)
                                + " (use daemon/protocol)")
        if is_codec(path):
            continue
        if uses_json(path):
            json_files.add(path)
            if path not in listed:
                findings.append(f"JSON outside a codec: {path} (move it into a *_codec file, "
                                f"or list it with a reason in {ALLOWLIST})")
            continue
        if path.endswith(".hpp"):
            chain = includes.chain_to(path, uses_json)
            if chain:
                json_files.add(path)
                if path not in listed:
                    findings.append("a header brings jsoncpp in: " + " -> ".join(chain)
                                    + " (include the codec in the .cpp, or move the type it "
                                    "needs out of the codec header)")
    for path in listed:
        if path not in json_files:
            findings.append(f"in {ALLOWLIST} but free of JSON now: {path} (remove it)")
    for line in findings:
        print(line)
    if findings:
        return 1
    print(f"check-json-confinement: JSON only in codecs, includes followed, "
          f"{len(listed)} listed files ({len(files)} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
