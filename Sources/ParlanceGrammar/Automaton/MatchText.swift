import ParlanceText

/// Text in the form the automaton matches: runs of normalized scalars ("pieces") and the
/// word boundaries between them.
///
/// Template text and utterances go through the same ``Tokenizer``, so both sides agree on
/// what a word is, how it is normalized (case, width, diacritics, kana) and which
/// characters are not text at all (punctuation, most symbols). Rules on top:
/// - Apostrophes inside words are dropped on both sides: ICU keeps "joe's" and "l'entrée"
///   whole in an utterance, while a template writes `Joe[']s` or `l'{area}`, whose
///   fragments tokenize apart.
/// - In template text, whitespace is a required word boundary; other characters between
///   tokens (a hyphen) require nothing. So `CO[-]Sensor` matches "CO-Sensor" and
///   "CO Sensor", and `{brightness}%` matches "50%", "50 %" and "50".
/// - An apostrophe that ends template text (`d'{name}`) is a required word boundary, as
///   an utterance's apostrophe is.
/// - A unit sign (`%`, `°`: ``MatchInput/isUnitSign(_:)``) is matched where the input
///   has it and required nothing otherwise: `{volume}[%| procent]` reads "50%" with the
///   sign as literal text, and "50" as before.
/// - Template text that is punctuation alone (`.` in `{hours}.{minutes}` or
///   `pm 2(.|[ ])5`) may also match itself where an utterance keeps it inside a word or
///   number ("1.15", "2.5"), and otherwise requires nothing, as before.
struct MatchText: Sendable {
    /// One item of template text.
    enum Item: Sendable, Hashable {
        /// Normalized scalars to match, in order, with no boundary required inside.
        case piece([UInt32])
        /// A word boundary the input must have here.
        case boundary
        /// Punctuation the input may spell here, inside a word or number, or leave out.
        case optionalPiece([UInt32])
    }

    let tokenizer: Tokenizer

    static let apostrophe: UInt32 = 0x27

    /// The items of template text, with runs of boundaries collapsed to one.
    func items(_ text: String) -> [Item] {
        let tokenized = tokenizer.tokenize(text)
        let scalars = Array(text.unicodeScalars)
        var items: [Item] = []
        var piece: [UInt32] = []
        func gapHasWhitespace(_ range: Range<Int>) -> Bool {
            range.contains { scalars[$0].properties.isWhitespace }
        }
        func closePiece() {
            if !piece.isEmpty { items.append(.piece(piece)) }
            piece = []
        }
        func addBoundary() {
            closePiece()
            if items.last != .boundary { items.append(.boundary) }
        }
        // Between words: whitespace is a boundary; a unit sign (`%`, `°`), which the input
        // reads as a unit of its own (``MatchInput/isUnitSign(_:)``), may be matched there
        // or left out.
        func addGap(_ range: Range<Int>) {
            var pendingBoundary = false
            for offset in range {
                if scalars[offset].properties.isWhitespace {
                    pendingBoundary = true
                } else if MatchInput.isUnitSign(scalars[offset].value) {
                    if pendingBoundary { addBoundary() }
                    pendingBoundary = false
                    closePiece()
                    items.append(.optionalPiece([MatchInput.unitSign(scalars[offset].value)]))
                }
            }
            if pendingBoundary { addBoundary() }
        }
        var cursor = 0
        for unit in tokenized.units {
            addGap(cursor..<unit.scalarRange.lowerBound)
            for scalar in tokenized.normalizedScalars(of: unit) where scalar.value != MatchText.apostrophe {
                piece.append(scalar.value)
            }
            cursor = unit.scalarRange.upperBound
        }
        if tokenized.units.isEmpty, !gapHasWhitespace(0..<scalars.count) {
            // Template text that is punctuation alone (`.` in `{hours}.{minutes}`, `%`).
            let punctuation = scalars.filter { !Normalizer.isApostrophe($0) }.map { MatchInput.unitSign($0.value) }
            if !punctuation.isEmpty { return [.optionalPiece(punctuation)] }
        }
        addGap(cursor..<scalars.count)
        // An elision written onto what follows (`d'{name}`, `l'{area}`): an utterance's
        // apostrophe is a word edge (``MatchInput``), so the template's is one too, and
        // "de fermer" does not read as `d'` and a name starting inside "de".
        if !tokenized.units.isEmpty, let last = scalars.last, Normalizer.isApostrophe(last) { addBoundary() }
        closePiece()
        return items
    }

    /// A key for ``KeyTrie``: the pieces of `text` with ``KeyTrie/boundary`` between words,
    /// without boundaries at either end (a value or skip word starts and ends where the
    /// template around it says).
    func key(_ text: String) -> [UInt32] {
        var key: [UInt32] = []
        for item in items(text) {
            switch item {
            case .piece(let scalars): key.append(contentsOf: scalars)
            case .boundary: if !key.isEmpty { key.append(KeyTrie.boundary) }
            case .optionalPiece: break  // a key spells no optional text: left out, as before
            }
        }
        if key.last == KeyTrie.boundary { key.removeLast() }
        return key
    }
}

extension Array where Element == UInt32 {
    /// The number of letters (and digits) in a key, boundary marks aside: what the edit
    /// budget is measured by.
    var letterCount: Int {
        reduce(0) { count, scalar in
            guard scalar != KeyTrie.boundary, let value = Unicode.Scalar(scalar), value.properties.isAlphabetic || value.properties.numericType != nil
            else { return count }
            return count + 1
        }
    }
}
