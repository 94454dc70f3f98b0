#define _GNU_SOURCE
#include "CFileSpace.h"
#include <errno.h>
#include <fcntl.h>

int mask_reserve_file_space(int fd, long long length) {
#if defined(__linux__)
    int result;
    do {
        result = fallocate(fd, 0, 0, (off_t)length);
    } while (result != 0 && errno == EINTR);
    return result == 0 ? 0 : errno;
#else
    (void)fd;
    (void)length;
    return ENOSYS;
#endif
}
