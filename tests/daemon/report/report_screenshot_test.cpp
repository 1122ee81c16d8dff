// The report as a person sees it: headless Chromium renders a generated MLR and
// PLR report at a phone's width (390 px) and a desktop's (1280 px), and the
// screenshots are checked for what would look broken: the wrong size, a blank
// page, or content running off the right edge (a table or chart wider than the
// screen). Skipped with a message where chromium is not installed
// (scripts/install-deps.sh installs it). Set TREX_SEARCH_SCREENSHOT_DIR to keep
// the PNGs (docs/report.md shows how they were made).
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "daemon/report/mlr_report.hpp"
#include "daemon/report/plr_report.hpp"
#include "daemon/report/suite_report.hpp"
#include "tests/daemon/report/png_pixels.hpp"
#include "tests/daemon/report/report_samples.hpp"
#include "tests/daemon/support/test_support.hpp"

using namespace trexsearch;

namespace {

constexpr std::uint32_t kScreenshotHeight = 2400;

std::string chromium_path() {
  const char* configured = std::getenv("TREX_SEARCH_CHROMIUM");
  const std::string path = configured != nullptr ? configured : "/usr/bin/chromium";
  return access(path.c_str(), X_OK) == 0 ? path : "";
}

/// Renders `page` at `width` px and returns the PNG's path.
std::string screenshot(const std::string& chromium, const test::TempDir& dir,
                       const std::string& page, std::uint32_t width, const std::string& name) {
  const std::string png = (dir.path() / (name + ".png")).string();
  // --no-sandbox: the tests run as root in CI containers, where the sandbox
  // refuses to start; the page is our own file and has no scripts.
  const auto result = test::run_process(
      {chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
       "--disable-quic", "--no-first-run", "--disable-background-networking",
       "--disable-component-update", "--disable-sync",
       "--user-data-dir=" + (dir.path() / "profile").string(),
       "--window-size=" + std::to_string(width) + "," + std::to_string(kScreenshotHeight),
       "--screenshot=" + png, "file://" + page},
      "", dir);
  INFO("chromium stderr: " << result.err);
  CHECK(result.exit_code == 0);
  if (const char* keep = std::getenv("TREX_SEARCH_SCREENSHOT_DIR")) {
    std::filesystem::copy_file(png, std::filesystem::path(keep) / (name + ".png"),
                               std::filesystem::copy_options::overwrite_existing);
  }
  return png;
}

void check_readable(const std::string& png, std::uint32_t width) {
  REQUIRE(std::filesystem::exists(png));
  const test::PngPixels image = test::read_png(png);
  CHECK(image.width == width);
  CHECK(image.height == kScreenshotHeight);
  // Not blank: text, tables and charts cover several per cent of a report's first
  // screens (a blank or error page is near zero).
  const double pixels = static_cast<double>(image.width) * image.height;
  const double ink = static_cast<double>(image.ink_pixels()) / pixels;
  CAPTURE(ink);
  CHECK(ink > 0.03);
  // Nothing runs off the right edge: the page keeps a margin there, so the last
  // few columns stay white unless a table or chart is wider than the screen.
  const std::size_t edge = image.ink_pixels(image.width - 6, image.width);
  CAPTURE(edge);
  CHECK(static_cast<double>(edge) < 0.001 * 6.0 * kScreenshotHeight);
}

}  // namespace

TEST_CASE("the MLR report renders without blank pages or overflow at 390 px and 1280 px") {
  const std::string chromium = chromium_path();
  if (chromium.empty()) {
    MESSAGE("chromium not installed (scripts/install-deps.sh installs it): screenshots skipped");
    return;
  }
  const test::SampleSearch search = test::noisy_search();
  const test::TempDir dir;
  const std::string page = dir.write(
      "mlr.html", report::render_mlr_report(test::trex_like_context("MLRsearch report: job 1"),
                                            search.config, search.result));
  for (const std::uint32_t width : {390u, 1280u}) {
    CAPTURE(width);
    check_readable(screenshot(chromium, dir, page, width, "mlr-" + std::to_string(width)), width);
  }
}

TEST_CASE("the PLR report renders without blank pages or overflow at 390 px and 1280 px") {
  const std::string chromium = chromium_path();
  if (chromium.empty()) {
    MESSAGE("chromium not installed (scripts/install-deps.sh installs it): screenshots skipped");
    return;
  }
  const test::TempDir dir;
  const std::string page = dir.write(
      "plr.html", report::render_plr_report(test::trex_like_context("PLRsearch report: job 2"),
                                            test::settling_soak()));
  for (const std::uint32_t width : {390u, 1280u}) {
    CAPTURE(width);
    check_readable(screenshot(chromium, dir, page, width, "plr-" + std::to_string(width)), width);
  }
}

TEST_CASE("a tester-limited MLR report, warning box first, renders without overflow at 390 px") {
  const std::string chromium = chromium_path();
  if (chromium.empty()) {
    MESSAGE("chromium not installed (scripts/install-deps.sh installs it): screenshots skipped");
    return;
  }
  const test::SampleSearch search = test::tester_limited_search();
  const test::TempDir dir;
  const std::string page = dir.write(
      "limited.html", report::render_mlr_report(test::trex_like_context("MLRsearch report: job 3"),
                                                search.config, search.result));
  check_readable(screenshot(chromium, dir, page, 390, "mlr-limited-390"), 390);
}

TEST_CASE("the suite report renders without blank pages or overflow at 390 px and 1280 px") {
  const std::string chromium = chromium_path();
  if (chromium.empty()) {
    MESSAGE("chromium not installed (scripts/install-deps.sh installs it): screenshots skipped");
    return;
  }
  const test::TempDir dir;
  const std::string page =
      dir.write("suite.html", report::render_suite_report(test::frame_size_suite()));
  for (const std::uint32_t width : {390u, 1280u}) {
    CAPTURE(width);
    check_readable(screenshot(chromium, dir, page, width, "suite-" + std::to_string(width)), width);
  }
}
