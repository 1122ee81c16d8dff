#include "daemon/spec/suite_codec.hpp"

#include <map>
#include <set>
#include <variant>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

constexpr std::size_t kMaxAxisValues = 64;
constexpr int kMaxRepeats = 100;
/// A suite is queued at once; the daemon's max-queued-jobs bounds it further.
constexpr std::size_t kMaxEntries = 1000;
constexpr std::size_t kMaxLabelBytes = 40;

[[noreturn]] void bad(const std::string& path, const Json::Value& value,
                      const std::string& reason) {
  throw measure::ConfigError(path, codec::quote_json(value), reason);
}

bool label_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '_' || c == '+' || c == '-';
}

// Labels become parts of job names, report headings and file names: plain ASCII.
void check_label(const std::string& label, const std::string& path) {
  bool ok = !label.empty() && label.size() <= kMaxLabelBytes;
  for (const char c : label) ok = ok && label_char(c);
  if (!ok) {
    bad(path, Json::Value(label),
        "must be 1.." + std::to_string(kMaxLabelBytes) + " of A-Z a-z 0-9 . _ + -");
  }
}

// A suite name is looked up by `show SUITE`, where a number is a job id: it must
// start with a letter.
std::string decode_name(codec::ObjectReader& reader) {
  const auto name = reader.optional_string("name");
  if (!name) bad("name", Json::Value(), "is required: the suite's name, e.g. \"ipv4-frame-sizes\"");
  bool ok = !name->empty() && name->size() <= 64 &&
            (((*name)[0] >= 'a' && (*name)[0] <= 'z') || ((*name)[0] >= 'A' && (*name)[0] <= 'Z'));
  for (const char c : *name) ok = ok && label_char(c);
  if (!ok) {
    bad("name", Json::Value(*name), "must be 1..64 of A-Z a-z 0-9 . _ + -, starting with a letter");
  }
  return *name;
}

struct AxisValue {
  std::string label;
  std::string path;  ///< where it was given, for errors ("frame_sizes[7]")
  Json::Value value;
};

const Json::Value& axis_array(codec::ObjectReader& reader, const char* key) {
  const Json::Value& array = reader.array(key);
  if (array.empty() || array.size() > kMaxAxisValues) {
    bad(key, array, "must hold 1.." + std::to_string(kMaxAxisValues) + " values");
  }
  return array;
}

void check_unique(const std::vector<AxisValue>& values, const char* key) {
  std::set<std::string> seen;
  for (const AxisValue& value : values) {
    if (!seen.insert(value.label).second) {
      bad(value.path, value.value,
          "repeats the " + std::string(key) + " label \"" + value.label + "\" (each value once)");
    }
  }
}

std::vector<AxisValue> decode_frame_sizes(codec::ObjectReader& reader) {
  std::vector<AxisValue> values;
  if (!reader.has("frame_sizes")) return values;
  const Json::Value& array = axis_array(reader, "frame_sizes");
  for (Json::ArrayIndex i = 0; i < array.size(); ++i) {
    const std::string path = codec::element_path("frame_sizes", i);
    const Json::Value& item = array[i];
    if (item.isString() && item.asString() == "imix") {
      values.push_back({"imix", path, item});
    } else if (item.isNumeric()) {
      // The profile validates the range for its headers; here only its form.
      const auto bytes = codec::as_int64(item, path);
      values.push_back({std::to_string(bytes) + "B", path, Json::Value(Json::Int64{bytes})});
    } else {
      bad(path, item, "must be a frame size in bytes (64..9000, incl. FCS) or \"imix\"");
    }
  }
  check_unique(values, "frame_sizes");
  return values;
}

std::vector<AxisValue> decode_profiles(codec::ObjectReader& reader) {
  std::vector<AxisValue> values;
  if (!reader.has("profiles")) return values;
  const Json::Value& array = axis_array(reader, "profiles");
  for (Json::ArrayIndex i = 0; i < array.size(); ++i) {
    const std::string path = codec::element_path("profiles", i);
    codec::ObjectReader item(array[i], path);
    const auto label = item.optional_string("label");
    if (!label)
      bad(item.field_path("label"), Json::Value(),
          "is required: names the profile in entry labels");
    check_label(*label, item.field_path("label"));
    const Json::Value* profile = item.optional_value("profile");
    if (profile == nullptr) bad(item.field_path("profile"), Json::Value(), "is required");
    Json::Value value(Json::objectValue);
    value["profile"] = *profile;
    if (const auto source = item.optional_string("profile_source"))
      value["profile_source"] = *source;
    item.reject_unknown_keys();
    values.push_back({*label, path, value});
  }
  check_unique(values, "profiles");
  return values;
}

std::vector<AxisValue> decode_methods(codec::ObjectReader& reader) {
  std::vector<AxisValue> values;
  if (!reader.has("methods")) return values;
  const Json::Value& array = axis_array(reader, "methods");
  for (Json::ArrayIndex i = 0; i < array.size(); ++i) {
    const std::string path = codec::element_path("methods", i);
    codec::ObjectReader item(array[i], path);
    const auto method = item.optional_string("method");
    if (!method)
      bad(item.field_path("method"), Json::Value(), "is required: mlr, plr, mrr or soak");
    const std::string label = item.optional_string("label").value_or(*method);
    check_label(label, item.field_path("label"));
    Json::Value value(Json::objectValue);
    value["method"] = *method;
    for (const char* key : {"spec", "latency", "plr_resume"}) {
      if (const Json::Value* field = item.optional_value(key)) value[key] = *field;
    }
    if (!value.isMember("spec")) bad(item.field_path("spec"), Json::Value(), "is required");
    item.reject_unknown_keys();
    values.push_back({label, path, value});
  }
  check_unique(values, "methods");
  return values;
}

// The profile object of a trex job, to vary; other measurers have none.
Json::Value& trex_profile(Json::Value& job, const std::string& axis_path) {
  Json::Value& measurer = job["measurer"];
  if (!measurer.isObject() || measurer.get("kind", "").asString() != "trex" ||
      !measurer.get("profile", Json::Value()).isObject()) {
    bad(axis_path, Json::Value(),
        "needs job.measurer of kind \"trex\" with its profile (frame sizes and profiles are "
        "the traffic profile's)");
  }
  return measurer["profile"];
}

void apply_frame_size(Json::Value& job, const AxisValue& size) {
  Json::Value& profile = trex_profile(job, "frame_sizes");
  profile.removeMember("imix");
  profile["frame_size"] = size.value;
}

void apply_profile(Json::Value& job, const AxisValue& profile) {
  trex_profile(job, "profiles");
  Json::Value& measurer = job["measurer"];
  measurer["profile"] = profile.value["profile"];
  measurer.removeMember("profile_source");
  if (profile.value.isMember("profile_source")) {
    measurer["profile_source"] = profile.value["profile_source"];
  }
}

void apply_method(Json::Value& job, const AxisValue& method) {
  for (const char* key : {"method", "spec", "latency", "plr_resume"}) job.removeMember(key);
  for (const auto& key : method.value.getMemberNames()) job[key] = method.value[key];
}

/// One axis: its values, or a single unlabelled "keep the job as it is".
std::vector<const AxisValue*> or_base(const std::vector<AxisValue>& values) {
  std::vector<const AxisValue*> pointers;
  pointers.reserve(values.size());
  for (const AxisValue& value : values) pointers.push_back(&value);
  if (pointers.empty()) pointers.push_back(nullptr);
  return pointers;
}

std::string join_label(const std::vector<const AxisValue*>& parts) {
  std::string label;
  for (const AxisValue* part : parts) {
    if (part == nullptr) continue;
    label += (label.empty() ? "" : "-") + part->label;
  }
  return label.empty() ? "job" : label;
}

std::string entry_where(const std::vector<const AxisValue*>& parts, int repeat, int repeats) {
  std::string where;
  for (const AxisValue* part : parts) {
    if (part != nullptr) where += (where.empty() ? "" : ", ") + part->path;
  }
  if (repeats > 1)
    where += (where.empty() ? "" : ", ") + std::string("repeat ") + std::to_string(repeat);
  return where.empty() ? "" : " (" + where + ")";
}

// Port speed is the same for every entry on one TRex: ask once per suite.
PortSpeedProbe memoised(const PortSpeedProbe& probe) {
  if (!probe) return probe;
  auto answers = std::make_shared<std::map<std::string, std::variant<double, std::string>>>();
  return [probe, answers](const TrexMeasurerSpec& measurer) {
    const auto found = answers->find(measurer.endpoint);
    if (found != answers->end()) return found->second;
    auto answer = probe(measurer);
    answers->emplace(measurer.endpoint, answer);
    return answer;
  };
}

// The suite document's keys, validated; the axes not yet multiplied out.
struct SuiteAxes {
  std::string name;
  Json::Value base;
  std::vector<AxisValue> sizes;
  std::vector<AxisValue> profiles;
  std::vector<AxisValue> methods;
  int repeats = 1;
};

SuiteAxes decode_axes(const Json::Value& json) {
  try {
    codec::ObjectReader reader(json, "");
    SuiteAxes axes;
    axes.name = decode_name(reader);
    const Json::Value* job = reader.optional_value("job");
    if (job == nullptr || !job->isObject()) {
      bad("job", job ? *job : Json::Value(),
          "is required: the submit arguments every entry starts from (method, spec, measurer)");
    }
    if (job->isMember("name")) {
      bad("job.name", (*job)["name"], "is not allowed: entries are named SUITE/LABEL");
    }
    axes.base = *job;
    axes.sizes = decode_frame_sizes(reader);
    axes.profiles = decode_profiles(reader);
    axes.methods = decode_methods(reader);
    if (const auto value = reader.optional_int("repeats")) {
      if (*value < 1 || *value > kMaxRepeats) {
        bad("repeats", Json::Value(*value), "must be 1.." + std::to_string(kMaxRepeats));
      }
      axes.repeats = *value;
    }
    reader.reject_unknown_keys();
    const std::size_t count = std::max<std::size_t>(1, axes.sizes.size()) *
                              std::max<std::size_t>(1, axes.profiles.size()) *
                              std::max<std::size_t>(1, axes.methods.size()) *
                              static_cast<std::size_t>(axes.repeats);
    if (count > kMaxEntries) {
      bad("", Json::Value(Json::UInt64{count}),
          "a suite expands to at most " + std::to_string(kMaxEntries) + " jobs");
    }
    return axes;
  } catch (const measure::ConfigError& error) {
    throw RequestError(ResultCode::bad_request, error.what());
  }
}

// One entry: the base job with its axis values applied, decoded like a submit.
SuiteEntry decode_entry(const SuiteAxes& axes, const AxisValue* profile, const AxisValue* method,
                        const AxisValue* size, int repeat, const PortSpeedProbe& probe) {
  const std::vector<const AxisValue*> parts{profile, method, size};
  SuiteEntry entry;
  entry.label = join_label(parts);
  entry.repeat = repeat;
  if (size != nullptr) entry.frame_size = size->value.isString() ? "imix" : size->value.asString();
  const std::string where =
      "entry \"" + entry.label + "\"" + entry_where(parts, repeat, axes.repeats);
  try {
    Json::Value job = axes.base;
    if (profile != nullptr) apply_profile(job, *profile);
    if (method != nullptr) apply_method(job, *method);
    if (size != nullptr) apply_frame_size(job, *size);
    job["name"] = suite_job_name(axes.name, entry.label);
    entry.job = decode_job_spec(job, probe);
  } catch (const measure::ConfigError& error) {
    throw RequestError(ResultCode::bad_request, where + ": " + error.what());
  } catch (const RequestError& error) {
    throw RequestError(error.code(), where + ": " + error.what());
  }
  return entry;
}

}  // namespace

SuiteSpec decode_suite(const Json::Value& json, const PortSpeedProbe& probe) {
  const SuiteAxes axes = decode_axes(json);
  SuiteSpec suite;
  suite.name = axes.name;
  const PortSpeedProbe probe_once = memoised(probe);
  for (int repeat = 1; repeat <= axes.repeats; ++repeat) {
    for (const AxisValue* profile : or_base(axes.profiles)) {
      for (const AxisValue* method : or_base(axes.methods)) {
        for (const AxisValue* size : or_base(axes.sizes)) {
          suite.entries.push_back(decode_entry(axes, profile, method, size, repeat, probe_once));
        }
      }
    }
  }
  suite.document_json = codec::to_compact_json(json);
  return suite;
}

SuiteSpec decode_suite(const protocol::Document& suite, const PortSpeedProbe& probe) {
  return decode_suite(protocol::json_of(suite), probe);
}

}  // namespace trexsearch::service
