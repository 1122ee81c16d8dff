#!/usr/bin/python3
"""The same connection-rate NDR/PDR as an ASTF job of trex-searchd, made with TRex's own
Python ASTF client (trex.astf.api): a reference outside the product, to check that
trex-search's bounds are TRex's (docs/astf.md "Checked on a real TRex").

Each trial: start(mult=load, duration, nc=True, client_mask) on the profile trex-search
uploads for the default template of that protocol (made by TRex's own Python from
tests/trex_client/fixtures/astf/nat44_like.py, which the golden files come from), wait
for the traffic to end, then count as CSIT does: TCP attempted = client
tcps_connattempt, succeeded = client tcps_connects; UDP attempted = client port
opackets, succeeded = client port ipackets. Loss ratio =
(attempted - succeeded) / attempted, plus unattempted transactions. For each goal a
bisection to the goal's relative width (0.005) between --min-load and --max-load, one
trial per load: enough for the stand's deterministic limit (not MLRsearch itself).

Run with Debian's python3 (it has zmq) from TRex's runtime directory:
  cd /var/tmp/trex-stand/rt && PYTHONPATH=automation/trex_control_plane/interactive \\
    /usr/bin/python3 /path/to/bench/astf/trex_python_cps_ndr.py --protocol tcp
"""
import argparse
import os
import sys

from trex.astf.api import ASTFClient, ASTFProfile

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "../../tests/trex_client/fixtures/astf")


def trial(client, protocol, load, duration):
    client.clear_stats()  # port counters count since TRex started
    client.start(mult=load, duration=duration, nc=True, client_mask=1)
    client.wait_on_traffic()
    stats = client.get_stats()
    if protocol == "tcp":
        attempted = stats["traffic"]["client"].get("tcps_connattempt", 0)
        succeeded = stats["traffic"]["client"].get("tcps_connects", 0)
    else:
        attempted = stats[0]["opackets"]
        succeeded = stats[0]["ipackets"]
    intended = int(load * duration)
    unsent = max(0, intended - attempted - 2)  # trex-search's count tolerance: 2
    loss = (attempted - succeeded + unsent) / max(attempted, intended)
    return attempted, succeeded, loss


def bisect(client, protocol, loss_ratio, low, high, duration, width, log):
    # low passes and high fails, as measured; narrow until high is within `width` of low.
    for load in (low, high):
        attempted, succeeded, loss = trial(client, protocol, load, duration)
        log.append((load, attempted, succeeded, loss))
    if log[-2][3] > loss_ratio:
        return None, low
    if log[-1][3] <= loss_ratio:
        return high, None
    while (high - low) / high > width:
        load = (low + high) / 2
        attempted, succeeded, loss = trial(client, protocol, load, duration)
        log.append((load, attempted, succeeded, loss))
        if loss <= loss_ratio:
            low = load
        else:
            high = load
    return low, high


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--protocol", choices=("tcp", "udp"), default="tcp")
    parser.add_argument("--min-load", type=float, default=500.0)
    parser.add_argument("--max-load", type=float, default=20000.0)
    parser.add_argument("--duration", type=float, default=1.0)
    parser.add_argument("--width", type=float, default=0.005)
    args = parser.parse_args()
    client = ASTFClient()
    client.connect()
    client.reset()
    client.load_profile(ASTFProfile.load(os.path.join(FIXTURES, "nat44_like.py"),
                                         protocol=args.protocol))
    print("| goal | lower bound [cps] | upper bound [cps] | trials |")
    print("| --- | --- | --- | --- |")
    for name, loss_ratio in (("NDR", 0.0), ("PDR", 0.005)):
        log = []
        low, high = bisect(client, args.protocol, loss_ratio, args.min_load, args.max_load,
                           args.duration, args.width, log)
        print("| %s | %s | %s | %d |" % (name, "%.1f" % low if low else "-",
                                          "%.1f" % high if high else "-", len(log)))
        for load, attempted, succeeded, loss in log:
            print("|  | %.1f: %d attempted, %d succeeded, loss %.5f | | |" % (
                load, attempted, succeeded, loss), file=sys.stderr)
    client.disconnect()


if __name__ == "__main__":
    main()
