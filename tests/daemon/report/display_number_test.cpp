#include "daemon/report/page/display_number.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "daemon/report/page/html_text.hpp"

using namespace trexsearch::report;

// "\u2009" is the thin space that groups thousands.

TEST_CASE("significant digits round first, then group thousands") {
  CHECK(significant(3199999.9999999995, 4) == "3\u2009200\u2009000");
  CHECK(significant(9999.7, 4) == "10\u2009000");
  CHECK(significant(3.19588, 4) == "3.196");
  CHECK(significant(0.000123456, 3) == "0.000123");
  CHECK(significant(-1234.5, 3) == "-1\u2009230");
  CHECK(significant(0.0, 4) == "0");
  CHECK(significant(std::numeric_limits<double>::quiet_NaN(), 4) == "-");
}

TEST_CASE("loads read with an SI prefix and 4 significant digits") {
  CHECK(load_text(14880952.0) == "14.88 Mpps");
  CHECK(load_text(3199999.9999999995) == "3.200 Mpps");
  CHECK(load_text(9001.0) == "9.001 kpps");
  CHECK(load_text(950.0) == "950.0 pps");
  CHECK(load_text(2.5e9) == "2.500 Gpps");
  // Rounding can cross a prefix: 999 960 pps is 1.000 Mpps, not "1 000 kpps".
  CHECK(load_text(999960.0) == "1.000 Mpps");
  CHECK(load_text(std::optional<double>{}) == "-");
}

TEST_CASE("an estimate keeps the digits its stdev supports") {
  CHECK(load_text(3205123.4, 118.0) == "3.20512 Mpps");
  CHECK(load_text(996666.7, 5000.0) == "996.7 kpps");
  // A stdev as large as the value: still 3 digits; a tiny one: at most 7.
  CHECK(load_text(1e6, 2e6) == "1.00 Mpps");
  CHECK(load_text(1234567.0, 1e-6) == "1.234567 Mpps");
  CHECK(load_text(1e6, 0.0) == "1.000 Mpps");
}

TEST_CASE("loss ratios read in scientific notation below 0.1") {
  CHECK(ratio_text(0.0) == "0");
  CHECK(ratio_text(1.0) == "1");
  CHECK(ratio_text(0.5) == "0.5");
  CHECK(ratio_text(0.005) == "5e-3");
  CHECK(ratio_text(1e-7) == "1e-7");
  CHECK(ratio_text(1.2345e-5) == "1.23e-5");
  CHECK(ratio_text(0.0055) == "5.5e-3");
}

TEST_CASE("durations read to the millisecond, long ones in whole seconds") {
  CHECK(seconds_text(1.0) == "1 s");
  CHECK(seconds_text(5.1) == "5.1 s");
  CHECK(seconds_text(54.05349999) == "54.053 s");
  CHECK(seconds_text(0.0004) == "0 s");
  CHECK(seconds_text(3600.4) == "3\u2009600 s");
}

TEST_CASE("percentages, bit rates and counts") {
  CHECK(percent_text(21.476) == "21.5 %");
  CHECK(percent_text(100.0) == "100 %");
  CHECK(percent_text(0.1234) == "0.123 %");
  CHECK(gbps_text(4.2954e9) == "4.295 Gbit/s");
  CHECK(count_text(29999998) == "29\u2009999\u2009998");
  CHECK(count_text(-12) == "-12");
}

TEST_CASE("numbers for people group thousands") {
  CHECK(format_number(14880952.0, 1) == "14\u2009880\u2009952.0");
  CHECK(format_number(-1234.5, 2) == "-1\u2009234.50");
  CHECK(format_number(999.0, 0) == "999");
}
