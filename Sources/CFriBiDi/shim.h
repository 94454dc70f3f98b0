#include <fribidi/fribidi.h>
