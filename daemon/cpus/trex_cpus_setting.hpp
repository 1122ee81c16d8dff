#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "daemon/cpus/cpu_set.hpp"

namespace trexsearch::service {

/// The `trex-cpus` key: which CPUs belong to TRex, so that the daemon keeps off them.
struct TrexCpusSetting {
  enum class Mode {
    automatic,  ///< "auto": ask /proc which CPUs the local TRex's threads are pinned to
    list,       ///< an explicit CPU list ("1", "2-5")
    none,       ///< "none": protect nothing
  };
  Mode mode = Mode::automatic;
  /// Mode list: TRex's CPUs.
  CpuSet cpus;

  /// As written in the config file: "auto", "none" or the list ("2-5").
  std::string text() const;
  /// "auto", "config" or "none": the `source` of a `cpu.protect` log event.
  std::string_view source() const;

  friend bool operator==(const TrexCpusSetting&, const TrexCpusSetting&) = default;
};

/// Parses `trex-cpus`: "auto", "none" or a CPU list, whose CPUs must all be `online`
/// (absent: not checked). Throws ConfigError("trex-cpus", text, why).
TrexCpusSetting parse_trex_cpus_setting(const std::string& text,
                                        const std::optional<CpuSet>& online);

}  // namespace trexsearch::service
