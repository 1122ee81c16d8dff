#!/usr/bin/env python3
"""How long a trex job takes to fail once TRex freezes (issue #15 item 5).

Starts trex-emulator (--speed 500) and trex-searchd in a temp dir, submits an MLR
trex job with the given reconnect_grace and rpc_timeout, SIGSTOPs the emulator after
the job's third trial and prints how long the job took to fail after that, with its
reason. A script, not a test: it polls (every 10 ms) and prints wall-clock figures.

Usage: scripts/dev/grace-figure.py TREX_SEARCHD TREX_EMULATOR [GRACE_S [RPC_TIMEOUT_S [RUNS]]]

With REAL_TREX_ENDPOINT and REAL_TREX_PID set (a real TRex, e.g. the stand's
tcp://127.0.0.1:4501 and its _t-rex-64 pid), that TRex is frozen instead (real time,
loads up to 300 kpps) and SIGCONTed after each run; TREX_EMULATOR is then unused.
"""
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

DAEMON, EMULATOR = sys.argv[1], sys.argv[2]
GRACE = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
RPC_TIMEOUT = float(sys.argv[4]) if len(sys.argv) > 4 else 3.0
RUNS = int(sys.argv[5]) if len(sys.argv) > 5 else 3
SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROFILE = json.load(open(os.path.join(SOURCE, "etc/profiles/ipv4-udp-64b-bidir.json")))


def request(sock_path, command, arguments=None):
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(10.0)
        sock.connect(sock_path)
        sock.sendall(json.dumps({"id": 1, "command": command,
                                 "arguments": arguments or {}}).encode() + b"\n")
        buffer = b""
        while True:
            while b"\n" not in buffer:
                chunk = sock.recv(1 << 20)
                if not chunk:
                    raise EOFError("connection closed")
                buffer += chunk
            line, buffer = buffer.split(b"\n", 1)
            reply = json.loads(line)
            if "event" not in reply:
                return reply


def poll(what, predicate, limit_s=120.0):
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.01)
    raise SystemExit("timed out waiting for " + what)


def one_run(tmp):
    sock_path = os.path.join(tmp, "control.sock")
    conf = os.path.join(tmp, "empty.conf")
    open(conf, "w").close()
    real_endpoint = os.environ.get("REAL_TREX_ENDPOINT")
    if real_endpoint:
        emulator, endpoint, speed, max_load = None, real_endpoint, 1, 3e5
        trex_pid = int(os.environ["REAL_TREX_PID"])
    else:
        emulator = subprocess.Popen([EMULATOR, "--rpc-port", "0", "--pub-port", "0", "--sut",
                                     "sharp", "--sut-option", "capacity_pps=1e6", "--speed", "500"],
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        endpoint, speed, max_load = emulator.stdout.readline().split()[1], 500, 2e6
        trex_pid = emulator.pid
    daemon = subprocess.Popen([DAEMON, "--config", conf, "--socket", sock_path, "--state-dir",
                               os.path.join(tmp, "state")],
                              stderr=open(os.path.join(tmp, "daemon.log"), "a"))
    try:
        def ready():
            try:
                return request(sock_path, "version")
            except OSError:
                return None
        poll("the daemon", ready, 20.0)
        job = {"spec": {"goals": [{"name": "NDR"}, {"name": "PDR", "loss_ratio": 0.005}],
                        "min_load": 10000, "max_load": max_load},
               "measurer": {"kind": "trex", "endpoint": endpoint, "profile": PROFILE,
                            "speed": speed, "reconnect_grace": GRACE, "rpc_timeout": RPC_TIMEOUT,
                            "force_acquire": True}}
        reply = request(sock_path, "submit", job)
        if reply["result"] != 0:
            raise SystemExit("submit refused: " + reply.get("text", ""))
        job_id = reply["arguments"]["job"]

        def show():
            return request(sock_path, "show", {"job": job_id})["arguments"]["job"]
        poll("3 trials", lambda: show()["trial_count"] >= 3)
        os.kill(trex_pid, signal.SIGSTOP)
        stopped = time.monotonic()
        ended = poll("the job's end", lambda: (lambda j: j if j["state"] != "running" else None)(show()))
        took = time.monotonic() - stopped
        return took, ended["state"], ended["reason"]
    finally:
        if emulator is None:
            os.kill(trex_pid, signal.SIGCONT)
        else:
            emulator.send_signal(signal.SIGKILL)
            emulator.wait()
        daemon.send_signal(signal.SIGTERM)
        daemon.wait(timeout=60)


def main():
    for run in range(RUNS):
        with tempfile.TemporaryDirectory(prefix="trex-search-grace-") as tmp:
            took, state, reason = one_run(tmp)
        print(f"grace {GRACE} s, rpc_timeout {RPC_TIMEOUT} s: job {state} {took:.2f} s after "
              f"SIGSTOP: {reason}", flush=True)


main()
