// The table of built-in models behind make_sut(), sut_model_catalogue() and
// sut_model_options(): one row per model, so adding a model is one line here.
#include <array>

#include "measure/errors.hpp"
#include "sim/bursty_sut.hpp"
#include "sim/duration_dependent_sut.hpp"
#include "sim/latency_options.hpp"
#include "sim/lossy_sut.hpp"
#include "sim/noisy_sut.hpp"
#include "sim/sharp_sut.hpp"
#include "sim/soak_sut.hpp"
#include "sim/sut_model.hpp"
#include "sim/sut_options.hpp"

namespace trexsearch::sim {
namespace {

struct CatalogueEntry {
  const char* name;
  const char* description;
  std::span<const SutOptionSpec> (*options)();
  std::unique_ptr<SutModel> (*make)(const SutOptions&, std::uint64_t seed);
};

const std::array<CatalogueEntry, 6> catalogue{{
    {SharpSut::name, "deterministic; loses every frame above capacity C", &SharpSut::option_specs,
     [](const SutOptions& options, std::uint64_t) -> std::unique_ptr<SutModel> {
       return std::make_unique<SharpSut>(options);
     }},
    {NoisySut::name, "capacity drawn per trial around C (normal, relative noise)",
     &NoisySut::option_specs,
     [](const SutOptions& options, std::uint64_t seed) -> std::unique_ptr<SutModel> {
       return std::make_unique<NoisySut>(options, seed);
     }},
    {LossySut::name, "random background loss at every load, plus capacity C",
     &LossySut::option_specs,
     [](const SutOptions& options, std::uint64_t seed) -> std::unique_ptr<SutModel> {
       return std::make_unique<LossySut>(options, seed);
     }},
    {BurstySut::name, "capacity C plus rare random interruptions (Poisson) that lose bursts",
     &BurstySut::option_specs,
     [](const SutOptions& options, std::uint64_t seed) -> std::unique_ptr<SutModel> {
       return std::make_unique<BurstySut>(options, seed);
     }},
    {DurationDependentSut::name,
     "deterministic; a buffer absorbs B excess frames, so short trials pass higher loads",
     &DurationDependentSut::option_specs,
     [](const SutOptions& options, std::uint64_t) -> std::unique_ptr<SutModel> {
       return std::make_unique<DurationDependentSut>(options);
     }},
    {SoakSut::name, "smooth loss-rate curve with Poisson losses (for PLRsearch)",
     &SoakSut::option_specs,
     [](const SutOptions& options, std::uint64_t seed) -> std::unique_ptr<SutModel> {
       return std::make_unique<SoakSut>(options, seed);
     }},
}};

const CatalogueEntry& find_entry(std::string_view model) {
  for (const CatalogueEntry& entry : catalogue) {
    if (entry.name == model) return entry;
  }
  std::string known;
  for (const CatalogueEntry& entry : catalogue) {
    if (!known.empty()) known += ", ";
    known += entry.name;
  }
  throw measure::ConfigError("sut", std::string(model),
                             "unknown SUT model; known models: " + known);
}

}  // namespace

std::unique_ptr<SutModel> make_sut(std::string_view model, const SutOptions& options,
                                   std::uint64_t seed) {
  const CatalogueEntry& entry = find_entry(model);
  // The latency options are the same for every model, so they are split off here
  // and each model validates only its own.
  auto [own, latency] = split_latency_options(model, options, seed);
  std::unique_ptr<SutModel> sut = entry.make(own, seed);
  sut->set_latency_options(latency);
  return sut;
}

std::vector<std::pair<std::string, std::string>> sut_model_catalogue() {
  std::vector<std::pair<std::string, std::string>> names;
  names.reserve(catalogue.size());
  for (const CatalogueEntry& entry : catalogue) names.emplace_back(entry.name, entry.description);
  return names;
}

std::span<const SutOptionSpec> sut_model_options(std::string_view model) {
  return find_entry(model).options();
}

}  // namespace trexsearch::sim
