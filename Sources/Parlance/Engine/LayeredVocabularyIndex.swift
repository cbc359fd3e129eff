import ParlanceText
import ParlanceVocabulary

/// A vocabulary index and the word index of its keys (``ItemWordIndex``), built the first
/// time a name said in part is looked for: one layer of a ``LayeredVocabularyIndex``,
/// shared by every index that holds it (a user's sessions before and after an update).
final class IndexedItems: @unchecked Sendable {
    let index: VocabularyIndex
    private var builtWords: ItemWordIndex?
    private let lock = Lock()

    init(_ index: VocabularyIndex) {
        self.index = index
    }

    /// The items by the words of their keys, numbered as ``index`` numbers them.
    var words: ItemWordIndex {
        lock.withLock {
            if let builtWords { return builtWords }
            let built = ItemWordIndex(index)
            builtWords = built
            return built
        }
    }

    /// The bytes of the index and, once built, of the word index.
    var memoryFootprint: Int {
        index.memoryFootprint + lock.withLock { builtWords?.memoryFootprint ?? 0 }
    }
}

/// Items searched as one index, held in one or two layers: an index of the items as they
/// were once, whose items since replaced are masked, and an index of the items that
/// replaced them. What a search finds is what one index of all the items would find, each
/// item numbered as the whole numbers it (``items``), in the same order.
///
/// This is how a user's vocabulary is updated without indexing it again (SiriKit's
/// `setVocabulary(_:of:)` replaces one set at a time): replacing a set of 100 among 1,000
/// items indexes the 100. A search costs one walk per layer, so there are never more than
/// two; ``UserSession`` indexes everything again once the replaced items, as they were and
/// as they are, outnumber the base's.
struct LayeredVocabularyIndex: Sendable {
    struct Layer: Sendable {
        let indexed: IndexedItems
        /// Per item of the layer: its number in the whole, or -1 for an item the whole no
        /// longer holds; nil when the numbers are the layer's own.
        let numbers: [Int32]?
        /// How many of its items the whole no longer holds.
        let masked: Int

        init(indexed: IndexedItems, numbers: [Int32]?) {
            self.indexed = indexed
            self.numbers = numbers
            masked = numbers?.count { $0 < 0 } ?? 0
        }

        @inline(__always)
        func number(_ item: Int) -> Int {
            numbers.map { Int($0[item]) } ?? item
        }
    }

    /// The items, numbered as searches number them.
    let items: [VocabularyItem]
    let layers: [Layer]
    /// Per item of the whole (when layered): its layer and its number there.
    private let places: [(layer: Int32, item: Int32)]?

    /// One index, numbered as it numbers its items.
    init(_ indexed: IndexedItems) {
        items = indexed.index.items
        layers = [Layer(indexed: indexed, numbers: nil)]
        places = nil
    }

    /// `items`, of which `base` holds those `baseNumbers` number (-1 for its items not
    /// among them) and `delta` those `deltaNumbers` number: every item in exactly one.
    init(items: [VocabularyItem], base: IndexedItems, baseNumbers: [Int32], delta: IndexedItems, deltaNumbers: [Int32]) {
        precondition(base.index.items.count == baseNumbers.count && delta.index.items.count == deltaNumbers.count)
        self.items = items
        layers = [Layer(indexed: base, numbers: baseNumbers), Layer(indexed: delta, numbers: deltaNumbers)]
        var places = [(layer: Int32, item: Int32)](repeating: (-1, -1), count: items.count)
        for (layer, numbers) in [baseNumbers, deltaNumbers].enumerated() {
            for (item, number) in numbers.enumerated() where number >= 0 { places[Int(number)] = (Int32(layer), Int32(item)) }
        }
        precondition(!places.contains { $0.layer < 0 }, "every item is in a layer")
        self.places = places
    }

    var isEmpty: Bool { items.isEmpty }

    /// ``VocabularyIndex/allSpans(in:policy:)`` over every layer.
    func allSpans(in tokens: TokenizedText, policy: EditPolicy) -> [VocabularySpan] {
        merged { $0.allSpans(in: tokens, policy: policy) }
    }

    /// ``VocabularyIndex/allSpans(in:policy:covering:)`` over every layer.
    func allSpans(in tokens: TokenizedText, policy: EditPolicy, covering ranges: [Range<Int>]) -> [VocabularySpan] {
        merged { $0.allSpans(in: tokens, policy: policy, covering: ranges) }
    }

    /// ``VocabularyIndex/span(ofItem:units:in:policy:)`` for item `item` of the whole.
    func span(ofItem item: Int, units: Range<Int>, in tokens: TokenizedText, policy: EditPolicy) -> VocabularySpan? {
        guard let places else { return layers[0].indexed.index.span(ofItem: item, units: units, in: tokens, policy: policy) }
        let place = places[item]
        return layers[Int(place.layer)].indexed.index.span(ofItem: Int(place.item), units: units, in: tokens, policy: policy)?.renumbered(item)
    }

    /// ``VocabularyIndex/lookup(_:policy:verbosity:limit:)`` over every layer, best first.
    func lookup(_ query: String, policy: EditPolicy, verbosity: LookupVerbosity, limit: Int) -> [VocabularyMatch] {
        guard places != nil else { return layers[0].indexed.index.lookup(query, policy: policy, verbosity: verbosity, limit: limit) }
        var found: [VocabularyMatch] = []
        for layer in layers {
            // Masked items may take places among the layer's first: ask for that many more.
            for match in layer.indexed.index.lookup(query, policy: policy, verbosity: verbosity, limit: limit + layer.masked) {
                let number = layer.number(match.itemIndex)
                if number >= 0 { found.append(match.renumbered(number)) }
            }
        }
        return Array(found.sorted { $0.ranks(before: $1) }.prefix(limit))
    }

    /// Calls `body` with each item holding a word of every hash of `words`
    /// (``ItemWordIndex/hash(_:)``), each once, until it returns false.
    ///
    /// - Complexity: per layer, the fewest items of one hash, each looked up in the others'
    ///   by binary search.
    func forEachItem(withWords words: [UInt64], _ body: (Int) -> Bool) {
        guard !words.isEmpty else { return }
        for layer in layers {
            let lists = words.map { layer.indexed.words.items(with: $0) }.sorted { $0.count < $1.count }
            for item in lists[0] where lists.dropFirst().allSatisfy({ ItemWordIndex.contains(item, in: $0) }) {
                let number = layer.number(Int(item))
                if number >= 0, !body(number) { return }
            }
        }
    }

    /// Builds the word indexes now (``IndexedItems/words``).
    func prepareWords() {
        for layer in layers { _ = layer.indexed.words }
    }

    /// The bytes of the layers (shared ones counted whole) and of the numbering.
    var memoryFootprint: Int {
        layers.reduce(0) { $0 + $1.indexed.memoryFootprint + ($1.numbers?.count ?? 0) * 4 } + (places?.count ?? 0) * 8
    }

    /// The spans `search` finds in each layer, renumbered, the masked ones dropped, in
    /// ``VocabularySpan/precedes(_:)`` order (one index's order).
    private func merged(_ search: (VocabularyIndex) -> [VocabularySpan]) -> [VocabularySpan] {
        guard places != nil else { return search(layers[0].indexed.index) }
        var spans: [VocabularySpan] = []
        for layer in layers {
            for span in search(layer.indexed.index) {
                let number = layer.number(span.match.itemIndex)
                if number >= 0 { spans.append(span.renumbered(number)) }
            }
        }
        spans.sort { $0.precedes($1) }
        return spans
    }
}
