/* LD_PRELOAD shim for TRex _t-rex-64 built with -std=c++0x (C++11): `new T` for an over-aligned T
 * (e.g. CGenNode, __rte_cache_aligned = 64) calls plain operator new(size_t), which glibc malloc
 * only aligns to 16, while the compiler (-march=native, AVX) zeroes the object with 32-byte
 * aligned vmovdqa ymm stores -> #GP/SIGSEGV when the pointer is 16 mod 32.
 * sizeof(T) is always a multiple of alignof(T), so: size % 64 == 0 -> 64-byte alignment,
 * size % 32 == 0 -> 32-byte alignment, else plain malloc. free() handles all of them. */
#include <stddef.h>
#include <stdlib.h>
#include <new>
static inline void* alloc(size_t n) {
  void* p = NULL;
  if (n == 0) n = 1;
  if ((n & 63) == 0) {
    if (posix_memalign(&p, 64, n)) p = NULL;
  } else if ((n & 31) == 0) {
    if (posix_memalign(&p, 32, n)) p = NULL;
  } else
    p = malloc(n);
  return p;
}
void* operator new(size_t n) {
  void* p = alloc(n);
  if (!p) throw std::bad_alloc();
  return p;
}
void* operator new[](size_t n) {
  void* p = alloc(n);
  if (!p) throw std::bad_alloc();
  return p;
}
void* operator new(size_t n, const std::nothrow_t&) noexcept { return alloc(n); }
void* operator new[](size_t n, const std::nothrow_t&) noexcept { return alloc(n); }
void operator delete(void* p) noexcept { free(p); }
void operator delete[](void* p) noexcept { free(p); }
void operator delete(void* p, size_t) noexcept { free(p); }
void operator delete[](void* p, size_t) noexcept { free(p); }
