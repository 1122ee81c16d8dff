#include "bench/mlrsearch/model_spec.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "measure/errors.hpp"

namespace trexsearch::bench {

ModelSpec parse_model(const std::string& text) {
  ModelSpec spec{text, text.substr(0, text.find(':')), {}};
  std::size_t start = spec.name.size();
  while (start < text.size()) {
    const std::size_t end = std::min(text.find(':', start + 1), text.size());
    const std::string option = text.substr(start + 1, end - start - 1);
    const std::size_t equals = option.find('=');
    char* parsed_end = nullptr;
    const double value =
        equals == std::string::npos ? 0.0 : std::strtod(option.c_str() + equals + 1, &parsed_end);
    if (equals == std::string::npos || parsed_end == option.c_str() + equals + 1 ||
        *parsed_end != '\0') {
      throw measure::ConfigError("--model", text, "option '" + option + "' is not KEY=NUMBER");
    }
    spec.options[option.substr(0, equals)] = value;
    start = end;
  }
  return spec;
}

double capacity_for_seed(std::uint64_t seed) {
  const double golden = 0.6180339887498949;
  const double u = std::fmod(static_cast<double>(seed) * golden, 1.0);
  return std::exp(std::log(1e6) + u * (std::log(1.4e7) - std::log(1e6)));
}

std::vector<ModelSpec> default_models() {
  std::vector<ModelSpec> models;
  for (const char* name :
       {"sharp", "noisy", "noisy:noise=0.01", "lossy", "bursty", "duration_dependent"}) {
    models.push_back(parse_model(name));
  }
  return models;
}

}  // namespace trexsearch::bench
