#include "daemon/cli/status_format.hpp"

#include <sstream>

#include "daemon/cli/client_format.hpp"
#include "daemon/cli/number_text.hpp"

namespace trexsearch::cli {
namespace {

// "connected to tcp://...:4501 (v3.04) since ...", "failed at ... : reason".
std::string trex_line(const Json::Value& trex) {
  const std::string state = trex["state"].asString();
  if (state == "not_configured") return "not configured";
  std::ostringstream line;
  line << state;
  if (state == "connected" || state == "connecting" || state == "reconnecting") {
    line << " to " << trex["endpoint"].asString();
    if (trex.isMember("trex_version")) line << " (TRex " << trex["trex_version"].asString() << ")";
    line << " since " << trex["since"].asString();
  } else {
    line << " (endpoint " << trex["endpoint"].asString() << "; connects when a trex job runs)";
    if (trex.isMember("last_contact")) {
      line << ", last contact " << trex["last_contact"].asString();
    }
  }
  if (trex.isMember("last_error")) line << "\n  last error: " << trex["last_error"].asString();
  if (trex["recoveries"].asUInt64() > 0) {
    line << "\n  reconnections after TRex restarts or lost connections: "
         << trex["recoveries"].asUInt64();
  }
  return line.str();
}

}  // namespace

std::string format_status(const Json::Value& status) {
  std::ostringstream text;
  const Json::Value& daemon = status["daemon"];
  text << "trex-searchd " << daemon["version"].asString() << ", pid " << daemon["pid"].asInt64()
       << ", up " << fixed(daemon["uptime"].asDouble(), 0) << " s\n";
  text << "TRex: " << trex_line(status["trex"]) << "\n";
  const Json::Value& queue = status["queue"];
  const Json::Value& running = queue["running"];
  if (running.isObject()) {
    const Json::Value& progress = running["progress"];
    text << "running: job " << running["id"].asInt64() << " (" << running["method"].asString()
         << ", " << running["measurer"].asString() << ")"
         << (running["name"].asString().empty() ? "" : " " + running["name"].asString())
         << ", trial " << progress["trial_count"].asUInt64()
         << (running["cancel_requested"].asBool() ? ", cancelling" : "") << "\n";
    text << "  " << format_progress_summary(progress) << "\n";
  } else {
    text << "running: nothing\n";
  }
  text << "queued: " << queue["queued_count"].asUInt64();
  if (!queue["queued"].empty()) {
    text << " (jobs";
    for (const auto& id : queue["queued"]) text << " " << id.asInt64();
    text << ")";
  }
  text << "\n";
  if (status.isMember("store")) {
    const Json::Value& store = status["store"];
    text << "store: " << store["file"].asString() << ", "
         << fixed(store["bytes"].asDouble() / 1048576.0, 1) << " MiB";
    if (store["max_bytes"].asUInt64() > 0) {
      text << " of " << fixed(store["max_bytes"].asDouble() / 1048576.0, 0) << " MiB";
    }
    if (!store["writable"].asBool()) {
      text << "\n  CANNOT BE WRITTEN since " << store["last_error_at"].asString() << ": "
           << store["last_error"].asString();
    }
    if (store["reserve_bytes"].asUInt64() > 0 && !store["reserve_held"].asBool()) {
      text << "\n  its " << fixed(store["reserve_bytes"].asDouble() / 1048576.0, 0)
           << " MiB reserve is not in place (file system full?): free space, or delete "
              "old jobs";
    }
    text << "\n";
  }
  if (status.isMember("clients")) {
    text << "clients: " << status["clients"]["connected"].asUInt64() << " of "
         << status["clients"]["max"].asUInt64() << "\n";
  }
  return text.str();
}

}  // namespace trexsearch::cli
