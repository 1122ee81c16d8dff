#pragma once

#include "search/strategy/strategy.hpp"

namespace trexsearch::mlr {

/// The previous target's bounds are 1 to 2 target widths apart: measure between them.
class HalveStrategy final : public Strategy {
 public:
  using Strategy::Strategy;
  std::optional<Nomination> nominate(const GridBounds& bounds) override;
};

/// Re-measure the previous target's lower bound at this target's duration and sum.
class RefineLoStrategy final : public Strategy {
 public:
  using Strategy::Strategy;
  std::optional<Nomination> nominate(const GridBounds& bounds) override;
};

/// Re-measure the previous target's upper bound at this target's duration and sum.
class RefineHiStrategy final : public Strategy {
 public:
  using Strategy::Strategy;
  std::optional<Nomination> nominate(const GridBounds& bounds) override;
};

/// External search downwards: an upper bound but no lower bound yet.
class ExtendLoStrategy final : public Strategy {
 public:
  using Strategy::Strategy;
  std::optional<Nomination> nominate(const GridBounds& bounds) override;
  void won(const GridBounds& bounds, GridIndex load) override;
};

/// External search upwards: a lower bound but no upper bound yet.
class ExtendHiStrategy final : public Strategy {
 public:
  using Strategy::Strategy;
  std::optional<Nomination> nominate(const GridBounds& bounds) override;
  void won(const GridBounds& bounds, GridIndex load) override;
};

/// Internal search between both bounds; prefers a bounded external step when
/// one would land between the bisection point and a starting bound.
class BisectStrategy final : public Strategy {
 public:
  using Strategy::Strategy;
  std::optional<Nomination> nominate(const GridBounds& bounds) override;
  void won(const GridBounds& bounds, GridIndex load) override;

 private:
  std::optional<Nomination> extend_lo(const GridBounds& bounds, GridIndex bisect_load);
  std::optional<Nomination> extend_hi(const GridBounds& bounds, GridIndex bisect_load);

  bool expand_on_clo_ = false;
  bool expand_on_chi_ = false;
};

}  // namespace trexsearch::mlr
