#!/usr/bin/env python3
"""TRex's own stateless profiles, sent by trex-search and by TRex's Python client,
captured on the real-TRex stand's SUT side and compared frame for frame (issue #32).

For each profile NAME of TRex's scripts/stl:
  1. `stl-sim -f stl/NAME.py -i 0 --json` gives its streams for port 0;
  2. trex-search runs them as they are (a profile with "trex_streams", one direction
     0 -> 1, an MRR job of one trial at --load pps for --duration s, port counters so that
     no flow-stats rule touches the frames) while tcpdump captures in the SUT's netns;
  3. TRex's own Python client (STLClient, the stand's build) sends the same profile at
     the same rate while tcpdump captures again;
  4. the frames of both captures (the first --frames x 3 of each; ARP and other frames
     the tester or the bridge send themselves left out) are compared as sets of distinct
     frames: every frame trex-search sent must be one TRex's client sent. trex-search's
     capture starts with its prime run (10 ms at the trial's load, discarded; the field
     engine starts over with the trial), so over the same number of frames it may cover
     that many fewer values of a long field-engine cycle.

Needs: the stand up (`trex-stand up`, no policer), tcpdump, a trex-searchd and trex-search
build. A script, not a test: it prints a table for docs/trex-profiles.md.

Usage: scripts/dev/native-stand-check.py --searchd BUILD/daemon/searchd/trex-searchd
         --cli BUILD/daemon/cli/trex-search [--rt /var/tmp/trex-stand/rt] [--load 20000]
         [--duration 1.0] [--frames 3000] NAME...
"""
import argparse
import json
import os
import struct
import subprocess
import sys
import tempfile
import time

PY_CLIENT = r"""
import sys
sys.path.insert(0, sys.argv[1] + "/automation/trex_control_plane/interactive")
from trex.stl.api import STLClient, STLProfile
profile = STLProfile.load_py(sys.argv[1] + "/stl/" + sys.argv[2] + ".py", direction=0, port_id=0)
c = STLClient(server="127.0.0.1", sync_port=4501, async_port=4500)
c.connect()
c.acquire(ports=[0, 1], force=True)
c.reset(ports=[0, 1])
c.add_streams(profile.get_streams(), ports=[0])
c.start(ports=[0], mult=sys.argv[3] + "pps", duration=float(sys.argv[4]))
c.wait_on_traffic(ports=[0])
c.release(ports=[0, 1])
c.disconnect()
"""


def read_pcap(path):
    """The frames of a classic pcap file (what tcpdump -w writes), in order."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 24:
        return []
    magic = struct.unpack("<I", data[:4])[0]
    endian = "<" if magic in (0xA1B2C3D4, 0xA1B23C4D) else ">"
    frames, at = [], 24
    while at + 16 <= len(data):
        _, _, caplen, _ = struct.unpack(endian + "IIII", data[at:at + 16])
        frames.append(data[at + 16:at + 16 + caplen])
        at += 16 + caplen
    return frames


def traffic(frames, count):
    """The profile's frames: not ARP, not IPv6 ND, not LLDP or STP."""
    kept = []
    for frame in frames:
        if len(frame) < 14:
            continue
        ether_type = struct.unpack(">H", frame[12:14])[0]
        if ether_type in (0x0806, 0x88CC) or frame[0:6] == bytes.fromhex("0180c2000000"):
            continue
        kept.append(frame)
        if len(kept) == count:
            break
    return kept


class Capture:
    def __init__(self, path, count):
        self.path = path
        self.process = subprocess.Popen(
            ["ip", "netns", "exec", "trexsut", "tcpdump", "-i", "suts0", "-U", "-n", "-w", path,
             "-c", str(count * 3)], stderr=subprocess.PIPE, text=True)
        line = self.process.stderr.readline()  # "listening on suts0 ..." once it captures
        if "listening" not in line:
            sys.exit("tcpdump did not start: " + line)

    def stop(self):
        time.sleep(0.5)  # the last frames through the bridge
        self.process.terminate()
        self.process.wait(timeout=10)


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit(" ".join(command[:3]) + " failed: " + result.stdout + result.stderr)
    return result.stdout


def start_daemon(searchd, scratch, socket_path, config=""):
    """trex-searchd on CPU 0 with `config` as its config file, its socket and state in
    `scratch`, once its socket exists; TRex at the stand's endpoint."""
    with open(os.path.join(scratch, "d.conf"), "w") as f:
        f.write(config)
    daemon = subprocess.Popen(
        ["taskset", "-c", "0", searchd, "--config", os.path.join(scratch, "d.conf"),
         "--socket", socket_path, "--state-dir", os.path.join(scratch, "state"),
         "--trex-endpoint", "tcp://127.0.0.1:4501"],
        stdout=open(os.path.join(scratch, "daemon.log"), "w"), stderr=subprocess.STDOUT)
    for _ in range(200):
        if os.path.exists(socket_path):
            break
        time.sleep(0.05)
    return daemon


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--searchd", required=True)
    parser.add_argument("--cli", required=True)
    parser.add_argument("--rt", default="/var/tmp/trex-stand/rt")
    parser.add_argument("--load", default="20000")
    parser.add_argument("--duration", default="1.0")
    parser.add_argument("--frames", type=int, default=3000)
    parser.add_argument("names", nargs="+")
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="native-stand-")
    socket_path = os.path.join(scratch, "c.sock")
    daemon = start_daemon(args.searchd, scratch, socket_path)
    try:
        print("| profile | streams | frames captured (each) | distinct (trex-search) | "
              "distinct (TRex client) | trex-search frames TRex's client never sent | same frames |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for name in args.names:
            streams = json.loads(run(["./stl-sim", "-f", "stl/" + name + ".py", "-i", "0", "--json"],
                                     cwd=args.rt))
            profile = {"name": name, "port_pairs": [{"ports": [0, 1], "bidirectional": False}],
                       "trex_streams": {"0": streams}}
            job = {"method": "mrr", "name": "native-" + name,
                   "spec": {"load": float(args.load), "trial_duration": float(args.duration),
                            "trials": 1},
                   "measurer": {"kind": "trex", "profile": profile, "counters": "port"}}
            job_path = os.path.join(scratch, name + ".job.json")
            with open(job_path, "w") as f:
                json.dump(job, f)
            ours = os.path.join(scratch, name + ".trex-search.pcap")
            capture = Capture(ours, args.frames)
            run([args.cli, "--socket", socket_path, "submit", "--job-file", job_path, "--watch"])
            capture.stop()
            theirs = os.path.join(scratch, name + ".trex-client.pcap")
            capture = Capture(theirs, args.frames)
            run([sys.executable, "-c", PY_CLIENT, args.rt, name, args.load, args.duration])
            capture.stop()
            a = traffic(read_pcap(ours), args.frames * 3)
            b = traffic(read_pcap(theirs), args.frames * 3)
            n = min(len(a), len(b))
            sa, sb = set(a[:n]), set(b[:n])
            print("| %s | %d | %d | %d | %d | %d | %s |" % (
                name, len(streams), n, len(sa), len(sb), len(sa - sb),
                "yes" if n > 0 and not sa - sb else "NO"))
    finally:
        daemon.terminate()
        daemon.wait(timeout=10)
    print("captures and logs: " + scratch)


if __name__ == "__main__":
    main()
