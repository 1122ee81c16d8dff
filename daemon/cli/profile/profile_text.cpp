#include "daemon/cli/profile/profile_text.hpp"

#include <cstdio>

#include "daemon/cli/text/terminal_text.hpp"
#include "daemon/cli/text/text_table.hpp"

namespace trexsearch::cli {
namespace {

std::string decimal(double value, const char* format) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

std::string field_engine(const trex::StreamSummary& stream) {
  std::string text;
  for (const trex::VariedValue& value : stream.varies) {
    text += (text.empty() ? "" : ", ") + terminal_safe(value.name) + " " +
            std::to_string(value.values) + " values (" + value.how + ")";
  }
  if (!stream.frame_bytes) text += std::string(text.empty() ? "" : ", ") + "frame size varies";
  if (!stream.checksums.empty()) {
    std::string fixes;
    for (const std::string& fix : stream.checksums) fixes += (fixes.empty() ? "" : ", ") + fix;
    text += std::string(text.empty() ? "" : "; ") + "checksums: " + fixes;
  }
  return text.empty() ? "-" : text;
}

}  // namespace

std::string format_profile_summary(const trex::ProfileSummary& summary, const std::string& source) {
  std::string text = "profile " +
                     (summary.name.empty() ? std::string("(unnamed)")
                                           : "\"" + terminal_safe(summary.name) + "\"") +
                     " (" + terminal_safe(source) +
                     "): " + (summary.native ? "TRex streams" : "profile language") + ", " +
                     std::to_string(summary.directions.size()) + " direction" +
                     (summary.directions.size() == 1 ? "" : "s") + ", counted with " +
                     trex::to_string(summary.counters) +
                     (summary.latency ? ", latency streams for latency trials" : "") + "\n";
  text += summary.mean_frame_bytes
              ? "mean frame size " + decimal(*summary.mean_frame_bytes, "%.2f") +
                    " B (FCS included): what loads in % of line rate and bit rates use\n"
              : "mean frame size unknown (a field engine varies the frame size): loads must be "
                "in pps, or declare mean_frame_size\n";
  for (const trex::DirectionSummary& direction : summary.directions) {
    text += "\n" + direction.direction.name() +
            (direction.direction.pg_id
                 ? " (flow_stats pg_id " + std::to_string(*direction.direction.pg_id) + ")"
                 : "") +
            ":\n";
    std::vector<std::vector<std::string>> rows{
        {"#", "FRAME [B]", "SHARE", "L1 [bit/frame]", "NAME", "FIELD ENGINE"}};
    for (std::size_t i = 0; i < direction.streams.size(); ++i) {
      const trex::StreamSummary& stream = direction.streams[i];
      rows.push_back(
          {std::to_string(i), stream.frame_bytes ? decimal(*stream.frame_bytes, "%.0f") : "varies",
           decimal(stream.share * 100.0, "%.2f") + " %",
           stream.l1_bits ? decimal(*stream.l1_bits, "%.0f") : "-",
           stream.name.empty() ? "-" : terminal_safe(stream.name), field_engine(stream)});
    }
    text += format_text_table(rows, {true, true, true, true, false, false});
  }
  return text;
}

}  // namespace trexsearch::cli
