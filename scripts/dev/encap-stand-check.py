#!/usr/bin/env python3
"""The profile language's encapsulations and TCP on the real-TRex stand (issue #32):
what TRex sends is what `trex-search profile pcap` shows, and tcpdump reads it as the
profile says.

For each example profile NAME of etc/profiles:
  1. an MRR job of one trial (--load pps per direction, --duration s) with port counters,
     so that no flow-stats rule touches the frames, while tcpdump captures --frames
     frames in the SUT's netns (both directions cross it);
  2. `trex-search profile pcap` writes the profile's first --preview frames per stream;
  3. the captured frames must all be among those, byte for byte after the Ethernet
     addresses (TRex writes its ports' own there unless the profile names them);
  4. tcpdump -vv decodes the capture: the script prints the first frame's decoding and
     counts checksums tcpdump calls incorrect;
  5. unless the profile has MPLS labels (TRex's per-stream counters cannot look past
     them), a second MRR trial counts with flow_stats and reports its loss.

Needs: the stand up (`trex-stand up`, no policer), tcpdump, a trex-searchd and trex-search
build. A script, not a test: it prints a table for docs/traffic-profiles.md.

Usage: scripts/dev/encap-stand-check.py --searchd BUILD/daemon/searchd/trex-searchd
         --cli BUILD/daemon/cli/trex-search [--load 20000] [--duration 1.0]
         [--frames 3000] [--preview 1000] NAME...
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
native = __import__("native-stand-check")

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def mrr(args, socket_path, scratch, name, counters):
    job = {"method": "mrr", "name": "encap-" + name + "-" + counters,
           "spec": {"load": float(args.load), "trial_duration": float(args.duration), "trials": 1},
           "measurer": {"kind": "trex", "counters": counters,
                        "profile": os.path.join(SOURCE, "etc/profiles", name + ".json")}}
    job_path = os.path.join(scratch, name + "." + counters + ".job.json")
    with open(job_path, "w") as f:
        json.dump(job, f)
    out = native.run([args.cli, "--socket", socket_path, "submit", "--job-file", job_path,
                      "--watch"])
    job_id = out.split()[1]  # "job N queued at position 1"
    shown = json.loads(native.run([args.cli, "--socket", socket_path, "show", job_id, "--json"]))
    if len(shown["trials"]) != 1:
        sys.exit("job %s of %s: expected one trial: %s" % (job_id, name, out))
    return shown["trials"][0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--searchd", required=True)
    parser.add_argument("--cli", required=True)
    parser.add_argument("--load", default="20000")
    parser.add_argument("--duration", default="1.0")
    parser.add_argument("--frames", type=int, default=3000)
    parser.add_argument("--preview", type=int, default=1000)
    parser.add_argument("names", nargs="+")
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="encap-stand-")
    socket_path = os.path.join(scratch, "c.sock")
    daemon = native.start_daemon(args.searchd, scratch, socket_path)
    rows = []
    try:
        for name in args.names:
            captured = os.path.join(scratch, name + ".pcap")
            capture = native.Capture(captured, args.frames)
            mrr(args, socket_path, scratch, name, "port")
            capture.stop()
            preview = os.path.join(scratch, name + ".preview.pcap")
            native.run([args.cli, "profile", "pcap", os.path.join(SOURCE, "etc/profiles", name + ".json"),
                        "-o", preview, "--frames", str(args.preview)])
            frames = native.traffic(native.read_pcap(captured), args.frames)
            expected = {f[12:] for f in native.read_pcap(preview)}
            strangers = [f for f in frames if f[12:] not in expected]
            decoded = subprocess.run(["tcpdump", "-r", captured, "-nn", "-vv", "-e", "-c", "1",
                                      "not arp"], capture_output=True, text=True).stdout.strip()
            everything = subprocess.run(["tcpdump", "-r", captured, "-nn", "-vv", "not arp"],
                                        capture_output=True, text=True).stdout
            incorrect = everything.count("incorrect")
            loss = "port counters only (MPLS)"
            if "mpls" not in name:
                trial = mrr(args, socket_path, scratch, name, "flow_stats")
                loss = "%d of %d" % (trial["loss_count"], trial["offered_count"])
            rows.append((name, len(frames), len({f[12:] for f in frames}), len(strangers),
                         incorrect, loss))
            print("### " + name + "\n```\n" + decoded + "\n```")
        print("| profile | frames captured | distinct | not among `profile pcap`'s | "
              "checksums tcpdump calls incorrect | flow_stats trial loss |")
        print("| --- | --- | --- | --- | --- | --- |")
        for row in rows:
            print("| %s | %d | %d | %d | %d | %s |" % row)
    finally:
        daemon.terminate()
        daemon.wait(timeout=10)
    print("captures and logs: " + scratch)


if __name__ == "__main__":
    main()
