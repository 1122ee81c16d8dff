#!/usr/bin/env python3
"""A stopped fleet database against a running search (issue #30): figures, not a test.

Checks, on real processes, the claim of docs/fleet.md "Replication": a PostgreSQL
server SIGSTOPped for a minute while an MLR search runs changes nothing in the search
(the same trials, the per-trial overhead within the noise), and replication catches up
after SIGCONT.

What it does (Python 3, standard library only; run as root or as any user that may run
the PostgreSQL 15 server binaries):

1. Starts a PostgreSQL 15 server of its own in a temporary directory (initdb -A trust
   -U trexsearch --no-sync; postgres -k DIR -c listen_addresses='' -p 5432 -c fsync=off,
   as the `postgres` user when run as root) and creates the database `fleet`.
2. Runs the same NDR/PDR MLRsearch (the demo's job: docs/examples/spec-ndr-pdr.json,
   64-byte IPv4/UDP both directions with latency streams, the `trex` measurer) through a
   fresh trex-searchd (own state dir, socket and config: trex-cpus = none, results-db =
   the server, tester-id bench-a / bench-b) against a fresh trex-emulator (3.2 Mpps SUT,
   seed 7) at real time (--speed 1), so trials take wall time. Trials last
   --trial-duration seconds (default 2; CSIT's duration sums scaled with it), which makes
   the search about 100 s of wall time, well over the outage.
      run A: the database healthy throughout;
      run B: every process of the server (the postmaster, then each of its children)
             SIGSTOPped --stop-after seconds (5) after the job's first trial is stored,
             for --stop-for seconds (60), then SIGCONT.
   With --control, run A is repeated (A2, healthy) before B, to see whether two healthy
   runs give the same trials at all.
3. Prints per run: trial count; whether the loads equal run A's trial by trial; the
   median, p90 and max per-trial overhead (effective minus intended duration, from
   `trex-search show --json`) and the "cycle" overhead (time between consecutive trials'
   recorded_at minus the trial's intended duration: everything the daemon spends
   between trials, storing included); the search's wall time; the NDR and PDR bounds
   (`trex-search result --json`). For run B also: trials stored during the stop, the
   latency of `trex-search status` while the server was stopped, what `status` said
   about replication (errors, last_error, rows and jobs behind), how long after SIGCONT
   the database held every trial stored up to SIGCONT, and how long after the job's end
   it held the whole job (every trial, equal to the local ones by number and load, the
   job row finished, rows_behind = jobs_behind = 0).
4. Ends with a markdown summary table and the machine's conditions (nproc, load
   average). Exit status: 0; 1 when the trials of B differ from A's (count or any load),
   or the database did not hold the whole job within --catch-up-limit (120) s of
   SIGCONT and of the job's end; 2 on a set-up failure.

Why the noisy SUT can be compared at all: the emulator draws one SUT trial (capacity)
per traffic run, from a generator seeded per direction (--seed 7), so the same sequence
of runs gets the same counts whatever the wall clock does (docs/trex-emulator.md "The
simulated SUT"). A trial the measurer repeats (e.g. a `tx_end_unverified` re-measure on
a busy machine) takes one more draw and shifts every later one; --control shows whether
that happens on this machine (then use --sut sharp, deterministic whatever the draws).
Checked on 2026-11-28 (2 CPUs, load average about 1.5 from other builds and tests): the
two healthy runs A and A2 gave the same 50 trials, load and loss count alike, so the
noisy SUT stays the default.

Run it from the repository, with the binaries already built in build/ (it builds
nothing; it copies trex-searchd, trex-search and trex-emulator to its temporary directory
first, so a rebuild while it runs does not affect it):

    ./bench/fleet/replication_outage.py            # about 5 minutes
    ./bench/fleet/replication_outage.py --control  # about 7 minutes

Everything it starts (server, daemons, emulators) is stopped and its temporary directory
removed at the end, also on Ctrl-C and on errors (--keep keeps the directory: logs).
"""
import argparse
import ctypes
import datetime
import json
import os
import pwd
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PG_BIN = "/usr/lib/postgresql/15/bin"
PG_PORT = 5432
PG_SUPERUSER = "trexsearch"
PROFILE = "ipv4-udp-64b-bidir-latency"
T0 = time.monotonic()


def say(text=""):
    print(text, flush=True)


def note(text):
    say("[%6.1f s] %s" % (time.monotonic() - T0, text))


class SetupError(Exception):
    pass


def parent_death_signal(sig):
    """A preexec_fn: the child gets `sig` when this script dies (set after any setuid)."""
    libc = ctypes.CDLL(None, use_errno=True)

    def arm():
        libc.prctl(1, int(sig), 0, 0, 0)  # PR_SET_PDEATHSIG
    return arm


def stop_process(proc, sig=signal.SIGTERM, bound=15.0):
    """Signals `proc` and waits for it; SIGKILL after `bound` seconds."""
    if proc is None or proc.poll() is not None:
        return
    try:
        proc.send_signal(sig)
        proc.wait(timeout=bound)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def proc_state(pid):
    """(state letter, ppid) of a process, or None when it is gone."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            line = f.read()
    except OSError:
        return None
    rest = line[line.rfind(")") + 2:].split()
    return rest[0], int(rest[1])


def children_of(parent):
    children = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            state = proc_state(int(name))
            if state is not None and state[1] == parent:
                children.append(int(name))
    return sorted(children)


def wall_of(iso):
    """Unix seconds of an ISO 8601 UTC time as the daemon writes it."""
    return datetime.datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def quantile(values, q):
    """Nearest-rank quantile (q in 0..1) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, int(-(-q * len(ordered) // 1)))
    return ordered[min(rank, len(ordered)) - 1]


def ms(seconds):
    return "%.1f ms" % (seconds * 1e3)


class PgServer:
    """A PostgreSQL 15 server of our own: data, socket and log in `root`/pg."""

    def __init__(self, root):
        self.dir = os.path.join(root, "pg")
        self.data = os.path.join(self.dir, "data")
        self.log_path = os.path.join(self.dir, "server.log")
        self.proc = None
        self.stopped = []  # the pids SIGSTOPped, postmaster first
        os.mkdir(self.dir)
        self.user = {}
        if os.geteuid() == 0:
            try:
                entry = pwd.getpwnam("postgres")
            except KeyError:
                raise SetupError("running as root and there is no `postgres` user "
                                 "(scripts/install-deps.sh installs postgresql-15)")
            os.chown(self.dir, entry.pw_uid, entry.pw_gid)
            self.user = dict(user=entry.pw_uid, group=entry.pw_gid, extra_groups=[])
        for program in ("initdb", "postgres", "pg_isready", "psql", "createdb"):
            if not os.access(os.path.join(PG_BIN, program), os.X_OK):
                raise SetupError("no %s/%s: install postgresql-15" % (PG_BIN, program))

    def conninfo(self, database="fleet"):
        return "host=%s port=%d dbname=%s user=%s" % (self.dir, PG_PORT, database, PG_SUPERUSER)

    def _log_file(self):
        return open(self.log_path, "ab")

    def start(self):
        with self._log_file() as log:
            initdb = subprocess.run(
                [os.path.join(PG_BIN, "initdb"), "-D", self.data, "-A", "trust", "-U",
                 PG_SUPERUSER, "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions"],
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, cwd=self.dir,
                timeout=120, **self.user)
        if initdb.returncode != 0:
            raise SetupError("initdb failed; its log:\n" + self.log())
        with self._log_file() as log:
            self.proc = subprocess.Popen(
                [os.path.join(PG_BIN, "postgres"), "-D", self.data, "-k", self.dir,
                 "-c", "listen_addresses=", "-p", str(PG_PORT), "-c", "fsync=off"],
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, cwd=self.dir,
                preexec_fn=parent_death_signal(signal.SIGQUIT), **self.user)
        deadline = time.monotonic() + 30
        while True:
            ready = subprocess.run(
                [os.path.join(PG_BIN, "pg_isready"), "-h", self.dir, "-p", str(PG_PORT), "-t",
                 "1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=10)
            if ready.returncode == 0:
                break
            if self.proc.poll() is not None:
                raise SetupError("postgres exited at start; its log:\n" + self.log())
            if time.monotonic() > deadline:
                raise SetupError("postgres not ready within 30 s; its log:\n" + self.log())
            time.sleep(0.1)
        created = subprocess.run(
            [os.path.join(PG_BIN, "createdb"), "-h", self.dir, "-p", str(PG_PORT), "-U",
             PG_SUPERUSER, "fleet"], capture_output=True, text=True, timeout=30)
        if created.returncode != 0:
            raise SetupError("createdb fleet failed: " + created.stderr.strip())

    def log(self):
        try:
            with open(self.log_path, errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def psql(self, sql, timeout=10):
        """Rows of `sql` (lists of strings), or None when psql fails or times out."""
        try:
            done = subprocess.run(
                [os.path.join(PG_BIN, "psql"), "-X", "-A", "-t", "-F", "\t", "-h", self.dir,
                 "-p", str(PG_PORT), "-U", PG_SUPERUSER, "-d", "fleet", "-v",
                 "ON_ERROR_STOP=1", "-c", sql], capture_output=True, text=True,
                timeout=timeout, env=dict(os.environ, PGCONNECT_TIMEOUT="5"))
        except subprocess.TimeoutExpired:
            return None
        if done.returncode != 0:
            return None
        return [line.split("\t") for line in done.stdout.splitlines() if line]

    def sigstop(self):
        """SIGSTOP the postmaster (first, so that it forks nothing meanwhile), then every
        child; returns the pids stopped."""
        pm = self.proc.pid
        os.kill(pm, signal.SIGSTOP)
        self.stopped = [pm]
        deadline = time.monotonic() + 5
        while (proc_state(pm) or ("?",))[0] != "T":
            if time.monotonic() > deadline:
                raise SetupError("the postmaster did not stop within 5 s")
            time.sleep(0.01)
        while True:  # again until no new child shows up
            fresh = [pid for pid in children_of(pm) if pid not in self.stopped]
            if not fresh:
                break
            for pid in fresh:
                os.kill(pid, signal.SIGSTOP)
                self.stopped.append(pid)
        return list(self.stopped)

    def sigcont(self):
        for pid in reversed(self.stopped):  # the children first, the postmaster last
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass
        self.stopped = []

    def shutdown(self):
        if self.proc is None:
            return
        self.sigcont()
        if self.proc.poll() is None:
            children = children_of(self.proc.pid)
            stop_process(self.proc, signal.SIGINT, 15)  # fast shutdown
            for pid in children:
                if proc_state(pid) is not None:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
        self.proc = None


BINARIES = (("daemon/searchd/trex-searchd", "--version"), ("daemon/cli/trex-search", "--version"),
            ("trex_emulator/trex-emulator", "--help"))


def snapshot_binaries(build, into, bound=300.0):
    """Copies the three binaries to `into` (same relative paths), so that a rebuild while
    the benchmark runs neither breaks it nor mixes versions; retried while a copy does not
    run (a link in progress)."""
    deadline = time.monotonic() + bound
    for relative, probe in BINARIES:
        source, target = os.path.join(build, relative), os.path.join(into, relative)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        while True:
            try:
                shutil.copy2(source, target)
                if subprocess.run([target, probe], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, timeout=10).returncode == 0:
                    break
            except (OSError, subprocess.TimeoutExpired):
                pass
            if time.monotonic() > deadline:
                raise SetupError("cannot copy a working %s within %d s" % (source, bound))
            time.sleep(5)


class Cli:
    def __init__(self, build, socket):
        self.path = os.path.join(build, "daemon", "cli", "trex-search")
        self.socket = socket

    def run(self, *args, timeout=30):
        """(exit code, stdout, stderr, seconds)."""
        start = time.monotonic()
        try:
            done = subprocess.run([self.path, *args, "--socket", self.socket], capture_output=True,
                                  text=True, timeout=timeout + 5)
        except subprocess.TimeoutExpired:
            return None, "", "no answer within %d s" % (timeout + 5), time.monotonic() - start
        except OSError as error:
            raise SetupError("cannot run %s: %s" % (self.path, error))
        return done.returncode, done.stdout, done.stderr, time.monotonic() - start

    def json(self, *args, timeout=30):
        code, out, err, seconds = self.run(*args, "--json", timeout=timeout)
        if code not in (0, 5):  # 5: result not clean, still a document
            raise SetupError("trex-search %s: exit %s: %s" % (" ".join(args), code, err.strip()))
        return json.loads(out), seconds


def arguments_of(reply):
    """The reply's arguments, whether the CLI printed the envelope or only them."""
    if isinstance(reply, dict) and isinstance(reply.get("args"), dict):
        return reply["args"]
    if isinstance(reply, dict) and isinstance(reply.get("arguments"), dict):
        return reply["arguments"]
    return reply


class Run:
    """One search: a fresh emulator and daemon in `root`/run-LABEL."""

    def __init__(self, label, tester, options, root, pg, build):
        self.label, self.tester, self.options, self.pg, self.build = label, tester, options, pg, build
        self.dir = os.path.join(root, "run-" + label)
        os.mkdir(self.dir)
        self.emulator = None
        self.daemon = None
        self.cli = Cli(build, os.path.join(self.dir, "control.sock"))
        self.figures = {"label": label, "tester": tester}

    def path(self, name):
        return os.path.join(self.dir, name)

    def start(self):
        o = self.options
        with open(self.path("emulator.out"), "wb") as out, open(self.path("emulator.log"), "wb") as err:
            self.emulator = subprocess.Popen(
                [os.path.join(self.build, "trex_client", "trex-emulator"), "--rpc-port", "0",
                 "--pub-port", "0", "--sut", o.sut, "--sut-option", "capacity_pps=3.2e6", "--seed",
                 str(o.seed), "--hdrh", "--speed", "1"], stdin=subprocess.DEVNULL, stdout=out,
                stderr=err, preexec_fn=parent_death_signal(signal.SIGTERM))
        endpoint = None
        deadline = time.monotonic() + 10
        while endpoint is None:
            with open(self.path("emulator.out")) as f:
                for line in f:
                    if line.startswith("rpc "):
                        endpoint = line[4:].strip()
            if endpoint:
                break
            if self.emulator.poll() is not None or time.monotonic() > deadline:
                raise SetupError("trex-emulator printed no endpoint: " + open(self.path("emulator.log")).read())
            time.sleep(0.1)
        self.endpoint = endpoint
        with open(self.path("trex-searchd.conf"), "w") as conf:
            conf.write("trex-cpus = none\ntrex-endpoint = %s\nresults-db = %s\ntester-id = %s\n"
                       "log-level = info\n" % (endpoint, self.pg.conninfo(), self.tester))
        with open(self.path("daemon.log"), "wb") as log:
            self.daemon = subprocess.Popen(
                [os.path.join(self.build, "daemon", "searchd", "trex-searchd"), "--config",
                 self.path("trex-searchd.conf"), "--socket", self.cli.socket, "--state-dir",
                 self.path("state")], stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                preexec_fn=parent_death_signal(signal.SIGTERM))
        deadline = time.monotonic() + 10
        while self.cli.run("status", timeout=2)[0] != 0:
            if self.daemon.poll() is not None or time.monotonic() > deadline:
                raise SetupError("trex-searchd did not start; its log:\n" + self.daemon_log())
            time.sleep(0.1)
        # The schema exists and the replicator is connected before the job starts.
        deadline = time.monotonic() + 30
        while True:
            status, _ = self.cli.json("status", timeout=5)
            replication = arguments_of(status).get("replication") or {}
            if replication.get("connected") and replication.get("last_success"):
                break
            if time.monotonic() > deadline:
                raise SetupError("replication not connected within 30 s: %s" % json.dumps(replication))
            time.sleep(0.2)
        note("run %s: emulator %s (--sut %s --seed %d, speed 1), trex-searchd pid %d as tester %s"
             % (self.label, endpoint, o.sut, o.seed, self.daemon.pid, self.tester))

    def stop(self):
        stop_process(self.daemon)
        stop_process(self.emulator)

    def daemon_log(self):
        try:
            with open(self.path("daemon.log"), errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def job_file(self):
        with open(os.path.join(REPO, "docs", "examples", "spec-ndr-pdr.json")) as f:
            spec = json.load(f)
        d = self.options.trial_duration
        for goal in spec["goals"]:
            goal["initial_trial_duration"] = d
            goal["final_trial_duration"] = d
            goal["duration_sum"] = goal["duration_sum"] * d
        job = {"method": "mlr", "name": "fleet-outage", "profile": PROFILE, "spec": spec,
               "measurer": {"kind": "trex", "profile": os.path.join(REPO, "etc", "profiles",
                                                                    PROFILE + ".json"),
                            "speed": 1}}
        with open(self.path("job.json"), "w") as f:
            json.dump(job, f, indent=1)
        return self.path("job.json")

    def fleet_trial_count(self, job):
        rows = self.pg.psql("SELECT count(*) FROM trials WHERE tester = '%s' AND job_id = %d"
                            % (self.tester, job), timeout=5)
        return int(rows[0][0]) if rows else None

    def search(self, outage):
        """Submits the job and follows it; with `outage`, stops the server meanwhile."""
        o, f = self.options, self.figures
        reply, _ = self.cli.json("submit", "--job-file", self.job_file())
        job = int(arguments_of(reply)["job"])
        f["job"] = job
        note("run %s: job %d submitted" % (self.label, job))
        first_trial = stop_at = cont_at = backlog_done = None
        count_at_stop = count_at_cont = None
        status_calls, replication_seen = [], []
        trial_count = 0
        deadline = time.monotonic() + o.job_limit
        while True:
            if time.monotonic() > deadline:
                raise SetupError("job %d did not end within %d s" % (job, o.job_limit))
            status, latency = self.cli.json("status", timeout=10)
            now = time.time()
            args = arguments_of(status)
            running = [r for r in (args["queue"].get("running_jobs") or
                                   ([args["queue"]["running"]] if args["queue"].get("running") else []))
                       if r and r.get("id") == job]
            if running:
                trial_count = running[0]["progress"]["trial_count"]
                if first_trial is None and trial_count >= 1:
                    first_trial = now
                    note("run %s: first trial stored" % self.label)
            replication = args.get("replication") or {}
            if stop_at is not None and cont_at is None:
                status_calls.append(latency)
                replication_seen.append((now - stop_at, replication))
            if outage and first_trial is not None and stop_at is None and now >= first_trial + o.stop_after:
                pids = self.pg.sigstop()
                stop_at, count_at_stop = time.time(), trial_count
                note("run %s: SIGSTOP to the server's %d processes (postmaster %d), %d trials stored"
                     % (self.label, len(pids), pids[0], trial_count))
                # One status call timed while stopped, right away.
                _, first_latency = self.cli.json("status", timeout=10)
                f["status_latency_first"] = first_latency
                note("run %s: status while stopped answered in %s" % (self.label, ms(first_latency)))
            if stop_at is not None and cont_at is None and now >= stop_at + o.stop_for:
                self.pg.sigcont()
                cont_at, count_at_cont = time.time(), trial_count
                note("run %s: SIGCONT after %.1f s stopped, %d trials stored (%d during the stop)"
                     % (self.label, cont_at - stop_at, trial_count, trial_count - count_at_stop))
            if cont_at is not None and backlog_done is None:
                in_db = self.fleet_trial_count(job)
                if in_db is not None and in_db >= count_at_cont:
                    backlog_done = time.time()
                    note("run %s: the database holds the %d trials stored up to SIGCONT, %.2f s after it"
                         % (self.label, count_at_cont, backlog_done - cont_at))
            if not running and (first_trial is not None or args["queue"].get("queued") == []):
                shown, _ = self.cli.json("show", str(job), "--no-trials")
                state = arguments_of(shown)["job"]["state"]
                if state not in ("queued", "running"):
                    break
            time.sleep(0.5 if cont_at is not None else 0.2)
        ended = time.time()
        note("run %s: job %d %s" % (self.label, job, state))
        if stop_at is not None and cont_at is None:  # the job ended during the stop
            self.pg.sigcont()
            cont_at, count_at_cont = time.time(), trial_count
            note("run %s: SIGCONT (the job had ended during the stop)" % self.label)
        f.update(state=state, first_trial=first_trial, stop_at=stop_at, cont_at=cont_at,
                 count_at_stop=count_at_stop, count_at_cont=count_at_cont, ended=ended,
                 status_calls=status_calls, replication_seen=replication_seen)
        shown, _ = self.cli.json("show", str(job))
        shown = arguments_of(shown)
        f["trials"] = shown["trials"]
        f["job_record"] = shown["job"]
        result, _ = self.cli.json("result", str(job))
        f["result"] = arguments_of(result)["result"]
        # Replication of the whole job.
        local = [(t["number"], t["load"]) for t in f["trials"]]
        start = max(ended, cont_at or 0)
        deadline = start + o.catch_up_limit
        complete = None
        last = None
        while time.time() < deadline:
            status, _ = self.cli.json("status", timeout=10)
            replication = arguments_of(status).get("replication") or {}
            rows = self.pg.psql("SELECT number, load FROM trials WHERE tester = '%s' AND job_id = %d "
                                "ORDER BY number" % (self.tester, job), timeout=5)
            jobs = self.pg.psql("SELECT state FROM jobs WHERE tester = '%s' AND job_id = %d"
                                % (self.tester, job), timeout=5)
            if rows is not None and jobs is not None:
                fleet = [(int(n), float(load)) for n, load in rows]
                last = (len(fleet), jobs[0][0] if jobs else None, replication.get("rows_behind"),
                        replication.get("jobs_behind"))
                if (fleet == local and jobs and jobs[0][0] == state and
                        replication.get("rows_behind") == 0 and replication.get("jobs_behind") == 0):
                    complete = time.time()
                    break
            time.sleep(0.2)
        f["complete_at"] = complete
        f["complete_last_look"] = last
        f["replication_end"] = replication
        if backlog_done is None and cont_at is not None and complete is not None:
            backlog_done = complete
        f["backlog_done"] = backlog_done
        if complete is None:
            note("run %s: the database did NOT hold the whole job within %d s (last look: %d of %d "
                 "trials, job row %s, rows_behind %s, jobs_behind %s)"
                 % ((self.label, o.catch_up_limit) + (last[0] if last else -1, len(local)) +
                    (last[1:] if last else (None, None, None))))
        else:
            note("run %s: the database holds the whole job (%d trials, equal by number and load, "
                 "job row %s) %.2f s after the job's end" % (self.label, len(local), state,
                                                            complete - ended))


def overheads(trials):
    """Per trial: effective minus intended duration [s] (null effective: the intended)."""
    values = []
    for t in trials:
        effective = t.get("effective_duration")
        values.append(0.0 if effective is None else effective - t["intended_duration"])
    return values


def cycles(trials):
    """(recorded_at, gap to the previous trial's record minus this trial's intended
    duration) per trial but the first [s]."""
    out = []
    for before, t in zip(trials, trials[1:]):
        gap = wall_of(t["recorded_at"]) - wall_of(before["recorded_at"])
        out.append((wall_of(t["recorded_at"]), gap - t["intended_duration"]))
    return out


def bounds_of(result):
    found = {}
    for goal in result.get("goals", []):
        name = goal.get("name") or goal.get("label")
        found[name] = (goal.get("relevant_lower_bound"), goal.get("relevant_upper_bound"))
    return found


def fmt_bound(pair):
    def one(v):
        return "-" if v is None else "{:,.1f}".format(v)
    return "[%s, %s]" % (one(pair[0]), one(pair[1]))


def stats_text(values):
    if not values:
        return "none"
    return "median %s, p90 %s, max %s (%d trials)" % (
        ms(statistics.median(values)), ms(quantile(values, 0.9)), ms(max(values)), len(values))


def compare_trials(reference, other):
    """(equal, text): trial count and each trial's phase and load."""
    if len(reference) != len(other):
        first = next((i for i, (a, b) in enumerate(zip(reference, other))
                      if (a["phase"], a["load"]) != (b["phase"], b["load"])), None)
        where = "" if first is None else ", first differing trial %d" % reference[first]["number"]
        return False, "%d trials against %d%s" % (len(other), len(reference), where)
    for a, b in zip(reference, other):
        if (a["phase"], a["load"]) != (b["phase"], b["load"]):
            return False, "trial %d: %s %.1f against %s %.1f" % (
                a["number"], b["phase"], b["load"], a["phase"], a["load"])
    return True, "equal (%d trials, trial by trial)" % len(reference)


def log_lines(run, words):
    return [line.rstrip() for line in run.daemon_log().splitlines()
            if any(w in line for w in words)]


def machine():
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    return os.cpu_count(), load


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(REPO, "build"),
                        help="build directory with the binaries (default: REPO/build)")
    parser.add_argument("--sut", default="noisy", help="the emulator's SUT model (noisy)")
    parser.add_argument("--seed", type=int, default=7, help="the emulator's seed (7)")
    parser.add_argument("--trial-duration", type=float, default=2.0,
                        help="every trial's duration [s]; duration sums scale with it (2)")
    parser.add_argument("--stop-after", type=float, default=5.0,
                        help="SIGSTOP this long after the first trial is stored [s] (5)")
    parser.add_argument("--stop-for", type=float, default=60.0, help="how long stopped [s] (60)")
    parser.add_argument("--catch-up-limit", type=float, default=120.0,
                        help="the database must hold the whole job within this [s] (120)")
    parser.add_argument("--job-limit", type=int, default=1800,
                        help="longest wall time of one job [s] (1800)")
    parser.add_argument("--control", action="store_true",
                        help="repeat the healthy run (A2) before B: are two healthy runs equal?")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory (logs)")
    o = parser.parse_args()
    for binary, _ in BINARIES:
        if not os.access(os.path.join(o.build, binary), os.X_OK):
            say("no %s: build it first (this benchmark builds nothing)" % os.path.join(o.build, binary))
            return 2

    def terminate(signum, _frame):
        raise KeyboardInterrupt("signal %d" % signum)
    signal.signal(signal.SIGTERM, terminate)
    signal.signal(signal.SIGHUP, terminate)

    cpus, load_start = machine()
    root = tempfile.mkdtemp(prefix="trex-fleet-bench-", dir="/tmp")
    os.chmod(root, 0o755)  # the server's user reaches its own directory below
    pg = None
    runs = []
    try:
        pg = PgServer(root)
        say("# A stopped fleet database during a search (bench/fleet/replication_outage.py)")
        say("machine: %d CPUs, load average %s; work directory %s" % (cpus, load_start, root))
        say("job: the demo's NDR/PDR (docs/examples/spec-ndr-pdr.json, %s), %g s trials, trex "
            "measurer on trex-emulator --sut %s capacity_pps=3.2e6 --seed %d --speed 1"
            % (PROFILE, o.trial_duration, o.sut, o.seed))
        say()
        bin_dir = os.path.join(root, "bin")
        snapshot_binaries(o.build, bin_dir)
        note("binaries copied from %s to %s (a rebuild meanwhile changes nothing here)"
             % (o.build, bin_dir))
        pg.start()
        note("PostgreSQL 15 ready (pid %d): %s" % (pg.proc.pid, pg.conninfo()))
        plan = [("A", "bench-a", False)]
        if o.control:
            plan.append(("A2", "bench-a2", False))
        plan.append(("B", "bench-b", True))
        for label, tester, outage in plan:
            run = Run(label, tester, o, root, pg, bin_dir)
            runs.append(run)
            try:
                run.start()
                run.search(outage)
            finally:
                run.stop()
        return report(runs, o, cpus, load_start)
    except SetupError as error:
        say("\nFAILED: %s" % error)
        for run in runs:
            say("\n--- %s: last 30 lines of trex-searchd's log" % run.label)
            for line in run.daemon_log().splitlines()[-30:]:
                say("  " + line)
        return 2
    except KeyboardInterrupt:
        say("\ninterrupted; cleaning up")
        return 130
    finally:
        for run in runs:
            run.stop()
        if pg is not None:
            pg.shutdown()
        if o.keep:
            say("kept %s" % root)
        else:
            shutil.rmtree(root, ignore_errors=True)


def report(runs, o, cpus, load_start):
    reference = runs[0].figures
    failed = []
    rows = []
    say()
    for run in runs:
        f = run.figures
        trials = f["trials"]
        over = overheads(trials)
        cyc = cycles(trials)
        wall = wall_of(f["job_record"]["finished_at"]) - wall_of(f["job_record"]["started_at"])
        bounds = bounds_of(f["result"])
        equal, equal_text = (True, "reference") if run is runs[0] else compare_trials(reference["trials"], trials)
        losses_equal = run is runs[0] or [t["loss_count"] for t in trials] == [t["loss_count"] for t in reference["trials"]]
        say("## run %s (tester %s, job %d, %s)" % (run.label, run.tester, f["job"], f["state"]))
        say("trials: %d (%d main, %d latency); loads against run A: %s%s" % (
            len(trials), sum(t["phase"] != "latency" for t in trials),
            sum(t["phase"] == "latency" for t in trials), equal_text,
            "" if run is runs[0] else "; loss counts %s" % ("equal" if losses_equal else "differ")))
        say("overhead (effective - intended): %s" % stats_text(over))
        say("cycle overhead (record to record - intended): %s" % stats_text([c for _, c in cyc]))
        notes = sum(1 for t in trials if t.get("notes"))
        say("search wall time %.1f s; trials with notes: %d; NDR %s, PDR %s pps" % (
            wall, notes, fmt_bound(bounds.get("NDR", (None, None))),
            fmt_bound(bounds.get("PDR", (None, None)))))
        row = {"run": run.label, "trials": len(trials), "equal": equal, "over": over,
               "wall": wall, "bounds": bounds, "cyc": [c for _, c in cyc]}
        if f.get("stop_at"):
            stop_at, cont_at = f["stop_at"], f["cont_at"]
            inside = [t for t in trials if stop_at <= wall_of(t["recorded_at"]) <= cont_at]
            inside_over = overheads(inside)
            inside_cyc = [c for when, c in cyc if stop_at <= when <= cont_at]
            say("stop: %.1f s after the first trial was stored, for %.1f s; trials stored during it: "
                "%d (numbers %s)" % (stop_at - f["first_trial"], cont_at - stop_at, len(inside),
                                     "%d..%d" % (inside[0]["number"], inside[-1]["number"]) if inside else "-"))
            say("  their overhead: %s" % stats_text(inside_over))
            say("  their cycle overhead: %s" % stats_text(inside_cyc))
            calls = f["status_calls"]
            say("  `trex-search status` while stopped: first call %s; %d calls, median %s, max %s"
                % (ms(f["status_latency_first"]), len(calls), ms(statistics.median(calls)) if calls else "-",
                   ms(max(calls)) if calls else "-"))
            seen_at = [when for when, _ in f["replication_seen"]]
            seen = [s for _, s in f["replication_seen"]]
            if seen:
                last = seen[-1]
                errors = [s.get("errors", 0) for s in seen]
                reasons = []
                for s in seen:
                    if s.get("last_error") and s["last_error"] not in reasons:
                        reasons.append(s["last_error"])
                first_failing = next((i for i, s in enumerate(seen) if not s.get("connected")), None)
                say("  status's replication during the stop: connected %s -> %s, errors %s -> %s, "
                    "rows_behind up to %s, jobs_behind up to %s" % (
                        seen[0].get("connected"), last.get("connected"), errors[0], errors[-1],
                        max(s.get("rows_behind", 0) for s in seen),
                        max(s.get("jobs_behind", 0) for s in seen)))
                if first_failing is not None:
                    say("  first reported not connected %.1f s into the stop" % seen_at[first_failing])
                for reason in reasons:
                    say("  last_error: %s" % reason)
                if not reasons:
                    say("  last_error: none reported during the stop")
            backlog = f.get("backlog_done")
            say("after SIGCONT: the trials stored up to it (%d) were in the database %s" % (
                f["count_at_cont"], "after %.2f s" % (backlog - cont_at) if backlog else "NOT within the limit"))
            row["stored_in_stop"] = len(inside)
            row["inside_over"] = inside_over
            row["backlog"] = None if backlog is None else backlog - cont_at
            row["status_first"] = f["status_latency_first"]
            if backlog is None or backlog - cont_at > o.catch_up_limit:
                failed.append("run %s: the database did not hold the trials stored up to SIGCONT within %d s"
                              % (run.label, o.catch_up_limit))
        complete = f.get("complete_at")
        rep = f.get("replication_end") or {}
        say("database: whole job %s; replication at the end: rows_sent %s, errors %s, rows_behind %s, "
            "jobs_behind %s" % ("after %.2f s from the job's end%s" % (
                complete - f["ended"], "" if not f.get("cont_at") else " (%.2f s from SIGCONT)" % (complete - f["cont_at"]))
                if complete else "NOT within %d s" % o.catch_up_limit,
                rep.get("rows_sent"), rep.get("errors"), rep.get("rows_behind"), rep.get("jobs_behind")))
        row["complete"] = None if complete is None else complete - f["ended"]
        if complete is None:
            failed.append("run %s: the database did not hold the whole job within %d s" % (run.label, o.catch_up_limit))
        if not equal and run.label == "B":
            failed.append("run B: trials differ from run A's: " + equal_text)
        lines = log_lines(run, ("replication", "warning", "error", "<3>", "<4>"))
        if lines:
            say("trex-searchd log (replication, warnings, errors): %d lines%s" % (
                len(lines), ", the first 12:" if len(lines) > 12 else ":"))
            for line in lines[:12]:
                say("  " + line)
        say()
        rows.append(row)

    cpus_end, load_end = machine()
    say("## Summary")
    say()
    say("| run | database | trials | loads = A | overhead median | p90 | max | cycle median | p90 | wall time | NDR [pps] | PDR [pps] |")
    say("| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |")
    for run, row in zip(runs, rows):
        say("| %s | %s | %d | %s | %s | %s | %s | %s | %s | %.1f s | %s | %s |" % (
            row["run"], "SIGSTOP %g s" % o.stop_for if "backlog" in row else "healthy", row["trials"],
            "-" if run is runs[0] else ("yes" if row["equal"] else "**no**"),
            ms(statistics.median(row["over"])), ms(quantile(row["over"], 0.9)), ms(max(row["over"])),
            ms(statistics.median(row["cyc"])), ms(quantile(row["cyc"], 0.9)),
            row["wall"], fmt_bound(row["bounds"].get("NDR", (None, None))),
            fmt_bound(row["bounds"].get("PDR", (None, None)))))
    say()
    for row in rows:
        if "backlog" in row:
            say("Run %s: %d trials stored during the stop (overhead median %s, p90 %s); `status` answered "
                "in %s while stopped; the backlog was in the database %s after SIGCONT, the whole job "
                "%s after its end." % (
                    row["run"], row["stored_in_stop"],
                    ms(statistics.median(row["inside_over"])) if row["inside_over"] else "-",
                    ms(quantile(row["inside_over"], 0.9)) if row["inside_over"] else "-",
                    ms(row["status_first"]),
                    "%.2f s" % row["backlog"] if row["backlog"] is not None else "NOT",
                    "%.2f s" % row["complete"] if row["complete"] is not None else "NOT"))
    for row in rows[1:]:
        if row["run"] == "A2" and not row["equal"]:
            say("Note: the two healthy runs (A, A2) differ, so the SUT/timing is not reproducible on this "
                "machine with --sut %s; a difference in B proves nothing: rerun with --sut sharp." % o.sut)
    say()
    say("machine: %d CPUs (nproc); load average %s at the start, %s at the end" % (cpus, load_start, load_end))
    if failed:
        say()
        for line in failed:
            say("FAIL: " + line)
        return 1
    say("verdict: the same trials with and without the outage, and the database caught up")
    return 0


if __name__ == "__main__":
    sys.exit(main())
