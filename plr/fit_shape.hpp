#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace trexsearch::plr {

/// The two fitting-function shapes (draft-02 section 5.3): doubly integrated logistic
/// ("stretch") and doubly integrated Gaussian ("erf").
enum class FitShape { stretch, erf };

/// Both shapes, in the order estimates are reported.
inline constexpr std::array<FitShape, 2> kFitShapes{FitShape::stretch, FitShape::erf};

/// Index of a shape in kFitShapes.
constexpr std::size_t index_of(FitShape shape) { return shape == FitShape::stretch ? 0 : 1; }

/// "stretch" or "erf".
constexpr std::string_view to_string(FitShape shape) {
  return shape == FitShape::stretch ? "stretch" : "erf";
}

}  // namespace trexsearch::plr
