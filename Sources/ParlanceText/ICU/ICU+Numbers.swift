import CICU

/// An owned ICU number formatter (`UNumberFormat`): decimal, rule-based spell-out or ordinal.
///
/// Not thread-safe: ICU's parse and the rule-set switch mutate the formatter. Share one
/// through ``NumberFormatPool``, which hands each caller a clone of its own.
final class NumberFormat {
    enum Style: Int32 {
        case decimal = 0  // CICU_NUMBER_DECIMAL
        case spellout = 1  // CICU_NUMBER_SPELLOUT
        case ordinal = 2  // CICU_NUMBER_ORDINAL
        case percent = 3  // CICU_NUMBER_PERCENT
    }

    let handle: OpaquePointer

    init(_ style: Style, locale: String) throws(ICUError) {
        var handle: OpaquePointer?
        try ICU.check(cicu_number_open(style.rawValue, locale, &handle), "open a \(style) number format for \(locale)")
        self.handle = handle!
    }

    private init(handle: OpaquePointer) { self.handle = handle }

    deinit { cicu_number_close(handle) }

    func clone() throws(ICUError) -> NumberFormat {
        var copy: OpaquePointer?
        try ICU.check(cicu_number_clone(handle, &copy), "clone a number format")
        return NumberFormat(handle: copy!)
    }

    /// Lenient parsing. Only meaningful for rule-based formats: on a decimal format ICU 72
    /// then stops at the first grouping separator ("1,000" parses as 1), so leave it unset there.
    func setLenient(_ lenient: Bool) {
        _ = cicu_number_set_lenient(handle, lenient ? 1 : 0)
    }

    /// Selects the rule set used for formatting. (Parsing tries every public rule set.)
    func setRuleSet(_ name: String) throws(ICUError) {
        let units = Array(name.utf16)
        try units.withUnsafeBufferPointer { buffer throws(ICUError) in
            try ICU.check(cicu_number_set_rule_set(handle, buffer.baseAddress, Int32(buffer.count)), "select the rule set \(name)")
        }
    }

    /// The public rule set names of a rule-based format, e.g. "%spellout-numbering".
    func ruleSets() throws(ICUError) -> [String] {
        let units = try ICU.utf16("list number rule sets") { cicu_number_rule_sets(handle, $0, $1, &$2) }
        return String(decoding: units, as: UTF16.self).split(separator: ";").map(String.init)
    }

    /// Parses from the start of `text`: the value and how many UTF-16 units were read,
    /// or nil when nothing parses.
    func parse(_ text: UnsafeBufferPointer<UInt16>) -> (value: Double, length: Int)? {
        guard !text.isEmpty, text.count < Int(Int32.max) else { return nil }
        var position: Int32 = 0
        var value = 0.0
        let status = cicu_number_parse(handle, text.baseAddress, Int32(text.count), &position, &value)
        guard status <= 0, position > 0, value.isFinite else { return nil }
        return (value, Int(position))
    }

    /// The formatted value with the current rule set.
    func format(_ value: Double) throws(ICUError) -> String {
        let units = try ICU.utf16("format the number \(value)") { cicu_number_format(handle, value, $0, $1, &$2) }
        return String(decoding: units, as: UTF16.self)
    }
}

extension ICU {
    /// Formats `value` with an ICU number skeleton, e.g.
    /// "measure-unit/concentr-percent unit-width-full-name" → "5 Prozent".
    static func format(_ value: Double, skeleton: String, locale: String) throws(ICUError) -> String {
        let skeletonUnits = Array(skeleton.utf16)
        let units = try utf16("format \(value) with the skeleton \(skeleton)") { out, capacity, length in
            skeletonUnits.withUnsafeBufferPointer {
                cicu_number_format_skeleton($0.baseAddress, Int32($0.count), locale, value, out, capacity, &length)
            }
        }
        return String(decoding: units, as: UTF16.self)
    }
}

/// A small pool of clones of a set of number formats, so a `Sendable` reader can parse
/// from many threads at once (the way ``BreakIteratorPool`` shares break iterators).
final class NumberFormatPool<Formats>: @unchecked Sendable {
    private let template: Formats
    private let clone: (Formats) throws -> Formats
    private var idle: [Formats] = []
    private let lock = Lock()
    private let templateLock = Lock()

    init(_ template: Formats, clone: @escaping (Formats) throws -> Formats) {
        self.template = template
        self.clone = clone
    }

    /// Runs `body` with formats no other thread is using.
    func withFormats<R>(_ body: (Formats) throws -> R) rethrows -> R {
        if let reused = lock.withLock({ idle.popLast() }) {
            defer { lock.withLock { idle.append(reused) } }
            return try body(reused)
        }
        // Cloning reads the template, so it takes the template's lock too.
        guard let fresh = try? templateLock.withLock({ try clone(template) }) else {
            // A clone only fails when memory is exhausted: share the template, one caller at a time.
            return try templateLock.withLock { try body(template) }
        }
        defer { lock.withLock { idle.append(fresh) } }
        return try body(fresh)
    }
}
