#include "daemon/cli/profile/pcap_file.hpp"

#include <pcap/pcap.h>

#include <memory>
#include <stdexcept>

namespace trexsearch::cli {

void write_pcap(const std::string& path, const std::vector<std::string>& frames) {
  constexpr int kSnapLength = 65535;
  const std::unique_ptr<pcap_t, decltype(&pcap_close)> dead(pcap_open_dead(DLT_EN10MB, kSnapLength),
                                                            &pcap_close);
  if (!dead) throw std::runtime_error("cannot write " + path + ": libpcap could not start");
  const std::unique_ptr<pcap_dumper_t, decltype(&pcap_dump_close)> dumper(
      pcap_dump_open(dead.get(), path.c_str()), &pcap_dump_close);
  if (!dumper) throw std::runtime_error("cannot write " + path + ": " + pcap_geterr(dead.get()));
  long microseconds = 0;
  for (const std::string& frame : frames) {
    pcap_pkthdr header{};
    header.ts.tv_sec = microseconds / 1000000;
    header.ts.tv_usec = microseconds % 1000000;
    header.caplen = static_cast<bpf_u_int32>(frame.size());
    header.len = static_cast<bpf_u_int32>(frame.size());
    // libpcap's callback signature takes the dumper as u_char*.
    pcap_dump(reinterpret_cast<u_char*>(dumper.get()), &header,
              reinterpret_cast<const u_char*>(frame.data()));
    ++microseconds;
  }
  if (pcap_dump_flush(dumper.get()) != 0) {
    throw std::runtime_error("cannot write " + path + ": the file could not be flushed");
  }
}

}  // namespace trexsearch::cli
