#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace trexsearch::test {

/// An 8-bit RGB or RGBA PNG (what headless Chromium writes) decoded to RGB rows,
/// enough to tell whether a screenshot shows anything. Throws std::runtime_error
/// on anything else (interlaced, palette, 16-bit, a broken file).
struct PngPixels {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  /// width * height * 3 bytes, row by row.
  std::vector<std::uint8_t> rgb;

  /// Pixels in the column range [x_begin, x_end) that are not near-white
  /// (any channel below 235).
  std::size_t ink_pixels(std::uint32_t x_begin, std::uint32_t x_end) const;
  std::size_t ink_pixels() const { return ink_pixels(0, width); }
};

PngPixels read_png(const std::string& path);

}  // namespace trexsearch::test
