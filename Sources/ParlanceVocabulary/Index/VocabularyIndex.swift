#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import ParlanceText

/// The compiled vocabulary: every phrase and pronunciation of every item, normalized, in
/// a structure that finds exact, prefix and fuzzy matches in microseconds.
///
/// ```swift
/// let tokenizer = try Tokenizer(language: Language("en"))
/// let index = VocabularyIndex(items: contacts, tokenizer: tokenizer)
/// index.lookup("Sparkel Sparkly")            // [Sparkle Sparkly (1 edit)]
/// index.spans(in: tokenizer.tokenize("send a message to Sparkle Sparkly saying hi"))
/// ```
///
/// Built once (``init(items:tokenizer:)``), immutable and `Sendable`; share it between
/// threads. Each lookup borrows a ``VocabularySearcher`` (the per-query scratch) from a
/// pool; a thread that searches a lot can hold its own via ``makeSearcher()``.
///
/// **Keys.** A phrase is tokenized with the index's tokenizer and its units' normalized
/// forms are joined: with one space between units of spaced scripts, with nothing between
/// two characters of an unspaced script, so "ディープ リラクゼーション" and
/// "ディープリラクゼーション" give the same key. Pronunciations are extra keys of their item.
/// Items may share keys. Queries and utterances must be tokenized the same way (same
/// language) to match.
///
/// **Structure.** Distinct keys lie in one pool of labels (16-bit alphabet codes when the
/// vocabulary has fewer than 65,534 distinct characters, else scalar values), indexed by a
/// hash table (exact lookup), a radix tree of the keys and one of the reversed keys (flat
/// arrays in breadth-first order, edges pointing into the pool). See ``RadixTrie``,
/// ``CappedOSAAutomaton`` and ``FuzzySearchPlan`` for the algorithm.
///
/// **Ranking.** By ``VocabularyMatch``'s lexicographic key: edits, priority, source, text.
public final class VocabularyIndex: Sendable {
    /// The items, as given; matches refer to them by position.
    public let items: [VocabularyItem]
    /// The tokenizer that normalized the keys; queries go through it too.
    public let tokenizer: Tokenizer
    /// The number of (item, phrase or pronunciation) entries indexed.
    public let entryCount: Int
    /// The number of distinct normalized keys.
    public let keyCount: Int
    /// The bytes the compiled structures hold (pool, tries, hash table, postings), not
    /// counting ``items``, which the caller's array shares.
    public let memoryFootprint: Int

    let storage: IndexStorage

    /// Compiles `items`. Phrases that normalize to nothing (punctuation only) are skipped;
    /// an item's phrases and pronunciations past the 65,535th are not indexed.
    ///
    /// - Complexity: O(n log n) in the total length of the phrases, plus tokenizing them.
    public convenience init(items: [VocabularyItem], tokenizer: Tokenizer) {
        self.init(items: items, tokenizer: tokenizer, forceScalarLabels: false, jumpFanOut: 12)
    }

    /// - Parameters:
    ///   - forceScalarLabels: store scalar values even when an alphabet would fit (tests).
    ///   - jumpFanOut: the fan-out from which nodes get jump tables.
    init(items: [VocabularyItem], tokenizer: Tokenizer, forceScalarLabels: Bool, jumpFanOut: Int) {
        self.items = items
        self.tokenizer = tokenizer
        let collected = KeyCollector.collect(items: items, tokenizer: tokenizer)
        entryCount = collected.entries
        storage = IndexStorage(scalars: collected.scalars, keys: collected.keys,
                               ranks: KeyCollector.prefixRanks(of: collected.keys, items: items),
                               forceScalarLabels: forceScalarLabels, jumpFanOut: jumpFanOut)
        keyCount = storage.keyCount
        memoryFootprint = storage.byteCount + MemoryLayout<VocabularyIndex>.size
    }

    /// An index of `items` whose structures were read back from an image.
    init(items: [VocabularyItem], tokenizer: Tokenizer, entryCount: Int, storage: IndexStorage) {
        self.items = items
        self.tokenizer = tokenizer
        self.entryCount = entryCount
        self.storage = storage
        keyCount = storage.keyCount
        memoryFootprint = storage.byteCount + MemoryLayout<VocabularyIndex>.size
    }

    /// A searcher of its own, for a thread that looks up a lot (no pool round trip).
    public func makeSearcher() -> VocabularySearcher {
        VocabularySearcher(index: self, engine: LookupEngine(index: self))
    }

    /// Runs `body` with an engine no other thread is using, bound to this index.
    @inline(__always)
    func withEngine<R>(_ body: (LookupEngine) -> R) -> R {
        let engines: EnginePool
        switch storage {
        case .narrow: engines = .narrow
        case .wide: engines = .wide
        }
        let engine: LookupEngine
        if let idle = engines.take() {
            idle.bind(self)
            engine = idle
        } else {
            engine = LookupEngine(index: self)
        }
        defer { engines.give(engine) }
        return body(engine)
    }

    /// The matches of `query` within the edit budget that `policy` gives its key length,
    /// best first (see ``VocabularyMatch`` for the ranking).
    ///
    /// `.closest` (the default) checks the exact key first (one hash probe) and stops there
    /// if it exists; else searches one edit, and two only if one found nothing.
    ///
    /// - Complexity: a hash probe when the query is a key; otherwise two trie walks per
    ///   budget tried, whose cost depends on how many keys share the query's halves
    ///   (measured medians: 1-3 µs exact, 4-9 µs one edit, 10-25 µs two edits, from 100,000
    ///   to 1,000,000 keys), plus tokenizing the query unless it is plain ASCII words.
    public func lookup(_ query: String, policy: EditPolicy = .default, verbosity: LookupVerbosity = .closest,
                       limit: Int = 10) -> [VocabularyMatch] {
        withEngine { $0.lookup(query, tokenizer: tokenizer, policy: policy, verbosity: verbosity, limit: limit) }
    }

    /// The items with a key equal to the normalized `query`, best first.
    /// - Complexity: tokenizing the query and one hash probe.
    public func lookupExact(_ query: String, limit: Int = 10) -> [VocabularyMatch] {
        withEngine { $0.lookup(query, tokenizer: tokenizer, policy: .fixed(0), verbosity: .closest, limit: limit) }
    }

    /// Every vocabulary item that occurs in `utterance` as a run of units, exactly or within
    /// the edits `policy` gives the run's normalized length, multi-word phrases included.
    ///
    /// ```swift
    /// let text = tokenizer.tokenize("send a message to Sparkel Sparkly saying hi")
    /// index.spans(in: text)  // [units 4..<6: Sparkle Sparkly (1 edit)]
    /// ```
    ///
    /// Spans start and end at unit boundaries: words in spaced scripts (so a fuzzy span
    /// never cuts a word), characters in unspaced ones (so "ディープリラクゼーション" is found
    /// inside "ヨガでディープリラクゼーションを開始" however ICU segments it). Units are read as
    /// keys are built: a space between words, nothing between two unspaced characters.
    /// Spans of different items may overlap (resolving them is the next stage's job); an
    /// item's own overlapping spans are one occurrence, and only its best span is kept
    /// (fewest edits, then fewest written edits, then nearest in length, then the earliest,
    /// then the shorter). Ordered by start, longer first, then by ``VocabularyMatch``'s
    /// ranking.
    ///
    /// `utterance` must come from a tokenizer of the index's language.
    ///
    /// - Complexity: one pass over the units: an exact trie descent from every unit start
    ///   for spans too short for an edit, and per band of span lengths a pigeonhole-capped
    ///   walk from every unit start and every unit end (see ``SpanBand``); an utterance with
    ///   a ß is searched twice. Measured medians over 100,000 entries (Benchmarks/README.md,
    ///   `VocabularyTimings`): ~2.4 µs for exact spans alone; with the default policy ~18 µs
    ///   for a ten-word English utterance, ~20 µs German, 7 µs Japanese, 5 µs Chinese, most
    ///   of it in the two-edit backward walks. One allocation: the result.
    public func spans(in utterance: TokenizedText, policy: EditPolicy = .default) -> [VocabularySpan] {
        withEngine { $0.spans(in: utterance, policy: policy) }
    }

    /// Every (unit range, item) within the budget, overlaps of one item included: what a
    /// grammar needs when any of an item's spans may be the one its template wants ("Excite"
    /// and "Excite Yoga" are both names of one app).
    public func allSpans(in utterance: TokenizedText, policy: EditPolicy = .default) -> [VocabularySpan] {
        withEngine { $0.spans(in: utterance, policy: policy, keepingOverlaps: true) }
    }

    /// ``allSpans(in:policy:)`` for the spans on exactly the units of one of `ranges`
    /// (ranges of units of `utterance`): the walks start only at their first units and
    /// end only at their last units, so checking a few words of a long utterance costs
    /// what those words cost.
    public func allSpans(in utterance: TokenizedText, policy: EditPolicy = .default, covering ranges: [Range<Int>]) -> [VocabularySpan] {
        withEngine { $0.spans(in: utterance, policy: policy, keepingOverlaps: true, covering: ranges) }
    }

    /// Item `item` on `units` of `utterance` as ``allSpans(in:policy:)`` would report it (its
    /// nearest phrase or pronunciation, the edits, the edits as written), or nil when none
    /// is within the budget `policy` gives the span's length. It measures instead of
    /// searching: for checking a few spans another index of the same items found (an index
    /// that folds more, whose spans are a superset of this one's), not for finding them.
    ///
    /// - Complexity: normalizing the item's phrases and one distance table per key.
    public func span(ofItem item: Int, units: Range<Int>, in utterance: TokenizedText, policy: EditPolicy = .default) -> VocabularySpan? {
        withEngine { $0.span(ofItem: item, units: units, in: utterance, policy: policy, tokenizer: tokenizer) }
    }

    /// The items with a key that starts with the normalized `prefix`, best first: by
    /// priority, source and text (all have 0 edits). An item with several phrases under the
    /// prefix is listed once, with the best ranked of them.
    ///
    /// - Complexity: the prefix's length, then a best-first walk of the subtree below it
    ///   that stops after `limit` items: every node keeps the best rank below it, so the walk
    ///   expands only nodes that lead to one of the first `limit` items (plus their siblings)
    ///   — O((limit + depth) · fan-out · log) rather than the size of the subtree.
    public func lookupPrefix(_ prefix: String, limit: Int = 10) -> [VocabularyMatch] {
        withEngine { $0.lookupPrefix(tokenizer.tokenize(prefix), limit: limit) }
    }
}

/// A per-thread handle for searching a ``VocabularyIndex`` without touching its pool.
/// Not thread-safe: use one per thread.
public final class VocabularySearcher {
    /// The index searched.
    public let index: VocabularyIndex
    let engine: LookupEngine

    init(index: VocabularyIndex, engine: LookupEngine) {
        self.index = index
        self.engine = engine
    }

    /// Same as ``VocabularyIndex/lookup(_:policy:verbosity:limit:)``.
    public func lookup(_ query: String, policy: EditPolicy = .default, verbosity: LookupVerbosity = .closest,
                       limit: Int = 10) -> [VocabularyMatch] {
        engine.lookup(query, tokenizer: index.tokenizer, policy: policy, verbosity: verbosity, limit: limit)
    }

    /// Looks up a query already tokenized (by a tokenizer of the index's language).
    public func lookup(_ query: TokenizedText, policy: EditPolicy = .default, verbosity: LookupVerbosity = .closest,
                       limit: Int = 10) -> [VocabularyMatch] {
        engine.lookup(query, policy: policy, verbosity: verbosity, limit: limit)
    }

    /// Looks up a key already normalized (as ``VocabularyIndex`` builds keys): no
    /// tokenization, no allocation besides the result.
    public func lookup(normalizedKey: UnsafeBufferPointer<Unicode.Scalar>, policy: EditPolicy = .default,
                       verbosity: LookupVerbosity = .closest, limit: Int = 10) -> [VocabularyMatch] {
        normalizedKey.withMemoryRebound(to: UInt32.self) {
            engine.lookup(scalars: $0, policy: policy, verbosity: verbosity, limit: limit)
        }
    }

    /// Same as ``VocabularyIndex/lookupExact(_:limit:)``.
    public func lookupExact(_ query: String, limit: Int = 10) -> [VocabularyMatch] {
        engine.lookup(query, tokenizer: index.tokenizer, policy: .fixed(0), verbosity: .closest, limit: limit)
    }

    /// Same as ``VocabularyIndex/spans(in:policy:)``.
    public func spans(in utterance: TokenizedText, policy: EditPolicy = .default) -> [VocabularySpan] {
        engine.spans(in: utterance, policy: policy)
    }

    /// Same as ``VocabularyIndex/lookupPrefix(_:limit:)``.
    public func lookupPrefix(_ prefix: String, limit: Int = 10) -> [VocabularyMatch] {
        engine.lookupPrefix(index.tokenizer.tokenize(prefix), limit: limit)
    }
}

/// Tokenizes every phrase and pronunciation into raw keys: the slow half of compiling
/// (ICU word breaks and normalization, ~2 µs a phrase), so it runs on every core.
struct KeyCollector {
    var scalars: [UInt32] = []
    var keys: [RawKey] = []
    var entries = 0

    /// Appends the keys of `items[range]`.
    mutating func add(_ items: ArraySlice<VocabularyItem>, offset: Int, tokenizer: Tokenizer) {
        var buffer: [UInt32] = []
        // (By index, not by element: a copy of each item would retain its strings.)
        for position in items.indices {
            let itemIndex = offset + (position - items.startIndex)
            for variant in 0..<min(items[position].variantCount, Int(UInt16.max)) {
                let text = items[position].text(ofVariant: variant)
                // Text of ASCII letters, digits and spaces, or of unspaced letters alone, is
                // keyed straight into the pool (nothing is appended when it is not such text).
                let start = scalars.count
                if KeyNormalization.appendASCIIKey(of: text, to: &scalars) || KeyNormalization.appendCharacterKey(of: text, tokenizer: tokenizer, to: &scalars) {
                    if scalars.count > start {
                        keys.append(RawKey(start: UInt32(start), length: UInt32(scalars.count - start), item: UInt32(itemIndex),
                                           variant: UInt16(variant)))
                        entries += 1
                    }
                    continue
                }
                let tokenized = tokenizer.tokenize(text)
                var added = false
                func add(_ key: [UInt32]) {
                    guard !key.isEmpty else { return }
                    keys.append(RawKey(start: UInt32(scalars.count), length: UInt32(key.count), item: UInt32(itemIndex),
                                       variant: UInt16(variant)))
                    scalars.append(contentsOf: key)
                    added = true
                }
                if KeyNormalization.hasSharpS(tokenized) {
                    for key in KeyNormalization.keys(of: tokenized, normalizer: tokenizer.normalizer) { add(key) }
                } else {
                    buffer.removeAll(keepingCapacity: true)
                    KeyNormalization.appendKey(of: tokenized, to: &buffer)
                    add(buffer)
                }
                if added { entries += 1 }
            }
        }
    }

    /// Each key's place in the prefix ranking, the order of ``VocabularyMatch`` among
    /// exact matches: priority, source, the phrase's text, then item and phrase.
    static func prefixRanks(of keys: [RawKey], items: [VocabularyItem]) -> [UInt32] {
        // Each key's item's priority and source packed into one integer, in key order, so
        // that most comparisons read one array.
        let priorities = items.map(\.priority), sources = items.map(\.source)
        let leading = keys.map { key in
            let item = Int(key.item)
            return UInt64(UInt32(bitPattern: Int32(truncatingIfNeeded: priorities[item])) ^ 0x8000_0000) << 32
                | UInt64(sources[item].rawValue)
        }
        func text(_ key: RawKey) -> String {
            items[Int(key.item)].text(ofVariant: Int(key.variant))
        }
        let order = keys.indices.sorted { a, b in
            if leading[a] != leading[b] { return leading[a] < leading[b] }
            let x = keys[a], y = keys[b]
            if x.item != y.item || x.variant != y.variant {
                let textX = text(x), textY = text(y)
                if textX != textY { return textX < textY }
            }
            return (x.item, x.variant, a) < (y.item, y.variant, b)
        }
        var ranks = [UInt32](repeating: 0, count: keys.count)
        for (rank, key) in order.enumerated() { ranks[key] = UInt32(rank) }
        return ranks
    }

    /// The keys of all `items`, tokenized in parallel chunks and concatenated in order.
    static func collect(items: [VocabularyItem], tokenizer: Tokenizer) -> KeyCollector {
        let cores = Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let chunkCount = items.count < 20_000 || cores == 1 ? 1 : cores * 4
        let chunkSize = (items.count + chunkCount - 1) / Swift.max(chunkCount, 1)
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<KeyCollector>.allocate(capacity: Swift.max(chunkCount, 1))
        results.initialize(repeating: KeyCollector())
        defer { results.deinitialize().deallocate() }
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let start = Swift.min(chunk * chunkSize, items.count), end = Swift.min(start + chunkSize, items.count)
            var collector = KeyCollector()
            collector.scalars.reserveCapacity((end - start) * 20)
            collector.keys.reserveCapacity(end - start)
            collector.add(items[start..<end], offset: start, tokenizer: tokenizer)
            results[chunk] = collector
        }
        if chunkCount == 1 { return results[0] }
        var all = KeyCollector()
        all.scalars.reserveCapacity(results.reduce(0) { $0 + $1.scalars.count })
        all.keys.reserveCapacity(results.reduce(0) { $0 + $1.keys.count })
        for result in results {
            let base = UInt32(all.scalars.count)
            all.scalars.append(contentsOf: result.scalars)
            for var key in result.keys {
                key.start += base
                all.keys.append(key)
            }
            all.entries += result.entries
        }
        return all
    }
}

/// The compiled structures, at the label width the alphabet allows.
enum IndexStorage: Sendable {
    case narrow(IndexCore<UInt16>)
    case wide(IndexCore<UInt32>)

    init(scalars: [UInt32], keys: [RawKey], ranks: [UInt32], forceScalarLabels: Bool, jumpFanOut: Int) {
        // The distinct scalars, through a bitmap up to the largest (a small index of Latin
        // text clears a few words, not the whole code space).
        let largest = scalars.max() ?? 0
        var present = [UInt64](repeating: 0, count: Int(largest >> 6) + 1)
        present.withUnsafeMutableBufferPointer { present in
            for scalar in scalars { present[Int(scalar >> 6)] |= 1 << (scalar & 63) }
        }
        var distinct: [UInt32] = []
        for (word, bits) in present.enumerated() where bits != 0 {
            var remaining = bits
            while remaining != 0 {
                distinct.append(UInt32(word * 64 + remaining.trailingZeroBitCount))
                remaining &= remaining - 1
            }
        }
        if !forceScalarLabels, distinct.count <= Alphabet.capacity {
            let alphabet = Alphabet(sortedScalars: distinct)
            // A scalar's code is its place among the distinct scalars, plus one
            // (``Alphabet/init(sortedScalars:)``): the bits set before it in the bitmap.
            // Counted here in constant time, where the alphabet would search the blocks it
            // does not page.
            var before = [UInt32](repeating: 0, count: present.count)
            var counted: UInt32 = 0
            for (word, bits) in present.enumerated() {
                before[word] = counted
                counted += UInt32(bits.nonzeroBitCount)
            }
            // Scalars below U+0800 (Latin, Greek, Cyrillic and the other alphabets of most
            // keys) take their code from a table; others count bits (in software on
            // processors Swift does not assume have a population count instruction).
            var smallCodes = [UInt16](repeating: 0, count: 0x800)
            smallCodes.withUnsafeMutableBufferPointer { smallCodes in
                for word in 0..<Swift.min(present.count, 0x800 >> 6) {
                    var remaining = present[word], code = UInt16(truncatingIfNeeded: before[word])
                    while remaining != 0 {
                        code += 1
                        smallCodes[word << 6 | remaining.trailingZeroBitCount] = code
                        remaining &= remaining - 1
                    }
                }
            }
            let labels = [UInt16](unsafeUninitializedCapacity: scalars.count) { labels, initialized in
                before.withUnsafeBufferPointer { before in
                    present.withUnsafeBufferPointer { present in
                        smallCodes.withUnsafeBufferPointer { smallCodes in
                            for (position, scalar) in scalars.enumerated() {
                                if scalar < 0x800 {
                                    labels[position] = smallCodes[Int(scalar)]
                                    continue
                                }
                                let word = Int(scalar >> 6)
                                let below = present[word] & ((1 &<< UInt64(scalar & 63)) &- 1)
                                labels[position] = UInt16(truncatingIfNeeded: before[word] &+ UInt32(below.nonzeroBitCount) &+ 1)
                            }
                        }
                    }
                }
                initialized = scalars.count
            }
            assert(withExtendedLifetime(alphabet) { labels == scalars.map { alphabet.encoder.label($0, as: UInt16.self) } })
            self = .narrow(IndexCore(rawPool: labels, keys: keys, ranks: ranks, alphabet: alphabet, jumpFanOut: jumpFanOut))
        } else {
            self = .wide(IndexCore(rawPool: scalars, keys: keys, ranks: ranks, alphabet: nil, jumpFanOut: jumpFanOut))
        }
    }

    var keyCount: Int {
        switch self {
        case .narrow(let core): core.keyCount
        case .wide(let core): core.keyCount
        }
    }

    var byteCount: Int {
        switch self {
        case .narrow(let core): core.byteCount
        case .wide(let core): core.byteCount
        }
    }
}

/// How keys are made from tokenized text (shared by phrases, queries and utterances).
///
/// A key is the units' normalized forms joined by one space, or by nothing between two
/// characters of an unspaced script. Punctuation inside a unit ("S.A.", "O'Brien", "e.V.")
/// is dropped: speech has none, and the tokenizer already drops it between words, so
/// keeping it inside would make "S.A." and ".A." two edits apart instead of one.
///
/// Case folding turns ß into "ss", so that "Strasse" finds "Straße" exactly, but it also
/// makes every edit on a ß count twice ("Preiß" → "Prei" is one edit as written, two as
/// "preiss" → "prei"). Text with a ß therefore has a second key that keeps it as one
/// character (U+00DF, which case folding never produces otherwise): phrases are indexed
/// under both, queries are looked up under both.
enum KeyNormalization {
    /// The keys of `text`: the normalized key and, if `text` holds a ß, the key that
    /// keeps it (when different).
    static func keys(of text: TokenizedText, normalizer: Normalizer) -> [[UInt32]] {
        var key: [UInt32] = []
        appendKey(of: text, to: &key)
        guard hasSharpS(text) else { return key.isEmpty ? [] : [key] }
        var sharp: [UInt32] = []
        appendKey(of: text, to: &sharp, keepingSharpS: normalizer)
        return [key, sharp].filter { !$0.isEmpty }.reduce(into: []) { keys, candidate in
            if !keys.contains(candidate) { keys.append(candidate) }
        }
    }

    /// Appends the key of `text` without the tokenizer when it holds only ASCII letters,
    /// digits and spaces (most Latin names): ICU's word rules make each run of letters and
    /// digits one word (WB9, WB10), and normalizing ASCII is lowercasing, so the key is the
    /// runs lowercased and joined by single spaces (the tests check this against the
    /// tokenizer). False, with nothing appended, for any other text.
    @inline(__always)
    static func appendASCIIKey(of text: String, to scalars: inout [UInt32]) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes {
                switch byte {
                case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x20: continue
                default: return false
                }
            }
            // At most one scalar a byte: written through a pointer, appended at once.
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: bytes.count) { key in
                var end = 0
                var pendingSpace = false
                for byte in bytes {
                    if byte == 0x20 {
                        pendingSpace = end > 0
                        continue
                    }
                    if pendingSpace {
                        key[end] = 0x20
                        end += 1
                        pendingSpace = false
                    }
                    key[end] = UInt32(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                    end += 1
                }
                scalars.append(contentsOf: UnsafeBufferPointer(rebasing: key[0..<end]))
            }
            return true
        }
    }

    /// Appends the key of `text` without the tokenizer's word breaks when it is written in
    /// letters of unspaced scripts alone (most Chinese and Japanese names): the key of such
    /// units is their normalized letters joined without separators
    /// (``Tokenizer/appendCharacterUnits(of:to:)``; the tests check this against the
    /// tokenizer). False, with nothing appended, for any other text.
    @inline(__always)
    static func appendCharacterKey(of text: String, tokenizer: Tokenizer, to scalars: inout [UInt32]) -> Bool {
        tokenizer.appendCharacterUnits(of: text, to: &scalars)
    }

    /// Appends the key of all units of `text` and records where each unit lies in it
    /// (-1 for a unit of punctuation only): the stream a span search reads. With
    /// `keepingSharpS`, ß stays one character, as in the second key of ``keys(of:normalizer:)``.
    static func appendStream(of text: TokenizedText, to scalars: inout [UInt32], starts: inout [Int32],
                             ends: inout [Int32], keepingSharpS normalizer: Normalizer? = nil) {
        appendKey(of: text, to: &scalars, keepingSharpS: normalizer) { start, end in
            starts.append(Int32(start))
            ends.append(Int32(end))
        }
    }

    /// Whether the original text holds ß or ẞ.
    @inline(__always)
    static func hasSharpS(_ text: TokenizedText) -> Bool {
        func scan(_ bytes: some Sequence<UInt8>) -> Bool {
            var previous: UInt8 = 0, beforePrevious: UInt8 = 0
            for byte in bytes {
                // ß is C3 9F, ẞ is E1 BA 9E.
                if byte == 0x9F, previous == 0xC3 { return true }
                if byte == 0x9E, previous == 0xBA, beforePrevious == 0xE1 { return true }
                beforePrevious = previous
                previous = byte
            }
            return false
        }
        // (The tokenizer's text is contiguous UTF-8: read as a buffer, not by string index.)
        return text.text.utf8.withContiguousStorageIfAvailable(scan) ?? scan(text.text.utf8)
    }

    /// Appends the key of `units` of `text` (all units by default). With `keepingSharpS`,
    /// units holding ß or ẞ are normalized again in pieces around it, and it stays U+00DF.
    /// `unitRange(start, end)` hears where each unit lies in `scalars` ((-1, -1) when it
    /// normalizes to nothing).
    @inline(__always)
    static func appendKey(of text: TokenizedText, units: Range<Int>? = nil, to scalars: inout [UInt32],
                          keepingSharpS normalizer: Normalizer? = nil, unitRange: (Int, Int) -> Void = { _, _ in }) {
        let range = units ?? text.units.indices
        var previousIsCharacter = false
        var first = true
        text.normalizedScalars.withUnsafeBufferPointer { normalized in
            for index in range {
                let unit = text.units[index]
                let separatorAt = scalars.count
                if !first, !(previousIsCharacter && unit.isCharacter) { scalars.append(0x20) }
                let unitStart = scalars.count
                if let normalizer, text.original(unit).unicodeScalars.contains(where: { $0 == "ß" || $0 == "ẞ" }) {
                    var piece = String.UnicodeScalarView()
                    func flush() {
                        for scalar in normalizer.normalize(String(piece)).unicodeScalars where !isPunctuation(scalar) {
                            scalars.append(scalar.value)
                        }
                        piece.removeAll()
                    }
                    for scalar in text.original(unit).unicodeScalars {
                        if scalar == "ß" || scalar == "ẞ" {
                            flush()
                            scalars.append(0xDF)
                        } else {
                            piece.append(scalar)
                        }
                    }
                    flush()
                } else {
                    for position in unit.normalizedRange {
                        let scalar = normalized[position]
                        if !isPunctuation(scalar) { scalars.append(scalar.value) }
                    }
                }
                if scalars.count == unitStart {
                    // Nothing but punctuation: no unit, no separator.
                    scalars.removeSubrange(separatorAt...)
                    unitRange(-1, -1)
                    continue
                }
                unitRange(unitStart, scalars.count)
                previousIsCharacter = unit.isCharacter
                first = false
            }
        }
    }

    /// ASCII punctuation (general category P: !"#%&'()*,-./:;?@[\]_{}) as a bit set.
    private static let asciiPunctuation: (UInt64, UInt64) = {
        var low: UInt64 = 0, high: UInt64 = 0
        for byte in "!\"#%&'()*,-./:;?@[\\]_{}".utf8 {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        return (low, high)
    }()

    /// Whether `scalar` is punctuation (Unicode general category P).
    @inline(__always)
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 64 { return asciiPunctuation.0 & (1 << UInt64(value)) != 0 }
        if value < 128 { return asciiPunctuation.1 & (1 << UInt64(value - 64)) != 0 }
        // Letters of the scripts most keys are written in, without a property lookup (which
        // costs tens of nanoseconds, for every scalar of every stream a search builds):
        // Latin from À, kana (not ゠ or ・), CJK ideographs, Hangul syllables.
        switch value {
        case 0xC0..<0x250, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3: return false
        default: break
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }
}

extension VocabularyIndex {
    /// Whether a key leaves `scalar` out (punctuation, inside a unit or alone: "O'Brien" is
    /// keyed "obrien"): what a view built from the keys (``forEachKey(_:)``) must leave out
    /// of the words it looks up there.
    public static func keyLeavesOut(_ scalar: Unicode.Scalar) -> Bool {
        KeyNormalization.isPunctuation(scalar)
    }

    /// Calls `body` with every distinct key (a phrase or pronunciation normalized as the
    /// index normalizes, units joined as ``VocabularyIndex`` describes) and the items that
    /// have it, in no particular order: for views of the vocabulary built from what the
    /// index already normalized (a word index of the items, say) without normalizing every
    /// phrase again.
    ///
    /// - Complexity: O(total key length + entries).
    public func forEachKey(_ body: (_ key: [Unicode.Scalar], _ items: [Int]) -> Void) {
        withKeyScalars { table in
            var key: [Unicode.Scalar] = []
            var items: [Int] = []
            for index in 0..<table.count {
                key.removeAll(keepingCapacity: true)
                for value in table.key(index) { if let scalar = Unicode.Scalar(value) { key.append(scalar) } }
                items.removeAll(keepingCapacity: true)
                for item in table.items(index) { items.append(Int(item)) }
                body(key, items)
            }
        }
    }
}

/// Every distinct key of an index as scalar values, back to back, with the items of each:
/// ``VocabularyIndex/withKeyScalars(_:)`` lends it for views built from what the index
/// already normalized (a word index of a user's items, made on their first parse), read
/// with plain loops instead of a closure per key.
package struct KeyScalarTable {
    /// The keys' scalar values; key `k` is `scalars[keyStarts[k] ..< keyStarts[k + 1]]`.
    package let scalars: UnsafeBufferPointer<UInt32>
    package let keyStarts: UnsafeBufferPointer<UInt32>
    /// The items of key `k` are `items[itemStarts[k] ..< itemStarts[k + 1]]`.
    package let itemStarts: UnsafeBufferPointer<UInt32>
    package let items: UnsafeBufferPointer<UInt32>

    /// The number of keys.
    package var count: Int { keyStarts.count - 1 }

    /// Key `key`'s scalar values.
    @inline(__always)
    package func key(_ key: Int) -> UnsafeBufferPointer<UInt32> {
        UnsafeBufferPointer(rebasing: scalars[Int(keyStarts[key])..<Int(keyStarts[key + 1])])
    }

    /// The items that have key `key`.
    @inline(__always)
    package func items(_ key: Int) -> UnsafeBufferPointer<UInt32> {
        UnsafeBufferPointer(rebasing: items[Int(itemStarts[key])..<Int(itemStarts[key + 1])])
    }
}

extension VocabularyIndex {
    /// Lends `body` every key's scalar values and items (``KeyScalarTable``), valid only
    /// during the call: the index's own tables where its labels are scalars, else one copy
    /// of its keys decoded from their alphabet.
    ///
    /// - Complexity: O(total key length) to decode, when the labels are an alphabet's.
    package func withKeyScalars<Result>(_ body: (KeyScalarTable) throws -> Result) rethrows -> Result {
        switch storage {
        case .narrow(let core):
            // (Decoded here, where the labels' type is known: the loop is specialized.)
            let decoded = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: Swift.max(core.pool.count, 1))
            defer { decoded.deallocate() }
            core.decodePool(into: decoded)
            return try body(core.keyScalarTable(UnsafeBufferPointer(rebasing: decoded[0..<core.pool.count])))
        case .wide(let core):
            // Labels without an alphabet are the scalar values themselves.
            return try body(core.keyScalarTable(core.pool.buffer))
        }
    }
}

extension IndexCore {
    /// The keys as ``KeyScalarTable``, given the pool's labels as scalar values.
    func keyScalarTable(_ scalars: UnsafeBufferPointer<UInt32>) -> KeyScalarTable {
        KeyScalarTable(scalars: scalars, keyStarts: keyStarts.buffer, itemStarts: keyPostingStarts.buffer,
                       items: postingItems.buffer)
    }

    /// Writes the pool's labels as scalar values into `scalars` (at least as long as the pool).
    func decodePool(into scalars: UnsafeMutableBufferPointer<UInt32>) {
        let codes = alphabet?.scalars
        for position in 0..<pool.count {
            let label = pool[position]
            scalars[position] = codes?[Int(label)] ?? UInt32(label)
        }
    }
}
