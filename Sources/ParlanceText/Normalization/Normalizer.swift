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
        if !isASCII, appendStable(bytes, to: &output) || appendTwoByte(bytes, to: &output) { return }
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

    /// Appends text made only of ASCII and of scalars UTF-8 writes in two bytes (U+0080 to
    /// U+07FF: accented Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic letters) that
    /// ``TwoByteTable`` holds, without ICU: each of those has a normalization boundary before
    /// it, so its normalization alone (made once by ``appendSlow`` for these folds) is its
    /// part of the text's; ASCII is folded as ``appendSlow`` folds it. False, with nothing
    /// appended, when the text holds anything else (a combining mark, a scalar of three or
    /// four bytes).
    @inline(__always)
    private func appendTwoByte(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [Unicode.Scalar]) -> Bool {
        // Text with a scalar of three or four bytes (Thai, Devanagari, kana with Latin) goes
        // to ICU before the table is asked for: the first such text makes no table.
        guard !bytes.contains(where: { $0 >= 0xE0 }) else { return false }
        let table = TwoByteTable.table(for: folds)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
            } else if byte >= 0xC2, byte <= 0xDF, index + 1 < bytes.count, bytes[index + 1] & 0xC0 == 0x80,
                      table.holds(TwoByteTable.offset(byte, bytes[index + 1])) {
                index += 2
            } else {
                return false
            }
        }
        let punctuation = folds.contains(.punctuation)
        index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                let folded = Unicode.Scalar((byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte)
                output.append(punctuation ? Normalizer.foldPunctuation(folded) : folded)
                index += 1
            } else {
                table.append(TwoByteTable.offset(byte, bytes[index + 1]), to: &output)
                index += 2
            }
        }
        return true
    }

    /// The normalized forms, under one set of folds, of the scalars UTF-8 writes in two
    /// bytes (U+0080 to U+07FF) that normalize alone as they do in any text: those with a
    /// normalization boundary before them in NFKC case folding and in NFC, whose normal
    /// form starts with such a scalar too (ICU's `hasBoundaryBefore`: no combining marks,
    /// no scalar that composes with the one before it). Each is made by ``appendSlow`` on the
    /// scalar alone, all in one call.
    struct TwoByteTable: Sendable {
        static let first: UInt32 = 0x80, last: UInt32 = 0x7FF
        /// Per scalar (less ``first``): where its normal form starts in ``scalars`` and how
        /// many scalars it has (start << 8 | count); ``absent`` for a scalar not held.
        private let entries: [UInt32]
        private let scalars: [Unicode.Scalar]
        private static let absent = UInt32.max

        init(folds: NormalizationFolds) {
            // One call for all the scalars, each after U+0001, which normalizes to itself
            // under every fold, composes with nothing and keeps the pieces apart: the first
            // parse that meets such a scalar pays little.
            let separator = Unicode.Scalar(UInt8(1))
            var text = String.UnicodeScalarView()
            for value in Self.first...Self.last {
                text.append(separator)
                text.append(Unicode.Scalar(value)!)
            }
            var utf8 = String(text)
            var normalized: [Unicode.Scalar] = []
            var scratch = NormalizationScratch()
            utf8.withUTF8 { Normalizer(folds: folds).appendSlow($0, to: &normalized, scratch: &scratch) }
            let pieces = normalized.split(separator: separator, omittingEmptySubsequences: false).dropFirst()
            precondition(pieces.count == Int(Self.last - Self.first + 1), "one normal form per scalar")
            func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
                ICU.hasBoundaryBefore(.nfkcCasefold, scalar) && ICU.hasBoundaryBefore(.nfc, scalar)
            }
            var entries: [UInt32] = []
            var scalars: [Unicode.Scalar] = []
            entries.reserveCapacity(pieces.count)
            for (offset, piece) in pieces.enumerated() {
                let scalar = Unicode.Scalar(Self.first + UInt32(offset))!
                guard standsAlone(scalar), piece.first.map(standsAlone) ?? true, piece.count < 256 else {
                    entries.append(Self.absent)
                    continue
                }
                entries.append(UInt32(scalars.count) << 8 | UInt32(piece.count))
                scalars.append(contentsOf: piece)
            }
            self.entries = entries
            self.scalars = scalars
        }

        /// The offset of the scalar of the two-byte UTF-8 sequence `lead`, `trail`.
        @inline(__always)
        static func offset(_ lead: UInt8, _ trail: UInt8) -> Int {
            Int((UInt32(lead & 0x1F) << 6 | UInt32(trail & 0x3F)) - first)
        }

        /// Whether the scalar at `offset` is held.
        @inline(__always)
        func holds(_ offset: Int) -> Bool { entries[offset] != Self.absent }

        /// Appends the normal form of the scalar at `offset`, which must be held.
        @inline(__always)
        func append(_ offset: Int, to output: inout [Unicode.Scalar]) {
            let entry = entries[offset]
            let start = Int(entry >> 8)
            for index in start..<(start + Int(entry & 0xFF)) { output.append(scalars[index]) }
        }

        /// The table of `folds` (the kana fold touches no scalar here: four tables in all).
        static func table(for folds: NormalizationFolds) -> TwoByteTable {
            switch (folds.contains(.punctuation), folds.contains(.diacritics)) {
            case (false, false): plain
            case (true, false): punctuation
            case (false, true): diacritics
            case (true, true): punctuationAndDiacritics
            }
        }

        private static let plain = TwoByteTable(folds: [])
        private static let punctuation = TwoByteTable(folds: [.punctuation])
        private static let diacritics = TwoByteTable(folds: [.diacritics])
        private static let punctuationAndDiacritics = TwoByteTable(folds: [.punctuation, .diacritics])
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
