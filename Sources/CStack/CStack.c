#include "CStack.h"

__attribute__((noinline)) uintptr_t mask_stack_position(void) {
    return (uintptr_t)__builtin_frame_address(0);
}
