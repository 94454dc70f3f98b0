#ifndef CFILESPACE_H
#define CFILESPACE_H

/// Reserves the first `length` bytes of the file open as `fd` (Linux `fallocate(2)`,
/// mode 0), which Swift's Glibc module does not declare. Returns 0, or the `errno` of
/// the failure; ENOSYS where the call does not exist.
int mask_reserve_file_space(int fd, long long length);

#endif
