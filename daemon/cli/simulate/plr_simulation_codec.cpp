#include "daemon/cli/simulate/plr_simulation_codec.hpp"

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/plr_config_codec.hpp"
#include "daemon/codec/plr_result_codec.hpp"

namespace trexsearch::cli {

std::string encode_plr_simulation(const plr::PlrResult& result, const plr::PlrConfig& config,
                                  const std::optional<double>& sut_critical_load_pps) {
  Json::Value json = codec::encode_plr_result(result);
  json["spec"] = codec::encode_plr_config(config);
  json["sut_critical_load"] =
      sut_critical_load_pps ? Json::Value(*sut_critical_load_pps) : Json::Value();
  return codec::to_pretty_json(json);
}

}  // namespace trexsearch::cli
