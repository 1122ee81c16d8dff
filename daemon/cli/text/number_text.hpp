#pragma once

#include <cstddef>
#include <string>

namespace trexsearch::cli {

/// `value` with `decimals` digits after the point ("%.*f").
std::string fixed(double value, int decimals);
/// A load as the text outputs print it: frames/s with one decimal.
std::string load_text(double pps);
/// `text` padded with spaces to `width` columns, or followed by one space when it is
/// already as wide: table cells that never run into each other.
std::string pad(const std::string& text, std::size_t width);

}  // namespace trexsearch::cli
