#pragma once

#include <cstddef>
#include <string>

namespace trexsearch::cli {

/// `value` with `decimals` digits after the point ("%.*f").
std::string fixed(double value, int decimals);
/// A load as the text outputs print it: frames/s with one decimal.
std::string load_text(double pps);

/// The unit a job's loads are in (protocol JobSummary::load_unit): "pps", frames per
/// second per direction, or "cps", an ASTF job's connections (transactions) per second
/// (docs/astf.md). Every text that prints a load takes it, "pps" by default.
inline constexpr std::string_view kFramesPerSecond = "pps";
/// `text` padded with spaces to `width` columns, or followed by one space when it is
/// already as wide: table cells that never run into each other.
std::string pad(const std::string& text, std::size_t width);

}  // namespace trexsearch::cli
