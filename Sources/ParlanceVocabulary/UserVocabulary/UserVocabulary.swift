/// The vocabulary one app registered for one user, with SiriKit's `INVocabulary` semantics.
///
/// ```swift
/// var vocabulary = UserVocabulary(app: "com.example.yoga", user: "alice")
/// vocabulary.setVocabularyStrings(["Morning Flow", "Sunset Stretch"], of: .workoutActivityName)
/// vocabulary.items(of: .workoutActivityName).map(\.phrases)   // [["Morning Flow"], ["Sunset Stretch"]]
/// ```
///
/// - One ordered set per type, most important first; setting a type again replaces its
///   set, and ``removeAllVocabularyStrings()`` clears every type.
/// - Duplicates after the first occurrence are dropped, as from an ordered set. Strings
///   compare by Swift's `==` (canonical equivalence), so "é" precomposed and decomposed are
///   one entry.
/// - A string longer than 1024 bytes in UTF-16 (``maximumUTF16Length`` = 512 code units,
///   "about 500 characters" in SiriKit's words) is discarded, as are empty strings and
///   entries holding a control character such as NUL; each with a warning.
///
/// The app and user identify the scope: a host serving many users keeps one value per
/// (app, user). ``VocabularyStore`` persists them.
public struct UserVocabulary: Sendable, Hashable {
    /// The longest string kept, in UTF-16 code units: SiriKit discards "any string longer
    /// than 1024 bytes in UTF-16", and a UTF-16 code unit is two bytes.
    public static let maximumUTF16Length = 512

    /// The app that registered the vocabulary, e.g. its bundle identifier.
    public var app: String
    /// The user it belongs to; empty for an app with a single, anonymous user.
    public var user: String
    /// Each type's set, already as vocabulary items: an engine built over 100,000 entries
    /// takes them as they are instead of making 100,000 items (and their phrase arrays) on
    /// every load.
    private var sets: [VocabularyStringType: [VocabularyItem]] = [:]

    /// An empty vocabulary for `app` and `user` (by default the app's single user).
    public init(app: String, user: String = "") {
        self.app = app
        self.user = user
    }

    /// A vocabulary of sets already made by ``setVocabulary(_:of:)`` (items of `type`, source
    /// `.user`, priority = position): what a holder that took the sets apart puts back.
    package init(app: String, user: String, sets: [(type: VocabularyStringType, items: [VocabularyItem])]) {
        self.app = app
        self.user = user
        for (type, items) in sets { self.sets[type] = items }
    }

    /// Replaces the set of `type` with `strings`, most important first.
    ///
    /// An empty sequence leaves the type registered with no entries (SiriKit's way of
    /// clearing one type).
    ///
    /// - Returns: Warnings for the strings discarded (empty, too long).
    /// - Complexity: O(n) in the total length of the strings.
    @discardableResult
    public mutating func setVocabularyStrings(_ strings: some Sequence<String>, of type: VocabularyStringType) -> [VocabularyWarning] {
        setVocabulary(strings.lazy.map { SpeakableString(spokenPhrase: $0) }, of: type)
    }

    /// Replaces the set of `type` with `items` (phrases with identifiers and pronunciation
    /// hints), most important first. See ``setVocabularyStrings(_:of:)``.
    @discardableResult
    public mutating func setVocabulary(_ items: [SpeakableString], of type: VocabularyStringType) -> [VocabularyWarning] {
        setVocabulary(items.lazy, of: type)
    }

    private mutating func setVocabulary(_ items: some Sequence<SpeakableString>, of type: VocabularyStringType) -> [VocabularyWarning] {
        let set = Self.set(of: Array(items), type: type)
        sets[type] = set.items
        return set.warnings
    }

    /// The set ``setVocabulary(_:of:)`` makes of `items` for `type`, and its warnings: for a
    /// holder of the sets that replaces one without making the whole vocabulary again.
    package static func set(of items: [SpeakableString], type: VocabularyStringType)
        -> (items: [VocabularyItem], warnings: [VocabularyWarning]) {
        let prepared = prepare(items, of: type)
        return (prepared.kept.enumerated().map { $0.element.item(type: type, priority: $0.offset) }, prepared.warnings)
    }

    /// Removes every type's set.
    public mutating func removeAllVocabularyStrings() {
        sets.removeAll()
    }

    /// The types that have a set (possibly empty), in ``VocabularyStringType`` order.
    public var types: [VocabularyStringType] {
        sets.keys.sorted { $0.ordinal < $1.ordinal }
    }

    /// The entries of `type`, most important first; empty when the type has no set.
    public func speakableStrings(of type: VocabularyStringType) -> [SpeakableString] {
        (sets[type] ?? []).map { item in
            SpeakableString(vocabularyIdentifier: item.identifier, spokenPhrase: item.firstPhrase ?? "", pronunciationHint: item.pronunciations.first)
        }
    }

    /// The entries of `type` as vocabulary items: source `.user`, priority = position.
    public func items(of type: VocabularyStringType) -> [VocabularyItem] {
        sets[type] ?? []
    }

    /// The items of every type, type by type.
    public var items: [VocabularyItem] { types.flatMap { items(of: $0) } }

    /// Applies the set rules to `items`: drops blank and too-long strings and entries with
    /// control characters (with a warning each) and repeated entries (silently, as an
    /// ordered set does).
    static func prepare(_ items: [SpeakableString], of type: VocabularyStringType)
        -> (kept: [SpeakableString], warnings: [VocabularyWarning]) {
        var kept: [SpeakableString] = []
        var seen = Set<SpeakableString>(minimumCapacity: items.underestimatedCount)
        kept.reserveCapacity(items.underestimatedCount)
        var warnings: [VocabularyWarning] = []
        for (position, item) in items.enumerated() {
            var keyPath: String { "\(type.rawValue)[\(position)]" }
            // (No more UTF-16 code units than UTF-8 bytes: most strings need no count.)
            let length = item.spokenPhrase.utf8.count <= maximumUTF16Length ? 0 : item.spokenPhrase.utf16.count
            if length > maximumUTF16Length {
                warnings.append(VocabularyWarning(keyPath: keyPath, message:
                    "string of \(length) UTF-16 code units (\(length * 2) bytes) is longer than SiriKit's 1024 bytes in UTF-16; discarded"))
            } else if item.spokenPhrase.isBlank {
                warnings.append(VocabularyWarning(keyPath: keyPath, message: "empty string skipped"))
            } else if let (field, offset, scalar) = firstControlCharacter(in: item) {
                // A NUL or other control character is no part of anything said, and cuts
                // the string short wherever it meets C (SQLite, ICU).
                let code = String(scalar.value, radix: 16, uppercase: true)
                warnings.append(VocabularyWarning(keyPath: keyPath, message:
                    "\(field) holds the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) at character \(offset + 1); discarded"))
            } else if seen.insert(item).inserted {
                kept.append(item)
            }
        }
        return (kept, warnings)
    }

    /// The first control character (other than tab) in an entry's phrase, identifier or
    /// pronunciation: which field, where (in Unicode scalars) and what.
    static func firstControlCharacter(in item: SpeakableString) -> (field: String, offset: Int, scalar: Unicode.Scalar)? {
        func first(in text: String?) -> (offset: Int, scalar: Unicode.Scalar)? {
            // General category Cc is exactly C0 and C1 (and DEL): Unicode keeps it closed. In
            // UTF-8 a C0 or DEL is its own byte and a C1 is C2 80...C2 9F, so most strings
            // are cleared by one pass over their bytes.
            guard var text, text.utf8.count > 0 else { return nil }
            let clear = text.withUTF8 { bytes in
                var previous: UInt8 = 0
                for byte in bytes {
                    if (byte < 0x20 && byte != 0x09) || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte)) { return false }
                    previous = byte
                }
                return true
            }
            if clear { return nil }
            for (offset, scalar) in text.unicodeScalars.enumerated()
            where (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) && scalar != "\t" {
                return (offset, scalar)
            }
            return nil
        }
        if let found = first(in: item.spokenPhrase) { return ("the phrase", found.offset, found.scalar) }
        if let found = first(in: item.vocabularyIdentifier) { return ("the identifier", found.offset, found.scalar) }
        if let found = first(in: item.pronunciationHint) { return ("the pronunciation", found.offset, found.scalar) }
        return nil
    }
}

extension String {
    /// Empty or only white space: nothing anyone could say.
    var isBlank: Bool {
        // (A character is white space when its first scalar is: a printable ASCII first
        // scalar answers at once.)
        if let first = unicodeScalars.first, first.value > 0x20, first.value < 0x7F { return false }
        return allSatisfy(\.isWhitespace)
    }
}
