// Number-format additions for NumberReader: cloning a formatter so a pool can hand
// each thread its own copy (UNumberFormat's parse is not thread-safe).

#include "cicu.h"

#include <stdlib.h>
#include <unicode/unum.h>
#include <unicode/utypes.h>

// The same layout as in cicu.c: a C struct defined identically in two translation
// units is one compatible type, so the handle can be shared without touching cicu.c.
struct cicu_number {
    UNumberFormat *format;
};

int32_t cicu_number_clone(const cicu_number *number, cicu_number **out) {
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormat *copy = unum_clone(number->format, &status);
    if (U_FAILURE(status)) return status;
    cicu_number *wrapper = (cicu_number *)malloc(sizeof(cicu_number));
    if (wrapper == NULL) {
        unum_close(copy);
        return U_MEMORY_ALLOCATION_ERROR;
    }
    wrapper->format = copy;
    *out = wrapper;
    return status;
}
