#!/usr/bin/env python3
"""Which translation units clang-tidy must check after a change (scripts/ci/check-tidy.sh --changed).

    tidy_changed_units.py ROOT BUILD_DIR BASE

Prints one absolute source path per line: every unit of BUILD_DIR's compile database that
changed since the commit BASE (committed, staged, unstaged or untracked), and every unit
whose last compile read a changed file (a header, an .inc table), found in ninja's
dependency log of BUILD_DIR. Prints "ALL <reason>" instead when only the whole tree will
do: BASE is not in this clone's history, a clang-tidy profile changed, or ninja has no dependency record for some unit (never built).
"""
import json
import os
import subprocess
import sys

# A change to either profile can change a finding in any unit. (A change to the scripts
# that choose the units changes no finding: what they choose is checked as before.)
WHOLE_TREE_FILES = {".clang-tidy", "tests/.clang-tidy"}


def git(root, *args):
    return subprocess.run(["git", "-C", root, *args], check=True, capture_output=True,
                          text=True).stdout


def changed_files(root, base):
    tracked = git(root, "diff", "--name-only", "--no-renames", base).split("\n")
    untracked = git(root, "ls-files", "--others", "--exclude-standard").split("\n")
    return {path for path in tracked + untracked if path}


def ninja_deps(build_dir):
    """{object: [dependency paths as ninja recorded them]} from `ninja -t deps`."""
    text = subprocess.run(["ninja", "-C", build_dir, "-t", "deps"], check=True,
                          capture_output=True, text=True).stdout
    deps, current = {}, None
    for line in text.split("\n"):
        if not line.strip():
            current = None
        elif not line[0].isspace():
            current = line.split(":", 1)[0]
            deps[current] = []
        elif current is not None:
            deps[current].append(line.strip())
    return deps


def main():
    root, build_dir, base = sys.argv[1], sys.argv[2], sys.argv[3]
    root, build_dir = os.path.realpath(root), os.path.realpath(build_dir)
    try:
        git(root, "cat-file", "-e", base + "^{commit}")
    except subprocess.CalledProcessError:
        print(f"ALL the base commit {base} is not in this clone's history")
        return
    changed = changed_files(root, base)
    touched = sorted(changed & WHOLE_TREE_FILES)
    if touched:
        print(f"ALL {', '.join(touched)} changed since {base[:12]}")
        return
    changed_abs = {os.path.join(root, path) for path in changed}
    with open(os.path.join(build_dir, "compile_commands.json"), encoding="utf-8") as db:
        entries = json.load(db)
    units = {}  # object (relative to the build dir) -> absolute source
    for entry in entries:
        source = os.path.realpath(os.path.join(entry["directory"], entry["file"]))
        output = entry.get("output")
        if output is None:  # CMake < 3.20 writes no "output": recover it from "-o X"
            args = entry["command"].split()
            output = args[args.index("-o") + 1] if "-o" in args else source
        units[os.path.normpath(output)] = source
    deps = ninja_deps(build_dir)
    selected = set()
    for output, source in units.items():
        if source in changed_abs:
            selected.add(source)
            continue
        if output not in deps:
            print(f"ALL ninja has no dependency record for {output} (build {build_dir} first)")
            return
        for dep in deps[output]:
            if os.path.normpath(os.path.join(build_dir, dep)) in changed_abs:
                selected.add(source)
                break
    for source in sorted(selected):
        print(source)


if __name__ == "__main__":
    main()
