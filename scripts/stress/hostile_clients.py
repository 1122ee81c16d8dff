#!/usr/bin/env python3
"""Attacks 2-6 of scripts/stress/hostile-clients.sh against one trex-searchd in a temp dir.

argv: TREX_SEARCHD_BINARY MAX_STATUS_MS. Prints one PASS/FAIL line per attack with
the daemon's RSS; exit status 1 when any failed.
"""
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

DAEMON = sys.argv[1]
MAX_STATUS_MS = float(sys.argv[2])
SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROFILE = json.load(open(os.path.join(SOURCE, "etc/profiles/ipv4-udp-64b-bidir.json")))
TMP = tempfile.mkdtemp(prefix="trex-search-hostile-")
os.chmod(TMP, 0o755)
SOCK = os.path.join(TMP, "control.sock")
STATE = os.path.join(TMP, "state")
CONF = os.path.join(TMP, "empty.conf")
open(CONF, "w").close()
failures = []
daemon = None


def start_daemon():
    global daemon
    log = open(os.path.join(TMP, "daemon.log"), "a")
    daemon = subprocess.Popen([DAEMON, "--config", CONF, "--socket", SOCK, "--state-dir", STATE,
                               "--socket-mode", "0666"], stderr=log)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            Client().request("version")
            return
        except OSError:
            time.sleep(0.05)  # a script, not a test: polling the socket for readiness
    raise SystemExit("trex-searchd did not start; log in " + TMP)


def stop_daemon():
    daemon.send_signal(signal.SIGTERM)
    daemon.wait(timeout=60)


def rss_kib():
    try:
        with open(f"/proc/{daemon.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return -1


def verdict(name, ok, detail):
    print(f"{'PASS' if ok else 'FAIL'} {name}: {detail}; daemon RSS {rss_kib()} KiB", flush=True)
    if not ok:
        failures.append(name)


class Client:
    def __init__(self, timeout=10.0):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(SOCK)
        self.buffer = b""

    def send_raw(self, data):
        self.sock.sendall(data)

    def line(self):
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise EOFError("connection closed")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def request(self, command, arguments=None, request_id=1):
        self.send_raw(json.dumps({"id": request_id, "command": command,
                                  "arguments": arguments or {}}).encode() + b"\n")
        while True:
            reply = json.loads(self.line())
            if "event" not in reply:
                return reply

    def close(self):
        self.sock.close()


def trex_job(**measurer):
    job = {"spec": {"goals": [{"name": "NDR"}], "min_load": 10000, "max_load": 1e6},
           "measurer": {"kind": "trex", "profile": PROFILE, "port_speed_gbps": 10}}
    job["measurer"].update(measurer)
    return job


def attack_profile_paths():
    fifo = os.path.join(TMP, "profile.fifo")
    os.mkfifo(fifo)
    before = rss_kib()
    for path in (fifo, "/dev/zero"):
        client = Client(timeout=5.0)
        start = time.monotonic()
        try:
            reply = client.request("submit", trex_job(profile=path))
            took = (time.monotonic() - start) * 1000
            ok = reply["result"] == 4 and "does not read files" in reply["text"] and took < 1000
            detail = f"reply {reply['result']} in {took:.1f} ms: {reply['text'][:90]}"
        except (OSError, EOFError) as error:
            ok, detail = False, f"no reply within 5 s ({error}): the daemon opened it"
        grown = rss_kib() - before
        verdict(f"profile path {path}", ok and grown < 10240, f"{detail}; RSS +{grown} KiB")
        client.close()


def attack_rpc_timeout():
    client = Client()
    reply = client.request("submit", trex_job(rpc_timeout=9.2e9))
    verdict("rpc_timeout 9.2e9", reply["result"] == 4 and "rpc_timeout" in reply["text"],
            f"reply {reply['result']}: {reply['text'][:100]}")
    # A "TRex" that accepts and never answers.
    silent = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    silent.bind(("127.0.0.1", 0))
    silent.listen(16)
    held = []

    def hold():
        try:
            while True:
                held.append(silent.accept())
        except OSError:
            pass  # closed at the end of the attack

    threading.Thread(target=hold, daemon=True).start()
    port = silent.getsockname()[1]
    # reconnect_grace 20: a job that ignores the cancel cannot block the attacks after it
    # for long (they queue behind it).
    reply = client.request("submit", trex_job(rpc_timeout=60, reconnect_grace=20,
                                              endpoint=f"tcp://127.0.0.1:{port}"))
    job = reply["arguments"].get("job")
    if job is None:
        verdict("cancel during a 60 s RPC wait", False, reply["text"])
        return
    deadline = time.monotonic() + 20
    while client.request("show", {"job": job, "trials": False})["arguments"]["job"]["state"] \
            != "running" and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.0)  # let it sit in its RPC wait
    start = time.monotonic()
    client.request("cancel", {"job": job})
    state = "running"
    while state == "running" and time.monotonic() - start < 10:
        state = client.request("show", {"job": job, "trials": False})["arguments"]["job"]["state"]
        time.sleep(0.02)
    took = time.monotonic() - start
    verdict("cancel during a 60 s RPC wait", state == "cancelled" and took < 3,
            f"job {job} {state} {took:.2f} s after the cancel (rpc_timeout 60)")
    silent.close()


def attack_names():
    cases = [(b'"\xff\xfe name"', "invalid UTF-8 name"),
             (b'"run\\u001b[2J"', "control character name"),
             (b'"ok", "spec": {"goals": [{"name": "\\u009b31m"}], "min_load": 1, "max_load": 2}',
              "C1 control in a goal name")]
    for name, label in cases:
        client = Client()
        body = (b'{"id": 1, "command": "submit", "arguments": {"measurer": {"kind": "sim", '
                b'"model": "sharp"}, "name": ' + name + b'}}\n')
        if b'"spec"' not in name:
            body = body.replace(b'"name": ', b'"spec": {"goals": [{}], "min_load": 1, '
                                b'"max_load": 2}, "name": ')
        client.send_raw(body)
        reply = json.loads(client.line())
        verdict(label, reply["result"] == 4, f"reply {reply['result']}: {reply['text'][:100]}")
        client.close()


def attack_connections(count=40, per_user=32):
    read_end, write_end = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(read_end)
        try:
            if os.geteuid() == 0:
                os.setgid(65534)
                os.setuid(65534)  # nobody: root is exempt from the per-user limit
            clients, busy = [], 0
            for _ in range(count):
                try:
                    client = Client()
                    clients.append(client)
                    busy += client.request("status")["result"] == 7
                except (OSError, EOFError):
                    busy += 1  # closed right after (or before) its busy line

            os.write(write_end, str(busy).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    busy = int(os.read(read_end, 64) or b"-1")
    os.waitpid(child, 0)
    ok = busy == count - per_user and Client().request("status")["result"] == 0
    verdict(f"{count} connections of one user", ok,
            f"{busy} refused with busy (max-clients-per-user {per_user}); others still served")


def grow(job, target):
    db = sqlite3.connect(os.path.join(STATE, "jobs.sqlite"))
    base = db.execute("SELECT MAX(number) FROM trials WHERE job_id = ?", (job,)).fetchone()[0]
    columns = ("phase, load_pps, intended_duration, offered_count, loss_count, intended_count, "
               "effective_duration, notes, loss_ratio, started_at, recorded_at, plr, detail")
    for k in range(1, target // base + 1):
        db.execute(f"INSERT INTO trials(job_id, number, {columns}) SELECT job_id, number + ?, "
                   f"{columns} FROM trials WHERE job_id = ? AND number <= ?", (k * base, job, base))
    db.commit()
    count = db.execute("SELECT COUNT(*) FROM trials WHERE job_id = ?", (job,)).fetchone()[0]
    db.close()
    return count


def attack_heavy_requests(clients=6, trials=60000):
    client = Client()
    job = client.request("submit", {"spec": {"goals": [{"name": "NDR"}, {"name": "PDR",
                                             "loss_ratio": 0.005}],
                                             "min_load": 10000, "max_load": 2e6},
                                    "measurer": {"kind": "sim", "model": "sharp",
                                                 "options": {"capacity_pps": 1e6}}})["arguments"]["job"]
    deadline = time.monotonic() + 120
    while client.request("show", {"job": job, "trials": False})["arguments"]["job"]["state"] \
            not in ("finished", "failed"):
        if time.monotonic() > deadline:
            raise RuntimeError(f"job {job} did not finish within 120 s (queued behind another?)")
        time.sleep(0.05)
    client.close()
    stop_daemon()
    stored = grow(job, trials)
    start_daemon()
    status_client = Client(timeout=60)
    start = time.monotonic()
    status_client.request("show", {"job": job})
    alone = (time.monotonic() - start) * 1000
    outstanding = [clients]
    lock = threading.Lock()

    def heavy():
        c = Client(timeout=300)
        for i, command in enumerate(("show", "analyze", "result")):
            c.send_raw(json.dumps({"id": i, "command": command, "arguments": {"job": job}})
                       .encode() + b"\n")
        for _ in range(3):
            c.line()
        with lock:
            outstanding[0] -= 1

    threads = [threading.Thread(target=heavy) for _ in range(clients)]
    for thread in threads:
        thread.start()
    latencies, peak = [], 0
    phase = time.monotonic()
    while outstanding[0] > 0:
        start = time.monotonic()
        status_client.request("status")
        latencies.append((time.monotonic() - start) * 1000)
        peak = max(peak, rss_kib())
    phase = time.monotonic() - phase
    for thread in threads:
        thread.join()
    latencies.sort()
    p50 = latencies[len(latencies) // 2] if latencies else -1
    worst = latencies[-1] if latencies else -1
    verdict(f"{clients} clients x show+analyze+result of a {stored}-trial job",
            bool(latencies) and worst < MAX_STATUS_MS,
            f"one show alone {alone:.0f} ms; {len(latencies)} status during {phase:.1f} s: "
            f"p50 {p50:.2f} ms, max {worst:.2f} ms (limit {MAX_STATUS_MS:.0f}); peak RSS {peak} KiB")


def main():
    start_daemon()
    print(f"== trex-searchd in {TMP}: idle RSS {rss_kib()} KiB", flush=True)
    for attack in (attack_profile_paths, attack_rpc_timeout, attack_names, attack_connections,
                   attack_heavy_requests):
        print(f"== {attack.__name__}", flush=True)
        try:
            attack()
        except Exception as error:  # an attack that broke the script is a failure too
            verdict(attack.__name__, False, f"{type(error).__name__}: {error}")
    stop_daemon()
    print(f"{'FAIL' if failures else 'PASS'}: {len(failures)} failed"
          + (f" ({', '.join(failures)})" if failures else ""), flush=True)
    shutil.rmtree(TMP, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
