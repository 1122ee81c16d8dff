#include "daemon/cli/analysis/trend_json_codec.hpp"

#include "daemon/cli/analysis/trend_format.hpp"
#include "daemon/codec/json_writer.hpp"

namespace trexsearch::cli {
namespace {

Json::Value optional_json(const std::optional<double>& value) {
  return value ? Json::Value(*value) : Json::Value(Json::nullValue);
}

Json::Value encode_series(const TrendSeries& one) {
  Json::Value entry(Json::objectValue);
  entry["goal"] = one.goal;
  Json::Value points(Json::arrayValue);
  for (const TrendPoint& point : one.points) {
    Json::Value p(Json::objectValue);
    p["job"] = Json::Int64{point.job.id};
    p["created_at"] = point.job.created_at;
    p["state"] = point.job.state;
    p["reason"] = point.job.reason;
    const bool valued = point.value.has_value();
    p["value_pps"] = valued ? optional_json(point.value->value_pps) : Json::Value();
    p["value_kind"] = valued ? Json::Value(point.value->value_kind) : Json::Value();
    p["stdev_pps"] = valued ? optional_json(point.value->stdev_pps) : Json::Value();
    p["clean"] = valued ? Json::Value(point.value->clean()) : Json::Value();
    p["unclean_reason"] =
        valued && !point.value->clean() ? Json::Value(point.value->unclean_reason) : Json::Value();
    p["grouped"] = point.grouped;
    p["outlier"] = point.outlier;
    p["group"] = point.group ? Json::Value(Json::UInt64{*point.group + 1}) : Json::Value();
    points.append(p);
  }
  entry["points"] = points;
  Json::Value groups(Json::arrayValue);
  for (const TrendSegment& segment : one.groups) {
    Json::Value g(Json::objectValue);
    g["first_job"] = Json::Int64{segment.first_job};
    g["last_job"] = Json::Int64{segment.last_job};
    g["size"] = Json::UInt64{segment.stats.size};
    g["average_pps"] = segment.stats.avg;
    g["stdev_pps"] = segment.stats.stdev;
    g["change_percent"] = optional_json(segment.change_percent);
    g["verdict"] = trend::to_string(segment.verdict);
    groups.append(g);
  }
  entry["groups"] = groups;
  entry["grouped_count"] = Json::UInt64{one.grouped_count};
  entry["verdict"] = to_string(one.verdict);
  return entry;
}

Json::Value optional_text(const std::optional<std::string>& text) {
  return text ? Json::Value(*text) : Json::Value(Json::nullValue);
}

}  // namespace

Json::Value encode_trend(const std::string& name, const std::vector<TrendSeries>& series,
                         const std::optional<std::string>& testbed, bool any_testbed) {
  Json::Value json(Json::objectValue);
  json["name"] = name;
  // Whose results are compared (docs/testbeds.md): one testbed's unless asked otherwise.
  json["testbed"] = testbed && !testbed->empty() && !any_testbed ? Json::Value(*testbed)
                                                                 : Json::Value(Json::nullValue);
  json["any_testbed"] = any_testbed;
  Json::Value all(Json::arrayValue);
  for (const TrendSeries& one : series) all.append(encode_series(one));
  json["series"] = all;
  json["regression"] = trend_regressed(series);
  return json;
}

Json::Value encode_fleet_trend(const std::string& name, const std::vector<ScopedTrend>& trends,
                               const std::optional<std::string>& tester,
                               const std::optional<std::string>& testbed, bool any_testbed) {
  Json::Value json(Json::objectValue);
  json["name"] = name;
  json["fleet"] = true;
  json["tester"] = optional_text(tester);
  json["testbed"] = optional_text(testbed);
  json["any_testbed"] = any_testbed;
  Json::Value all(Json::arrayValue);
  for (const ScopedTrend& trend : trends) {
    for (const TrendSeries& one : trend.series) {
      Json::Value entry = encode_series(one);
      entry["tester"] = optional_text(trend.scope.tester);
      entry["testbed"] = optional_text(trend.scope.testbed);
      entry["regression"] = one.verdict == TrendVerdict::regression;
      all.append(entry);
    }
  }
  json["series"] = all;
  json["regression"] = any_regressed(trends);
  return json;
}

std::string trend_json(const std::string& name, const std::vector<TrendSeries>& series,
                       const std::optional<std::string>& testbed, bool any_testbed) {
  return codec::to_pretty_json(encode_trend(name, series, testbed, any_testbed)) + "\n";
}

std::string fleet_trend_json(const std::string& name, const std::vector<ScopedTrend>& trends,
                             const std::optional<std::string>& tester,
                             const std::optional<std::string>& testbed, bool any_testbed) {
  return codec::to_pretty_json(encode_fleet_trend(name, trends, tester, testbed, any_testbed)) +
         "\n";
}

}  // namespace trexsearch::cli
