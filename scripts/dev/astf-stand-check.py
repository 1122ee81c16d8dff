#!/usr/bin/env python3
"""ASTF on the real-TRex stand (issue #29): TCP and UDP connection-rate NDR/PDR through
trex-searchd against the stand's connection-rate limit (its SUT drops TCP SYNs and the
UDP client range's packets above N per second, a token bucket with a 100-packet burst).

Prints, per job, the bounds [cps], trial count, median per-trial overhead (stored
effective minus intended duration), wall time, and per trial the attempts and
successes the notes carry.

Needs the stand in ASTF mode (docs/astf.md "Checked on a real TRex"):
  LD_PRELOAD=.../libalignnew.so ../shared/tools/trex-stand up --astf --sut-cps 2000
A script, not a test: it prints the figures for docs/astf.md.

Usage: scripts/dev/astf-stand-check.py --searchd BUILD/daemon/searchd/trex-searchd
         --cli BUILD/daemon/cli/trex-search [--protocols tcp,udp] [--max-load 20000]
"""
import argparse
import json
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
native = __import__("native-stand-check")
testbeds = __import__("testbeds-stand-check")

COUNTS = re.compile(r"astf_counts: .*attempted (\d+), succeeded (\d+)")


def job_for(protocol, max_load):
    spec = json.load(open(os.path.join(testbeds.SOURCE, "docs/examples/spec-ndr-pdr.json")))
    spec["min_load"] = "500cps"
    spec["max_load"] = max_load
    return {"method": "mlr", "name": "astf-%s-cps" % protocol, "spec": spec,
            "measurer": {"kind": "trex", "endpoint": "tcp://127.0.0.1:4501",
                         "astf": {"template": {"protocol": protocol}, "client_mask": 1}}}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--searchd", required=True)
    parser.add_argument("--cli", required=True)
    parser.add_argument("--protocols", default="tcp,udp")
    parser.add_argument("--max-load", default="20000cps")
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="astf-stand-")
    socket = os.path.join(scratch, "c.sock")
    daemon = native.start_daemon(args.searchd, scratch, socket)
    rows = []
    try:
        for protocol in args.protocols.split(","):
            job = job_for(protocol, args.max_load)
            job_id = testbeds.submit(args.cli, socket, scratch, job)
            row = testbeds.summary(args.cli, socket, job_id)
            shown = json.loads(testbeds.run([args.cli, "--socket", socket, "show", job_id, "--json"]))
            rows.append((job["name"], row, shown["trials"]))
    finally:
        daemon.terminate()
        daemon.wait(timeout=30)
    print("| job | state | bounds [cps] | trials | median overhead | wall time |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, row, _ in rows:
        print("| %s | %s | %s | %d | %.1f ms | %.1f s |" % (
            name, row["state"], row["bounds"], row["trials"], row["overhead_ms"], row["wall"]))
    for name, _, trials in rows:
        print(name + ": load [cps] -> attempted/succeeded (loss ratio), every trial:")
        for trial in trials:
            counted = [COUNTS.search(n) for n in trial["notes"]]
            counted = [m for m in counted if m]
            text = "%s/%s" % counted[0].groups() if counted else "?"
            print("  %d %.1f -> %s (%.5f)" % (trial["number"], trial["load"], text,
                                              trial["loss_ratio"]))
    print("state and logs: " + scratch)


if __name__ == "__main__":
    main()
