import Foundation
import ParlanceText
import ParlanceVocabulary

/// One user's vocabulary, indexed for one engine: the small overlay a parse reads beside
/// what every user shares (grammars, the apps' vocabulary, the apps' names).
///
/// SiriKit's user-specific vocabulary is per user and per app: ordered sets of contacts,
/// playlists, workout names, accounts… (``UserVocabulary``, earlier = more important). An
/// engine serves any number of users: make a session per user once, parse with it, and
/// update it one set at a time.
///
/// ```swift
/// var contacts = UserVocabulary(app: "com.example.unicornchat", user: "alice")
/// _ = contacts.setVocabularyStrings(["Kenji Sato", "Kenji Mori"], of: .contactName)
/// let alice = engine.session(user: "alice", vocabularies: [contacts])
/// engine.parse("Message Kenji", user: alice)         // which Kenji?
/// let updated = alice.setting(["Kenji Sato"], of: .contactName, app: "com.example.unicornchat")
/// ```
///
/// Immutable and `Sendable`: parse with one session from any number of threads. An update
/// returns a new session, so parses in flight keep reading the one they started with.
///
/// **Cost.** A session holds the user's items and, for each way the engine's languages
/// write keys (``KeyForm``: en, es and fr share one; de, ja and zh-Hans one each), an index
/// of them, built the first time a parse reads a language of that form: a user who speaks
/// one language pays for one index. An update indexes only the set it replaces, beside the
/// index it updates (``LayeredVocabularyIndex``), until the sets replaced since that index
/// was built (as they were and as they are) hold more items than it; then everything is
/// indexed again. Benchmarks/UserOverlayTimings measures both.
public final class UserSession: @unchecked Sendable {
    /// The user's identifier ("" for the vocabulary the apps ship in UserVocabulary.json).
    public let user: String
    /// The user's vocabulary, one value per app, in the order given; apps the engine does
    /// not know are kept (and listed in ``unknownApps``) but read by no parse.
    ///
    /// Made again from what the session holds: the items the parses read are held once,
    /// in the session's selection, not also in the values given.
    /// - Complexity: O(n) in the items (each access copies them).
    public var vocabularies: [UserVocabulary] {
        registrations.map { registration in
            UserVocabulary(app: registration.app, user: registration.user, sets: registration.sets.map { set in
                switch set.items {
                case .selected(let range): (set.type, Array(selection.items[range]))
                case .held(let items): (set.type, items)
                }
            })
        }
    }
    /// The bundle identifiers of ``vocabularies`` that name no app of the engine.
    public var unknownApps: [String] { registrations.map(\.app).filter { indexing.appIndex[$0] == nil } }
    /// How many vocabulary items the parses read (those of known apps whose types fill a
    /// parameter of some intent).
    public var itemCount: Int { selection.items.count }

    let indexing: UserIndexing
    let selection: VocabularyShard.Selection
    /// The vocabularies given, each set either a range of ``selection``'s items or its own
    /// items: a set no parse reads (an unknown app, a type that fills no list, an empty
    /// set), or every set when two vocabularies name one app (the selection then records
    /// no ranges).
    private let registrations: [Registration]

    private struct Registration {
        let app: String
        let user: String
        let sets: [(type: VocabularyStringType, items: SetItems)]
    }

    private enum SetItems {
        case selected(Range<Int>)
        case held([VocabularyItem])
    }
    /// One index per ``KeyForm`` of the engine, made on first use, and the index each was
    /// built on (itself, or an earlier session's that it updates).
    private var shards: [(shard: VocabularyShard, base: IndexBase)?]
    /// Per ``KeyForm``: an earlier session's index that this one's may update, when that
    /// session had built it.
    private let bases: [IndexBase?]
    private let lock = NSLock()

    /// An index of a user's items as they were, where each of its sets stood among them
    /// (nil when unknown: ``VocabularyShard/Selection/sets``), and the sets replaced since.
    /// Only the numbering of the old items is kept, not the items.
    struct IndexBase {
        let indexed: IndexedItems
        let sets: [VocabularyShard.UserSet: Range<Int>]?
        let replaced: Set<VocabularyShard.UserSet>

        init(indexed: IndexedItems, selection: VocabularyShard.Selection) {
            self.init(indexed: indexed, sets: selection.sets, replaced: [])
        }

        private init(indexed: IndexedItems, sets: [VocabularyShard.UserSet: Range<Int>]?, replaced: Set<VocabularyShard.UserSet>) {
            self.indexed = indexed
            self.sets = sets
            self.replaced = replaced
        }

        var itemCount: Int { indexed.index.items.count }

        func replacing(_ sets: some Sequence<VocabularyShard.UserSet>) -> IndexBase {
            IndexBase(indexed: indexed, sets: self.sets, replaced: replaced.union(sets))
        }
    }

    convenience init(user: String, vocabularies: [UserVocabulary], indexing: UserIndexing, shards: [VocabularyShard?]? = nil, bases: [IndexBase?]? = nil) {
        let selection = VocabularyShard.Selection(vocabularies.compactMap { vocabulary in
            indexing.appIndex[vocabulary.app].map { (app: $0, vocabulary: vocabulary) }
        }, lists: indexing.lists)
        let registrations = vocabularies.map { vocabulary in
            Registration(app: vocabulary.app, user: vocabulary.user, sets: vocabulary.types.map { type in
                let items = vocabulary.items(of: type)
                if let app = indexing.appIndex[vocabulary.app], let range = selection.sets?[VocabularyShard.UserSet(app: app, type: type)],
                   range.count == items.count {
                    return (type, .selected(range))
                }
                return (type, .held(items))
            })
        }
        self.init(user: user, registrations: registrations, selection: selection, indexing: indexing, shards: shards, bases: bases)
    }

    private init(user: String, registrations: [Registration], selection: VocabularyShard.Selection, indexing: UserIndexing,
                 shards: [VocabularyShard?]?, bases: [IndexBase?]?) {
        self.user = user
        self.indexing = indexing
        self.selection = selection
        self.registrations = registrations
        self.shards = (shards ?? Array(repeating: nil, count: indexing.forms.count)).map { shard in
            shard.map { shard in (shard, IndexBase(indexed: shard.index.layers[0].indexed, selection: selection)) }
        }
        self.bases = bases ?? Array(repeating: nil, count: indexing.forms.count)
    }

    /// The user's items indexed for the engine's ``KeyForm`` number `form`.
    func shard(_ form: Int) -> VocabularyShard {
        lock.lock()
        defer { lock.unlock() }
        if let built = shards[form] { return built.shard }
        let built = bases[form].flatMap { updating($0, form: form) } ?? {
            let indexed = IndexedItems(VocabularyIndex(items: selection.items, tokenizer: indexing.tokenizers[form]))
            return (VocabularyShard(selection, index: LayeredVocabularyIndex(indexed)), IndexBase(indexed: indexed, selection: selection))
        }()
        shards[form] = built
        return built.shard
    }

    /// How many indexes the search of ``KeyForm`` number `form` walks (one, or a base and
    /// the sets replaced since); nil while not built.
    func layerCount(_ form: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        return shards[form]?.shard.index.layers.count
    }

    /// The index of `base` with the sets replaced since indexed beside it, or nil when
    /// those sets, as they were and as they are, hold more items than it (the two walks and
    /// the masked items would cost more than one index of twice its size; or its numbering
    /// cannot be followed). An update then costs what its set costs, and a rebuild comes
    /// after updates of as many items as it indexes.
    private func updating(_ base: IndexBase, form: Int) -> (shard: VocabularyShard, base: IndexBase)? {
        guard let sets = selection.sets, let baseSets = base.sets else { return nil }
        var deltaNumbers: [Int32] = []
        var masked = 0
        for set in base.replaced {
            if let range = sets[set] { deltaNumbers += range.lazy.map { Int32($0) } }
            masked += baseSets[set]?.count ?? 0
        }
        guard deltaNumbers.count + masked <= base.itemCount else { return nil }
        deltaNumbers.sort()
        var baseNumbers = [Int32](repeating: -1, count: base.itemCount)
        var covered = deltaNumbers.count
        for (set, range) in baseSets where !base.replaced.contains(set) {
            guard let now = sets[set], now.count == range.count else { return nil }
            for offset in 0..<range.count { baseNumbers[range.lowerBound + offset] = Int32(now.lowerBound + offset) }
            covered += range.count
        }
        // A set neither in the base nor replaced since (never, while updates are tracked).
        guard covered == selection.items.count else { return nil }
        let delta = IndexedItems(VocabularyIndex(items: deltaNumbers.map { selection.items[Int($0)] }, tokenizer: indexing.tokenizers[form]))
        let index = LayeredVocabularyIndex(items: selection.items, base: base.indexed, baseNumbers: baseNumbers, delta: delta, deltaNumbers: deltaNumbers)
        return (VocabularyShard(selection, index: index), base)
    }

    /// The bases a session with `sets` replaced in this one's vocabulary may update: this
    /// session's indexes, built or inherited.
    private func bases(replacing sets: [VocabularyShard.UserSet]) -> [IndexBase?] {
        lock.lock()
        defer { lock.unlock() }
        return indexing.forms.indices.map { form in (shards[form]?.base ?? bases[form])?.replacing(sets) }
    }

    /// The bytes of the session's indexes built so far (the vocabulary indexes and their
    /// word indexes), not counting the items themselves.
    public var memoryFootprint: Int {
        lock.lock()
        defer { lock.unlock() }
        return shards.reduce(0) { $0 + ($1?.shard.memoryFootprint ?? 0) }
    }

    /// Indexes the user's vocabulary for every language of the engine now, instead of on
    /// the first parse of each (a server warming a user up before the first request): the
    /// vocabulary indexes and the word indexes that names said in part are looked up in.
    public func prepareAllLanguages() {
        for form in indexing.forms.indices { shard(form).index.prepareWords() }
    }

    /// The session with `app`'s set of `type` replaced by `items`, in order (SiriKit's
    /// `setVocabulary(_:of:)`: the first is the most important; an empty list removes the
    /// set), with the warnings of ``UserVocabulary/setVocabulary(_:of:)``.
    ///
    /// - Complexity: O(n) in the session's items, copied once; the set's own items are
    ///   prepared and, on the next parse, indexed beside the index this session built.
    public func setting(_ items: [SpeakableString], of type: VocabularyStringType, app: String) -> (session: UserSession, warnings: [VocabularyWarning]) {
        if let replaced = replacingSelectedSet(of: type, app: app, with: items) { return replaced }
        var vocabularies = self.vocabularies
        let position = vocabularies.firstIndex { $0.app == app } ?? {
            vocabularies.append(UserVocabulary(app: app, user: user))
            return vocabularies.count - 1
        }()
        let warnings = vocabularies[position].setVocabulary(items, of: type)
        let replaced = indexing.appIndex[app].map { [VocabularyShard.UserSet(app: $0, type: type)] } ?? []
        return (UserSession(user: user, vocabularies: vocabularies, indexing: indexing, bases: bases(replacing: replaced)), warnings)
    }

    /// ``setting(_:of:app:)`` for a set the selection holds, of the one vocabulary of a
    /// known app: the selection with that set spliced in, the other sets as they stand; nil
    /// for any other case (the whole vocabulary is then made again).
    private func replacingSelectedSet(of type: VocabularyStringType, app: String, with items: [SpeakableString])
        -> (session: UserSession, warnings: [VocabularyWarning])? {
        guard let appIndex = indexing.appIndex[app], let position = registrations.firstIndex(where: { $0.app == app }),
              !registrations[(position + 1)...].contains(where: { $0.app == app }),
              let setPosition = registrations[position].sets.firstIndex(where: { $0.type == type }),
              case .selected(let range) = registrations[position].sets[setPosition].items else { return nil }
        let set = VocabularyShard.UserSet(app: appIndex, type: type)
        let made = UserVocabulary.set(of: items, type: type)
        guard let selection = selection.replacing(set, with: made.items) else { return nil }
        let shift = made.items.count - range.count
        let registrations = registrations.enumerated().map { index, registration in
            Registration(app: registration.app, user: registration.user, sets: registration.sets.enumerated().map { offset, entry in
                guard case .selected(let held) = entry.items else { return entry }
                if index == position, offset == setPosition {
                    return (type, made.items.isEmpty ? .held([]) : .selected(range.lowerBound..<range.lowerBound + made.items.count))
                }
                return (entry.type, .selected(held.lowerBound >= range.upperBound ? held.lowerBound + shift..<held.upperBound + shift : held))
            })
        }
        let session = UserSession(user: user, registrations: registrations, selection: selection, indexing: indexing,
                                  shards: nil, bases: bases(replacing: [set]))
        return (session, made.warnings)
    }

    /// ``setting(_:of:app:)`` with plain strings (SiriKit's `setVocabularyStrings(_:of:)`).
    public func setting(_ strings: [String], of type: VocabularyStringType, app: String) -> UserSession {
        setting(strings.map { SpeakableString(spokenPhrase: $0) }, of: type, app: app).session
    }

    /// The session without any of `app`'s vocabulary (SiriKit's `removeAllVocabularyStrings()`).
    public func removingVocabulary(of app: String) -> UserSession {
        let replaced = indexing.appIndex[app].map { appIndex in VocabularyStringType.allCases.map { VocabularyShard.UserSet(app: appIndex, type: $0) } } ?? []
        return UserSession(user: user, vocabularies: vocabularies.filter { $0.app != app }, indexing: indexing, bases: bases(replacing: replaced))
    }
}

/// What a ``UserSession`` needs of its engine to index a user's vocabulary: the apps (by
/// bundle identifier), the grammar lists each vocabulary type fills, and one tokenizer per
/// way of writing keys. Shared by every session of the engine.
final class UserIndexing: Sendable {
    let appIndex: [String: Int]
    let lists: VocabularyLists
    let forms: [KeyForm]
    /// Per form, the tokenizer of its first language.
    let tokenizers: [Tokenizer]

    init(apps: [App], lists: VocabularyLists, forms: [KeyForm], tokenizers: [Tokenizer]) {
        var appIndex: [String: Int] = [:]
        for (index, app) in apps.enumerated() where appIndex[app.bundleIdentifier] == nil { appIndex[app.bundleIdentifier] = index }
        self.appIndex = appIndex
        self.lists = lists
        self.forms = forms
        self.tokenizers = tokenizers
    }
}
