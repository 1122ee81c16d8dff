// Where the daemon's threads go, as data: the trex-cpus setting, what /proc said, the cpus
// key and the CPUs the daemon started on, against the decision.
#include "daemon/cpus/cpu_decision.hpp"

#include <doctest/doctest.h>

#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

TrexCpuFinding found(TrexCpuFinding::Kind kind, CpuSet cpus = {}) {
  TrexCpuFinding finding;
  finding.kind = kind;
  finding.cpus = std::move(cpus);
  finding.detail = "what /proc said";
  return finding;
}

TrexCpusSetting setting(const char* text) {
  return parse_trex_cpus_setting(text, CpuSet{0, 1, 2, 3});
}

struct Scenario {
  const char* name;
  TrexCpusSetting trex_cpus;
  std::optional<CpuSet> cpus_key;
  CpuSet base;
  std::optional<TrexCpuFinding> finding;
  // Expected:
  std::optional<CpuSet> trex;
  CpuSet daemon;
  bool idle;
  const char* warning_start;  // "" when no warning
};

}  // namespace

TEST_CASE("the daemon keeps off TRex's CPUs, and runs integration idle when it cannot") {
  using Kind = TrexCpuFinding::Kind;
  const CpuSet all{0, 1, 2, 3};
  // clang-format off
  const Scenario scenarios[] = {
      // name, trex-cpus, cpus key, started on, /proc found -> TRex's, daemon's, idle, warning
      {"auto, TRex pinned to 1: the daemon gets the rest",
       setting("auto"), {}, all, found(Kind::pinned, {1}),
       CpuSet{1}, {0, 2, 3}, false, ""},
      {"auto, started under taskset -c 0-1: never more than that",
       setting("auto"), {}, {0, 1}, found(Kind::pinned, {1, 2}),
       CpuSet{1, 2}, {0}, false, ""},
      {"auto, remote TRex: nothing to protect",
       setting("auto"), {}, all, found(Kind::remote),
       CpuSet{}, all, false, ""},
      {"auto, unpinned (an emulator): nothing to protect",
       setting("auto"), {}, all, found(Kind::unpinned),
       CpuSet{}, all, false, ""},
      {"auto, unknown: all CPUs, integration idle, a warning",
       setting("auto"), {}, all, found(Kind::unknown),
       std::nullopt, all, true, "cannot tell which CPUs TRex uses"},
      {"auto, TRex on every CPU: integration idle, a warning",
       setting("auto"), {}, {0, 1}, found(Kind::pinned, {0, 1}),
       CpuSet{0, 1}, {0, 1}, true, "TRex uses every CPU"},
      {"a trex-cpus list needs no /proc",
       setting("2-3"), {}, all, std::nullopt,
       CpuSet{2, 3}, {0, 1}, false, ""},
      {"a trex-cpus list covering every CPU",
       setting("0-3"), {}, all, std::nullopt,
       all, all, true, "TRex uses every CPU the daemon may use (0-3)"},
      {"none: no protection, no warning",
       setting("none"), {}, all, std::nullopt,
       CpuSet{}, all, false, ""},
      {"the cpus key wins",
       setting("auto"), CpuSet{0}, all, found(Kind::pinned, {1}),
       CpuSet{1}, {0}, false, ""},
      {"the cpus key wins but overlapping TRex is a warning",
       setting("auto"), CpuSet{0, 1}, all, found(Kind::pinned, {1, 2}),
       CpuSet{1, 2}, {0, 1}, false, "cpus = 0-1 includes TRex's CPUs 1:"},
      {"the cpus key with TRex unknown: the operator decided, integration normal",
       setting("auto"), CpuSet{0}, all, found(Kind::unknown),
       std::nullopt, {0}, false, ""},
  };
  // clang-format on
  for (const Scenario& scenario : scenarios) {
    CAPTURE(scenario.name);
    const CpuPolicy policy{scenario.trex_cpus, scenario.cpus_key, scenario.base};
    const CpuDecision decision = decide_cpus(policy, scenario.finding);
    CHECK(decision.trex_cpus == scenario.trex);
    CHECK(decision.daemon_cpus == scenario.daemon);
    CHECK(decision.idle_integration == scenario.idle);
    CHECK(decision.source == scenario.trex_cpus.source());
    if (*scenario.warning_start == '\0') {
      CHECK(decision.warning == "");
    } else {
      CHECK(decision.warning.find(scenario.warning_start) == 0);
    }
    if (scenario.finding) CHECK(decision.detail == "what /proc said");
  }
}

TEST_CASE("trex-cpus is auto, none or a list of online CPUs") {
  const CpuSet online{0, 1};
  CHECK(parse_trex_cpus_setting("auto", online).mode == TrexCpusSetting::Mode::automatic);
  CHECK(parse_trex_cpus_setting("none", online).mode == TrexCpusSetting::Mode::none);
  const TrexCpusSetting list = parse_trex_cpus_setting("1", online);
  CHECK(list.mode == TrexCpusSetting::Mode::list);
  CHECK(list.cpus == CpuSet{1});
  CHECK(list.text() == "1");
  CHECK(list.source() == "config");
  CHECK(parse_trex_cpus_setting("0-1", online).text() == "0-1");
  CHECK(parse_trex_cpus_setting("auto", online).text() == "auto");
  CHECK(parse_trex_cpus_setting("9", std::nullopt).cpus == CpuSet{9});  // online unknown

  const auto error_of = [&](const char* text) {
    try {
      parse_trex_cpus_setting(text, online);
    } catch (const measure::ConfigError& error) {
      CHECK(error.field() == "trex-cpus");
      return std::string(error.what());
    }
    FAIL("expected an error for " << text);
    return std::string();
  };
  CHECK(error_of("2") == "trex-cpus = 2: CPU 2 is not online on this machine (online CPUs: 0-1)");
  CHECK(error_of("1-3,7") ==
        "trex-cpus = 1-3,7: CPUs 2-3,7 are not online on this machine (online CPUs: 0-1)");
  CHECK(error_of("Auto") ==
        "trex-cpus = \"Auto\": must be auto, none or a list of CPUs such as 1 or 2-5,8");
  CHECK(error_of("").find("trex-cpus = \"\": must be") == 0);
  CHECK(error_of("1-").find("must be auto, none or a list") != std::string::npos);
}

}  // namespace trexsearch::service
