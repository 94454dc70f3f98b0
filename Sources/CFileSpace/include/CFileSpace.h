#ifndef CFILESPACE_H
#define CFILESPACE_H

/// Reserves the first `length` bytes of the open file `fd` (Linux `fallocate`, mode 0, which
/// Swift's Glibc module does not export), so the file system allocates its blocks at once
/// instead of page by page as they are written. Returns 0, or the errno value when the
/// file system refuses (`EOPNOTSUPP` where it cannot reserve; elsewhere than Linux, always
/// `ENOTSUP`). Nothing is written: a refusal leaves the file as it was.
int mask_reserve_file_space(int fd, long long length);

#endif
