import ParlanceDateTime
import ParlanceGrammar
import ParlanceText
import ParlanceVocabulary

/// Everything the engine needs for one language, shared by every user: the compiled
/// grammar (built-in templates and the apps' example phrases), the apps' vocabulary for the
/// language and an index of the apps' names. A user's vocabulary is not part of it: a read
/// joins the two (``vocabulary(with:)``). Immutable and shared.
final class LanguageModel: Sendable {
    /// The grammar's language tag (its folder name).
    let tag: String
    let language: Language
    let compiled: CompiledGrammar
    /// The apps' vocabulary items for this language (AppIntentVocabulary.plist).
    let appVocabulary: VocabularyShard
    /// The position of the language's ``KeyForm`` among the engine's: where a
    /// ``UserSession`` keeps its index of the user's vocabulary for this language.
    let form: Int
    /// The language's position among the engine's (``Engine/languages``): where a parse
    /// keeps what it found for the language (``Reader/Memo``).
    let position: Int
    /// The apps' vocabulary items (numbered as ``appVocabulary`` numbers them), then the
    /// apps' names (one item per app), indexed together: a read finds both in one search
    /// (``appSpans(in:policy:userCount:)``). A span search costs about as much per unit of
    /// the utterance as these small indexes cost to walk, so two searches cost nearly twice one.
    let appLexicon: VocabularyIndex
    /// The scripts the language is written in.
    let scripts: WritingScripts
    /// The intents built-in templates read (not only apps' example phrases): those whose
    /// examples' readings a built-in template's can drop (``Reader/ExampleRule``).
    let builtInIntents: Set<String>
    /// The reading learned from the grammar's sentences and the apps' example phrases,
    /// trained when first needed.
    let learned: LearnedReading
    /// The language's date and time reader; nil for a language it has no data file for.
    let dateTimeReader: DateTimeReader?
    /// The grammar's wildcard lists that fill date parameters (`date`, `time`): they take
    /// only what the date reader finds (``DateTimeFinds``).
    let dateTimeLists: [String]
    /// The phrases of the language's date vocabulary ("Sunday", "übermorgen", 「明後日」):
    /// words of the language, as its templates' are (``Engine``'s language evidence).
    let dateTimeWords: [String]

    init(tag: String, language: Language, compiled: CompiledGrammar, apps: [App], lists: VocabularyLists, form: Int, position: Int,
         dateTimeParameters: Set<String>, rankerCache: (cache: EngineCache, grammarInputs: ImageDigest)? = nil) {
        self.position = position
        self.tag = tag
        self.language = language
        self.scripts = language.writingScripts
        self.compiled = compiled
        self.form = form
        dateTimeLists = compiled.wildcardLists(fillingSlots: dateTimeParameters)
        dateTimeReader = try? DateTimeReader(language: language)
        dateTimeWords = dateTimeReader == nil ? [] : ((try? DateTimeVocabulary.builtIn(for: language)) ?? nil)?.entries.map(\.phrase) ?? []
        learned = LearnedReading(grammar: compiled, dateTimeReader: dateTimeReader, dateTimeLists: dateTimeLists, cache: rankerCache)
        builtInIntents = Set(compiled.grammar.intents.filter { $0.data.contains { $0.metadata["app"] == nil } }.map(\.name))
        let appItems = apps.enumerated().map { appIndex, app in
            (app.vocabulary.vocabulary(for: language)?.items ?? []).map { (item: $0, app: appIndex) }
        }.joined()
        appVocabulary = VocabularyShard(Array(appItems), lists: lists, tokenizer: compiled.tokenizer)
        let names = apps.enumerated().map { index, app in
            VocabularyItem(identifier: app.bundleIdentifier, phrases: app.names, type: .parameter("app"), source: .app, priority: index)
        }
        appLexicon = VocabularyIndex(items: appVocabulary.index.items + names, tokenizer: compiled.tokenizer)
    }

    /// The language's vocabulary as `user` sees it: the user's items, then the apps'.
    func vocabulary(with user: UserSession) -> ModelVocabulary {
        ModelVocabulary(app: appVocabulary, user: user.shard(form))
    }

    /// The spans of the apps' vocabulary (numbered as a ``ModelVocabulary`` whose user part
    /// holds `userCount` items numbers them) and of the apps' names (numbered by app) in
    /// `tokens`, overlaps included: one search of ``appLexicon``, whose spans of an item
    /// are those an index of the item's part alone finds (spans are found item by item;
    /// the other items only share the trie).
    func appSpans(in tokens: TokenizedText, policy: EditPolicy, userCount: Int) -> (vocabulary: [VocabularySpan], names: [VocabularySpan]) {
        let vocabularyCount = appVocabulary.index.items.count
        var spans: (vocabulary: [VocabularySpan], names: [VocabularySpan]) = ([], [])
        for span in appLexicon.allSpans(in: tokens, policy: policy) {
            let item = span.match.itemIndex
            if item < vocabularyCount {
                spans.vocabulary.append(span.renumbered(item + userCount))
            } else {
                spans.names.append(span.renumbered(item - vocabularyCount))
            }
        }
        return spans
    }

    /// ``appSpans(in:policy:userCount:)`` of `utterance`, names and items elided onto an
    /// article or a possessive included ("d'Excite Yoga": ``Utterance/apostrophesSplit``,
    /// searched for exact spans only, the only ones ``VocabularySpan/adding(_:to:in:)`` keeps).
    func appSpans(in utterance: Utterance, policy: EditPolicy, userCount: Int) -> (vocabulary: [VocabularySpan], names: [VocabularySpan]) {
        let spans = appSpans(in: utterance.tokens, policy: policy, userCount: userCount)
        guard let split = utterance.apostrophesSplit else { return spans }
        let elided = appSpans(in: split, policy: .fixed(0), userCount: userCount)
        return (VocabularySpan.adding(elided.vocabulary, to: spans.vocabulary, in: utterance.tokens),
                VocabularySpan.adding(elided.names, to: spans.names, in: utterance.tokens))
    }
}

/// An app and the grammar lists a vocabulary item can fill.
struct ItemOwner: Sendable, Hashable {
    let app: Int
    let lists: [String]
}

/// Item numbers, most important first, as a shard keeps them per list: a run of consecutive
/// numbers (a user's set, in its own order) in two words, or the numbers listed.
struct ItemNumbers: RandomAccessCollection, Sendable {
    private enum Storage: Sendable {
        case run(Range<Int>)
        case listed([Int])
    }

    private let storage: Storage

    init(_ numbers: [Int]) {
        if let first = numbers.first, numbers.last == first + numbers.count - 1,
           zip(numbers, numbers.dropFirst()).allSatisfy({ $1 == $0 + 1 }) {
            storage = .run(first..<first + numbers.count)
        } else {
            storage = .listed(numbers)
        }
    }

    var startIndex: Int { 0 }
    var endIndex: Int {
        switch storage {
        case .run(let range): range.count
        case .listed(let numbers): numbers.count
        }
    }

    subscript(position: Int) -> Int {
        switch storage {
        case .run(let range): range.lowerBound + position
        case .listed(let numbers): numbers[position]
        }
    }
}

/// The owner of each item of a shard, as a number into the few distinct owners (one per
/// app and type): 4 bytes an item, not 16, for a user's thousands of items.
struct ItemOwners: RandomAccessCollection, Sendable {
    private var distinct: [ItemOwner] = []
    private var numberOf: [ItemOwner: UInt32] = [:]
    private var numbers: [UInt32] = []

    init(capacity: Int) {
        numbers.reserveCapacity(capacity)
    }

    /// Appends `count` items of `owner` (owners come in runs: an app's items of one type).
    mutating func append(_ owner: ItemOwner, count: Int = 1) {
        let number: UInt32
        if let last = numbers.last, distinct[Int(last)].app == owner.app, distinct[Int(last)].lists == owner.lists {
            number = last
        } else if let known = numberOf[owner] {
            number = known
        } else {
            number = UInt32(distinct.count)
            distinct.append(owner)
            numberOf[owner] = number
        }
        numbers.append(contentsOf: repeatElement(number, count: count))
    }

    /// Replaces the owners of the items in `range` (all of one owner) by `count` of that
    /// owner: the items of a user's set, replaced by its new items.
    mutating func replaceRun(_ range: Range<Int>, count: Int) {
        guard let number = range.first.map({ numbers[$0] }) else { return }
        var replaced: [UInt32] = []
        replaced.reserveCapacity(numbers.count - range.count + count)
        replaced += numbers[..<range.lowerBound]
        replaced += repeatElement(number, count: count)
        replaced += numbers[range.upperBound...]
        numbers = replaced
    }

    /// The number of item `position`'s owner: items of one owner have one number.
    func number(at position: Int) -> UInt32 { numbers[position] }

    var startIndex: Int { 0 }
    var endIndex: Int { numbers.count }
    subscript(position: Int) -> ItemOwner { distinct[Int(numbers[position])] }
}

/// Vocabulary items indexed together, with the app and the grammar lists of each; items of
/// no list are left out.
final class VocabularyShard: @unchecked Sendable {
    /// The items, in one index or in layers (a user's vocabulary updated set by set).
    let index: LayeredVocabularyIndex
    let owners: ItemOwners
    /// The bytes of the index and, once built, of the word indexes.
    var memoryFootprint: Int { index.memoryFootprint }
    /// For each (app, list): the items, most important first.
    private let listItems: [AppList: ItemNumbers]
    /// For each (app, list, type): the items of that type, most important first (what a
    /// parameter not said defaults to: a user's two payee accounts among 30,000 payees).
    private let typeItems: [AppListType: ItemNumbers]

    struct AppList: Sendable, Hashable {
        let app: Int
        let list: String
    }

    /// One of a user's ordered sets: an app's items of one type (SiriKit's unit of update).
    struct UserSet: Sendable, Hashable {
        let app: Int
        let type: VocabularyStringType
    }

    struct AppListType: Sendable, Hashable {
        let app: Int
        let list: String
        let type: VocabularyType
    }

    /// The items of some entries that fill a grammar list, with their owners and each
    /// list's items in order: the part of a shard that does not depend on how keys are
    /// written, made once for the users' vocabulary and shared by every ``KeyForm``.
    struct Selection: Sendable {
        let items: [VocabularyItem]
        let owners: ItemOwners
        let listItems: [AppList: ItemNumbers]
        let typeItems: [AppListType: ItemNumbers]
        /// Where each of a user's sets (an app's items of one type) stands among ``items``;
        /// nil for a selection not made of sets, or where two vocabularies name one app.
        let sets: [UserSet: Range<Int>]?

        /// - Complexity: one list lookup per run of items of the same app and type, and a
        ///   sort per (app, list) by integer keys: with 100,000 user entries the
        ///   bookkeeping must not rival the index.
        init(_ entries: [(item: VocabularyItem, app: Int)], lists: VocabularyLists) {
            var items: [VocabularyItem] = []
            var owners = ItemOwners(capacity: entries.count)
            items.reserveCapacity(entries.count)
            var last: (app: Int, type: VocabularyType, owner: ItemOwner)?
            for (item, app) in entries {
                let owner: ItemOwner
                if let last, last.app == app, last.type == item.type {
                    owner = last.owner
                } else {
                    owner = ItemOwner(app: app, lists: lists.lists(of: item.type))
                    last = (app, item.type, owner)
                }
                guard !owner.lists.isEmpty else { continue }
                items.append(item)
                owners.append(owner)
            }
            self.init(items: items, owners: owners, sets: nil)
        }

        /// A user's vocabulary of some apps (by the app's index in the engine), type by
        /// type, as each app registered it.
        init(_ vocabularies: [(app: Int, vocabulary: UserVocabulary)], lists: VocabularyLists) {
            var items: [VocabularyItem] = []
            var sets: [UserSet: Range<Int>]? = [:]
            // A session holds these as long as it lives: no slack from growing them.
            let count = vocabularies.reduce(0) { total, entry in
                entry.vocabulary.types.reduce(total) { $0 + entry.vocabulary.items(of: $1).count }
            }
            items.reserveCapacity(count)
            var owners = ItemOwners(capacity: count)
            for (appIndex, vocabulary) in vocabularies {
                for type in vocabulary.types {
                    let typeItems = vocabulary.items(of: type)
                    let owner = ItemOwner(app: appIndex, lists: lists.lists(of: .user(type)))
                    guard !typeItems.isEmpty, !owner.lists.isEmpty else { continue }
                    let set = UserSet(app: appIndex, type: type)
                    if sets?[set] != nil { sets = nil } else { sets?[set] = items.count..<items.count + typeItems.count }
                    items.append(contentsOf: typeItems)
                    owners.append(owner, count: typeItems.count)
                }
            }
            self.init(items: items, owners: owners, sets: sets)
        }

        /// This selection with the items of `set` replaced by `newItems` (of the set's type,
        /// in order), where the set stands: the selection the vocabularies with that set
        /// replaced would make, without reading the other sets again. Nil when the
        /// selection does not know where the set stands.
        func replacing(_ set: UserSet, with newItems: [VocabularyItem]) -> Selection? {
            guard var sets, let range = sets[set] else { return nil }
            // (Made to measure: a session holds them as long as it lives.)
            var items: [VocabularyItem] = []
            items.reserveCapacity(self.items.count - range.count + newItems.count)
            items += self.items[..<range.lowerBound]
            items += newItems
            items += self.items[range.upperBound...]
            var owners = self.owners
            owners.replaceRun(range, count: newItems.count)
            let shift = newItems.count - range.count
            for (other, otherRange) in sets where otherRange.lowerBound >= range.upperBound {
                sets[other] = otherRange.lowerBound + shift..<otherRange.upperBound + shift
            }
            sets[set] = newItems.isEmpty ? nil : range.lowerBound..<range.lowerBound + newItems.count
            return Selection(items: items, owners: owners, sets: sets)
        }

        private init(items: [VocabularyItem], owners: ItemOwners, sets: [UserSet: Range<Int>]?) {
            var listItems: [AppList: [Int]] = [:]
            var typeItems: [AppListType: [Int]] = [:]
            let order = items.map { (source: $0.source, priority: $0.priority) }
            var position = 0
            while position < owners.count {
                // Runs of one owner (items of one app and type are consecutive).
                var end = position + 1
                while end < owners.count, owners.number(at: end) == owners.number(at: position) { end += 1 }
                for list in owners[position].lists { listItems[AppList(app: owners[position].app, list: list), default: []] += position..<end }
                position = end
            }
            func precedes(_ a: Int, _ b: Int) -> Bool {
                (order[a].source, order[a].priority, a) < (order[b].source, order[b].priority, b)
            }
            for key in listItems.keys {
                // Usually one type's run, already in order.
                guard let list = listItems[key], !zip(list, list.dropFirst()).allSatisfy({ precedes($0, $1) }) else { continue }
                listItems[key]?.sort(by: precedes)
            }
            for (key, list) in listItems {
                // By runs of one type (a list is usually one type's run or a few).
                var start = 0
                for end in VocabularyItem.typeRunEnds(of: list, in: items) {
                    typeItems[AppListType(app: key.app, list: key.list, type: items[list[start]].type), default: []] += list[start..<end]
                    start = end
                }
            }
            self.items = items
            self.owners = owners
            self.listItems = listItems.mapValues(ItemNumbers.init)
            self.typeItems = typeItems.mapValues(ItemNumbers.init)
            self.sets = sets
        }
    }

    /// The selection's items indexed by `index` (an index of exactly `selection.items`).
    convenience init(_ selection: Selection, index: VocabularyIndex) {
        self.init(selection, index: LayeredVocabularyIndex(IndexedItems(index)))
    }

    /// The selection's items indexed by `index` (whose ``LayeredVocabularyIndex/items`` are
    /// exactly `selection.items`).
    init(_ selection: Selection, index: LayeredVocabularyIndex) {
        self.index = index
        owners = selection.owners
        listItems = selection.listItems
        typeItems = selection.typeItems
    }

    /// The entries that fill a list, indexed for `tokenizer`.
    convenience init(_ entries: [(item: VocabularyItem, app: Int)], lists: VocabularyLists, tokenizer: Tokenizer) {
        let selection = Selection(entries, lists: lists)
        self.init(selection, index: VocabularyIndex(items: selection.items, tokenizer: tokenizer))
    }

    func items(app: Int, list: String) -> ItemNumbers { listItems[AppList(app: app, list: list)] ?? ItemNumbers([]) }

    func items(app: Int, list: String, type: VocabularyType) -> ItemNumbers {
        typeItems[AppListType(app: app, list: list, type: type)] ?? ItemNumbers([])
    }
}

/// How a language writes vocabulary keys: its script, whether words are spaced, and its
/// normalization folds. Languages that agree (English, French and Spanish: Latin script,
/// spaced, diacritics folded) tokenize and normalize a phrase alike, so one index of the
/// users' vocabulary serves them all, and spans found for one serve the others.
struct KeyForm: Hashable, Sendable {
    let script: String
    let isSpaceDelimited: Bool
    let folds: NormalizationFolds

    init(_ language: Language) {
        script = language.script
        isSpaceDelimited = language.isSpaceDelimited
        folds = language.folds
    }
}

/// A language's vocabulary, numbered as one: the users' vocabulary (shared with the
/// languages of the same ``KeyForm``) first, then the apps' vocabulary for the language.
struct ModelVocabulary: Sendable {
    let app: VocabularyShard
    let user: VocabularyShard

    /// How many items the users' part holds: the apps' items are numbered after them.
    var userCount: Int { user.owners.count }

    func item(_ index: Int) -> VocabularyItem {
        index < userCount ? user.index.items[index] : app.index.items[index - userCount]
    }

    func owner(_ index: Int) -> ItemOwner {
        index < userCount ? user.owners[index] : app.owners[index - userCount]
    }

    /// The items of `list` for app `app`, most important first: the user's (by priority),
    /// then the app's.
    func items(app appIndex: Int, list: String) -> [Int] {
        let appPart = app.items(app: appIndex, list: list)
        let userPart = user.items(app: appIndex, list: list)
        return Array(userPart) + appPart.map { $0 + userCount }
    }

    /// The items of `list` for app `app` that a parameter not said defaults to, most
    /// important first: the user's items of `type` (every type when nil), then the app's
    /// own vocabulary.
    func defaultItems(app appIndex: Int, list: String, type: VocabularyType?) -> [Int] {
        guard let type else { return items(app: appIndex, list: list) }
        let userPart = user.items(app: appIndex, list: list, type: type)
        let appPart = app.items(app: appIndex, list: list).filter { appItem($0, isDefaultOf: type) }
        return Array(userPart) + appPart.map { $0 + userCount }
    }

    /// Whether ``defaultItems(app:list:type:)`` has any, without gathering them (the user's
    /// part alone can hold tens of thousands: a reading's key only asks whether it is empty).
    func hasDefaultItems(app appIndex: Int, list: String, type: VocabularyType?) -> Bool {
        guard let type else { return hasItems(app: appIndex, list: list) }
        return !user.items(app: appIndex, list: list, type: type).isEmpty
            || app.items(app: appIndex, list: list).contains { appItem($0, isDefaultOf: type) }
    }

    /// Whether the app's item `index` (numbered in the app part) is a default of a parameter
    /// whose first vocabulary type is `type`: an item of that type, or the app's own.
    private func appItem(_ index: Int, isDefaultOf type: VocabularyType) -> Bool {
        let item = app.index.items[index]
        return item.type == type || item.source == .app
    }

    /// Whether app `app` has any item for `list`.
    func hasItems(app appIndex: Int, list: String) -> Bool {
        !user.items(app: appIndex, list: list).isEmpty || !app.items(app: appIndex, list: list).isEmpty
    }

    /// The spans of the users' vocabulary (which another language of the same ``KeyForm``
    /// can reuse: ``Reader`` keeps them per index and policy).
    func userSpans(in tokens: TokenizedText, policy: EditPolicy) -> [VocabularySpan] {
        !user.index.items.isEmpty ? user.index.allSpans(in: tokens, policy: policy) : []
    }

    /// ``userSpans(in:policy:)`` of `utterance`, items elided onto an article or a
    /// possessive included ("l'Ouessant", "Emma's": ``Utterance/apostrophesSplit``, searched
    /// for exact spans only).
    func userSpans(in utterance: Utterance, policy: EditPolicy) -> [VocabularySpan] {
        guard !user.index.items.isEmpty else { return [] }
        let spans = user.index.allSpans(in: utterance.tokens, policy: policy)
        guard let split = utterance.apostrophesSplit else { return spans }
        return VocabularySpan.adding(user.index.allSpans(in: split, policy: .fixed(0)), to: spans, in: utterance.tokens)
    }

    /// Matches of `query` in both parts, best first.
    func lookup(_ query: String, policy: EditPolicy, verbosity: LookupVerbosity, limit: Int) -> [VocabularyMatch] {
        let found = user.index.lookup(query, policy: policy, verbosity: verbosity, limit: limit)
            + app.index.lookup(query, policy: policy, verbosity: verbosity, limit: limit).map(shifted)
        return Array(found.sorted { $0.ranks(before: $1) }.prefix(limit))
    }

    private func shifted(_ match: VocabularyMatch) -> VocabularyMatch { match.renumbered(match.itemIndex + userCount) }
}

extension VocabularyMatch {
    /// The same match of an item numbered `itemIndex` (in another numbering of the items).
    func renumbered(_ itemIndex: Int) -> VocabularyMatch {
        VocabularyMatch(itemIndex: itemIndex, identifier: identifier, type: type, source: source, priority: priority,
                        matchedText: matchedText, isPronunciation: isPronunciation, edits: edits, writtenEdits: writtenEdits)
    }
}

extension VocabularySpan {
    /// The same span of an item numbered `itemIndex` (``VocabularyMatch/renumbered(_:)``).
    func renumbered(_ itemIndex: Int) -> VocabularySpan {
        VocabularySpan(units: units, scalarRange: scalarRange, match: match.renumbered(itemIndex))
    }
}

/// Which grammar lists each kind of vocabulary fills, from the catalogue: a user type fills
/// every list of a parameter that takes it; an app parameter vocabulary (`Intent.parameter`)
/// fills that parameter's list.
struct VocabularyLists: Sendable {
    let byType: [VocabularyStringType: [String]]
    let byKeyPath: [String: String]

    init(catalogue: IntentCatalogue) {
        var byType: [VocabularyStringType: [String]] = [:]
        var byKeyPath: [String: String] = [:]
        for intent in catalogue.intents {
            for parameter in intent.parameters {
                guard let list = parameter.list, case .vocabulary(let types) = parameter.kind else { continue }
                byKeyPath["\(intent.name).\(parameter.name)"] = list
                for type in types where !(byType[type] ?? []).contains(list) { byType[type, default: []].append(list) }
            }
        }
        self.byType = byType
        self.byKeyPath = byKeyPath
    }

    /// Every list some vocabulary fills.
    var names: Set<String> { Set(byType.values.joined()).union(byKeyPath.values) }

    func lists(of type: VocabularyType) -> [String] {
        switch type {
        case .user(let userType): byType[userType] ?? []
        case .parameter(let keyPath): byKeyPath[keyPath].map { [$0] } ?? []
        }
    }
}

/// The items of an index by the words of their keys, and in scripts written without spaces
/// by their characters and by each two characters that stand next to each other: where
/// ``PartialMatch`` looks for the items a name said in part may be part of, instead of
/// reading every item of the list (among thousands of names holding 山 or 田, the few that
/// say 山田). Built from the keys the index already normalized
/// (``VocabularyIndex/withKeyScalars(_:)``).
///
/// Built on a user's first parse that looks for a part, so it is part of what a session
/// costs: flat arrays, not a dictionary of strings. Each word is known by a 32-bit hash of
/// its scalars (``hash(_:)``); the (hash, item) pairs, packed into one integer each, are
/// sorted once (``Swift/Array/bucketSort()``), and a lookup is a binary search. A word whose
/// hash another word has (about one chance in 400,000 among 10,000 words) only makes an item
/// a candidate that ``PartialMatch`` then reads and rejects.
final class ItemWordIndex: Sendable {
    /// The distinct word hashes, ascending.
    private let hashes: [UInt32]
    /// Where each hash's items start in ``postings`` (one more entry than ``hashes``).
    private let starts: [Int32]
    /// The items holding each word, ascending within a word, each once.
    private let postings: [Int32]

    /// The first scalar of the scripts written without spaces whose characters are keys of
    /// their own (CJK radicals, kana, ideographs and on).
    static let firstUnspacedScalar: UInt32 = 0x2E80
    /// The bits of a pair that hold the item: the hash takes the rest.
    private static let itemBits: UInt64 = 24

    /// Items numbered past 2^24 (an index of 16 million items) are not in it: a name said
    /// in part is not looked for among them.
    init(_ index: VocabularyIndex) {
        // (hash, item), packed: sorting the integers sorts by hash, then item.
        var pairs = index.withKeyScalars { table in
            var pairs: [UInt64] = []
            pairs.reserveCapacity(table.items.count * 3)
            for keyNumber in 0..<table.count {
                let key = table.key(keyNumber), owners = table.items(keyNumber)
                // One pass: each word's hash (``hash(values:)``) as its scalars go by; in
                // scripts written without spaces, each character (unless the word is that
                // character) and each two next to each other (a key joins them with nothing
                // between; two that are the whole word give the word's own pair again).
                var wordHash = Self.hashSeed, wordStart = 0
                for position in 0...key.count {
                    let scalar = position < key.count ? key[position] : 0x20
                    guard scalar != 0x20 else {
                        if position > wordStart {
                            Self.append(Self.finished(wordHash), owners, to: &pairs)
                            if position - wordStart > 1 {
                                for inner in wordStart..<position where key[inner] >= Self.firstUnspacedScalar {
                                    Self.append(Self.finished(Self.hashStep(Self.hashSeed, key[inner])), owners, to: &pairs)
                                }
                            }
                        }
                        wordHash = Self.hashSeed
                        wordStart = position + 1
                        continue
                    }
                    wordHash = Self.hashStep(wordHash, scalar)
                    if scalar >= Self.firstUnspacedScalar, position > wordStart, key[position - 1] >= Self.firstUnspacedScalar {
                        Self.append(Self.finished(Self.hashStep(Self.hashStep(Self.hashSeed, key[position - 1]), scalar)), owners,
                                    to: &pairs)
                    }
                }
            }
            return pairs
        }
        pairs.bucketSort()
        // Distinct pairs and hashes counted first: each table is made at its size.
        let (pairCount, hashCount) = pairs.withUnsafeBufferPointer { pairs in
            var pairCount = 0, hashCount = 0
            for position in pairs.indices where position == 0 || pairs[position - 1] != pairs[position] {
                pairCount += 1
                if position == 0 || pairs[position - 1] >> Self.itemBits != pairs[position] >> Self.itemBits { hashCount += 1 }
            }
            return (pairCount, hashCount)
        }
        var hashes = [UInt32](repeating: 0, count: hashCount)
        var starts = [Int32](repeating: 0, count: hashCount + 1)
        var postings = [Int32](repeating: 0, count: pairCount)
        pairs.withUnsafeBufferPointer { pairs in
            hashes.withUnsafeMutableBufferPointer { hashes in
                starts.withUnsafeMutableBufferPointer { starts in
                    postings.withUnsafeMutableBufferPointer { postings in
                        var hashIndex = -1, postingIndex = 0
                        for position in pairs.indices where position == 0 || pairs[position - 1] != pairs[position] {
                            let pair = pairs[position]
                            if position == 0 || pairs[position - 1] >> Self.itemBits != pair >> Self.itemBits {
                                hashIndex += 1
                                hashes[hashIndex] = UInt32(truncatingIfNeeded: pair >> Self.itemBits)
                                starts[hashIndex] = Int32(postingIndex)
                            }
                            postings[postingIndex] = Int32(truncatingIfNeeded: pair & (1 << Self.itemBits - 1))
                            postingIndex += 1
                        }
                        starts[hashCount] = Int32(postingIndex)
                    }
                }
            }
        }
        self.hashes = hashes
        self.starts = starts
        self.postings = postings
    }

    /// FNV-1a over the scalar values, folded to 32 bits: what a word is known by.
    @inline(__always)
    static func hash<Scalars: Collection<Unicode.Scalar>>(_ word: Scalars) -> UInt64 {
        hash(values: word.lazy.map(\.value))
    }

    /// ``hash(_:)`` of the scalars of these values.
    @inline(__always)
    static func hash<Values: Collection<UInt32>>(values word: Values) -> UInt64 {
        var hash = hashSeed
        for value in word { hash = hashStep(hash, value) }
        return finished(hash)
    }

    /// Appends the pair of `hash` and each item of `owners` (packed, ``itemBits`` for the
    /// item), leaving out items numbered past what the packing holds.
    @inline(__always)
    private static func append(_ hash: UInt64, _ owners: UnsafeBufferPointer<UInt32>, to pairs: inout [UInt64]) {
        for item in owners where item < 1 << itemBits { pairs.append(hash << itemBits | UInt64(item)) }
    }

    /// FNV-1a's offset basis, its step over one scalar value, and the fold to 32 bits.
    static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325
    @inline(__always)
    static func hashStep(_ hash: UInt64, _ value: UInt32) -> UInt64 { (hash ^ UInt64(value)) &* 0x0000_0100_0000_01b3 }
    @inline(__always)
    static func finished(_ hash: UInt64) -> UInt64 { (hash ^ hash >> 32) & 0xFFFF_FFFF }

    /// The items with a word of hash `word` (``hash(_:)`` of a normalized word, or of one
    /// character of a script written without spaces, or of two next to each other) in a
    /// key, ascending, each once.
    func items(with word: UInt64) -> ArraySlice<Int32> {
        var (low, high) = (0, hashes.count)
        while low < high {
            let middle = (low + high) / 2
            if UInt64(hashes[middle]) < word { low = middle + 1 } else { high = middle }
        }
        guard low < hashes.count, UInt64(hashes[low]) == word else { return [] }
        return postings[Int(starts[low])..<Int(starts[low + 1])]
    }

    /// Whether `items` (a list ``items(with:)`` returned: ascending) holds `item`.
    static func contains(_ item: Int32, in items: ArraySlice<Int32>) -> Bool {
        var (low, high) = (items.startIndex, items.endIndex)
        while low < high {
            let middle = (low + high) / 2
            if items[middle] < item { low = middle + 1 } else { high = middle }
        }
        return low < items.endIndex && items[low] == item
    }

    /// The bytes the index holds.
    var memoryFootprint: Int { hashes.count * 4 + starts.count * 4 + postings.count * 4 }
}

extension Unicode.Scalar {
    /// A character of a script written without spaces, keyed on its own by ``ItemWordIndex``
    /// (``ItemWordIndex/firstUnspacedScalar`` and above).
    var isUnspaced: Bool { value >= ItemWordIndex.firstUnspacedScalar }

    /// A character of a word written in katakana: the script's letters and its prolonged
    /// sound mark ー, full and half width; not the middle dot ・ that separates such words.
    var isKatakana: Bool {
        (0x30A1...0x30FA).contains(value) || (0x30FC...0x30FF).contains(value) || (0x31F0...0x31FF).contains(value)
            || (0xFF66...0xFF9F).contains(value)
    }
}
