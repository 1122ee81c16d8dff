#!/usr/bin/env python3
"""How often a TRex's trials are judged tester-limited at one load (docs/trials.md).

Starts trex-searchd from the build in a scratch directory (pinned to CPU 0 when taskset
is there, as docs/trials.md's stand checks say), runs an MRR job of TRIALS trials of
DURATION seconds at LOAD pps, one direction port 0 -> 1 (64 B UDP), against a running
TRex at ENDPOINT, then prints how many trials were tester-limited, the rates the tester
reached, the frames lost, and the first tester_limited note.

    scripts/dev/stretch-check.py --endpoint tcp://127.0.0.1:4501 --load 90000 \\
        [--duration 0.01] [--trials 100] [--build build] [--speed 1]

With `--speed S` and a trex-emulator endpoint it checks the emulator the same way.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

PROFILE = {"name": "ipv4-udp-64b-unidir",
           "port_pairs": [{"ports": [0, 1], "bidirectional": False}], "frame_size": 64,
           "ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"},
           "udp": {"src_port": 1025, "dst_port": 12}}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--endpoint", required=True)
    parser.add_argument("--load", type=float, required=True, help="pps per direction")
    parser.add_argument("--duration", type=float, default=0.01, help="trial duration [s]")
    parser.add_argument("--trials", type=int, default=100)
    parser.add_argument("--build", default="build")
    parser.add_argument("--speed", type=float, default=1.0)
    parser.add_argument("--notes", action="store_true", help="print every trial's notes")
    args = parser.parse_args()

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    searchd = os.path.join(root, args.build, "daemon/searchd/trex-searchd")
    cli = os.path.join(root, args.build, "daemon/cli/trex-search")
    for program in (searchd, cli):
        if not os.access(program, os.X_OK):
            sys.exit(f"stretch-check: {program} is not built (cmake --build {args.build})")
    work = tempfile.mkdtemp(prefix="stretch-check.")
    socket = os.path.join(work, "c.sock")
    conf = os.path.join(work, "d.conf")
    open(conf, "w", encoding="utf-8").close()
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    daemon = subprocess.Popen(pin + [searchd, "--config", conf, "--socket", socket,
                                     "--state-dir", os.path.join(work, "state"),
                                     "--trex-endpoint", args.endpoint],
                              stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "d.log"), "w"))
    try:
        for _ in range(200):  # the socket appears when the daemon is ready (bounded)
            if os.path.exists(socket):
                break
            time.sleep(0.05)
        job = {"method": "mrr", "name": "stretch-check",
               "spec": {"load": args.load, "trial_duration": args.duration,
                        "trials": args.trials},
               "measurer": {"kind": "trex", "profile": PROFILE, "speed": args.speed}}
        job_file = os.path.join(work, "job.json")
        with open(job_file, "w", encoding="utf-8") as out:
            json.dump(job, out)
        env = dict(os.environ, TREX_SEARCH_SOCKET=socket)
        subprocess.run([cli, "submit", "--job-file", job_file, "--watch"], env=env,
                       stdout=subprocess.DEVNULL, check=False)
        shown = subprocess.run([cli, "--json", "result", "1"], env=env, capture_output=True,
                               text=True, check=False)  # exit 5: tester-limited
        report(json.loads(shown.stdout), args)
    finally:
        daemon.terminate()
        daemon.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)


def report(reply, args):
    result = reply.get("result", reply)
    trials = [t for t in result["trials"] if not t.get("warmup")]
    limited = [t for t in trials if t.get("tester_limited_pps") is not None]
    lost = sum(max(0, t.get("loss_count", 0)) for t in trials)
    print(f"load {args.load:.0f} pps, {len(trials)} trials of {args.duration * 1e3:g} ms: "
          f"{len(limited)} tester-limited, {lost} frames lost in all")
    if limited:
        rates = sorted(t["tester_limited_pps"] for t in limited)
        print(f"reached pps: min {rates[0]:.0f}, median {statistics.median(rates):.0f}, "
              f"max {rates[-1]:.0f}")
        note = next(n for n in limited[0]["notes"] if n.startswith("tester_limited"))
        print(f"first note: {note}")
    if args.notes:
        for t in trials:
            for n in t["notes"]:
                print(f"  trial {t.get('number', '?')}: {n}")


if __name__ == "__main__":
    main()
