#ifndef CMEMORY_H
#define CMEMORY_H

#include <stddef.h>

/// Makes the C library's allocator map every allocation of at least `bytes` on its own
/// (glibc's `mallopt(M_MMAP_THRESHOLD)`, which Swift's Glibc module does not declare).
/// This also stops glibc from raising that threshold to the size of each large block
/// freed, which it otherwise does for the rest of the process. Returns 1 when set, 0
/// where it cannot be (another C library, or a size glibc refuses).
int mask_map_allocations_from(size_t bytes);

#endif
