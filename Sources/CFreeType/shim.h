#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_COLOR_H
#include FT_TRUETYPE_TABLES_H

/* FreeType's message for an error code ("invalid argument"), from its own error list
   (fterrdef.h): Debian's FreeType is built without FT_Error_String. NULL when unknown. */
static inline const char *mask_ft_error_message(int code) {
#undef FTERRORS_H_
#define FT_ERROR_START_LIST switch (code) {
#define FT_ERRORDEF(e, v, s) case v: return s;
#define FT_ERROR_END_LIST default: return 0; }
#include FT_ERRORS_H
}
