/// Normalizes text for matching: ICU NFKC case folding plus the language's folds.
///
/// ```swift
/// let normalizer = Normalizer(language: try Language("fr"))
/// normalizer.normalize("Allume la LUMIÈRE")  // "allume la lumiere"
/// ```
///
/// NFKC case folding unifies case, full- and half-width forms (ＡＢＣ → abc, ｶﾞ → ガ) and
/// compatibility characters (ﬁ → fi, ß → ss). On top of it, per ``NormalizationFolds``:
/// typographic punctuation, diacritics and katakana. Traditional and simplified Chinese are
/// deliberately not converted into each other: the mapping is not one-to-one (发/髮/發), and a
/// grammar or vocabulary written in one script should match text in that script.
///
/// Normalization is idempotent: normalizing normalized text changes nothing.
public struct Normalizer: Sendable {
    /// The folds applied after NFKC case folding.
    public let folds: NormalizationFolds

    public init(folds: NormalizationFolds) { self.folds = folds }

    public init(language: Language) { self.folds = language.folds }

    /// The normalized form of `text`. Spaces and punctuation are kept (folded), so this
    /// suits whole phrases as well as single words.
    public func normalize(_ text: String) -> String {
        var scratch = NormalizationScratch()
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        var copy = text
        copy.withUTF8 { bytes in append(bytes, to: &scalars, scratch: &scratch) }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    /// Appends the normalized scalars of UTF-8 `bytes` to `output`.
    ///
    /// The hot path of tokenization: ASCII is folded inline; other text goes through ICU
    /// with buffers from `scratch`, so no heap allocation happens per call once the
    /// buffers have grown.
    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [Unicode.Scalar], scratch: inout NormalizationScratch) {
        var isASCII = true
        for byte in bytes where byte >= 0x80 {
            isASCII = false
            break
        }
        if !isASCII, appendStable(bytes, to: &output) || appendLatin(bytes, to: &output) { return }
        if isASCII {
            for byte in bytes {
                // NFKC case folding of ASCII is lowercasing; ASCII punctuation is already folded.
                let folded = (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
                output.append(Unicode.Scalar(folded))
            }
            return
        }
        appendSlow(bytes, to: &output, scratch: &scratch)
    }

    /// Appends text made only of scalars that NFKC case folding leaves alone and that no
    /// fold but kana touches (Han, kana, Hangul syllables): the usual CJK case, without ICU.
    /// False, with nothing appended, when the text holds anything else.
    @inline(__always)
    private func appendStable(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [Unicode.Scalar]) -> Bool {
        var decoder = UTF8ScalarDecoder(bytes, from: 0, to: bytes.count)
        while let (scalar, _) = decoder.next() {
            guard Normalizer.isStable(scalar) else { return false }
        }
        decoder = UTF8ScalarDecoder(bytes, from: 0, to: bytes.count)
        let kana = folds.contains(.katakanaToHiragana)
        while let (scalar, _) = decoder.next() { output.append(kana ? Normalizer.hiragana(for: scalar) : scalar) }
        return true
    }

    /// Appends text made only of ASCII and of the Latin letters from U+00C0 to U+024F (most
    /// European names and words), without ICU: each of those letters is a starter that no
    /// neighbour composes with, so its normalization alone (``LatinTable``, made once by
    /// ``appendSlow`` for these folds) is its part of the text's; ASCII is folded as
    /// ``appendSlow`` folds it. False, with nothing appended, when the text holds anything else.
    @inline(__always)
    private func appendLatin(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [Unicode.Scalar]) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
            } else if (0xC3...0xC9).contains(byte), index + 1 < bytes.count, bytes[index + 1] & 0xC0 == 0x80,
                      byte != 0xC9 || bytes[index + 1] < 0x90 {
                index += 2
            } else {
                return false
            }
        }
        let table = LatinTable.table(for: folds)
        let punctuation = folds.contains(.punctuation)
        index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                let folded = Unicode.Scalar((byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte)
                output.append(punctuation ? Normalizer.foldPunctuation(folded) : folded)
                index += 1
            } else {
                let value = (UInt32(byte & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)) - LatinTable.first
                table.append(Int(value), to: &output)
                index += 2
            }
        }
        return true
    }

    /// The normalized forms of the Latin letters U+00C0 to U+024F under one set of folds,
    /// each made by ``appendSlow`` on the letter alone, at most ``width`` scalars each (all
    /// of them are: NFKC case folding expands ß to "ss", ŉ to "ʼn", ǰ to j and a mark).
    struct LatinTable: Sendable {
        static let first: UInt32 = 0xC0, last: UInt32 = 0x24F
        static let width = 3
        /// Per letter, its scalar count and then ``width`` slots.
        private let slots: [Unicode.Scalar]

        init(folds: NormalizationFolds) {
            // One call for all the letters, spaces between them (which stay spaces and
            // compose with nothing): the first parse that meets such a letter pays little.
            var letters = String.UnicodeScalarView()
            for value in Self.first...Self.last {
                letters.append(Unicode.Scalar(value)!)
                letters.append(" ")
            }
            var text = String(letters)
            var normalized: [Unicode.Scalar] = []
            var scratch = NormalizationScratch()
            text.withUTF8 { Normalizer(folds: folds).appendSlow($0, to: &normalized, scratch: &scratch) }
            var slots: [Unicode.Scalar] = []
            slots.reserveCapacity(Int(Self.last - Self.first + 1) * (Self.width + 1))
            for (offset, letter) in normalized.split(separator: " ", omittingEmptySubsequences: false).dropLast().enumerated() {
                precondition(letter.count <= Self.width, "U+\(String(Self.first + UInt32(offset), radix: 16)) normalizes to more than \(Self.width) scalars")
                slots.append(Unicode.Scalar(UInt8(letter.count)))
                for slot in 0..<Self.width { slots.append(slot < letter.count ? letter[letter.startIndex + slot] : "\0") }
            }
            precondition(slots.count == Int(Self.last - Self.first + 1) * (Self.width + 1), "one normalized form per letter")
            self.slots = slots
        }

        /// Appends the normalized form of letter `offset` (its scalar less ``first``).
        @inline(__always)
        func append(_ offset: Int, to output: inout [Unicode.Scalar]) {
            let base = offset * (Self.width + 1)
            let count = Int(slots[base].value)
            for slot in 0..<count { output.append(slots[base + 1 + slot]) }
        }

        /// The table of `folds` (the kana fold touches no Latin letter: four tables in all).
        static func table(for folds: NormalizationFolds) -> LatinTable {
            switch (folds.contains(.punctuation), folds.contains(.diacritics)) {
            case (false, false): plain
            case (true, false): punctuation
            case (false, true): diacritics
            case (true, true): punctuationAndDiacritics
            }
        }

        private static let plain = LatinTable(folds: [])
        private static let punctuation = LatinTable(folds: [.punctuation])
        private static let diacritics = LatinTable(folds: [.diacritics])
        private static let punctuationAndDiacritics = LatinTable(folds: [.punctuation, .diacritics])
    }

    /// Scalars that are their own NFKC case fold (and stay so after the kana fold).
    @inline(__always)
    static func isStable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3041...0x3096, 0x309D...0x309E, 0x30A1...0x30FA, 0x30FC...0x30FE,  // kana (not ゛゜ゟヿ)
             0x3400...0x4DBF, 0x4E00...0x9FFF,  // Han (not the compatibility ideographs)
             0xAC00...0xD7A3:  // Hangul syllables
            return true
        default:
            return false
        }
    }

    func appendSlow(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [Unicode.Scalar], scratch: inout NormalizationScratch) {
        // UTF-8 → UTF-16 (ICU's normalizer works on UTF-16), folding punctuation first:
        // NFKC would turn some of it (´) into a space and a combining mark.
        scratch.source.removeAll(keepingCapacity: true)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                let folded = folds.contains(.punctuation) ? Normalizer.foldPunctuation(scalar) : scalar
                scratch.source.append(contentsOf: UTF16.encode(folded)!)
            case .error:
                scratch.source.append(0xFFFD)
            case .emptyInput:
                break decoding
            }
        }
        do {
            try scratch.source.withUnsafeBufferPointer { try ICU.normalize(.nfkcCasefold, $0, into: &scratch.normalized) }
            if folds.contains(.diacritics), Normalizer.mayCarryDiacritics(scratch.normalized) {
                try scratch.normalized.withUnsafeBufferPointer { try ICU.normalize(.nfd, $0, into: &scratch.decomposed) }
                Normalizer.removeMarksOnAlphabeticBases(&scratch.decomposed)
                try scratch.decomposed.withUnsafeBufferPointer { try ICU.normalize(.nfc, $0, into: &scratch.source) }
                // Recomposition can leave forms that NFKC case folding would change; fold again
                // so that normalization stays idempotent.
                try scratch.source.withUnsafeBufferPointer { try ICU.normalize(.nfkcCasefold, $0, into: &scratch.normalized) }
            }
        } catch {
            // ICU normalization fails only on memory exhaustion; keep the text as decoded.
            scratch.normalized = scratch.source
        }
        var units = scratch.normalized.makeIterator()
        var utf16 = UTF16()
        while case .scalarValue(var scalar) = utf16.decode(&units) {
            if folds.contains(.punctuation) { scalar = Normalizer.foldPunctuation(scalar) }
            if folds.contains(.katakanaToHiragana) { scalar = Normalizer.hiragana(for: scalar) }
            output.append(scalar)
        }
    }

    /// Apostrophes, quotation marks and dashes, unified to ASCII.
    @inline(__always)
    static func foldPunctuation(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x02BC, 0x02B9, 0x2032, 0x00B4, 0x0060, 0xFF07:
            return "'"
        case 0x201C, 0x201D, 0x201E, 0x201F, 0x00AB, 0x00BB, 0x2033, 0x301D, 0x301E, 0xFF02:
            return "\""
        case 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xFE58, 0xFE63, 0xFF0D:
            return "-"
        default:
            return scalar
        }
    }

    /// Katakana (ァ-ヶ, ヽ ヾ) to the hiragana of the same sound; other scalars unchanged.
    /// ヷ-ヺ have no hiragana and the prolonged sound mark ー belongs to both scripts.
    @inline(__always)
    static func hiragana(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x30A1...0x30F6, 0x30FD...0x30FE:
            return Unicode.Scalar(scalar.value - 0x60)!
        default:
            return scalar
        }
    }

    /// Whether the diacritics fold (``NormalizationFolds/diacritics``) certainly leaves
    /// `scalars` as they are, before and after NFKC case folding: true when every scalar is
    /// ASCII, kana, a CJK ideograph, CJK punctuation or Hangul. Anything else may be a
    /// letter with a mark, a mark, or a compatibility character that decomposes into one,
    /// and gives false (a conservative answer: some of those the fold keeps too).
    public static func isUnchangedByDiacriticsFold<S: Sequence>(_ scalars: S) -> Bool where S.Element == Unicode.Scalar {
        scalars.allSatisfy { scalar in
            switch scalar.value {
            case 0..<0x80, 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: true
            default: false
            }
        }
    }

    /// Whether `scalars` hold a combining mark of the kinds the diacritics fold removes
    /// (``removeMarksOnAlphabeticBases(_:)``). Text without one keeps its length under the
    /// fold, each scalar becoming one scalar.
    public static func containsFoldableMarks<S: Sequence>(_ scalars: S) -> Bool where S.Element == Unicode.Scalar {
        scalars.contains { isFoldableMark($0.value) }
    }

    /// The combining marks the diacritics fold removes after a Latin, Greek or Cyrillic base.
    @inline(__always)
    static func isFoldableMark(_ value: UInt32) -> Bool {
        (0x0300...0x036F).contains(value) || (0x1AB0...0x1AFF).contains(value) || (0x1DC0...0x1DFF).contains(value)
            || (0x20D0...0x20FF).contains(value) || (0xFE20...0xFE2F).contains(value)
    }

    /// Whether folded UTF-16 may hold a letter with a diacritic (anything from U+00C0 on
    /// in the Latin, Greek and Cyrillic blocks or a combining mark).
    static func mayCarryDiacritics(_ units: [UInt16]) -> Bool {
        units.contains { $0 >= 0xC0 && ($0 < 0x0530 || (0x1E00...0x1FFF).contains($0)) }
    }

    /// Removes combining marks (general category Mn) that follow a Latin, Greek or
    /// Cyrillic base in NFD text; marks on other scripts carry sound and stay.
    static func removeMarksOnAlphabeticBases(_ units: inout [UInt16]) {
        var kept = 0
        var baseIsAlphabetic = false
        // By index: iterating the array while writing to it would copy it (copy-on-write).
        for position in units.indices {
            let unit = units[position]
            let isMark = isFoldableMark(UInt32(unit))
            if isMark, baseIsAlphabetic { continue }
            if !isMark {
                baseIsAlphabetic = unit < 0x0530 || (0x1E00...0x1FFF).contains(unit) || (0x2C60...0x2C7F).contains(unit)
                    || (0xA720...0xA7FF).contains(unit)
            }
            units[kept] = unit
            kept += 1
        }
        units.removeSubrange(kept...)
    }
}

/// Reusable buffers for normalization, so the hot path does not allocate per token.
struct NormalizationScratch {
    var source: [UInt16] = []
    var normalized: [UInt16] = []
    var decomposed: [UInt16] = []

}

extension Normalizer {
    /// Apostrophes and the marks typed for them (what ``Normalizer`` folds to `'`).
    public static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x27, 0x2018, 0x2019, 0x201A, 0x201B, 0x02BC, 0x02B9, 0x2032, 0x00B4, 0x0060, 0xFF07: true
        default: false
        }
    }

    /// `text` with each apostrophe a space, scalar for scalar (Unicode-scalar offsets are
    /// kept; UTF-8 offsets are not where the apostrophe was not ASCII); nil when `text`
    /// holds none. How the grammar and the date reader read an elided article as a word of
    /// its own ("d'hier", "l'an prochain", "quart d'heure").
    public static func apostrophesAsSpaces(_ text: String) -> String? {
        guard text.unicodeScalars.contains(where: isApostrophe) else { return nil }
        var split = String.UnicodeScalarView()
        split.append(contentsOf: text.unicodeScalars.lazy.map { isApostrophe($0) ? " " : $0 })
        return String(split)
    }
}
