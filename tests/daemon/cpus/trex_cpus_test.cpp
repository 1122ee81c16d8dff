// Finding the CPUs a local TRex uses, on fake /proc trees: the listening socket, its owner,
// pinned and unpinned threads, and every way it can fail to know.
#include "daemon/cpus/trex_cpus.hpp"

#include <doctest/doctest.h>

#include "tests/daemon/support/fake_proc.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::service {
namespace {

using servicetest::FakeProc;
using servicetest::TempDir;

constexpr std::uint16_t kPort = 4501;

const LocalityOf kLocal = [](const std::string&) { return HostLocality::local; };

// A stand-like TRex: pid 1000 holds the RPC socket (inode 5001) on fd 7; its main thread
// is free, its data-plane and RX threads are pinned. Noise: sshd listening on 22, and a
// client whose established connection to 4501 (not a listener) is another socket.
FakeProc stand(const TempDir& dir, const std::string& online = "0-3") {
  FakeProc proc(dir.path() / "root", online);
  proc.add_tcp(22, 4000);
  proc.add_tcp(kPort, 5001);
  proc.add_tcp(kPort, 6001, false, "01");
  proc.add_process(1, "systemd");
  proc.add_thread(1, 1, "systemd", online);
  proc.add_process(400, "sshd", 4000);
  proc.add_thread(400, 400, "sshd", online);
  proc.add_process(1000, "_t-rex-64", 5001, 7);
  proc.add_thread(1000, 1000, "_t-rex-64", online);
  proc.add_thread(1000, 1001, "rte_mp_handle", online);
  proc.add_thread(1000, 1002, "_t-rex-64", "2");
  proc.add_thread(1000, 1003, "_t-rex-64", "3");
  proc.add_process(2000, "python3", 6001);
  proc.add_thread(2000, 2000, "python3", "1");  // pinned, but not TRex: must not count
  return proc;
}

}  // namespace

TEST_CASE("the listener's owner is found and its pinned threads' CPUs are TRex's") {
  TempDir dir;
  const FakeProc proc = stand(dir);
  const TrexCpuFinding finding = find_listener_cpus(ProcReader(proc.root()), kPort);
  CHECK(finding.kind == TrexCpuFinding::Kind::pinned);
  CHECK(finding.cpus == CpuSet{2, 3});
  CHECK(finding.pids == std::vector<pid_t>{1000});
  CHECK(finding.detail ==
        "pid 1000 (_t-rex-64) listens on TCP port 4501: 2 of 4 threads pinned to CPUs 2-3");
}

TEST_CASE("a low_end TRex with every thread on one core protects that core") {
  TempDir dir;
  FakeProc proc(dir.path() / "root", "0-1");
  proc.add_tcp(kPort, 77, true);  // IPv6 wildcard listener only (tcp6 table)
  proc.add_process(31337, "_t-rex-64", 77, 12);
  for (pid_t tid = 31337; tid < 31342; ++tid) proc.add_thread(31337, tid, "_t-rex-64", "1");
  const TrexCpuFinding finding = find_listener_cpus(ProcReader(proc.root()), kPort);
  CHECK(finding.kind == TrexCpuFinding::Kind::pinned);
  CHECK(finding.cpus == CpuSet{1});
  CHECK(finding.detail.find("5 of 5 threads pinned to CPUs 1") != std::string::npos);
}

TEST_CASE("DPDK's control threads on the CPUs TRex leaves free do not count") {
  TempDir dir;
  SUBCASE("the stand: low_end on CPU 1, as /proc showed it for the real TRex v3.08") {
    FakeProc proc(dir.path() / "root", "0-1");
    proc.add_tcp(kPort, 38);
    proc.add_process(19528, "_t-rex-64", 38, 38);
    const std::pair<const char*, const char*> threads[] = {
        {"_t-rex-64", "1"},      {"dpdk-intr", "0"}, {"dpdk-mp-msg", "0"},
        {"Trex DP core 1", "1"}, {"TRex RX", "1"},   {"dpdk-telemet-v2", "0"},
        {"ZMQbg/0", "1"},        {"ZMQbg/1", "1"},   {"Trex ZMQ sync", "1"},
        {"ZMQbg/2", "1"},        {"ZMQbg/3", "1"},   {"Trex Watchdog", "1"}};
    pid_t tid = 19528;
    for (const auto& [name, cpus] : threads) proc.add_thread(19528, tid++, name, cpus);
    const TrexCpuFinding finding = find_listener_cpus(ProcReader(proc.root()), kPort);
    CHECK(finding.kind == TrexCpuFinding::Kind::pinned);
    CHECK(finding.cpus == CpuSet{1});
    CHECK(finding.detail ==
          "pid 19528 (_t-rex-64) listens on TCP port 4501: 9 of 12 threads pinned to CPUs 1 "
          "(3 DPDK control threads on CPUs 0 do not count)");
  }
  SUBCASE("a 16-CPU server: master 0, data plane 1-2, RX 15, control threads on the rest") {
    FakeProc proc(dir.path() / "root", "0-15");
    proc.add_tcp(kPort, 38);
    proc.add_process(700, "_t-rex-64", 38);
    proc.add_thread(700, 700, "_t-rex-64", "0");
    proc.add_thread(700, 701, "eal-intr-thread", "3-14");  // older DPDK's names
    proc.add_thread(700, 702, "rte_mp_handle", "3-14");
    proc.add_thread(700, 703, "Trex DP core 1", "1");
    proc.add_thread(700, 704, "Trex DP core 2", "2");
    proc.add_thread(700, 705, "TRex RX", "15");
    proc.add_thread(700, 706, "ZMQbg/0", "0");
    const TrexCpuFinding finding = find_listener_cpus(ProcReader(proc.root()), kPort);
    CHECK(finding.cpus == CpuSet{0, 1, 2, 15});
  }
  SUBCASE("with no CPU left free EAL puts them on the main lcore, which is TRex's") {
    FakeProc proc(dir.path() / "root", "0-1");
    proc.add_tcp(kPort, 38);
    proc.add_process(700, "_t-rex-64", 38);
    proc.add_thread(700, 700, "_t-rex-64", "0");
    proc.add_thread(700, 701, "dpdk-intr", "0");
    proc.add_thread(700, 702, "Trex DP core 1", "1");
    const TrexCpuFinding finding = find_listener_cpus(ProcReader(proc.root()), kPort);
    CHECK(finding.cpus == CpuSet{0, 1});
    CHECK(finding.detail.find("3 of 3 threads pinned to CPUs 0-1") != std::string::npos);
  }
}

TEST_CASE("a listener none of whose threads is pinned has no core to protect") {
  TempDir dir;
  FakeProc proc(dir.path() / "root", "0-1");
  proc.add_tcp(kPort, 88);
  proc.add_process(500, "trex-emulator", 88);
  proc.add_thread(500, 500, "trex-emulator", "0-1");
  proc.add_thread(500, 501, "ZMQbg/IO/0", "0-1");
  const TrexCpuFinding finding = find_listener_cpus(ProcReader(proc.root()), kPort);
  CHECK(finding.kind == TrexCpuFinding::Kind::unpinned);
  CHECK(finding.cpus.empty());
  CHECK(finding.pids == std::vector<pid_t>{500});
  CHECK(finding.detail.find("none of its 2 threads is pinned") != std::string::npos);
}

TEST_CASE("what cannot be known is unknown, with the reason") {
  TempDir dir;
  SUBCASE("nothing listens on the port") {
    FakeProc proc = stand(dir);
    const TrexCpuFinding finding = find_listener_cpus(ProcReader(proc.root()), 4999);
    CHECK(finding.kind == TrexCpuFinding::Kind::unknown);
    CHECK(finding.detail ==
          "nothing listens on TCP port 4999 on this host (TRex not running yet?)");
  }
  SUBCASE("an established connection on the port is not a listener") {
    FakeProc proc(dir.path() / "root", "0-3");
    proc.add_tcp(kPort, 6001, false, "01");
    proc.add_process(2000, "python3", 6001);
    proc.add_thread(2000, 2000, "python3", "1");
    CHECK(find_listener_cpus(ProcReader(proc.root()), kPort).kind == TrexCpuFinding::Kind::unknown);
  }
  SUBCASE("no visible process holds the listening socket") {
    FakeProc proc(dir.path() / "root", "0-3");
    proc.add_tcp(kPort, 5001, false, "0A", 0);
    proc.add_process(400, "sshd", 4000);
    const TrexCpuFinding finding = find_listener_cpus(ProcReader(proc.root()), kPort);
    CHECK(finding.kind == TrexCpuFinding::Kind::unknown);
    CHECK(finding.detail.find("a socket listens on TCP port 4501 (owner uid 0) but no visible "
                              "process holds it") == 0);
  }
  SUBCASE("the owner exited before its threads were read") {
    FakeProc proc(dir.path() / "root", "0-3");
    proc.add_tcp(kPort, 5001);
    proc.add_process(1000, "_t-rex-64", 5001);
    std::filesystem::remove_all(proc.root() / "proc" / "1000" / "task");
    const TrexCpuFinding finding = find_listener_cpus(ProcReader(proc.root()), kPort);
    CHECK(finding.kind == TrexCpuFinding::Kind::unknown);
    CHECK(finding.detail ==
          "pid 1000, listening on TCP port 4501, exited while its threads were read");
  }
  SUBCASE("the TCP tables cannot be read") {
    FakeProc proc = stand(dir);
    std::filesystem::remove(proc.root() / "proc" / "net" / "tcp");
    std::filesystem::remove(proc.root() / "proc" / "net" / "tcp6");
    const TrexCpuFinding finding = find_listener_cpus(ProcReader(proc.root()), kPort);
    CHECK(finding.kind == TrexCpuFinding::Kind::unknown);
    CHECK(finding.detail.find("cannot read " + (proc.root() / "proc/net/tcp").string() +
                              ": No such file or directory") == 0);
  }
  SUBCASE("no tcp6 table (IPv6 disabled) is fine") {
    FakeProc proc = stand(dir);
    std::filesystem::remove(proc.root() / "proc" / "net" / "tcp6");
    CHECK(find_listener_cpus(ProcReader(proc.root()), kPort).kind == TrexCpuFinding::Kind::pinned);
  }
  SUBCASE("the online CPUs cannot be read") {
    FakeProc proc = stand(dir);
    std::filesystem::remove(proc.root() / "sys" / "devices" / "system" / "cpu" / "online");
    const TrexCpuFinding finding = find_listener_cpus(ProcReader(proc.root()), kPort);
    CHECK(finding.kind == TrexCpuFinding::Kind::unknown);
    CHECK(finding.detail.find("cannot read the online CPUs from") == 0);
  }
  SUBCASE("a thread's status has a malformed CPU list") {
    FakeProc proc(dir.path() / "root", "0-3");
    proc.add_tcp(kPort, 5001);
    proc.add_process(1000, "_t-rex-64", 5001);
    proc.add_thread(1000, 1000, "_t-rex-64", "", "Cpus_allowed_list:\t3-1");
    const TrexCpuFinding finding = find_listener_cpus(ProcReader(proc.root()), kPort);
    CHECK(finding.kind == TrexCpuFinding::Kind::unknown);
    CHECK(finding.detail.find("Cpus_allowed_list is not a CPU list: \"3-1\"") != std::string::npos);
  }
}

TEST_CASE("the endpoint's host decides whether there is anything to look for") {
  TempDir dir;
  const FakeProc proc = stand(dir);
  const ProcReader reader(proc.root());
  std::string asked;
  const LocalityOf remote = [&](const std::string& host) {
    asked = host;
    return HostLocality::remote;
  };
  const TrexCpuFinding far = find_trex_cpus("tcp://trex.example:4501", reader, remote);
  CHECK(asked == "trex.example");
  CHECK(far.kind == TrexCpuFinding::Kind::remote);
  CHECK(far.detail == "TRex at trex.example is on another host: no CPU here to protect");

  const TrexCpuFinding near = find_trex_cpus("tcp://[::1]:4501", reader, kLocal);
  CHECK(near.kind == TrexCpuFinding::Kind::pinned);
  CHECK(near.cpus == CpuSet{2, 3});

  const LocalityOf unresolvable = [](const std::string&) { return HostLocality::unknown; };
  const TrexCpuFinding lost = find_trex_cpus("tcp://nosuch.invalid:4501", reader, unresolvable);
  CHECK(lost.kind == TrexCpuFinding::Kind::unknown);
  CHECK(lost.detail.find("cannot resolve the TRex host nosuch.invalid") == 0);

  CHECK(find_trex_cpus("ipc:///tmp/x", reader, kLocal).kind == TrexCpuFinding::Kind::unknown);
}

}  // namespace trexsearch::service
