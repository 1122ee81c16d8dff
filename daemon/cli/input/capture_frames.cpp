#include "daemon/cli/input/capture_frames.hpp"

#include <pcap/pcap.h>

#include <cstdio>
#include <map>
#include <memory>
#include <string>

#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/input/profile_file.hpp"

namespace trexsearch::cli {

std::vector<CapturedFrame> read_capture(const std::string& path, std::size_t max_distinct) {
  // Read as a regular file first (a FIFO or /dev/zero must not hang or bloat the CLI),
  // then parsed from memory.
  std::string bytes = read_regular_file(path, "capture file", "capture", kMaxCaptureBytes);
  FILE* memory = fmemopen(bytes.data(), bytes.size(), "rb");
  if (memory == nullptr) throw BadInputError("cannot read capture file " + path);
  char error[PCAP_ERRBUF_SIZE] = {};
  pcap_t* opened = pcap_fopen_offline(memory, error);
  if (opened == nullptr) {
    std::fclose(memory);
    throw BadInputError("capture file " + path + " is not a pcap or pcapng file: " + error);
  }
  // pcap_close closes `memory` too.
  const std::unique_ptr<pcap_t, decltype(&pcap_close)> capture(opened, &pcap_close);
  const int link = pcap_datalink(capture.get());
  if (link != DLT_EN10MB) {
    const char* name = pcap_datalink_val_to_name(link);
    throw BadInputError(
        "capture file " + path + " holds " +
        (name != nullptr ? std::string(name) : "link type " + std::to_string(link)) +
        " frames, not Ethernet: TRex sends Ethernet frames");
  }
  std::vector<CapturedFrame> frames;
  std::map<std::string, std::size_t> index;
  pcap_pkthdr* header = nullptr;
  const u_char* data = nullptr;
  std::size_t number = 0;
  int status = 0;
  while ((status = pcap_next_ex(capture.get(), &header, &data)) == 1) {
    ++number;
    if (header->caplen < header->len) {
      throw BadInputError("capture file " + path + ": frame " + std::to_string(number) +
                          " was captured cut short (" + std::to_string(header->caplen) + " of " +
                          std::to_string(header->len) +
                          " bytes): capture again with a larger snap length");
    }
    std::string frame(reinterpret_cast<const char*>(data), header->caplen);
    const auto [found, added] = index.try_emplace(frame, frames.size());
    if (added) {
      if (frames.size() == max_distinct) {
        throw BadInputError("capture file " + path + " holds more than " +
                            std::to_string(max_distinct) +
                            " distinct frames: raise packets_max or send fewer");
      }
      frames.push_back({std::move(frame), 0});
    }
    ++frames[found->second].count;
  }
  if (status == PCAP_ERROR) {
    throw BadInputError("capture file " + path + ": " + pcap_geterr(capture.get()));
  }
  if (frames.empty()) throw BadInputError("capture file " + path + " holds no frames");
  return frames;
}

}  // namespace trexsearch::cli
