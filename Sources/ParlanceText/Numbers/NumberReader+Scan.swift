extension NumberReader {
    /// A number found during one scan, before overlaps are resolved.
    struct Found {
        var value: Double
        var kind: NumberMatch.Kind
        var isSpelledOut: Bool
        /// The span in UTF-8 bytes of the utterance.
        var bytes: Range<Int>
        /// The units the span covers (whole or in part).
        var units: Range<Int>
        /// A lone word for 1, dropped unless ``Options/readsLoneOne``.
        var isLoneOne = false
    }

    /// What ICU's lenient parse read from a text: its value and the UTF-16 length it covered
    /// (0: nothing).
    struct ParseResult { let value: Double; let length: Int }

    /// One spelling of a value by one rule set: its normalized letters and the rule set's kind.
    struct Spelling { let letters: String; let kind: NumberLexicon.RuleSet.Kind }

    /// The results of ICU calls that depend on nothing but the reader: the spellings of a value
    /// (formatting it with every rule set) and the strict and lenient parses of a text. Shared
    /// by every reading, so that an engine reading "für vier Personen um 19 Uhr" in each
    /// utterance and each pass formats "vier" once, not once per reading (a fifth of such a
    /// parse's time).
    /// Bounded: when full, it starts over.
    final class ScanMemo: @unchecked Sendable {
        private let lock = Lock()
        // Guarded by `lock`.
        private var spellings: [Double: [Spelling]] = [:]
        private var parses: [[UInt16]: ParseResult] = [:]
        private var strictParses: [[UInt16]: Double?] = [:]
        static let limit = 4096

        func spellings(of value: Double) -> [Spelling]? { lock.withLock { spellings[value] } }

        func parse(of text: [UInt16]) -> ParseResult? { lock.withLock { parses[text] } }

        /// The remembered strict parse of `text`: nil when not met yet, `.some(nil)` when it
        /// did not read the whole text.
        func strictParse(of text: [UInt16]) -> Double?? { lock.withLock { strictParses[text] } }

        func remember(strictParse value: Double?, of text: [UInt16]) {
            lock.withLock {
                if strictParses.count >= ScanMemo.limit { strictParses.removeAll() }
                strictParses[text] = value
            }
        }

        func remember(_ spelled: [Spelling], of value: Double) {
            lock.withLock {
                if spellings.count >= ScanMemo.limit { spellings.removeAll() }
                spellings[value] = spelled
            }
        }

        func remember(_ result: ParseResult, of text: [UInt16]) {
            lock.withLock {
                if parses.count >= ScanMemo.limit { parses.removeAll() }
                parses[text] = result
            }
        }
    }

    /// The state of one reading.
    struct Scan {
        let reader: NumberReader
        let lexicon: NumberLexicon
        let tokenized: TokenizedText
        let units: [Token]
        let bytes: UnsafeBufferPointer<UInt8>
        let formats: Formats
        let classes: [UnitClass]
        /// Digit runs longer than this are not read (no one says a 257-digit number), which
        /// keeps ICU away from pathological input.
        static let longestDigitUnit = 256


        init(reader: NumberReader, tokenized: TokenizedText, bytes: UnsafeBufferPointer<UInt8>, formats: Formats,
             classes: [UnitClass]) {
            self.reader = reader
            self.lexicon = reader.lexicon
            self.tokenized = tokenized
            self.units = tokenized.units
            self.bytes = bytes
            self.formats = formats
            self.classes = classes
        }

        func run() -> [NumberMatch] {
            var found: [Found] = []
            var index = 0
            while index < units.count {
                switch classes[index] {
                case .other:
                    index += 1
                case .digits:
                    let before = found.count
                    readDigits(at: index, into: &found)
                    index += 1
                    // An ordinal suffix may reach into the next units ("1.º"): skip what it covers.
                    if let last = found[before...].last {
                        while index < units.count, units[index].utf8Range.lowerBound < last.bytes.upperBound { index += 1 }
                    }
                case .word, .filler, .leadingFiller, .trailingFiller, .innerFiller:
                    var end = index + 1
                    var hasWord = classes[index] == .word
                    while end < units.count, classes[end].isWordOrFiller, joinable(units[end - 1], units[end]) {
                        hasWord = hasWord || classes[end] == .word
                        end += 1
                    }
                    // Only fillers ("and", "et"): nothing ICU could read.
                    if hasWord { readWords(index..<end, into: &found) }
                    index = end
                }
            }
            for position in found.indices { addAffixes(to: &found[position]) }
            if !reader.options.readsLoneOne {
                found.removeAll { $0.isLoneOne && $0.kind == .cardinal }
            }
            return resolveOverlaps(found).map(match)
        }

        // MARK: Words

        /// Reads a run of number-word units greedily from the left, in windows of at most
        /// ``NumberLexicon/longestSpan`` units.
        func readWords(_ run: Range<Int>, into found: inout [Found]) {
            var start = run.lowerBound
            while start < run.upperBound {
                let end = min(run.upperBound, start + lexicon.longestSpan)
                if let number = readSpelled(start..<end) {
                    found.append(number)
                    start = number.units.upperBound
                } else {
                    start += 1
                }
            }
        }

        /// The longest confirmed number starting at the window's first unit.
        ///
        /// A spelled number does not start on a filler no spelling starts with, nor end on
        /// one no spelling ends with (``UnitClass``): such a first unit reads nothing, and the
        /// window, and each cut of it below, ends before such units. Nothing is lost (a
        /// window's reading is confirmed by the letters of a spelling, which would have to
        /// end with the unit's), and a window that ends in "五点" or "three point" is read
        /// strictly instead of through ICU's lenient parse, whose collator takes a
        /// millisecond or more for each new text.
        func readSpelled(_ window: Range<Int>) -> Found? {
            let first = window.lowerBound
            guard classes[first].mayStart else { return nil }
            /// The end of the longest part of the window up to `end` that may end a number.
            func trimmed(_ end: Int) -> Int {
                var end = end
                while end > first, !classes[end - 1].mayEnd { end -= 1 }
                return end
            }
            let window = first..<trimmed(window.upperBound)
            guard !window.isEmpty else { return nil }
            var text: [UInt16] = []
            var unitEnds: [Int] = []  // UTF-16 offset after each unit of the window
            var cursor = units[first].utf8Range.lowerBound
            for unit in units[window] {
                appendUTF16(cursor..<unit.utf8Range.upperBound, to: &text)
                unitEnds.append(text.count)
                cursor = unit.utf8Range.upperBound
            }
            // ICU's strict parse first. The lenient one compares text through a collator,
            // building collation iterators for every rule it tries: about a millisecond for
            // a run such as "two thousand three hundred" (the memo below only helps runs met
            // before). A strict parse that reads the whole window, in lower case as the rules
            // are written, and that the round trip confirms, is the reading the lenient loop
            // would give first: the longest, confirmed. Anything else ("twenty five" where
            // the rules write "twenty-five") goes the lenient way.
            if reader.parsesStrictlyFirst, let value = parseStrictly(text), let kind = confirm(window, value: value) {
                return accept(window, value: value, kind: kind)
            }
            var end = window.upperBound
            while end > first {
                guard let parsed = parse(text[0..<unitEnds[end - 1 - first]]) else { return nil }
                // Cut back to the last unit ICU read whole.
                var covered = end
                while covered > first, unitEnds[covered - 1 - first] > parsed.length { covered -= 1 }
                guard covered > first else { return nil }
                if let kind = confirm(first..<covered, value: parsed.value) {
                    return accept(first..<covered, value: parsed.value, kind: kind)
                }
                end = trimmed(covered - 1)
            }
            return nil
        }

        /// A confirmed spelled-out number, unless it is a numeral character that belongs to a
        /// longer dictionary word (一緒, 百貨店): see ``NumberReader``.
        func accept(_ span: Range<Int>, value: Double, kind: NumberMatch.Kind) -> Found? {
            let isSingle = span.count == 1
            if isSingle, units[span.lowerBound].isCharacter, value == 1 || NumberReader.isPowerOfTen(value, atLeast: 100),
               let word = containingToken(of: units[span.lowerBound]), word.scalarRange.count > 1 {
                return nil
            }
            let bytes = units[span.lowerBound].utf8Range.lowerBound..<units[span.upperBound - 1].utf8Range.upperBound
            return Found(value: value, kind: kind, isSpelledOut: true, bytes: bytes, units: span,
                         isLoneOne: isSingle && value == 1 && kind == .cardinal)
        }

        /// The kind of number when formatting `value` back with some rule set spells exactly
        /// the span's letters; nil when no rule set does (a run-together parse such as
        /// "one two" → 102).
        func confirm(_ span: Range<Int>, value: Double) -> NumberMatch.Kind? {
            var letters = String.UnicodeScalarView()
            for unit in units[span] {
                for scalar in tokenized.normalizedScalars(of: unit) where scalar.isLetterMarkOrDigit { letters.append(scalar) }
            }
            let key = String(letters)
            for spelling in spellingsOf(value) where spelling.letters == key {
                if spelling.kind == .ordinal { return .ordinal }
                return value.rounded() == value ? .cardinal : .decimal
            }
            return nil
        }

        func spellingsOf(_ value: Double) -> [Spelling] {
            if let known = reader.memo.spellings(of: value) { return known }
            var result: [Spelling] = []
            for ruleSet in lexicon.ruleSets {
                guard (try? formats.spellout.setRuleSet(ruleSet.name)) != nil,
                      let formatted = try? formats.spellout.format(value) else { continue }
                result.append(Spelling(letters: NumberLexicon.letters(of: reader.tokenizer.normalizer.normalize(formatted)), kind: ruleSet.kind))
            }
            reader.memo.remember(result, of: value)
            return result
        }

        /// The value ICU's strict spell-out parse reads from all of `text`, lowercased; nil
        /// when it reads less. ICU tries every public rule set, some 200,000 instructions for
        /// a short run: the result is remembered as the lenient parse's is.
        func parseStrictly(_ text: [UInt16]) -> Double? {
            if let known = reader.memo.strictParse(of: text) { return known }
            let lowered = Array(String(decoding: text, as: UTF16.self).lowercased().utf16)
            var value: Double?
            if let parsed = lowered.withUnsafeBufferPointer({ formats.strictSpellout.parse($0) }), parsed.length == lowered.count {
                value = parsed.value
            }
            reader.memo.remember(strictParse: value, of: text)
            return value
        }

        func parse(_ text: ArraySlice<UInt16>) -> ParseResult? {
            let key = Array(text)
            if let known = reader.memo.parse(of: key) { return known.length > 0 ? known : nil }
            let parsed = key.withUnsafeBufferPointer { formats.spellout.parse($0) }
            let result = parsed.map { ParseResult(value: $0.value, length: $0.length) } ?? ParseResult(value: 0, length: 0)
            reader.memo.remember(result, of: key)
            return result.length > 0 ? result : nil
        }

        // MARK: Digits

        /// Reads the numbers in a unit that starts with a digit: "42", "3,5", "1.000",
        /// "٤٢", "５２", "21st", and "1,2,3" as three numbers when ICU will not read it whole.
        func readDigits(at index: Int, into found: inout [Found]) {
            let unit = units[index]
            guard unit.utf8Range.count <= Scan.longestDigitUnit else { return }
            var start = unit.utf8Range.lowerBound
            if let minus = minusSign(before: start) { start = minus }
            var text: [UInt16] = []
            var byteOffsets: [Int] = []  // the byte offset of each UTF-16 unit, and of the end
            var byte = start
            while byte < unit.utf8Range.upperBound {
                let (scalar, length) = decode(at: byte)
                for _ in UTF16.encode(scalar)! { byteOffsets.append(byte) }
                text.append(contentsOf: UTF16.encode(scalar)!)
                byte += length
            }
            byteOffsets.append(byte)

            var position = 0
            while position < text.count {
                let isStart = position == 0 && start < unit.utf8Range.lowerBound
                guard isStart || NumberReader.isDigit(text[position]) else {
                    position += 1
                    continue
                }
                var value: Double
                var length: Int
                if let parsed = text.withUnsafeBufferPointer({ formats.decimal.parse(UnsafeBufferPointer(rebasing: $0[position...])) }) {
                    (value, length) = parsed
                } else {
                    // ICU rejects a list like "1,2,3" or an English "3,5": read the digit run alone.
                    var digitEnd = isStart ? position + 1 : position
                    var digits: Double = 0
                    while digitEnd < text.count, let digit = NumberReader.digitValue(text[digitEnd]) {
                        digits = digits * 10 + Double(digit)
                        digitEnd += 1
                    }
                    guard digitEnd > position, digits.isFinite, NumberReader.isDigit(text[digitEnd - 1]) else {
                        position += 1
                        continue
                    }
                    value = isStart ? -digits : digits
                    length = digitEnd - position
                }
                var number = Found(value: value, kind: value.rounded() == value ? .cardinal : .decimal, isSpelledOut: false,
                                   bytes: byteOffsets[position]..<byteOffsets[position + length], units: index..<index + 1)
                readOrdinalSuffix(of: &number)
                found.append(number)
                if number.bytes.upperBound >= unit.utf8Range.upperBound { return }
                position = byteOffsets.firstIndex { $0 >= number.bytes.upperBound } ?? text.count
            }
        }

        /// A minus sign directly before the digits, itself not after a letter or digit ("-5", "−5",
        /// but not the hyphen in "A-5").
        func minusSign(before byte: Int) -> Int? {
            guard let sign = scalar(before: byte), sign.0 == "-" || sign.0 == "\u{2212}" else { return nil }
            if let previous = scalar(before: sign.1), previous.0.isLetterMarkOrDigit { return nil }
            return sign.1
        }

        /// Extends a digit number over an ordinal suffix that ICU's ordinal format writes for
        /// its value: "21st" but not "21th".
        func readOrdinalSuffix(of number: inout Found) {
            guard !lexicon.ordinalSuffixes.isEmpty, number.value >= 0, number.kind == .cardinal else { return }
            var byte = number.bytes.upperBound
            guard byte < bytes.count else { return }
            if bytes[byte] == 0x2E, byte + 1 < bytes.count, decode(at: byte + 1).0.isLetterMarkOrDigit { byte += 1 }
            let suffixStart = byte
            var count = 0
            while byte < bytes.count, count < 8 {
                let (scalar, length) = decode(at: byte)
                guard scalar.isLetterMarkOrDigit, !scalar.isDecimalDigit else { break }
                byte += length
                count += 1
            }
            guard count > 0 else { return }
            if byte < bytes.count, decode(at: byte).0.isLetterMarkOrDigit { return }
            let suffix = NumberLexicon.letters(of: reader.tokenizer.normalizer.normalize(
                String(decoding: UnsafeBufferPointer(rebasing: bytes[suffixStart..<byte]), as: UTF8.self)))
            guard lexicon.ordinalSuffixes.contains(suffix),
                  let formatted = try? formats.ordinal.format(number.value),
                  NumberLexicon.letters(of: reader.tokenizer.normalizer.normalize(formatted)).hasSuffix(suffix)
            else { return }
            number.kind = .ordinal
            number.bytes = number.bytes.lowerBound..<byte
            number.units = number.units.lowerBound..<lastUnit(endingBefore: byte, from: number.units.lowerBound) + 1
        }

        // MARK: Affixes

        /// Percent signs and words around a number, and ordinal prefixes (第3).
        func addAffixes(to number: inout Found) {
            let first = number.units.lowerBound
            let endsOnUnit = units[number.units.upperBound - 1].utf8Range.upperBound == number.bytes.upperBound
            let startsOnUnit = units[first].utf8Range.lowerBound == number.bytes.lowerBound
            if !number.isSpelledOut, number.kind == .cardinal, startsOnUnit,
               let prefix = matchBefore(first, lexicon.ordinalPrefixes, allowingGaps: false) {
                number.kind = .ordinal
                number.bytes = units[prefix].utf8Range.lowerBound..<number.bytes.upperBound
                number.units = prefix..<number.units.upperBound
                return
            }
            guard number.kind != .ordinal else { return }
            if let signEnd = percentSign(after: number.bytes.upperBound) {
                number.kind = .percent
                number.bytes = number.bytes.lowerBound..<signEnd
                number.units = number.units.lowerBound..<lastUnit(endingBefore: signEnd, from: number.units.lowerBound) + 1
                return
            }
            if endsOnUnit, let last = matchAfter(number.units.upperBound - 1, lexicon.percentSuffixes) {
                number.kind = .percent
                number.bytes = number.bytes.lowerBound..<units[last].utf8Range.upperBound
                number.units = number.units.lowerBound..<last + 1
                return
            }
            if startsOnUnit, let prefix = matchBefore(first, lexicon.percentPrefixes, allowingGaps: true) {
                number.kind = .percent
                number.bytes = units[prefix].utf8Range.lowerBound..<number.bytes.upperBound
                number.units = prefix..<number.units.upperBound
            }
        }

        /// The end of a percent sign after `byte`, spaces allowed between ("50 %", "50 ％").
        func percentSign(after byte: Int) -> Int? {
            guard !lexicon.percentSigns.isEmpty else { return nil }
            var position = byte
            var spaces = 0
            while position < bytes.count, spaces < 3 {
                let (scalar, length) = decode(at: position)
                guard scalar.properties.isWhitespace else { break }
                position += length
                spaces += 1
            }
            guard position < bytes.count else { return nil }
            let (scalar, length) = decode(at: position)
            guard !scalar.isLetterMarkOrDigit, !scalar.properties.isWhitespace,
                  lexicon.percentSigns.contains(reader.tokenizer.normalizer.normalize(String(scalar)))
            else { return nil }
            return position + length
        }

        /// The index of the last unit of the longest affix that follows unit `last`.
        func matchAfter(_ last: Int, _ affixes: Set<[String]>) -> Int? {
            var best: Int?
            for affix in affixes where last + affix.count < units.count {
                var matches = true
                for (offset, word) in affix.enumerated() {
                    let index = last + 1 + offset
                    guard joinable(units[index - 1], units[index], allowingHyphens: false),
                          tokenized.normalized(units[index]) == word else {
                        matches = false
                        break
                    }
                }
                if matches, last + affix.count > (best ?? -1) { best = last + affix.count }
            }
            return best
        }

        /// The index of the first unit of the longest affix that precedes unit `first`.
        func matchBefore(_ first: Int, _ affixes: Set<[String]>, allowingGaps: Bool) -> Int? {
            var best: Int?
            for affix in affixes where first - affix.count >= 0 {
                var matches = true
                for (offset, word) in affix.enumerated() {
                    let index = first - affix.count + offset
                    let next = units[index + 1]
                    let adjacent = allowingGaps ? joinable(units[index], next, allowingHyphens: false)
                        : units[index].utf8Range.upperBound == next.utf8Range.lowerBound
                    guard adjacent, tokenized.normalized(units[index]) == word else {
                        matches = false
                        break
                    }
                }
                if matches, first - affix.count < (best ?? Int.max) { best = first - affix.count }
            }
            return best
        }

        // MARK: Spans

        /// Keeps the earliest of overlapping numbers, or the longer when a percent word or
        /// prefix has grown one over a neighbour ("pour cent" holds "cent").
        func resolveOverlaps(_ found: [Found]) -> [Found] {
            var kept: [Found] = []
            for number in found.sorted(by: { ($0.bytes.lowerBound, -$0.bytes.count) < ($1.bytes.lowerBound, -$1.bytes.count) }) {
                if let last = kept.last, last.bytes.overlaps(number.bytes) {
                    if number.bytes.count > last.bytes.count { kept[kept.count - 1] = number }
                    continue
                }
                kept.append(number)
            }
            return kept
        }

        func match(_ number: Found) -> NumberMatch {
            let reference = units[number.units.lowerBound]
            let start = scalarOffset(of: number.bytes.lowerBound, near: reference)
            let end = start + scalarCount(number.bytes)
            return NumberMatch(
                text: String(decoding: UnsafeBufferPointer(rebasing: bytes[number.bytes]), as: UTF8.self),
                value: number.value, kind: number.kind, isSpelledOut: number.isSpelledOut,
                scalarRange: start..<end, utf8Range: number.bytes)
        }

        // MARK: Text

        /// Whether two units may belong to one number: only spaces (and, for number words,
        /// hyphens) between them. Punctuation ends a number: "one, two" is two.
        func joinable(_ left: Token, _ right: Token, allowingHyphens: Bool = true) -> Bool {
            let gap = left.utf8Range.upperBound..<right.utf8Range.lowerBound
            guard gap.count <= 16 else { return false }
            var byte = gap.lowerBound
            while byte < gap.upperBound {
                let (scalar, length) = decode(at: byte)
                switch scalar.value {
                case 0x2D, 0x2010, 0x2011, 0xAD, 0x200B...0x200D, 0x2060:
                    guard allowingHyphens || scalar.properties.generalCategory == .format else { return false }
                default:
                    guard scalar.properties.isWhitespace else { return false }
                }
                byte += length
            }
            return true
        }

        /// The word token (ICU word break, not unit) that holds `unit`.
        func containingToken(of unit: Token) -> Token? {
            let tokens = tokenized.tokens
            var low = 0
            var high = tokens.count
            while low < high {
                let middle = (low + high) / 2
                if tokens[middle].utf8Range.upperBound <= unit.utf8Range.lowerBound { low = middle + 1 } else { high = middle }
            }
            guard low < tokens.count, tokens[low].utf8Range.lowerBound <= unit.utf8Range.lowerBound else { return nil }
            return tokens[low]
        }

        /// The last unit starting before `byte`, searching forward from `index`.
        func lastUnit(endingBefore byte: Int, from index: Int) -> Int {
            var last = index
            while last + 1 < units.count, units[last + 1].utf8Range.lowerBound < byte { last += 1 }
            return last
        }

        func scalarOffset(of byte: Int, near unit: Token) -> Int {
            let base = unit.utf8Range.lowerBound
            return byte >= base ? unit.scalarRange.lowerBound + scalarCount(base..<byte)
                : unit.scalarRange.lowerBound - scalarCount(byte..<base)
        }

        func scalarCount(_ range: Range<Int>) -> Int {
            var count = 0
            for byte in range where bytes[byte] & 0xC0 != 0x80 { count += 1 }
            return count
        }

        /// The scalar starting at `byte` of the (valid) UTF-8 text, and its length in bytes.
        func decode(at byte: Int) -> (Unicode.Scalar, Int) {
            let lead = bytes[byte]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard byte + length <= bytes.count else { return ("\u{FFFD}", 1) }
            var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
            for offset in 1..<max(length, 1) where length > 1 {
                value = value << 6 | UInt32(bytes[byte + offset] & 0x3F)
            }
            return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
        }

        /// The scalar that ends at `byte`, and where it starts.
        func scalar(before byte: Int) -> (Unicode.Scalar, Int)? {
            guard byte > 0 else { return nil }
            var start = byte - 1
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            return (decode(at: start).0, start)
        }

        func appendUTF16(_ range: Range<Int>, to output: inout [UInt16]) {
            var byte = range.lowerBound
            while byte < range.upperBound {
                let (scalar, length) = decode(at: byte)
                output.append(contentsOf: UTF16.encode(scalar)!)
                byte += length
            }
        }
    }

    /// Whether a UTF-16 unit is a decimal digit of any script (BMP digits only; ICU reads those).
    @inline(__always)
    static func isDigit(_ unit: UInt16) -> Bool { digitValue(unit) != nil }

    static func digitValue(_ unit: UInt16) -> Int? {
        if unit >= 0x30, unit <= 0x39 { return Int(unit - 0x30) }
        guard unit >= 0x80, let scalar = Unicode.Scalar(UInt32(unit)), scalar.properties.numericType == .decimal,
              let value = scalar.properties.numericValue else { return nil }
        return Int(value)
    }

    static func isPowerOfTen(_ value: Double, atLeast minimum: Double) -> Bool {
        guard value >= minimum else { return false }
        var power = 1.0
        while power < value { power *= 10 }
        return power == value
    }
}
