#!/usr/bin/env python3
"""Two TRex instances as two testbeds of one trex-searchd, on the real-TRex stand
(issue #28): the same NDR/PDR job on each testbed alone, then on both at once.

Prints, per run, each job's bounds, trial count, wall time (the daemon's started_at to
finished_at) and median per-trial overhead (effective minus intended duration), and
the wall time of the two together against the longer one alone.

Needs both stands up, each with its policer:
  ../shared/tools/trex-stand up --sut-pps 100000
  TREX_STAND_INSTANCE=1 ../shared/tools/trex-stand up --sut-pps 100000
(the two TRex share CPU 1; the daemon runs on CPU 0). A script, not a test: it prints
a table for docs/testbeds.md.

Usage: scripts/dev/testbeds-stand-check.py --searchd BUILD/daemon/searchd/trex-searchd
         --cli BUILD/daemon/cli/trex-search [--max-load 300000]
"""
import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
native = __import__("native-stand-check")

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ENDPOINTS = {"stand-0": "tcp://127.0.0.1:4501", "stand-1": "tcp://127.0.0.1:4511"}


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode not in (0, 5):  # 5: a result that is not clean, still a result
        sys.exit(" ".join(command[:4]) + " failed: " + result.stdout + result.stderr)
    return result.stdout


def job_for(testbed, max_load):
    spec = json.load(open(os.path.join(SOURCE, "docs/examples/spec-ndr-pdr.json")))
    spec["min_load"] = 10000
    spec["max_load"] = max_load
    profile = json.load(open(os.path.join(SOURCE, "etc/profiles/ipv4-udp-64b-bidir.json")))
    profile["port_pairs"][0]["bidirectional"] = False
    return {"method": "mlr", "name": "ndr-pdr-" + testbed, "testbed": testbed, "spec": spec,
            "measurer": {"kind": "trex", "profile": profile}}


def submit(cli, socket, scratch, job):
    path = os.path.join(scratch, job["name"] + ".json")
    with open(path, "w") as f:
        json.dump(job, f)
    out = run([cli, "--socket", socket, "submit", "--job-file", path])
    return out.split()[1]  # "job N queued at position P"


def parse_time(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def summary(cli, socket, job_id):
    while True:
        shown = json.loads(run([cli, "--socket", socket, "show", job_id, "--json"]))
        if shown["job"]["state"] in ("finished", "failed", "cancelled"):
            break
        time.sleep(1)
    result = json.loads(run([cli, "--socket", socket, "result", job_id, "--json"]))
    job = result["job"]
    wall = (parse_time(job["finished_at"]) - parse_time(job["started_at"])).total_seconds()
    trials = result["result"]["trials"]
    overhead = [t["effective_duration"] - t["intended_duration"] for t in trials]
    def load(value):
        return "-" if value is None else "%.1f" % value
    bounds = ", ".join("%s [%s, %s]" % (g["goal"].get("name", "?"), load(g["relevant_lower_bound"]),
                                        load(g["relevant_upper_bound"]))
                       for g in result["result"]["goals"])
    notes = sum(1 for t in trials if t.get("notes"))
    return {"state": job["state"], "wall": wall, "bounds": bounds, "trials": len(trials),
            "overhead_ms": 1000 * statistics.median(overhead), "noted": notes,
            "started": job["started_at"], "finished": job["finished_at"]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--searchd", required=True)
    parser.add_argument("--cli", required=True)
    parser.add_argument("--max-load", type=float, default=300000)
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="testbeds-stand-")
    socket = os.path.join(scratch, "c.sock")
    config = "".join("[testbed.%s]\nendpoint = %s\nports = 0,1\n" % (name, endpoint)
                     for name, endpoint in ENDPOINTS.items())
    daemon = native.start_daemon(args.searchd, scratch, socket, config)
    rows = []
    try:
        alone = {}
        for testbed in ENDPOINTS:
            job_id = submit(args.cli, socket, scratch, job_for(testbed, args.max_load))
            alone[testbed] = summary(args.cli, socket, job_id)
            rows.append(("alone", testbed, alone[testbed]))
        ids = {t: submit(args.cli, socket, scratch, job_for(t, args.max_load)) for t in ENDPOINTS}
        together = {t: summary(args.cli, socket, job_id) for t, job_id in ids.items()}
        for testbed, row in together.items():
            rows.append(("together", testbed, row))
    finally:
        daemon.terminate()
        daemon.wait(timeout=30)
    print("| run | testbed | state | bounds [pps] | trials | trials with notes | "
          "median overhead | wall time |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for run_name, testbed, row in rows:
        print("| %s | %s | %s | %s | %d | %d | %.1f ms | %.1f s |" % (
            run_name, testbed, row["state"], row["bounds"], row["trials"], row["noted"],
            row["overhead_ms"], row["wall"]))
    first = min(parse_time(r["started"]) for r in together.values())
    last = max(parse_time(r["finished"]) for r in together.values())
    both = (last - first).total_seconds()
    longer = max(r["wall"] for r in alone.values())
    print("both together: %.1f s from the first start to the last end; the longer alone "
          "%.1f s; ratio %.3f" % (both, longer, both / longer))
    print("state and logs: " + scratch)


if __name__ == "__main__":
    main()
