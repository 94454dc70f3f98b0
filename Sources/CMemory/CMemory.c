#include "CMemory.h"
#include <limits.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int mask_map_allocations_from(size_t bytes) {
#if defined(__GLIBC__)
    if (bytes > INT_MAX) return 0;
    return mallopt(M_MMAP_THRESHOLD, (int)bytes) == 1;
#else
    (void)bytes;
    return 0;
#endif
}
