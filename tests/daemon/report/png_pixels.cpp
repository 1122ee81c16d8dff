#include "tests/daemon/report/png_pixels.hpp"

#include <zlib.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <utility>

namespace trexsearch::test {
namespace {

std::uint32_t big_endian(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
         std::uint32_t{p[3]};
}

std::vector<std::uint8_t> inflate_all(const std::vector<std::uint8_t>& compressed,
                                      std::size_t expected) {
  std::vector<std::uint8_t> out(expected);
  uLongf size = static_cast<uLongf>(expected);
  if (uncompress(out.data(), &size, compressed.data(), static_cast<uLong>(compressed.size())) !=
          Z_OK ||
      size != expected) {
    throw std::runtime_error("PNG: image data does not inflate to the expected size");
  }
  return out;
}

std::uint8_t paeth(int a, int b, int c) {
  const int p = a + b - c;
  const int pa = std::abs(p - a);
  const int pb = std::abs(p - b);
  const int pc = std::abs(p - c);
  if (pa <= pb && pa <= pc) return static_cast<std::uint8_t>(a);
  return static_cast<std::uint8_t>(pb <= pc ? b : c);
}

}  // namespace

std::size_t PngPixels::ink_pixels(std::uint32_t x_begin, std::uint32_t x_end) const {
  std::size_t ink = 0;
  for (std::uint32_t y = 0; y < height; ++y) {
    for (std::uint32_t x = x_begin; x < x_end && x < width; ++x) {
      const std::uint8_t* p = &rgb[(std::size_t{y} * width + x) * 3];
      if (p[0] < 235 || p[1] < 235 || p[2] < 235) ++ink;
    }
  }
  return ink;
}

PngPixels read_png(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(file), {}};
  static const std::uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (bytes.size() < 33 || !std::equal(signature, signature + 8, bytes.begin())) {
    throw std::runtime_error("not a PNG: " + path);
  }
  PngPixels image;
  int channels = 0;
  std::vector<std::uint8_t> data;
  for (std::size_t at = 8; at + 12 <= bytes.size();) {
    const std::uint32_t length = big_endian(&bytes[at]);
    const std::string type(bytes.begin() + static_cast<std::ptrdiff_t>(at + 4),
                           bytes.begin() + static_cast<std::ptrdiff_t>(at + 8));
    const std::uint8_t* body = &bytes[at + 8];
    if (at + 12 + length > bytes.size()) throw std::runtime_error("PNG: chunk past the end");
    if (type == "IHDR") {
      image.width = big_endian(body);
      image.height = big_endian(body + 4);
      const int depth = body[8];
      const int colour = body[9];
      if (depth != 8 || (colour != 2 && colour != 6) || body[12] != 0) {
        throw std::runtime_error("PNG: only 8-bit RGB/RGBA, not interlaced");
      }
      channels = colour == 2 ? 3 : 4;
    } else if (type == "IDAT") {
      data.insert(data.end(), body, body + length);
    }
    at += 12 + length;
  }
  if (channels == 0) throw std::runtime_error("PNG: no IHDR");
  const std::size_t stride = std::size_t{image.width} * static_cast<std::size_t>(channels);
  const std::vector<std::uint8_t> raw = inflate_all(data, (stride + 1) * image.height);
  // Undo the per-row filters (PNG spec 9.2) into `current`, keeping `previous`.
  std::vector<std::uint8_t> previous(stride, 0);
  std::vector<std::uint8_t> current(stride);
  image.rgb.resize(std::size_t{image.width} * image.height * 3);
  for (std::uint32_t y = 0; y < image.height; ++y) {
    const std::uint8_t* row = &raw[y * (stride + 1)];
    const int filter = row[0];
    for (std::size_t i = 0; i < stride; ++i) {
      const int a = i >= static_cast<std::size_t>(channels) ? current[i - channels] : 0;
      const int b = previous[i];
      const int c = i >= static_cast<std::size_t>(channels) ? previous[i - channels] : 0;
      int predictor = 0;
      switch (filter) {
        case 0:
          predictor = 0;
          break;
        case 1:
          predictor = a;
          break;
        case 2:
          predictor = b;
          break;
        case 3:
          predictor = (a + b) / 2;
          break;
        case 4:
          predictor = paeth(a, b, c);
          break;
        default:
          throw std::runtime_error("PNG: unknown row filter");
      }
      current[i] = static_cast<std::uint8_t>(row[1 + i] + predictor);
    }
    for (std::uint32_t x = 0; x < image.width; ++x) {
      for (int k = 0; k < 3; ++k) {
        image.rgb[(std::size_t{y} * image.width + x) * 3 + static_cast<std::size_t>(k)] =
            current[std::size_t{x} * static_cast<std::size_t>(channels) +
                    static_cast<std::size_t>(k)];
      }
    }
    std::swap(previous, current);
  }
  return image;
}

}  // namespace trexsearch::test
