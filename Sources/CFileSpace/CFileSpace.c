#define _GNU_SOURCE
#include "CFileSpace.h"
#include <errno.h>
#include <fcntl.h>

int mask_reserve_file_space(int fd, long long length) {
#if defined(__linux__)
    return fallocate(fd, 0, 0, (off_t)length) == 0 ? 0 : errno;
#else
    (void)fd;
    (void)length;
    return ENOTSUP;
#endif
}
