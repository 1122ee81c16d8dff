// `trex-search profile check [--counters port] FILE`: compiles a traffic profile here,
// as the daemon would at submission, and prints what each direction will send.
// `trex-search profile pcap FILE -o OUT.pcap [--frames N]` writes the frames.
#include <boost/program_options.hpp>
#include <ostream>

#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/command/command_help.hpp"
#include "daemon/cli/command/exit_codes.hpp"
#include "daemon/cli/input/capture_packets_codec.hpp"
#include "daemon/cli/input/profile_file.hpp"
#include "daemon/cli/profile/pcap_file.hpp"
#include "daemon/cli/profile/profile_text.hpp"
#include "daemon/cli/text/terminal_text.hpp"
#include "trex_client/codec/profile_codec.hpp"
#include "trex_client/profile/frame_preview.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description visible_options() {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
      ("counters", po::value<std::string>()->default_value("flow_stats"),
       "check: the counters the job's measurer will use: flow_stats or port")
      ("output,o", po::value<std::string>(), "pcap: the capture file to write")
      ("frames", po::value<unsigned>()->default_value(64),
       "pcap: frames per stream (1..100000)")
      ("help,h", "print this help");
  // clang-format on
  return options;
}

trex::CounterSource counters_of(const std::string& text) {
  if (text == "flow_stats") return trex::CounterSource::flow_stats;
  if (text == "port") return trex::CounterSource::port;
  throw UsageError("--counters \"" + text + "\": must be flow_stats or port");
}

// The frames of every stream, stream after stream, and a line per stream saying how
// many and how they were made.
void write_profile_pcap(const trex::TrafficProfile& profile, const po::variables_map& options,
                        std::ostream& out) {
  if (options.count("output") == 0) throw UsageError("profile pcap needs -o OUT.pcap");
  const unsigned frames = options["frames"].as<unsigned>();
  if (frames < 1 || frames > 100000) {
    throw UsageError("--frames " + std::to_string(frames) + ": must be 1 to 100000");
  }
  const std::vector<trex::StreamPreview> previews = trex::preview_frames(profile, frames);
  std::vector<std::string> all;
  for (const trex::StreamPreview& preview : previews) {
    all.insert(all.end(), preview.frames.begin(), preview.frames.end());
    out << "port " << static_cast<unsigned>(preview.port) << " stream " << preview.stream
        << (preview.name.empty() ? "" : " (" + terminal_safe(preview.name) + ")") << ": "
        << (preview.base_only_reason.empty()
                ? std::to_string(preview.frames.size()) + " frames, field engine applied"
                : "its base packet only: " + terminal_safe(preview.base_only_reason))
        << "\n";
  }
  const std::string output = options["output"].as<std::string>();
  write_pcap(output, all);
  out << "wrote " << all.size() << " frames to " << terminal_safe(output)
      << " (MAC addresses as in the packets: TRex puts the port's own there unless a stream's "
         "flags say the packet's)\n";
}

int run_profile_command(const std::vector<std::string>& args, std::ostream& out,
                        std::ostream& err) {
  return run_reporting_errors(
      [&] {
        po::options_description all = visible_options();
        all.add_options()("action", po::value<std::string>(), "check")(
            "file", po::value<std::string>(), "profile file");
        po::positional_options_description positional;
        positional.add("action", 1).add("file", 1);
        po::variables_map options;
        po::store(po::command_line_parser(args).options(all).positional(positional).run(), options);
        po::notify(options);
        if (options.count("help") != 0) {
          out << command_help(kProfileCommand);
          return static_cast<int>(kExitOk);
        }
        const std::string action =
            options.count("action") != 0 ? options["action"].as<std::string>() : "";
        if (action != "check" && action != "pcap") {
          throw UsageError(
              "profile needs an action: trex-search profile check FILE, or profile pcap FILE -o "
              "OUT.pcap");
        }
        if (options.count("file") == 0) throw UsageError("profile " + action + " needs a FILE");
        const std::string path = options["file"].as<std::string>();
        const trex::TrafficProfile profile = trex::parse_profile(
            inline_capture_packets(read_profile_file(path), path), profile_source_of(path));
        if (action == "check") {
          out << format_profile_summary(
              trex::summarize_profile(profile, counters_of(options["counters"].as<std::string>())),
              path);
        } else {
          write_profile_pcap(profile, options, out);
        }
        out.flush();
        if (!out) throw std::runtime_error("cannot write to stdout");
        return static_cast<int>(kExitOk);
      },
      err);
}

}  // namespace

constinit const CommandEntry kProfileCommand{
    .name = "profile",
    .summary = "check a traffic profile, or write its frames to a pcap file",
    .usage =
        "trex-search profile check [--counters flow_stats|port] FILE\n"
        "trex-search profile pcap FILE -o OUT.pcap [--frames N]",
    .description =
        "Reads and compiles the traffic profile FILE here, as trex-searchd does at\n"
        "submission (every refusal names the field and the value), and prints per\n"
        "direction each stream's frame size, its share of the port's packets, the L1\n"
        "bits a frame takes, what its field engine varies and over how many values,\n"
        "the counters a trial will use and the mean frame size that loads in % of line\n"
        "rate and bit rates use. Works for the profile language and for TRex streams\n"
        "(docs/traffic-profiles.md). Talks to no daemon and no TRex.\n"
        "\n"
        "profile pcap writes the first N frames of every stream (stream after stream) to\n"
        "OUT.pcap, for Wireshark or tcpdump -r: the field engine runs here when the\n"
        "preview runs it exactly as TRex does (flow_var inc/dec, write_flow_var, the IPv4\n"
        "and hardware checksum fixes: all of the profile language except random flows);\n"
        "otherwise the stream's base packet, once, with the reason printed.",
    .options = visible_options,
    .exit_codes = "Exit codes: 0 ok, 1 runtime failure, 2 bad usage or an invalid profile.\n",
    .run = run_profile_command,
};

}  // namespace trexsearch::cli
