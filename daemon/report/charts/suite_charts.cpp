#include "daemon/report/charts/suite_charts.hpp"

#include <algorithm>
#include <map>

#include "daemon/report/page/display_number.hpp"
#include "daemon/report/page/svg_chart.hpp"

namespace trexsearch::report {
namespace {

// Distinct, print-safe colours, one per line.
const char* series_colour(std::size_t index) {
  static constexpr const char* kColours[] = {"#1f5fa8", "#c2571a", "#2e8540", "#8e44ad",
                                             "#b5121b", "#127a7a", "#7a5c12", "#444444"};
  return kColours[index % std::size(kColours)];
}

struct PlotValue {
  double frame_bytes = 0.0;
  double pps = 0.0;  ///< per direction
  bool clean = true;
  bool at_max_load = false;
  std::string tooltip;
};

std::string frame_text(const SuiteReportEntry& entry) {
  return entry.frame_size == "imix" ? "IMIX" : entry.frame_size + " B";
}

// Per line ("SERIES GOAL" in suite order): its values, one per job.
std::vector<std::pair<std::string, std::vector<PlotValue>>> lines_of(const SuiteReportData& data,
                                                                     bool gbps) {
  std::vector<std::pair<std::string, std::vector<PlotValue>>> lines;
  for (const SuiteReportEntry& entry : data.entries) {
    if (!entry.frame_bytes || entry.frame_size.empty()) continue;
    for (const SuiteReportValue& value : entry.values) {
      if (!value.value_pps) continue;
      const std::optional<double> gbit = l1_gbps(entry, value);
      if (gbps && !gbit) continue;
      const std::string name = entry.series.empty() ? value.goal : entry.series + " " + value.goal;
      auto line = std::find_if(lines.begin(), lines.end(),
                               [&](const auto& item) { return item.first == name; });
      if (line == lines.end()) line = lines.insert(lines.end(), {name, {}});
      PlotValue point;
      point.frame_bytes = *entry.frame_bytes;
      point.pps = *value.value_pps / value.summed_directions;
      point.clean = value.unclean_reason.empty();
      point.at_max_load = value.at_max_load;
      point.tooltip =
          name + " at " + frame_text(entry) + ", job " + std::to_string(entry.job) + ": " +
          load_text(point.pps) + (gbit ? ", " + significant(*gbit, 4) + " Gbit/s L1" : "") +
          (point.clean ? "" : " (" + value.unclean_reason + ")") +
          (point.at_max_load ? " (max_load passed: the SUT forwards at least this)" : "");
      if (gbps) point.pps = *gbit;
      line->second.push_back(point);
    }
  }
  return lines;
}

// Repeats of one frame size: the line goes through their mean; each repeat is a marker.
ChartSeries mean_series(const std::string& name, const std::vector<PlotValue>& values,
                        const char* colour) {
  std::map<double, std::pair<double, int>> by_size;
  for (const PlotValue& value : values) {
    auto& [sum, count] = by_size[value.frame_bytes];
    sum += value.pps;
    ++count;
  }
  ChartSeries series;
  series.label = name;
  series.colour = colour;
  for (const auto& [bytes, sum_count] : by_size) {
    series.x.push_back(bytes);
    series.y.push_back(sum_count.first / sum_count.second);
  }
  return series;
}

std::optional<double> port_bps_of(const SuiteReportData& data) {
  for (const SuiteReportEntry& entry : data.entries) {
    if (entry.port_bps) return entry.port_bps;
  }
  return std::nullopt;
}

// The line rate (frames/s) or port speed (Gbit/s) for reference.
void add_reference(SvgChart& chart, double port_bps, bool gbps, double min_bytes,
                   double max_bytes) {
  if (gbps) {
    chart.bands.push_back(ChartBand{port_bps / 1e9, port_bps / 1e9,
                                    "port speed " + significant(port_bps / 1e9, 4) + " Gbit/s",
                                    "#888888"});
    return;
  }
  // TRex's line rate for each frame size: port speed / ((size + 20 B) x 8), the
  // 20 B being preamble, SFD and inter-frame gap.
  ChartSeries line;
  line.label = "line rate of a " + significant(port_bps / 1e9, 4) + " Gbit/s port";
  line.colour = "#888888";
  line.dashed = true;
  constexpr int kSteps = 60;
  for (int step = 0; step <= kSteps; ++step) {
    const double bytes = min_bytes + (max_bytes - min_bytes) * step / kSteps;
    line.x.push_back(bytes);
    line.y.push_back(port_bps / ((bytes + 20.0) * 8.0));
  }
  chart.series.push_back(line);
}

// A job's value as a marker. Green: the SUT's throughput; amber: at least this
// (max_load passed); red: not clean. Triangles stand out whatever the colour.
ChartPoint marker_of(const PlotValue& value) {
  ChartPoint point;
  point.x = value.frame_bytes;
  point.y = value.pps;
  point.colour = !value.clean ? 1.0 : value.at_max_load ? 0.5 : 0.0;
  point.radius = 4.0;
  point.tooltip = value.tooltip;
  point.shape = value.clean && !value.at_max_load ? MarkerShape::circle : MarkerShape::triangle;
  return point;
}

std::string render_chart(const SuiteReportData& data, bool gbps) {
  const auto lines = lines_of(data, gbps);
  if (lines.empty()) return "";
  SvgChart chart;
  chart.title = gbps ? "Throughput, Gbit/s L1" : "Throughput, frames/s per direction";
  chart.x_label = "frame size [B] (IMIX at its mean size)";
  chart.y_label = gbps ? "Gbit/s L1 per direction" : "frames/s per direction";
  double min_bytes = 1e9;
  double max_bytes = 0.0;
  bool unclean = false;
  bool at_max = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    chart.series.push_back(mean_series(lines[i].first, lines[i].second, series_colour(i)));
    for (const PlotValue& value : lines[i].second) {
      min_bytes = std::min(min_bytes, value.frame_bytes);
      max_bytes = std::max(max_bytes, value.frame_bytes);
      unclean = unclean || !value.clean;
      at_max = at_max || value.at_max_load;
      chart.points.push_back(marker_of(value));
    }
  }
  if (const auto port_bps = port_bps_of(data))
    add_reference(chart, *port_bps, gbps, min_bytes, max_bytes);
  chart.marker_legend.push_back(
      {MarkerShape::circle, "a job's value (repeats: the line is their mean)"});
  if (at_max) {
    chart.marker_legend.push_back(
        {MarkerShape::triangle, "amber: max_load passed, the SUT forwards at least this"});
  }
  if (unclean) {
    chart.marker_legend.push_back(
        {MarkerShape::triangle, "red: not clean (tester-limited, irregular or stopped early)"});
  }
  chart.caption =
      gbps ? "Layer-1 rate: frames/s x (frame size + 20 B preamble, SFD and gap) x 8. A value on "
             "the port speed line is the link's limit, not the SUT's."
           : "Throughput per direction (an MRR receive rate divided by its directions). Where a "
             "line meets the dashed line rate, the link, not the SUT, set the limit.";
  return chart.render();
}

}  // namespace

std::string suite_pps_chart(const SuiteReportData& data) { return render_chart(data, false); }

std::string suite_gbps_chart(const SuiteReportData& data) {
  return port_bps_of(data) ? render_chart(data, true) : "";
}

}  // namespace trexsearch::report
