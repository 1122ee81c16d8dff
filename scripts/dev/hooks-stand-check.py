#!/usr/bin/env python3
"""Hooks on the real-TRex stand (issue #28 item 4): the stand guide's NDR/PDR job
without hooks, then with the SUT's own drop counters read by hooks around every trial
and after the search (the stand's SUT is a bridge in netns trexsut whose nftables
policer counts what it drops).

Prints, per run, the bounds, trial count, wall time and median per-trial overhead;
for the run with hooks, the hook runs' median and longest duration, and per trial
how the SUT's own drop count (after_trial counter minus before_trial counter) compares
with the frames trex-search counted as lost.

Needs the stand up with its policer: ../shared/tools/trex-stand up --sut-pps 100000.
Runs trex-searchd as root (the hooks enter the SUT's netns). A script, not a test: it
prints the figures for docs/testbeds.md.

Usage: scripts/dev/hooks-stand-check.py --searchd BUILD/daemon/searchd/trex-searchd
         --cli BUILD/daemon/cli/trex-search [--max-load 300000]
"""
import argparse
import json
import os
import re
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
native = __import__("native-stand-check")
testbeds = __import__("testbeds-stand-check")

HOOKS = """[hook.sut-drops]
command = /usr/sbin/ip netns exec trexsut /usr/sbin/nft list table netdev sut
timeout = 5
on-failure = fail-trial

[hook.pause]
command = /bin/sleep %s
on-failure = fail-trial
"""
DROPS = re.compile(r'chain in0 \{.*?counter packets (\d+)', re.S)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--searchd", required=True)
    parser.add_argument("--cli", required=True)
    parser.add_argument("--max-load", type=float, default=300000)
    parser.add_argument("--pause", metavar="SECONDS",
                        help="a third job whose only hook sleeps this long before each trial: "
                             "the time between trials alone, without reading the SUT")
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="hooks-stand-")
    socket = os.path.join(scratch, "c.sock")
    daemon = native.start_daemon(args.searchd, scratch, socket, HOOKS % (args.pause or "0"))
    try:
        plain = testbeds.job_for("none", args.max_load)
        del plain["testbed"]
        plain["name"] = "ndr-pdr-plain"
        hooked = dict(plain, name="ndr-pdr-hooked",
                      hooks={"before_trial": "sut-drops", "after_trial": "sut-drops",
                             "after_search": "sut-drops"})
        jobs = [plain, hooked]
        if args.pause:
            jobs.append(dict(plain, name="ndr-pdr-pause", hooks={"before_trial": "pause"}))
        rows = []
        for job in jobs:
            job_id = testbeds.submit(args.cli, socket, scratch, job)
            rows.append((job["name"], job_id, testbeds.summary(args.cli, socket, job_id)))
        shown = json.loads(testbeds.run([args.cli, "--socket", socket, "show", rows[1][1],
                                         "--hooks", "--json"]))
    finally:
        daemon.terminate()
        daemon.wait(timeout=30)
    print("| job | state | bounds [pps] | trials | median overhead | wall time |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, _, row in rows:
        print("| %s | %s | %s | %d | %.1f ms | %.1f s |" % (
            name, row["state"], row["bounds"], row["trials"], row["overhead_ms"], row["wall"]))
    runs = shown["hook_runs"]
    durations = [r["duration_s"] for r in runs]
    print("hook runs: %d (%d failed); duration median %.1f ms, longest %.1f ms" % (
        len(runs), sum(1 for r in runs if not r["ok"]), 1000 * statistics.median(durations),
        1000 * max(durations)))
    counters = {}
    for r in runs:
        if r["trial"] is None or not r["ok"]:
            continue
        match = DROPS.search(r["output"])
        if match:
            counters[(r["trial"], r["attempt"], r["point"])] = int(match.group(1))
    same = differ = 0
    worst = None
    for trial in shown["trials"]:
        key = (trial["number"], 1)
        before = counters.get(key + ("before_trial",))
        after = counters.get(key + ("after_trial",))
        if before is None or after is None:
            continue
        sut = after - before
        lost = trial["loss_count"]
        if sut == lost:
            same += 1
        else:
            differ += 1
            if worst is None or abs(sut - lost) > abs(worst[1] - worst[2]):
                worst = (trial["number"], sut, lost)
    print("trials whose loss equals the SUT's own drop count: %d of %d" % (same, same + differ))
    if worst:
        print("largest difference: trial %d, SUT dropped %d, trex-search counted %d lost" % worst)
    final = [r for r in runs if r["point"] == "after_search"]
    if final:
        print("after_search output:\n" + final[0]["output"])
    print("state and logs: " + scratch)


if __name__ == "__main__":
    main()
