#ifndef MASK_CSTACK_H
#define MASK_CSTACK_H

#include <stdint.h>

/// The address of the caller's machine stack frame.
///
/// Swift can only take the address of a local, and under AddressSanitizer a local may
/// live on ASan's "fake stack" in the heap, which says nothing about how deep the real
/// stack is. The frame address comes from the frame pointer itself, so the stack guard
/// measures the real stack in every build.
uintptr_t mask_stack_position(void);

#endif
