#!/usr/bin/env python3
"""A simulated SUT with a hard capacity, as a trex-search external measurer.

Usage: sharp_sut.py [CAPACITY_PPS [OVERHEAD_S]]   (defaults: 1e6 frames/s, 0 s)

Reads one request per line on stdin, {"load": L, "duration": D}, and answers one
line per request on stdout: it offers round(L * D) frames, forwards at most
round(CAPACITY * D) of them and reports the rest as lost. With OVERHEAD_S > 0 it
also reports effective_duration = D + OVERHEAD_S (like real trial set-up time).
Exits when stdin closes. See docs/external-measurer.md.
"""
import json
import sys

capacity = float(sys.argv[1]) if len(sys.argv) > 1 else 1e6
overhead = float(sys.argv[2]) if len(sys.argv) > 2 else 0.0

for line in sys.stdin:
    try:
        request = json.loads(line)
        offered = round(request["load"] * request["duration"])
        forwarded = min(offered, round(capacity * request["duration"]))
        reply = {"offered_count": offered, "loss_count": offered - forwarded}
        if overhead > 0:
            reply["effective_duration"] = request["duration"] + overhead
    except (ValueError, KeyError, TypeError) as error:
        reply = {"error": f"bad request {line.strip()!r}: {error!r}"}
    print(json.dumps(reply), flush=True)
