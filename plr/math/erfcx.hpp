#pragma once

namespace trexsearch::plr {

/// The scaled complementary error function erfcx(x) = e^(x^2) erfc(x), to a few ulps for
/// x >= -26 (+inf below, where the true value overflows). The erf fitting function needs it
/// where erfc itself underflows (the reference takes it from scipy).
double erfcx(double x);

}  // namespace trexsearch::plr
