#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ParlanceText

/// The per-thread side of a ``VocabularyIndex``: scratch buffers, the width-specific search,
/// and the ranking of hits into ``VocabularyMatch``es. Holds the compiled structures and
/// the items of the index it is bound to (``bind(_:)``), not the index: engines are pooled
/// per label width, for every index (``EnginePool``).
final class LookupEngine {
    enum Scratch {
        case narrow(SearchScratch<UInt16>)
        case wide(SearchScratch<UInt32>)
    }

    private(set) var items: [VocabularyItem]
    private(set) var normalizer: Normalizer
    let scratch: Scratch
    /// The normalized key being looked up.
    var scalars: [UInt32] = []
    /// Positions in `hits` of the best matches so far, best first.
    let best = ScratchBuffer<Int32>(capacity: 16)
    /// The query as written, for the tie-breaker between equally near keys.
    let written = WrittenDistance()

    init(index: VocabularyIndex) {
        items = index.items
        normalizer = index.tokenizer.normalizer
        switch index.storage {
        case .narrow(let core): scratch = .narrow(SearchScratch(core: core))
        case .wide(let core): scratch = .wide(SearchScratch(core: core))
        }
        scalars.reserveCapacity(256)
    }

    deinit {
        best.deallocate()
        written.deallocate()
    }

    /// Points the engine at `index`.
    /// - Precondition: the index's labels are as wide as the engine's (``EnginePool``
    ///   keeps one pool per width).
    func bind(_ index: VocabularyIndex) {
        items = index.items
        normalizer = index.tokenizer.normalizer
        switch (scratch, index.storage) {
        case (.narrow(let scratch), .narrow(let core)): scratch.bind(core)
        case (.wide(let scratch), .wide(let core)): scratch.bind(core)
        default: preconditionFailure("an engine bound to an index of other labels")
        }
    }

    /// Looks up a query string: without the tokenizer when it is plain ASCII words or letters
    /// of unspaced scripts alone.
    func lookup(_ query: String, tokenizer: Tokenizer, policy: EditPolicy, verbosity: LookupVerbosity,
                limit: Int) -> [VocabularyMatch] {
        scalars.removeAll(keepingCapacity: true)
        if KeyNormalization.appendASCIIKey(of: query, to: &scalars)
            || KeyNormalization.appendCharacterKey(of: query, tokenizer: tokenizer, to: &scalars) {
            written.setQuery(query)
            defer { written.clear() }
            return search(1, policy: policy, verbosity: verbosity, limit: limit) { _ in }
        }
        return lookup(tokenizer.tokenize(query), policy: policy, verbosity: verbosity, limit: limit)
    }

    func lookup(_ query: TokenizedText, policy: EditPolicy, verbosity: LookupVerbosity, limit: Int) -> [VocabularyMatch] {
        written.setQuery(query.text)
        defer { written.clear() }
        if KeyNormalization.hasSharpS(query) {
            // Rare: two keys, two searches, one ranking.
            let keys = KeyNormalization.keys(of: query, normalizer: normalizer)
            return search(keys.count, policy: policy, verbosity: verbosity, limit: limit) { index in
                scalars = keys[index]
            }
        }
        return search(1, policy: policy, verbosity: verbosity, limit: limit) { _ in
            scalars.removeAll(keepingCapacity: true)
            KeyNormalization.appendKey(of: query, to: &scalars)
        }
    }

    /// Looks up a normalized key; without a written query, ties go by priority.
    func lookup(scalars key: UnsafeBufferPointer<UInt32>, policy: EditPolicy, verbosity: LookupVerbosity,
                limit: Int) -> [VocabularyMatch] {
        written.clear()
        return search(1, policy: policy, verbosity: verbosity, limit: limit) { _ in
            scalars.removeAll(keepingCapacity: true)
            scalars.append(contentsOf: key)
        }
    }

    /// Searches `count` keys of one query (`setKey(i)` puts the i-th into `scalars`) and
    /// ranks their hits together.
    @inline(__always)
    private func search(_ count: Int, policy: EditPolicy, verbosity: LookupVerbosity, limit: Int,
                        setKey: (Int) -> Void) -> [VocabularyMatch] {
        let limit = verbosity == .top ? Swift.min(limit, 1) : limit
        switch scratch {
        case .narrow(let search):
            return run(search, count, policy: policy, verbosity: verbosity, limit: limit, setKey: setKey)
        case .wide(let search):
            return run(search, count, policy: policy, verbosity: verbosity, limit: limit, setKey: setKey)
        }
    }

    /// The search at one label width (specialized for each).
    @inline(__always)
    private func run<Label>(_ search: SearchScratch<Label>, _ count: Int, policy: EditPolicy, verbosity: LookupVerbosity,
                            limit: Int, setKey: (Int) -> Void) -> [VocabularyMatch] {
        search.clearHits()
        for index in 0..<count {
            setKey(index)
            let budget = policy.maxEdits(forKeyLength: scalars.count)
            scalars.withUnsafeBufferPointer { search.setQuery($0) }
            search.search(budget: budget, verbosity: verbosity)
            search.collectHits(budget: budget)
        }
        return rank(search.hits.base, count: search.hits.count, limit: limit, nearestOnly: verbosity != .all)
    }

    func lookupPrefix(_ prefix: TokenizedText, limit: Int) -> [VocabularyMatch] {
        scalars.removeAll(keepingCapacity: true)
        KeyNormalization.appendKey(of: prefix, to: &scalars)
        written.clear()
        return scalars.withUnsafeBufferPointer { scalars in
            switch scratch {
            case .narrow(let search):
                search.setQuery(scalars)
                search.clearHits()
                search.collectPrefixHits(limit: limit)
                return rank(search.hits.base, count: search.hits.count, limit: limit, nearestOnly: false)
            case .wide(let search):
                search.setQuery(scalars)
                search.clearHits()
                search.collectPrefixHits(limit: limit)
                return rank(search.hits.base, count: search.hits.count, limit: limit, nearestOnly: false)
            }
        }
    }

    /// Unit boundaries in the stream, for span search.
    var unitStarts: [Int32] = []
    var unitEnds: [Int32] = []

    /// - Parameter keepingOverlaps: return every (range, item) found, without suppressing
    ///   the overlapping spans of one item (the tests compare those with the reference).
    /// - Parameter covering: when given, only spans on exactly one of these ranges of
    ///   units are searched for (walks start only at their first units and end only at
    ///   their last units).
    func spans(in utterance: TokenizedText, policy: EditPolicy, keepingOverlaps: Bool = false,
               covering ranges: [Range<Int>]? = nil) -> [VocabularySpan] {
        scalars.removeAll(keepingCapacity: true)
        unitStarts.removeAll(keepingCapacity: true)
        unitEnds.removeAll(keepingCapacity: true)
        KeyNormalization.appendStream(of: utterance, to: &scalars, starts: &unitStarts, ends: &unitEnds)
        var edges: [UInt8]?
        if let ranges {
            var allowed = [UInt8](repeating: 0, count: unitStarts.count)
            for range in ranges where !range.isEmpty && range.lowerBound >= 0 && range.upperBound <= allowed.count {
                allowed[range.lowerBound] |= 1
                allowed[range.upperBound - 1] |= 2
            }
            guard allowed.contains(where: { $0 != 0 }) else { return [] }
            edges = allowed
        }
        let hits: UnsafeMutablePointer<SpanHit>, count: Int
        // A ß makes a second stream that keeps it as one character (rare), as it makes a
        // second key of a phrase or query: spans then find what lookups of their text find.
        let hasSharpS = KeyNormalization.hasSharpS(utterance)
        switch scratch {
        case .narrow(let search):
            find(search)
            if hasSharpS { findKeepingSharpS(search) }
            (hits, count) = (search.spanHits.base, search.spanHits.count)
        case .wide(let search):
            find(search)
            if hasSharpS { findKeepingSharpS(search) }
            (hits, count) = (search.spanHits.base, search.spanHits.count)
        }
        func find<Label>(_ search: SearchScratch<Label>, resetting: Bool = true) {
            scalars.withUnsafeBufferPointer { stream in
                unitStarts.withUnsafeBufferPointer { starts in
                    unitEnds.withUnsafeBufferPointer { ends in
                        if let edges {
                            edges.withUnsafeBufferPointer { edges in
                                search.findSpans(stream: stream, unitStarts: starts, unitEnds: ends, policy: policy, resetting: resetting,
                                                 edges: edges)
                            }
                        } else {
                            search.findSpans(stream: stream, unitStarts: starts, unitEnds: ends, policy: policy, resetting: resetting)
                        }
                    }
                }
            }
        }
        func findKeepingSharpS<Label>(_ search: SearchScratch<Label>) {
            scalars.removeAll(keepingCapacity: true)
            unitStarts.removeAll(keepingCapacity: true)
            unitEnds.removeAll(keepingCapacity: true)
            KeyNormalization.appendStream(of: utterance, to: &scalars, starts: &unitStarts, ends: &unitEnds,
                                          keepingSharpS: normalizer)
            find(search, resetting: false)
        }
        guard count > 0 else { return [] }
        return rankedSpans(hits, count: count, in: utterance, keepingOverlaps: keepingOverlaps, covering: ranges)
    }

    /// A hit of a span search with what ranks it: its edits as written and how far the
    /// span's length is from the phrase's.
    struct RankedSpanHit {
        var hit: SpanHit
        var writtenEdits: Int32
        var lengthGap: Int32
    }

    /// Hits of the span search, ranked as ``VocabularySpan``s before any is made.
    var rankedSpanHits: [RankedSpanHit] = []
    /// Positions in `rankedSpanHits`, in the order of the step at hand.
    var spanOrder: [Int32] = []

    /// The spans of `hits`: each hit's written distance measured, one hit per item where its
    /// spans overlap (unless `keepingOverlaps`), in the order of
    /// ``VocabularySpan/precedes(_:)``. Hits are ranked as plain values; only the spans
    /// returned become ``VocabularySpan``s (with their strings).
    private func rankedSpans(_ hits: UnsafeMutablePointer<SpanHit>, count: Int, in utterance: TokenizedText,
                             keepingOverlaps: Bool, covering ranges: [Range<Int>]?) -> [VocabularySpan] {
        // (The scratch arrays as locals while in use: no exclusivity checks on each access.)
        var rankedSpanHits = self.rankedSpanHits, spanOrder = self.spanOrder
        self.rankedSpanHits = []
        self.spanOrder = []
        defer {
            self.rankedSpanHits = rankedSpanHits
            self.spanOrder = spanOrder
        }
        rankedSpanHits.removeAll(keepingCapacity: true)
        for index in 0..<count {
            let hit = hits[index]
            if let ranges, !ranges.contains(Int(hit.start)..<Int(hit.end)) { continue }
            rankedSpanHits.append(RankedSpanHit(hit: hit, writtenEdits: 0, lengthGap: 0))
        }
        guard !rankedSpanHits.isEmpty else { return [] }
        spanOrder.removeAll(keepingCapacity: true)
        spanOrder.append(contentsOf: 0..<Int32(rankedSpanHits.count))
        rankedSpanHits.withUnsafeMutableBufferPointer { ranked in
            // The written distances; the written query is set again where the span changes
            // (the hits of one span mostly come together).
            func measure(_ bytes: UnsafeBufferPointer<UInt8>) {
                var writtenSpan = (start: UInt16.max, end: UInt16.max)
                for position in ranked.indices {
                    let hit = ranked[position].hit
                    let first = utterance.units[Int(hit.start)], last = utterance.units[Int(hit.end) - 1]
                    if writtenSpan != (hit.start, hit.end) {
                        written.setQuery(utf8: bytes, range: first.utf8Range.lowerBound..<last.utf8Range.upperBound)
                        writtenSpan = (hit.start, hit.end)
                    }
                    let (edits, length) = written.distanceAndLength(to: text(of: Int(hit.item), variant: Int(hit.variant)))
                    ranked[position].writtenEdits = Int32(truncatingIfNeeded: edits)
                    let scalars = last.scalarRange.upperBound - first.scalarRange.lowerBound
                    ranked[position].lengthGap = Int32(truncatingIfNeeded: abs(scalars - length))
                }
            }
            // (A native string's bytes are contiguous; any other is made so first.)
            var original = utterance.text
            original.makeContiguousUTF8()
            original.utf8.withContiguousStorageIfAvailable { measure($0) }
            written.clear()
            if !keepingOverlaps {
                // One span per item where its spans overlap: the one with the fewest edits,
                // then the fewest edits as written, then the length nearest the phrase's, then
                // the earliest, then the shorter. A fuzzy match of a name in unspaced text also
                // matches with a neighbouring character added or dropped ("でディープリラクゼーション",
                // one edit, around the exact "ディープリラクゼーション"); those are the same
                // occurrence, not another one.
                spanOrder.sort { a, b in
                    let x = ranked[Int(a)], y = ranked[Int(b)]
                    return (x.hit.item, x.hit.edits, x.writtenEdits, x.lengthGap, x.hit.start, x.hit.end)
                        < (y.hit.item, y.hit.edits, y.writtenEdits, y.lengthGap, y.hit.start, y.hit.end)
                }
                var kept = 0, itemStart = 0
                for index in spanOrder.indices {
                    let position = spanOrder[index]
                    let hit = ranked[Int(position)].hit
                    if kept > itemStart, ranked[Int(spanOrder[kept - 1])].hit.item != hit.item { itemStart = kept }
                    var overlaps = false
                    for earlier in itemStart..<kept {
                        let other = ranked[Int(spanOrder[earlier])].hit
                        if other.start < hit.end && hit.start < other.end {
                            overlaps = true
                            break
                        }
                    }
                    if overlaps { continue }
                    spanOrder[kept] = position
                    kept += 1
                }
                spanOrder.removeLast(spanOrder.count - kept)
            }
            // The order spans are reported in (``VocabularySpan/precedes(_:)``): total, as a
            // span holds an item once.
            spanOrder.sort { a, b in
                let x = ranked[Int(a)], y = ranked[Int(b)]
                if x.hit.start != y.hit.start { return x.hit.start < y.hit.start }
                if x.hit.end != y.hit.end { return x.hit.end > y.hit.end }
                if x.hit.edits != y.hit.edits { return x.hit.edits < y.hit.edits }
                if x.writtenEdits != y.writtenEdits { return x.writtenEdits < y.writtenEdits }
                let itemX = Int(x.hit.item), itemY = Int(y.hit.item)
                if items[itemX].priority != items[itemY].priority { return items[itemX].priority < items[itemY].priority }
                if items[itemX].source != items[itemY].source { return items[itemX].source < items[itemY].source }
                let textX = text(of: itemX, variant: Int(x.hit.variant)), textY = text(of: itemY, variant: Int(y.hit.variant))
                if textX != textY { return textX < textY }
                return itemX < itemY
            }
        }
        var spans: [VocabularySpan] = []
        spans.reserveCapacity(spanOrder.count)
        for position in spanOrder {
            let ranked = rankedSpanHits[Int(position)]
            let hit = ranked.hit
            let first = utterance.units[Int(hit.start)], last = utterance.units[Int(hit.end) - 1]
            let item = items[Int(hit.item)]
            let match = VocabularyMatch(
                itemIndex: Int(hit.item), identifier: item.identifier, type: item.type, source: item.source,
                priority: item.priority, matchedText: text(of: Int(hit.item), variant: Int(hit.variant)),
                isPronunciation: Int(hit.variant) >= item.phraseCount, edits: Int(hit.edits),
                writtenEdits: Int(ranked.writtenEdits))
            spans.append(VocabularySpan(units: Int(hit.start)..<Int(hit.end),
                                        scalarRange: first.scalarRange.lowerBound..<last.scalarRange.upperBound, match: match))
        }
        return spans
    }

    /// Item `itemIndex` on `units` of `utterance` as ``spans(in:policy:keepingOverlaps:)``
    /// reports it, measured directly: each phrase and pronunciation normalized with
    /// `tokenizer` and compared with the span's text by the full distance table; nil when
    /// none is within the budget the policy gives the span's length.
    func span(ofItem itemIndex: Int, units: Range<Int>, in utterance: TokenizedText, policy: EditPolicy,
              tokenizer: Tokenizer) -> VocabularySpan? {
        guard itemIndex >= 0, itemIndex < items.count, !units.isEmpty, units.lowerBound >= 0,
              units.upperBound <= utterance.units.count else { return nil }
        // The span's text in the stream a search reads, and in the second stream that keeps ß.
        var texts: [[UInt32]] = []
        for keepingSharpS in KeyNormalization.hasSharpS(utterance) ? [false, true] : [false] {
            scalars.removeAll(keepingCapacity: true)
            unitStarts.removeAll(keepingCapacity: true)
            unitEnds.removeAll(keepingCapacity: true)
            KeyNormalization.appendStream(of: utterance, to: &scalars, starts: &unitStarts, ends: &unitEnds,
                                          keepingSharpS: keepingSharpS ? normalizer : nil)
            let from = Int(unitStarts[units.lowerBound]), to = Int(unitEnds[units.upperBound - 1])
            guard from >= 0, to > from else { return nil }
            texts.append(Array(scalars[from..<to]))
        }
        scalars.removeAll(keepingCapacity: true)
        let budget = policy.maxEdits(forKeyLength: texts[0].count)
        let item = items[itemIndex]
        var best: (edits: Int, variant: Int)?
        for variant in 0..<min(item.variantCount, Int(UInt16.max)) {
            let text = item.text(ofVariant: variant)
            for key in KeyNormalization.keys(of: tokenizer.tokenize(text), normalizer: normalizer) {
                for spanText in texts where abs(spanText.count - key.count) <= budget {
                    let edits = ReferenceSearch.distance(spanText, key)
                    if edits <= budget, best.map({ (edits, variant) < ($0.edits, $0.variant) }) ?? true { best = (edits, variant) }
                }
            }
        }
        guard let best else { return nil }
        let first = utterance.units[units.lowerBound], last = utterance.units[units.upperBound - 1]
        written.setQuery(utterance.text[utterance.range(of: first).lowerBound..<utterance.range(of: last).upperBound])
        defer { written.clear() }
        let matched = text(of: itemIndex, variant: best.variant)
        let match = VocabularyMatch(itemIndex: itemIndex, identifier: item.identifier, type: item.type, source: item.source,
                                    priority: item.priority, matchedText: matched, isPronunciation: best.variant >= item.phraseCount,
                                    edits: best.edits, writtenEdits: written.distance(to: matched))
        return VocabularySpan(units: units, scalarRange: first.scalarRange.lowerBound..<last.scalarRange.upperBound, match: match)
    }

    /// The text of an item's phrase or pronunciation.
    @inline(__always)
    func text(of item: Int, variant: Int) -> String {
        items[item].text(ofVariant: variant)
    }

    /// Whether hit `a` ranks before hit `b` (``VocabularyMatch``'s key).
    @inline(__always)
    func ranks(_ a: Hit, before b: Hit) -> Bool {
        if a.edits != b.edits { return a.edits < b.edits }
        if a.written != b.written { return a.written < b.written }
        let itemA = Int(a.item), itemB = Int(b.item)
        let priorityA = items[itemA].priority, priorityB = items[itemB].priority
        if priorityA != priorityB { return priorityA < priorityB }
        let sourceA = items[itemA].source, sourceB = items[itemB].source
        if sourceA != sourceB { return sourceA < sourceB }
        let textA = text(of: itemA, variant: Int(a.variant)), textB = text(of: itemB, variant: Int(b.variant))
        if textA != textB { return textA < textB }
        return itemA < itemB
    }

    /// The best `limit` hits as matches, best first: a bounded insertion sort over the
    /// hits, so only the kept ones become ``VocabularyMatch`` values.
    /// With `nearestOnly`, only hits at the smallest distance count (a query with two keys
    /// gets two closest rounds).
    func rank(_ hits: UnsafeMutablePointer<Hit>, count: Int, limit: Int, nearestOnly: Bool) -> [VocabularyMatch] {
        guard limit > 0, count > 0 else { return [] }
        var nearest = UInt8.max
        if nearestOnly { for index in 0..<count { nearest = Swift.min(nearest, hits[index].edits) } }
        for index in 0..<count {
            if written.length == 0 {
                hits[index].written = hits[index].edits
            } else {
                let distance = written.distance(to: text(of: Int(hits[index].item), variant: Int(hits[index].variant)))
                hits[index].written = UInt8(Swift.min(distance, 255))
            }
        }
        let kept = Swift.min(limit, count)
        best.count = 0
        best.reserve(kept + 1)
        for index in 0..<count {
            let hit = hits[index]
            if hit.edits > nearest { continue }
            if best.count == kept {
                if !ranks(hit, before: hits[Int(best[kept - 1])]) { continue }
                best.count -= 1
            }
            var position = best.count
            while position > 0, ranks(hit, before: hits[Int(best[position - 1])]) {
                best[position] = best[position - 1]
                position -= 1
            }
            best[position] = Int32(index)
            best.count += 1
        }
        var matches: [VocabularyMatch] = []
        matches.reserveCapacity(best.count)
        for position in 0..<best.count {
            let hit = hits[Int(best[position])]
            matches.append(match(hit))
        }
        return matches
    }

    @inline(__always)
    func match(_ hit: Hit) -> VocabularyMatch {
        let index = Int(hit.item)
        let item = items[index]
        let variant = Int(hit.variant)
        return VocabularyMatch(
            itemIndex: index, identifier: item.identifier, type: item.type, source: item.source, priority: item.priority,
            matchedText: text(of: index, variant: variant), isPronunciation: variant >= item.phraseCount,
            edits: Int(hit.edits), writtenEdits: Int(hit.written))
    }
}

/// Idle engines, so that concurrent lookups each get their own scratch: one pool per label
/// width, shared by every index (``VocabularyIndex/withEngine(_:)`` binds an engine to its
/// index), so that an index searched now and then (one of a thousand users' vocabularies)
/// holds no scratch of its own.
final class EnginePool: @unchecked Sendable {
    /// The pools of 16-bit and of 32-bit labels. (An idle engine keeps the last index it
    /// searched alive until it searches another: at most as many indexes as engines.)
    static let narrow = EnginePool()
    static let wide = EnginePool()

    private var idle: [LookupEngine] = []
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    func take() -> LookupEngine? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return idle.popLast()
    }

    @inline(__always)
    func give(_ engine: LookupEngine) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if idle.count < 64 { idle.append(engine) }
    }
}
