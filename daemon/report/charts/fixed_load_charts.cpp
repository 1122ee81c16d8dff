#include "daemon/report/charts/fixed_load_charts.hpp"

#include "daemon/report/page/display_number.hpp"
#include "daemon/report/page/loss_ratio_chart.hpp"
#include "daemon/report/page/svg_chart.hpp"

namespace trexsearch::report {
namespace {

const char* direction_colour(std::size_t index) {
  static constexpr const char* kColours[] = {"#c2571a", "#2e8540", "#8e44ad", "#127a7a"};
  return kColours[index % std::size(kColours)];
}

bool soak(const FixedLoadReportData& data) { return data.method == "soak"; }

}  // namespace

std::string receive_rate_chart(const FixedLoadReportData& data) {
  if (data.trials.empty()) return "";
  SvgChart chart;
  chart.title = soak(data) ? "Receive rate per interval" : "Receive rate per trial";
  chart.x_label = "time since the start [s]";
  chart.y_label = "frames/s received";
  ChartSeries all;
  all.label = "all directions";
  all.colour = "#1f5fa8";
  std::vector<ChartSeries> directions;
  for (const FixedLoadReportTrial& trial : data.trials) {
    const double x = trial.started_at_s + trial.intended_duration_s;
    all.x.push_back(x);
    all.y.push_back(trial.receive_rate_pps);
    for (std::size_t i = 0; i < trial.direction_rates_pps.size(); ++i) {
      if (directions.size() <= i) {
        ChartSeries series;
        series.label = trial.direction_rates_pps[i].first;
        series.colour = direction_colour(i);
        series.dashed = true;
        directions.push_back(series);
      }
      directions[i].x.push_back(x);
      directions[i].y.push_back(trial.direction_rates_pps[i].second);
    }
    if (trial.tester_limited_pps || trial.over_threshold) {
      ChartPoint point;
      point.x = x;
      point.y = trial.receive_rate_pps;
      point.colour = 1.0;
      point.radius = 5.0;
      point.shape = MarkerShape::triangle;
      point.tooltip = "#" + std::to_string(trial.number) +
                      (trial.tester_limited_pps ? ": tester-limited" : ": over the loss threshold");
      chart.points.push_back(point);
    }
  }
  chart.series.push_back(all);
  for (const ChartSeries& series : directions) chart.series.push_back(series);
  // The load is per direction: the directions together are offered load x count.
  const double offered =
      data.load_pps * static_cast<double>(std::max<std::size_t>(1, directions.size()));
  chart.bands.push_back(ChartBand{
      offered, offered, "offered, all directions (" + load_text(offered) + ")", "#888888"});
  if (!chart.points.empty()) {
    chart.marker_legend.push_back({MarkerShape::triangle, "tester-limited or over the threshold"});
  }
  chart.caption =
      "Frames received / intended duration, at each trial's end. A flat line at the "
      "offered rate is a SUT that kept up.";
  return chart.render();
}

std::string interval_loss_chart(const FixedLoadReportData& data) {
  if (data.trials.empty()) return "";
  LossRatioChart chart;
  chart.title = soak(data) ? "SUT loss ratio per interval" : "SUT loss ratio per trial";
  chart.x_label = "time since the start [s]";
  for (const FixedLoadReportTrial& trial : data.trials) {
    LossPoint point;
    point.x = trial.started_at_s + trial.intended_duration_s;
    point.loss_ratio = trial.sut_loss_ratio;
    point.tooltip = "#" + std::to_string(trial.number) + ": " + ratio_text(trial.sut_loss_ratio);
    chart.points.push_back(point);
  }
  if (data.loss_ratio_threshold) {
    chart.lines.push_back(LossLine{*data.loss_ratio_threshold,
                                   "threshold " + ratio_text(*data.loss_ratio_threshold),
                                   "#b5121b"});
  }
  // Circles only: this chart's triangle means a PLR trial counted as full loss.
  chart.caption =
      "Frames lost by the SUT / frames the tester sent, per " +
      std::string(soak(data) ? "interval (above the threshold line: over it)" : "trial") +
      "; frames the tester never sent are not the SUT's loss.";
  return chart.render();
}

}  // namespace trexsearch::report
