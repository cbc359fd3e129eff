import CICU
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure reported by ICU, named as ICU names it.
///
/// Every ICU status that reaches Swift becomes this one type (the way swift-system
/// turns `errno` into `Errno`), so callers handle ICU failures in one place.
public struct ICUError: Error, Sendable, Equatable, CustomStringConvertible {
    /// ICU's `UErrorCode` value (positive: failure).
    public let code: Int32
    /// What Parlance was asking ICU to do.
    public let operation: String

    /// ICU's symbolic name, such as `U_ILLEGAL_ARGUMENT_ERROR`.
    public var name: String { String(validatingCString: cicu_error_name(code)) ?? "U_ERROR \(code)" }

    public var description: String { "ICU failed to \(operation): \(name) (\(code))" }
}

/// The raw ICU calls, one place for all of them.
enum ICU {
    static let bufferOverflow: Int32 = 15  // U_BUFFER_OVERFLOW_ERROR
    static let parseError: Int32 = 9  // U_PARSE_ERROR

    /// ICU's version, such as "72.1".
    static var version: String { String(validatingCString: cicu_version()) ?? "" }

    @inline(__always)
    static func check(_ status: Int32, _ operation: @autoclosure () -> String) throws(ICUError) {
        if status > 0 { throw ICUError(code: status, operation: operation()) }
    }

    /// Calls an ICU function that writes a C string into a buffer.
    static func string(
        _ operation: String,
        _ body: (UnsafeMutablePointer<CChar>, Int32) -> Int32
    ) throws(ICUError) -> String {
        var buffer = [CChar](repeating: 0, count: 158)
        let status = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, Int32($0.count - 1)) }
        try check(status, operation)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Calls an ICU function that writes UTF-16 into a buffer, growing it once if needed.
    static func utf16(
        _ operation: String,
        _ body: (UnsafeMutablePointer<UInt16>, Int32, inout Int32) -> Int32
    ) throws(ICUError) -> [UInt16] {
        var capacity = 64
        while true {
            var buffer = [UInt16](repeating: 0, count: capacity)
            var length: Int32 = 0
            let status = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, Int32($0.count), &length) }
            if status == bufferOverflow, Int(length) >= capacity {
                capacity = Int(length) + 1
                continue
            }
            try check(status, operation)
            return Array(buffer[0..<Int(length)])
        }
    }
}

/// An owned ICU break iterator.
final class BreakIterator {
    enum Kind: Int32 {
        case character = 0
        case word = 1
        case line = 2
        case sentence = 3
    }

    let handle: OpaquePointer

    init(kind: Kind, locale: String) throws(ICUError) {
        var handle: OpaquePointer?
        try ICU.check(cicu_break_open(kind.rawValue, locale, &handle), "open a \(kind) break iterator for \(locale)")
        self.handle = handle!
    }

    private init(handle: OpaquePointer) { self.handle = handle }

    func clone() throws(ICUError) -> BreakIterator {
        var copy: OpaquePointer?
        try ICU.check(cicu_break_clone(handle, &copy), "clone a break iterator")
        return BreakIterator(handle: copy!)
    }

    deinit { cicu_break_close(handle) }

    /// Sets UTF-8 text; boundaries are then byte offsets. The bytes must outlive the iteration.
    @inline(__always)
    func setText(_ bytes: UnsafeBufferPointer<UInt8>) throws(ICUError) {
        try ICU.check(cicu_break_set_utf8(handle, bytes.baseAddress, Int64(bytes.count)), "set break iterator text")
    }

    /// Sets UTF-16 text; boundaries are then UTF-16 offsets.
    @inline(__always)
    func setText(_ units: UnsafeBufferPointer<UInt16>) throws(ICUError) {
        try ICU.check(cicu_break_set_utf16(handle, units.baseAddress, Int32(units.count)), "set break iterator text")
    }

    /// The next boundary, or nil at the end.
    @inline(__always)
    func next() -> Int? {
        let boundary = cicu_break_next(handle)
        return boundary < 0 ? nil : Int(boundary)
    }

    @inline(__always)
    var ruleStatus: Int32 { cicu_break_rule_status(handle) }

    /// The iterator's compiled rules, nil when ICU cannot give them: iterators with the
    /// same rules break every text alike (``BreakIteratorPool/shared(kind:locale:)``).
    func binaryRules() -> [UInt8]? {
        let length = cicu_break_binary_rules(handle, nil, 0)
        guard length > 0 else { return nil }
        var rules = [UInt8](repeating: 0, count: Int(length))
        let copied = rules.withUnsafeMutableBufferPointer { cicu_break_binary_rules(handle, $0.baseAddress, length) }
        return copied == length ? rules : nil
    }

    /// The text segmented last and its segments (end offset << 32 | rule status), so that
    /// the same text segmented again, as the tokenizers of several languages sharing these
    /// rules do with one utterance, is not run through ICU again.
    private var segmentedText: [UInt8] = []
    private var segments: [UInt64] = []

    /// Calls `body` with the end offset and rule status of each segment of UTF-8 `bytes`,
    /// in order; for the text segmented last, from memory.
    func forEachSegment(of bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Int32) -> Void) {
        if !bytes.isEmpty, segmentedText.count == bytes.count,
           segmentedText.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
            for segment in segments { body(Int(segment >> 32), Int32(truncatingIfNeeded: segment)) }
            return
        }
        segmentedText.removeAll(keepingCapacity: true)
        segments.removeAll(keepingCapacity: true)
        guard !bytes.isEmpty, (try? setText(bytes)) != nil else { return }
        while let end = next() {
            let status = ruleStatus
            segments.append(UInt64(end) << 32 | UInt64(UInt32(bitPattern: status)))
            body(end, status)
        }
        segmentedText.append(contentsOf: bytes)
    }
}

/// A small pool of clones of one break iterator, so a `Sendable` tokenizer can be used
/// from many threads without opening (and loading rules for) an iterator per call.
final class BreakIteratorPool: @unchecked Sendable {
    private let template: BreakIterator
    private var idle: [BreakIterator] = []
    private let lock = Lock()

    init(kind: BreakIterator.Kind, locale: String) throws(ICUError) {
        template = try BreakIterator(kind: kind, locale: locale)
    }

    private init(template: BreakIterator) { self.template = template }

    /// The pools made so far by ``shared(kind:locale:)``, by their iterators' rules.
    nonisolated(unsafe) private static var byRules: [[UInt8]: BreakIteratorPool] = [:]
    private static let byRulesLock = Lock()

    /// A pool for `kind` and `locale`, shared with every locale whose iterators have the
    /// same rules (en, de, es, fr, ja and zh all break words by ICU's root rules): their
    /// iterators remember the text they segmented last (``BreakIterator/forEachSegment(of:_:)``),
    /// so one utterance tokenized in several languages is segmented once.
    static func shared(kind: BreakIterator.Kind, locale: String) throws(ICUError) -> BreakIteratorPool {
        let template = try BreakIterator(kind: kind, locale: locale)
        guard let rules = template.binaryRules() else { return BreakIteratorPool(template: template) }
        return byRulesLock.withLock {
            if let known = byRules[rules] { return known }
            let pool = BreakIteratorPool(template: template)
            byRules[rules] = pool
            return pool
        }
    }

    /// Runs `body` with an iterator no other thread is using.
    func withIterator<R>(_ body: (BreakIterator) throws -> R) rethrows -> R {
        let iterator: BreakIterator
        if let reused = lock.withLock({ idle.popLast() }) {
            iterator = reused
        } else {
            // A clone only fails when memory is exhausted; fall back to a fresh open.
            iterator = (try? template.clone()) ?? template
        }
        defer {
            if iterator !== template { lock.withLock { idle.append(iterator) } }
        }
        if iterator === template {
            return try lock.withLock { try body(iterator) }
        }
        return try body(iterator)
    }
}

/// The normalization forms ICU offers.
enum NormalizationForm: Int32 {
    case nfc = 0
    case nfd = 1
    case nfkc = 2
    case nfkd = 3
    case nfkcCasefold = 4
}

extension ICU {
    /// Normalizes UTF-16 into `output` (replacing its contents), growing it as needed.
    static func normalize(
        _ form: NormalizationForm,
        _ input: UnsafeBufferPointer<UInt16>,
        into output: inout [UInt16]
    ) throws(ICUError) {
        // Grow within the buffer's capacity where possible: no allocation once it is large enough.
        let wanted = input.count * 3 + 16
        if output.count < wanted { output.append(contentsOf: repeatElement(0, count: wanted - output.count)) }
        var length: Int32 = 0
        var status = output.withUnsafeMutableBufferPointer {
            cicu_normalize(form.rawValue, input.baseAddress, Int32(input.count), $0.baseAddress, Int32($0.count), &length)
        }
        if status == bufferOverflow {
            output.append(contentsOf: repeatElement(0, count: Int(length) + 16 - output.count))
            status = output.withUnsafeMutableBufferPointer {
                cicu_normalize(form.rawValue, input.baseAddress, Int32(input.count), $0.baseAddress, Int32($0.count), &length)
            }
        }
        try check(status, "normalize text (\(form))")
        output.removeSubrange(Int(length)...)
    }
}

extension ICU {
    /// Whether `scalar` always has a normalization boundary before it in `form`: text that
    /// holds it normalizes as the part before it and the part from it, each alone
    /// (`unorm2_hasBoundaryBefore`). False when ICU cannot open the form.
    static func hasBoundaryBefore(_ form: NormalizationForm, _ scalar: Unicode.Scalar) -> Bool {
        cicu_has_boundary_before(form.rawValue, Int32(bitPattern: scalar.value)) != 0
    }
}

extension ICU {
    /// The ICU script codes a locale is written in (ja → Katakana, Hiragana, Han).
    static func scripts(ofLocale locale: String) -> [Int32] {
        var codes = [Int32](repeating: 0, count: 16)
        let count = codes.withUnsafeMutableBufferPointer { cicu_locale_scripts(locale, $0.baseAddress!, Int32($0.count)) }
        return count > 0 ? Array(codes.prefix(Int(count))) : []
    }

    /// Whether `scalar` is used in the script `code` (Script or Script_Extensions).
    @inline(__always)
    static func scalar(_ scalar: Unicode.Scalar, hasScript code: Int32) -> Bool {
        cicu_scalar_has_script(Int32(bitPattern: scalar.value), code) != 0
    }
}
