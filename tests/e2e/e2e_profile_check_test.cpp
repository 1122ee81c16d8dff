// End to end: `trex-search profile check FILE` compiles a profile on the client and
// prints what each direction sends; an invalid profile exits 2 naming the stream,
// the field and the value. No daemon, no TRex.
#include <doctest/doctest.h>
#include <pcap/pcap.h>

#include <fstream>
#include <string>

#include "tests/daemon/support/service_test_support.hpp"
#include "tests/support/build_paths.hpp"

namespace trexsearch::servicetest {
namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("profile check describes TRex streams stream by stream") {
  TempDir dir;
  const CliRun run = run_cli(
      dir, {"profile", "check", testing::build_paths::source_file("etc/profiles/trex-imix.json")});
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(has(run.out, "profile \"trex-imix\""));
  CHECK(has(run.out, "TRex streams, 2 directions, counted with flow_stats"));
  // stl/imix.py: 64, 594 and 1518-byte frames at 28:16:4 of the packets.
  CHECK(has(run.out, "mean frame size 361.83 B"));
  CHECK(has(run.out, "0->1 (flow_stats pg_id 1):"));
  CHECK(has(run.out, "1->0 (flow_stats pg_id 2):"));
  CHECK(has(run.out, "58.33 %"));
  CHECK(has(run.out, "src 254 values (inc), dst 254 values (inc); checksums: ipv4"));
  // A 1518 B frame takes 1538 B on the wire: 12304 bits.
  CHECK(has(run.out, "12304"));
}

TEST_CASE("profile check describes the profile language and port counters") {
  TempDir dir;
  const CliRun run =
      run_cli(dir, {"profile", "check", "--counters", "port",
                    testing::build_paths::source_file("etc/profiles/ipv4-udp-1k-flows.json")});
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(has(run.out, "profile language"));
  CHECK(has(run.out, "counted with port"));
  CHECK(has(run.out, "1024 values (inc)"));
  CHECK_FALSE(has(run.out, "pg_id"));
}

TEST_CASE("profile check refuses what a trial cannot run, naming the stream") {
  TempDir dir;
  std::ifstream file(
      testing::build_paths::source_file("tests/trex_client/stl/burst_3st_1000pkt.json"));
  std::string streams((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const std::string profile =
      dir.write("burst.json", R"({"port_pairs": [{"ports": [0, 1], "bidirectional": false}],
      "trex_streams": {"0": )" + streams +
                                  "}}");
  const CliRun run = run_cli(dir, {"profile", "check", profile});
  CHECK(run.exit_code == 2);
  CHECK(has(run.err, "trex_streams.0[0].mode.type = \"single_burst\""));
  const CliRun usage = run_cli(dir, {"profile", "frobnicate", profile});
  CHECK(usage.exit_code == 2);
  CHECK(has(usage.err, "trex-search profile check FILE"));
}

}  // namespace trexsearch::servicetest

namespace trexsearch::servicetest {
namespace {

// Every frame of a capture file, read back with libpcap.
std::vector<std::string> read_back(const std::string& path) {
  char error[PCAP_ERRBUF_SIZE] = {};
  pcap_t* file = pcap_open_offline(path.c_str(), error);
  REQUIRE_MESSAGE(file != nullptr, error);
  CHECK(pcap_datalink(file) == DLT_EN10MB);
  std::vector<std::string> frames;
  pcap_pkthdr* header = nullptr;
  const u_char* data = nullptr;
  while (pcap_next_ex(file, &header, &data) == 1) {
    frames.emplace_back(reinterpret_cast<const char*>(data), header->caplen);
  }
  pcap_close(file);
  return frames;
}

std::uint32_t u32_at(const std::string& frame, std::size_t at) {
  std::uint32_t value = 0;
  for (std::size_t i = 0; i < 4; ++i)
    value = (value << 8U) | static_cast<std::uint8_t>(frame[at + i]);
  return value;
}

// RFC 791's header checksum, computed here independently: 0 over a correct header.
std::uint16_t ipv4_header_sum(const std::string& frame) {
  std::uint32_t sum = 0;
  for (std::size_t i = 14; i < 34; i += 2) {
    sum += (static_cast<std::uint32_t>(static_cast<std::uint8_t>(frame[i])) << 8U) |
           static_cast<std::uint8_t>(frame[i + 1]);
  }
  while ((sum >> 16U) != 0) sum = (sum & 0xFFFFU) + (sum >> 16U);
  return static_cast<std::uint16_t>(~sum & 0xFFFFU);
}

}  // namespace

TEST_CASE("profile pcap writes each stream's frames with its flows, read back by libpcap") {
  TempDir dir;
  const std::string out = dir.file("flows.pcap");
  const CliRun run =
      run_cli(dir, {"profile", "pcap",
                    testing::build_paths::source_file("etc/profiles/ipv4-udp-1k-flows.json"), "-o",
                    out, "--frames", "5"});
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(has(run.out, "port 0 stream 0"));
  CHECK(has(run.out, "5 frames, field engine applied"));
  const std::vector<std::string> frames = read_back(out);
  // Both directions' streams, five frames each.
  REQUIRE(frames.size() == 10);
  // Port 0's flows: the source address steps by one from the profile's, each header
  // checksum correct.
  const std::uint32_t first = u32_at(frames[0], 26);
  for (std::size_t i = 0; i < 5; ++i) {
    CAPTURE(i);
    CHECK(u32_at(frames[i], 26) == first + i);
    CHECK(ipv4_header_sum(frames[i]) == 0);
  }
}

TEST_CASE("profile pcap of TRex streams: the field engine where it runs exactly, else the base") {
  TempDir dir;
  const std::string imix = dir.file("imix.pcap");
  const CliRun run = run_cli(
      dir, {"profile", "pcap", testing::build_paths::source_file("etc/profiles/trex-imix.json"),
            "-o", imix, "--frames", "3"});
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  const std::vector<std::string> frames = read_back(imix);
  REQUIRE(frames.size() == 18);  // 2 ports x 3 streams x 3 frames
  // stl/imix.py, port 0: 16.0.0.1 -> 48.0.0.1 first, both stepping (TRex sends the
  // init value first, as the stand's captures show).
  CHECK(u32_at(frames[0], 26) == 0x10000001);
  CHECK(u32_at(frames[1], 26) == 0x10000002);
  CHECK(u32_at(frames[1], 30) == 0x30000002);
  CHECK(ipv4_header_sum(frames[1]) == 0);
  CHECK(frames[0].size() == 60);
  CHECK(frames[3].size() == 590);

  std::ifstream file(testing::build_paths::source_file("tests/trex_client/stl/syn_attack.json"));
  std::string streams((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const std::string profile =
      dir.write("syn.json", R"({"port_pairs": [{"ports": [0, 1], "bidirectional": false}],
      "trex_streams": )" + streams +
                                "}");
  const CliRun random = run_cli(dir, {"profile", "pcap", profile, "-o", dir.file("syn.pcap")});
  INFO(random.out << random.err);
  REQUIRE(random.exit_code == 0);
  CHECK(has(random.out, "its base packet only: flow_var ip_src is random"));
  CHECK(read_back(dir.file("syn.pcap")).size() == 1);
  const CliRun no_output = run_cli(dir, {"profile", "pcap", profile});
  CHECK(no_output.exit_code == 2);
  CHECK(has(no_output.err, "profile pcap needs -o OUT.pcap"));
}

}  // namespace trexsearch::servicetest

namespace trexsearch::servicetest {
namespace {

// A capture file of `frames` with link type `link`, written with libpcap.
void write_capture(const std::string& path, const std::vector<std::string>& frames,
                   int link = DLT_EN10MB) {
  pcap_t* dead = pcap_open_dead(link, 65535);
  REQUIRE(dead != nullptr);
  pcap_dumper_t* dumper = pcap_dump_open(dead, path.c_str());
  REQUIRE(dumper != nullptr);
  for (const std::string& frame : frames) {
    pcap_pkthdr header{};
    header.caplen = static_cast<bpf_u_int32>(frame.size());
    header.len = header.caplen;
    pcap_dump(reinterpret_cast<u_char*>(dumper), &header,
              reinterpret_cast<const u_char*>(frame.data()));
  }
  pcap_dump_close(dumper);
  pcap_close(dead);
}

// An Ethernet/IPv4/UDP frame of `size` bytes (without FCS) from `source`.
std::string udp_frame(std::size_t size, std::uint8_t source) {
  std::string frame(size, '\0');
  frame[12] = '\x08';
  frame[14] = '\x45';
  frame[16] = static_cast<char>((size - 14) >> 8U);
  frame[17] = static_cast<char>((size - 14) & 0xFFU);
  frame[22] = '\x40';
  frame[23] = '\x11';
  frame[26] = '\x10';
  frame[29] = static_cast<char>(source);
  frame[30] = '\x30';
  frame[33] = '\x01';
  return frame;
}

}  // namespace

TEST_CASE("a profile's packets_pcap: trex-search reads the capture and sends its frames") {
  TempDir dir;
  write_capture(dir.file("three.pcap"), {udp_frame(60, 1), udp_frame(60, 1), udp_frame(590, 2)});
  const std::string profile =
      dir.write("captured.json", R"({"name": "captured", "port_pairs": [{"ports": [0, 1],
      "bidirectional": false}], "packets_pcap": "three.pcap"})");
  const CliRun run = run_cli(dir, {"profile", "check", profile});
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  // Two distinct frames, weighted 2:1 as the capture holds them.
  CHECK(has(run.out, "0->1 (flow_stats pg_id 1):"));
  CHECK(has(run.out, "66.67 %"));
  CHECK(has(run.out, "33.33 %"));
  CHECK(has(run.out, "mean frame size 240.67 B"));

  write_capture(dir.file("raw.pcap"), {udp_frame(60, 1).substr(14)}, DLT_RAW);
  const std::string raw =
      dir.write("raw.json", R"({"port_pairs": [{"ports": [0, 1]}], "packets_pcap": "raw.pcap"})");
  const CliRun refused = run_cli(dir, {"profile", "check", raw});
  CHECK(refused.exit_code == 2);
  CHECK(has(refused.err, "raw.pcap holds RAW frames, not Ethernet"));

  const std::string few = dir.write(
      "few.json",
      R"({"port_pairs": [{"ports": [0, 1]}], "packets_pcap": "three.pcap", "packets_max": 1})");
  const CliRun too_many = run_cli(dir, {"profile", "check", few});
  CHECK(too_many.exit_code == 2);
  CHECK(has(too_many.err, "holds more than 1 distinct frames: raise packets_max"));
}

TEST_CASE("profile check and pcap of encapsulations: MPLS needs port counters, VXLAN flows") {
  TempDir dir;
  const std::string mpls = testing::build_paths::source_file("etc/profiles/ipv4-mpls-unidir.json");
  const CliRun refused = run_cli(dir, {"profile", "check", mpls});
  INFO(refused.out << refused.err);
  CHECK(refused.exit_code == 2);
  CHECK(has(refused.err, "mpls = labels [1000, 2000]"));
  CHECK(has(refused.err, "\"counters\": \"port\""));
  const CliRun counted = run_cli(dir, {"profile", "check", "--counters", "port", mpls});
  INFO(counted.out << counted.err);
  CHECK(counted.exit_code == 0);
  CHECK(has(counted.out, "counted with port"));

  const std::string out = dir.file("vxlan.pcap");
  const CliRun run =
      run_cli(dir, {"profile", "pcap",
                    testing::build_paths::source_file("etc/profiles/ipv4-vxlan-bidir.json"), "-o",
                    out, "--frames", "3"});
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  const std::vector<std::string> frames = read_back(out);
  REQUIRE(frames.size() == 6);
  for (std::size_t i = 0; i < 3; ++i) {
    CAPTURE(i);
    // Port 0: the outer UDP source port and the inner source address step together;
    // the outer destination port stays VXLAN's.
    CHECK(u32_at(frames[i], 34) == ((50000U + i) << 16U | 4789U));
    CHECK(u32_at(frames[i], 64 + 12) == 0x10000001U + i);
    CHECK(ipv4_header_sum(frames[i]) == 0);
  }
  // Port 1, the reverse tunnel: addresses swapped, still to port 4789.
  CHECK(u32_at(frames[3], 26) == 0x0A000002U);
  CHECK(u32_at(frames[3], 34) == (50000U << 16U | 4789U));
  CHECK(u32_at(frames[4], 64 + 16) == 0x10000002U);
}

}  // namespace trexsearch::servicetest
