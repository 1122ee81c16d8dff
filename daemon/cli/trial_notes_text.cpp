#include "daemon/cli/trial_notes_text.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <utility>

#include "daemon/cli/terminal_text.hpp"

namespace trexsearch::cli {
namespace {

/// The keys the TRex measurer and the job runner write (trex_client trial_notes,
/// repeating_measurer), most important first, with their markers. A tester limit
/// changes what the trial means; the others qualify its counts.
constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kKnownKeys{{
    {"tester_limited", "TESTER-LIMITED"},
    {"repeated", "repeated"},
    {"negative_loss", "neg.loss"},
    {"port_counters", "port ctrs"},
    {"sut_frames", "sut frames"},
    {"settle_capped", "settle capped"},
    {"tx_queue_full", "tx queue full"},
}};

std::size_t rank(const std::string& key) {
  for (std::size_t i = 0; i < kKnownKeys.size(); ++i) {
    if (kKnownKeys[i].first == key) return i;
  }
  return kKnownKeys.size();
}

/// Known keys in their order, then the others alphabetically.
bool key_order(const std::string& a, const std::string& b) {
  const std::size_t ra = rank(a);
  const std::size_t rb = rank(b);
  return ra != rb ? ra < rb : a < b;
}

std::string load_text(double load_pps) {
  char text[64];
  std::snprintf(text, sizeof text, "%.1f", load_pps);
  return text;
}

}  // namespace

std::string note_key(std::string_view note) {
  const auto colon = note.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon > 32) return "other";
  const std::string_view key = note.substr(0, colon);
  const bool word = std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
  return word ? std::string(key) : "other";
}

std::vector<std::string> trial_note_keys(const Json::Value& trial) {
  std::vector<std::string> keys;
  const auto add = [&keys](const std::string& key) {
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  };
  if (trial["tester_limited_pps"].isNumeric()) add("tester_limited");
  for (const Json::Value& note : trial["notes"]) {
    if (note.isString()) add(note_key(note.asString()));
  }
  return keys;
}

std::string short_rate(double pps) {
  const char* prefix = "";
  double scaled = pps;
  if (pps >= 1e9) {
    prefix = "G";
    scaled = pps / 1e9;
  } else if (pps >= 1e6) {
    prefix = "M";
    scaled = pps / 1e6;
  } else if (pps >= 1e3) {
    prefix = "k";
    scaled = pps / 1e3;
  }
  // Three significant digits: "1.00 Mpps", "12.3 Mpps", "950 kpps".
  const int decimals = scaled >= 100.0 ? 0 : scaled >= 10.0 ? 1 : 2;
  char text[48];
  std::snprintf(text, sizeof text, "%.*f %spps", decimals, scaled, prefix);
  return text;
}

std::vector<std::string> trial_markers(const Json::Value& trial) {
  std::vector<std::string> keys = trial_note_keys(trial);
  std::stable_sort(keys.begin(), keys.end(), key_order);
  std::vector<std::string> markers;
  for (const std::string& key : keys) {
    const std::size_t r = rank(key);
    if (r == 0 && trial["tester_limited_pps"].isNumeric()) {
      markers.push_back("TESTER-LIMITED " + short_rate(trial["tester_limited_pps"].asDouble()));
    } else {
      markers.push_back(std::string(r < kKnownKeys.size() ? kKnownKeys[r].second : key));
    }
  }
  return markers;
}

std::string format_note_summary(const Json::Value& trials) {
  // key -> load -> trials; loads in increasing order.
  std::map<std::string, std::map<double, std::size_t>, decltype(&key_order)> counts(&key_order);
  for (const Json::Value& trial : trials) {
    for (const std::string& key : trial_note_keys(trial)) ++counts[key][trial["load"].asDouble()];
  }
  if (counts.empty()) return "notes: none";
  std::string text = "notes: ";
  bool first_key = true;
  for (const auto& [key, per_load] : counts) {
    std::size_t total = 0;
    std::string loads;
    for (const auto& [load, n] : per_load) {
      total += n;
      loads += (loads.empty() ? "at " : "; at ") + load_text(load) + " pps: " + std::to_string(n);
    }
    text += (first_key ? "" : ", ") + std::to_string(total) + " " + terminal_safe(key) + " (" +
            loads + ")";
    first_key = false;
  }
  return text;
}

std::string format_counters_summary(const Json::Value& trials) {
  std::vector<std::pair<std::string, std::size_t>> sources;
  for (const Json::Value& trial : trials) {
    if (!trial["counters"].isString()) continue;
    const std::string source = trial["counters"].asString();
    auto found = std::find_if(sources.begin(), sources.end(),
                              [&](const auto& entry) { return entry.first == source; });
    if (found == sources.end()) {
      sources.emplace_back(source, 1);
    } else {
      ++found->second;
    }
  }
  if (sources.empty()) return "";
  std::string text = "counters: ";
  if (sources.size() == 1 && sources[0].second == trials.size()) {
    return text + terminal_safe(sources[0].first) + " (all " + std::to_string(trials.size()) +
           " trials)";
  }
  for (std::size_t i = 0; i < sources.size(); ++i) {
    text += (i == 0 ? "" : ", ") + terminal_safe(sources[i].first) + " (" +
            std::to_string(sources[i].second) + " trials)";
  }
  const std::size_t said = [&] {
    std::size_t n = 0;
    for (const auto& entry : sources) n += entry.second;
    return n;
  }();
  if (said < trials.size()) text += ", not reported (" + std::to_string(trials.size() - said) + ")";
  return text;
}

}  // namespace trexsearch::cli
