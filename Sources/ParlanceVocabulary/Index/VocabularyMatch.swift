import ParlanceText
/// A vocabulary item found for a query, with how it was found.
///
/// Matches are ranked by a lexicographic key, smallest first (see ``rankingKey``):
/// 1. `edits`: fewer edits between the normalized query and key first;
/// 2. `writtenEdits`: fewer edits between the query and the phrase *as written* first, so
///    that of "Television" and "Televisión" (one key) the one typed wins, and so does
///    "Taylor Garcia" over "Taylor-Garcia" for "Taylox Garcia";
/// 3. `priority`: the item's priority, lower first (its position in the user's or app's list);
/// 4. `source`: user vocabulary before app vocabulary;
/// 5. `matchedText`: the phrase as written, in Swift's string order;
/// 6. `itemIndex`: the item's position in the index, so the order is total.
public struct VocabularyMatch: Sendable, Hashable, CustomStringConvertible {
    /// The item's position in ``VocabularyIndex/items``.
    public let itemIndex: Int
    /// The item's identifier.
    public let identifier: String?
    /// What the item names.
    public let type: VocabularyType
    /// Where the item came from.
    public let source: VocabularySource
    /// The item's priority (0 is the most important).
    public let priority: Int
    /// The phrase or pronunciation that matched, as written in the item.
    public let matchedText: String
    /// True when ``matchedText`` is one of the item's pronunciations.
    public let isPronunciation: Bool
    /// The optimal-string-alignment distance between the normalized query and the
    /// normalized ``matchedText``.
    public let edits: Int
    /// The optimal-string-alignment distance between the query and ``matchedText`` as
    /// written (case, marks and punctuation count); equal to ``edits`` when the query was
    /// given already normalized.
    public let writtenEdits: Int

    /// A match; `writtenEdits` defaults to `edits` (no written query to compare with).
    public init(itemIndex: Int, identifier: String?, type: VocabularyType, source: VocabularySource, priority: Int,
                matchedText: String, isPronunciation: Bool, edits: Int, writtenEdits: Int? = nil) {
        self.itemIndex = itemIndex
        self.identifier = identifier
        self.type = type
        self.source = source
        self.priority = priority
        self.matchedText = matchedText
        self.isPronunciation = isPronunciation
        self.edits = edits
        self.writtenEdits = writtenEdits ?? edits
    }

    /// Whether `self` ranks before `other` (see the type's documentation for the key).
    @inline(__always)
    public func ranks(before other: VocabularyMatch) -> Bool {
        if edits != other.edits { return edits < other.edits }
        if writtenEdits != other.writtenEdits { return writtenEdits < other.writtenEdits }
        if priority != other.priority { return priority < other.priority }
        if source != other.source { return source < other.source }
        if matchedText != other.matchedText { return matchedText < other.matchedText }
        return itemIndex < other.itemIndex
    }

    /// The ranking key, spelled out: what `explain` shows.
    public var rankingKey: String {
        "edits \(edits), written edits \(writtenEdits), priority \(priority), source \(source), text \"\(matchedText)\", item \(itemIndex)"
    }

    public var description: String {
        "\(matchedText) [\(type)\(identifier.map { " " + $0 } ?? "")] (\(rankingKey))"
    }
}

/// A vocabulary item found inside an utterance.
public struct VocabularySpan: Sendable, Hashable, CustomStringConvertible {
    /// The span's units: positions in ``TokenizedText/units``.
    public let units: Range<Int>
    /// The span's range in the original text, in Unicode scalars (as ``Token/scalarRange``).
    public let scalarRange: Range<Int>
    /// The item and how it matched; ``VocabularyMatch/edits`` counts the edits between the
    /// normalized span and the normalized phrase.
    public let match: VocabularyMatch

    /// A span of `units`, at `scalarRange` in the original text.
    public init(units: Range<Int>, scalarRange: Range<Int>, match: VocabularyMatch) {
        self.units = units
        self.scalarRange = scalarRange
        self.match = match
    }

    /// The number of edits.
    public var edits: Int { match.edits }

    /// Whether `self` comes before `other` in the order spans are reported: by first unit,
    /// then longest first, then by the match's ranking (``VocabularyMatch/ranks(before:)``).
    @inline(__always)
    public func precedes(_ other: VocabularySpan) -> Bool {
        if units.lowerBound != other.units.lowerBound { return units.lowerBound < other.units.lowerBound }
        if units.upperBound != other.units.upperBound { return units.upperBound > other.units.upperBound }
        return match.ranks(before: other.match)
    }

    public var description: String { "units \(units.lowerBound)..<\(units.upperBound): \(match)" }
}

extension VocabularySpan {
    /// `spans` (found in `utterance`) with the spans of `elided` (found in the same text
    /// tokenized with its apostrophes read as spaces: `Normalizer.apostrophesAsSpaces`) that
    /// only that reading can find: an item whose edge falls inside a word of `utterance`
    /// because an article, a preposition or a possessive is elided onto it ("d'Excite Yoga",
    /// "l'Ouessant", "Emma's"), exactly, where `spans` has no exact span of the item. Such a
    /// span keeps its own ``scalarRange`` and takes the units of `utterance` it overlaps
    /// ("d'Excite" and "Yoga"). A span both readings can find ("O'Brien" whole, or any span
    /// without an apostrophe) is `spans`' alone. In the order of ``precedes(_:)``.
    ///
    /// - Complexity: O((s + e) log(s + e) + e × units) for s spans and e elided spans.
    public static func adding(_ elided: [VocabularySpan], to spans: [VocabularySpan], in utterance: TokenizedText) -> [VocabularySpan] {
        let units = utterance.units
        var added: [VocabularySpan] = []
        // Exact spans only: a fragment the split leaves ("s" of "what's") is a word of one
        // or two letters, within an edit or two of any short item.
        for span in elided where span.edits == 0 {
            let range = span.scalarRange
            guard let first = units.firstIndex(where: { $0.scalarRange.upperBound > range.lowerBound }),
                  let last = units.lastIndex(where: { $0.scalarRange.lowerBound < range.upperBound }), first <= last else { continue }
            // Edges the words of `utterance` have too: a span its own search finds (or rejects).
            if units[first].scalarRange.lowerBound == range.lowerBound, units[last].scalarRange.upperBound == range.upperBound { continue }
            // Not where the written words have the item exactly already.
            if spans.contains(where: { $0.match.itemIndex == span.match.itemIndex && $0.scalarRange.overlaps(range) && $0.edits == 0 }) { continue }
            added.append(VocabularySpan(units: first..<(last + 1), scalarRange: range, match: span.match))
        }
        guard !added.isEmpty else { return spans }
        return (spans + added).sorted { $0.precedes($1) }
    }
}
