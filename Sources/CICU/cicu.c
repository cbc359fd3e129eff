// The implementation of cicu.h: thin wrappers, no policy. Every function that
// can fail returns ICU's UErrorCode as an int32.

#include "cicu.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/unorm2.h>
#include <unicode/unum.h>
#include <unicode/unumberformatter.h>
#include <unicode/utext.h>
#include <unicode/uversion.h>
#include <unicode/utypes.h>

const char *cicu_error_name(int32_t status) { return u_errorName((UErrorCode)status); }

const char *cicu_version(void) {
    static char version[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, version);
    return version;
}

// MARK: - Break iteration

struct cicu_break {
    UBreakIterator *iterator;
    UText text;  // reused by utext_openUTF8: no allocation per text
};

static cicu_break *cicu_break_wrap(UBreakIterator *iterator) {
    cicu_break *wrapper = (cicu_break *)malloc(sizeof(cicu_break));
    if (wrapper == NULL) return NULL;
    wrapper->iterator = iterator;
    UText initial = UTEXT_INITIALIZER;
    wrapper->text = initial;
    return wrapper;
}

int32_t cicu_break_open(int32_t kind, const char *locale, cicu_break **out) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIteratorType type;
    switch (kind) {
        case CICU_BREAK_CHARACTER: type = UBRK_CHARACTER; break;
        case CICU_BREAK_WORD: type = UBRK_WORD; break;
        case CICU_BREAK_LINE: type = UBRK_LINE; break;
        case CICU_BREAK_SENTENCE: type = UBRK_SENTENCE; break;
        default: return U_ILLEGAL_ARGUMENT_ERROR;
    }
    UBreakIterator *iterator = ubrk_open(type, locale, NULL, 0, &status);
    if (U_FAILURE(status)) return status;
    *out = cicu_break_wrap(iterator);
    if (*out == NULL) {
        ubrk_close(iterator);
        return U_MEMORY_ALLOCATION_ERROR;
    }
    return status;
}

int32_t cicu_break_clone(const cicu_break *iterator, cicu_break **out) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *copy = ubrk_clone(iterator->iterator, &status);
    if (U_FAILURE(status)) return status;
    *out = cicu_break_wrap(copy);
    if (*out == NULL) {
        ubrk_close(copy);
        return U_MEMORY_ALLOCATION_ERROR;
    }
    return status;
}

void cicu_break_close(cicu_break *iterator) {
    if (iterator == NULL) return;
    ubrk_close(iterator->iterator);
    utext_close(&iterator->text);
    free(iterator);
}

int32_t cicu_break_set_utf8(cicu_break *iterator, const uint8_t *text, int64_t length) {
    UErrorCode status = U_ZERO_ERROR;
    static const char empty[1] = {0};
    utext_openUTF8(&iterator->text, text != NULL ? (const char *)text : empty, length, &status);
    if (U_FAILURE(status)) return status;
    ubrk_setUText(iterator->iterator, &iterator->text, &status);
    return status;
}

int32_t cicu_break_set_utf16(cicu_break *iterator, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    static const UChar empty[1] = {0};
    ubrk_setText(iterator->iterator, text != NULL ? (const UChar *)text : empty, length, &status);
    return status;
}

int64_t cicu_break_first(cicu_break *iterator) { return ubrk_first(iterator->iterator); }

int64_t cicu_break_next(cicu_break *iterator) {
    int32_t boundary = ubrk_next(iterator->iterator);
    return boundary == UBRK_DONE ? -1 : boundary;
}

int32_t cicu_break_rule_status(const cicu_break *iterator) {
    return ubrk_getRuleStatus(iterator->iterator);
}

int32_t cicu_break_binary_rules(const cicu_break *iterator, uint8_t *buffer, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = ubrk_getBinaryRules(iterator->iterator, buffer, capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return length;
    return U_FAILURE(status) ? -1 : length;
}

// MARK: - Normalization

static const UNormalizer2 *cicu_normalizer(int32_t form, UErrorCode *status) {
    switch (form) {
        case CICU_NORM_NFC: return unorm2_getNFCInstance(status);
        case CICU_NORM_NFD: return unorm2_getNFDInstance(status);
        case CICU_NORM_NFKC: return unorm2_getNFKCInstance(status);
        case CICU_NORM_NFKD: return unorm2_getNFKDInstance(status);
        case CICU_NORM_NFKC_CASEFOLD: return unorm2_getNFKCCasefoldInstance(status);
        default: *status = U_ILLEGAL_ARGUMENT_ERROR; return NULL;
    }
}

int32_t cicu_normalize(int32_t form, const uint16_t *source, int32_t sourceLength,
                       uint16_t *destination, int32_t capacity, int32_t *length) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *normalizer = cicu_normalizer(form, &status);
    if (U_FAILURE(status)) return status;
    *length = unorm2_normalize(normalizer, (const UChar *)source, sourceLength,
                               (UChar *)destination, capacity, &status);
    return status;
}

int32_t cicu_is_normalized(int32_t form, const uint16_t *source, int32_t sourceLength) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *normalizer = cicu_normalizer(form, &status);
    if (U_FAILURE(status)) return 0;
    UNormalizationCheckResult result =
        unorm2_quickCheck(normalizer, (const UChar *)source, sourceLength, &status);
    return U_SUCCESS(status) && result == UNORM_YES;
}

int32_t cicu_has_boundary_before(int32_t form, int32_t c) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *normalizer = cicu_normalizer(form, &status);
    if (U_FAILURE(status)) return 0;
    return unorm2_hasBoundaryBefore(normalizer, (UChar32)c) ? 1 : 0;
}

// MARK: - Locales

int32_t cicu_locale_from_language_tag(const char *tag, char *locale, int32_t capacity,
                                      int32_t *parsed) {
    UErrorCode status = U_ZERO_ERROR;
    uloc_forLanguageTag(tag, locale, capacity, parsed, &status);
    return status;
}

int32_t cicu_locale_add_likely_subtags(const char *locale, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    uloc_addLikelySubtags(locale, out, capacity, &status);
    return status;
}

int32_t cicu_locale_language(const char *locale, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    uloc_getLanguage(locale, out, capacity, &status);
    return status;
}

int32_t cicu_locale_script(const char *locale, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    uloc_getScript(locale, out, capacity, &status);
    return status;
}

int32_t cicu_locale_country(const char *locale, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    uloc_getCountry(locale, out, capacity, &status);
    return status;
}

int32_t cicu_locale_to_language_tag(const char *locale, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    uloc_toLanguageTag(locale, out, capacity, 0, &status);
    return status;
}

// MARK: - Numbers

struct cicu_number {
    UNumberFormat *format;
};

int32_t cicu_number_open(int32_t style, const char *locale, cicu_number **out) {
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormatStyle icuStyle;
    switch (style) {
        case CICU_NUMBER_DECIMAL: icuStyle = UNUM_DECIMAL; break;
        case CICU_NUMBER_SPELLOUT: icuStyle = UNUM_SPELLOUT; break;
        case CICU_NUMBER_ORDINAL: icuStyle = UNUM_ORDINAL; break;
        case CICU_NUMBER_PERCENT: icuStyle = UNUM_PERCENT; break;
        default: return U_ILLEGAL_ARGUMENT_ERROR;
    }
    UNumberFormat *format = unum_open(icuStyle, NULL, 0, locale, NULL, &status);
    if (U_FAILURE(status)) return status;
    cicu_number *number = (cicu_number *)malloc(sizeof(cicu_number));
    if (number == NULL) {
        unum_close(format);
        return U_MEMORY_ALLOCATION_ERROR;
    }
    number->format = format;
    *out = number;
    return status;
}

void cicu_number_close(cicu_number *number) {
    if (number == NULL) return;
    unum_close(number->format);
    free(number);
}

int32_t cicu_number_set_lenient(cicu_number *number, int32_t lenient) {
    unum_setAttribute(number->format, UNUM_LENIENT_PARSE, lenient ? 1 : 0);
    return U_ZERO_ERROR;
}

int32_t cicu_number_set_rule_set(cicu_number *number, const uint16_t *name, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    unum_setTextAttribute(number->format, UNUM_DEFAULT_RULESET, (const UChar *)name, length,
                          &status);
    return status;
}

int32_t cicu_number_rule_sets(const cicu_number *number, uint16_t *out, int32_t capacity,
                              int32_t *length) {
    UErrorCode status = U_ZERO_ERROR;
    *length = unum_getTextAttribute(number->format, UNUM_PUBLIC_RULESETS, (UChar *)out,
                                    capacity, &status);
    return status;
}

int32_t cicu_number_parse(const cicu_number *number, const uint16_t *text, int32_t length,
                          int32_t *position, double *value) {
    UErrorCode status = U_ZERO_ERROR;
    *value = unum_parseDouble(number->format, (const UChar *)text, length, position, &status);
    return status;
}

int32_t cicu_number_format(const cicu_number *number, double value, uint16_t *out,
                           int32_t capacity, int32_t *length) {
    UErrorCode status = U_ZERO_ERROR;
    *length = unum_formatDouble(number->format, value, (UChar *)out, capacity, NULL, &status);
    return status;
}

int32_t cicu_number_format_skeleton(const uint16_t *skeleton, int32_t skeletonLength,
                                    const char *locale, double value, uint16_t *out,
                                    int32_t capacity, int32_t *length) {
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormatter *formatter =
        unumf_openForSkeletonAndLocale((const UChar *)skeleton, skeletonLength, locale, &status);
    if (U_FAILURE(status)) return status;
    UFormattedNumber *result = unumf_openResult(&status);
    if (U_FAILURE(status)) {
        unumf_close(formatter);
        return status;
    }
    unumf_formatDouble(formatter, value, result, &status);
    if (U_SUCCESS(status)) {
        *length = unumf_resultToString(result, (UChar *)out, capacity, &status);
    }
    unumf_closeResult(result);
    unumf_close(formatter);
    return status;
}
