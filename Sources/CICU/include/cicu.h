// CICU: Parlance's only door to system ICU (libicuuc, libicui18n).
//
// Swift modules never include <unicode/*.h>: Foundation on Linux carries its own
// ICU module and the two clash (UErrorCode and friends). This header therefore
// exposes plain C types only: byte and UTF-16 buffers with lengths, int32 status
// codes (ICU's UErrorCode values, 0 = success, > 0 = failure, < 0 = warning) and
// opaque handles. Every symbol carries the `cicu_` prefix.

#ifndef CICU_H
#define CICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Status

/// ICU's symbolic name for a status code, e.g. "U_ILLEGAL_ARGUMENT_ERROR". Static storage.
const char *cicu_error_name(int32_t status);

/// The ICU version string, e.g. "72.1". Static storage.
const char *cicu_version(void);

// MARK: - Break iteration

typedef struct cicu_break cicu_break;

enum {
    CICU_BREAK_CHARACTER = 0,
    CICU_BREAK_WORD = 1,
    CICU_BREAK_LINE = 2,
    CICU_BREAK_SENTENCE = 3,
};

/// Opens a break iterator for `locale` (an ICU locale id such as "ja_JP").
/// Returns a status; on success `*out` owns the iterator (close with cicu_break_close).
int32_t cicu_break_open(int32_t kind, const char *locale, cicu_break **out);

/// A fresh, independent copy of `iterator` (cheaper than opening: no rule loading).
int32_t cicu_break_clone(const cicu_break *iterator, cicu_break **out);

void cicu_break_close(cicu_break *iterator);

/// Points the iterator at UTF-8 text. Boundaries are then UTF-8 byte offsets.
/// The bytes must stay valid and unchanged while the iterator uses them.
int32_t cicu_break_set_utf8(cicu_break *iterator, const uint8_t *text, int64_t length);

/// Points the iterator at UTF-16 text. Boundaries are then UTF-16 offsets.
int32_t cicu_break_set_utf16(cicu_break *iterator, const uint16_t *text, int32_t length);

/// The first boundary (always 0).
int64_t cicu_break_first(cicu_break *iterator);

/// The next boundary, or -1 when the text is exhausted.
int64_t cicu_break_next(cicu_break *iterator);

/// The rule status of the boundary last returned (for word breaks: 0-99 none,
/// 100-199 number, 200-299 letter, 300-399 kana, 400-499 ideographic).
int32_t cicu_break_rule_status(const cicu_break *iterator);

/// The iterator's compiled rules (ICU's binary form), copied into `buffer` when
/// `capacity` suffices. Returns their length in bytes, or -1 when ICU cannot give them.
/// Two iterators with the same rules break every text alike (ICU picks its dictionaries
/// by script, not by locale).
int32_t cicu_break_binary_rules(const cicu_break *iterator, uint8_t *buffer, int32_t capacity);

// MARK: - Normalization

enum {
    CICU_NORM_NFC = 0,
    CICU_NORM_NFD = 1,
    CICU_NORM_NFKC = 2,
    CICU_NORM_NFKD = 3,
    CICU_NORM_NFKC_CASEFOLD = 4,
};

/// Normalizes UTF-16 `source` into `destination` (capacity in code units).
/// `*length` receives the needed length even when the destination is too small
/// (status U_BUFFER_OVERFLOW_ERROR = 15), so callers can grow and retry.
int32_t cicu_normalize(int32_t form, const uint16_t *source, int32_t sourceLength,
                       uint16_t *destination, int32_t capacity, int32_t *length);

/// 1 when `source` is certainly already in `form`, 0 otherwise (maybe or no).
int32_t cicu_is_normalized(int32_t form, const uint16_t *source, int32_t sourceLength);

/// 1 when code point `c` always has a normalization boundary before it in `form`: text
/// that holds it normalizes as the part before it and the part from it, each alone.
int32_t cicu_has_boundary_before(int32_t form, int32_t c);

// MARK: - Locales

/// Converts a BCP-47 tag into an ICU locale id. `*parsed` receives how many
/// characters of the tag were understood (less than its length: malformed).
int32_t cicu_locale_from_language_tag(const char *tag, char *locale, int32_t capacity,
                                      int32_t *parsed);

/// Adds likely subtags: "zh" → "zh_Hans_CN", "ja" → "ja_Jpan_JP".
int32_t cicu_locale_add_likely_subtags(const char *locale, char *out, int32_t capacity);

/// The language, script or country part of an ICU locale id.
int32_t cicu_locale_language(const char *locale, char *out, int32_t capacity);
int32_t cicu_locale_script(const char *locale, char *out, int32_t capacity);
int32_t cicu_locale_country(const char *locale, char *out, int32_t capacity);

/// The BCP-47 form of an ICU locale id ("zh_Hans_CN" → "zh-Hans-CN").
int32_t cicu_locale_to_language_tag(const char *locale, char *out, int32_t capacity);

// MARK: - Number formatting and parsing (including rule-based spell-out)

typedef struct cicu_number cicu_number;

enum {
    CICU_NUMBER_DECIMAL = 0,
    CICU_NUMBER_SPELLOUT = 1,
    CICU_NUMBER_ORDINAL = 2,
    CICU_NUMBER_PERCENT = 3,
};

int32_t cicu_number_open(int32_t style, const char *locale, cicu_number **out);
void cicu_number_close(cicu_number *number);

/// Lenient parsing: accepts spacing and punctuation variants ("fifty two").
int32_t cicu_number_set_lenient(cicu_number *number, int32_t lenient);

/// Selects a rule set of a rule-based formatter by name, e.g. "%spellout-ordinal".
int32_t cicu_number_set_rule_set(cicu_number *number, const uint16_t *name, int32_t length);

/// The public rule set names, separated by ';' (UTF-16), for a rule-based formatter.
int32_t cicu_number_rule_sets(const cicu_number *number, uint16_t *out, int32_t capacity,
                              int32_t *length);

/// Parses from `*position` (UTF-16 offset); on success `*position` is the end of
/// the parsed text. A failed parse returns U_PARSE_ERROR (9).
int32_t cicu_number_parse(const cicu_number *number, const uint16_t *text, int32_t length,
                          int32_t *position, double *value);

/// Formats `value`; `*length` receives the needed length.
int32_t cicu_number_format(const cicu_number *number, double value, uint16_t *out,
                           int32_t capacity, int32_t *length);

/// Formats `value` with an ICU number skeleton such as
/// "measure-unit/concentr-percent unit-width-full-name" ("5 percent", "5 Prozent").
int32_t cicu_number_format_skeleton(const uint16_t *skeleton, int32_t skeletonLength,
                                    const char *locale, double value, uint16_t *out,
                                    int32_t capacity, int32_t *length);

// MARK: - Number formatter cloning (cicu_numbers.c)

/// A fresh, independent copy of `number` with its attributes and rule set (cheaper
/// than opening: no rule loading). Close it with cicu_number_close.
int32_t cicu_number_clone(const cicu_number *number, cicu_number **out);

// MARK: - Scripts (cicu_scripts.c)

/// The scripts a locale is written in (ja → Kana, Hira, Hani), as ICU script codes.
/// Returns the count written to `out` (at most `capacity`), or an ICU error (< 0).
int32_t cicu_locale_scripts(const char *locale, int32_t *out, int32_t capacity);

/// Whether `scalar` is used in script `script` (its Script or Script_Extensions property).
int32_t cicu_scalar_has_script(int32_t scalar, int32_t script);

#ifdef __cplusplus
}
#endif

#endif
