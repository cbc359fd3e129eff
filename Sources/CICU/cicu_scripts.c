// Unicode scripts: which a locale is written in, which a character belongs to.
#include "cicu.h"

#include <unicode/uscript.h>

int32_t cicu_locale_scripts(const char *locale, int32_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode codes[16];
    int32_t count = uscript_getCode(locale, codes, 16, &status);
    if (U_FAILURE(status)) return (int32_t)status < 0 ? (int32_t)status : -(int32_t)status;
    if (count > capacity) count = capacity;
    for (int32_t i = 0; i < count; i++) out[i] = (int32_t)codes[i];
    return count;
}

int32_t cicu_scalar_has_script(int32_t scalar, int32_t script) {
    return uscript_hasScript((UChar32)scalar, (UScriptCode)script) ? 1 : 0;
}
