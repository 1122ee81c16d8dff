#pragma once

#include <chrono>

namespace trexsearch::measure {

/// Durations throughout the searches: seconds as a double, like the drafts' "[s]".
using Seconds = std::chrono::duration<double>;

}  // namespace trexsearch::measure
