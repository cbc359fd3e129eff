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
/// one language pays for one index. Building indexes the user's items afresh; the sets are
/// small (hundreds to thousands of entries), and Benchmarks/UserOverlayTimings measures it.
public final class UserSession: @unchecked Sendable {
    /// The user's identifier ("" for the vocabulary the apps ship in UserVocabulary.json).
    public let user: String
    /// The user's vocabulary, one value per app, in the order given; apps the engine does
    /// not know are kept (and listed in ``unknownApps``) but read by no parse.
    public let vocabularies: [UserVocabulary]
    /// The bundle identifiers of ``vocabularies`` that name no app of the engine.
    public var unknownApps: [String] { vocabularies.map(\.app).filter { indexing.appIndex[$0] == nil } }
    /// How many vocabulary items the parses read (those of known apps whose types fill a
    /// parameter of some intent).
    public var itemCount: Int { selection.items.count }

    let indexing: UserIndexing
    let selection: VocabularyShard.Selection
    /// One index per ``KeyForm`` of the engine, made on first use.
    private var shards: [VocabularyShard?]
    private let lock = NSLock()

    init(user: String, vocabularies: [UserVocabulary], indexing: UserIndexing, shards: [VocabularyShard?]? = nil) {
        self.user = user
        self.vocabularies = vocabularies
        self.indexing = indexing
        selection = VocabularyShard.Selection(vocabularies.compactMap { vocabulary in
            indexing.appIndex[vocabulary.app].map { (app: $0, vocabulary: vocabulary) }
        }, lists: indexing.lists)
        self.shards = shards ?? Array(repeating: nil, count: indexing.forms.count)
    }

    /// The user's items indexed for the engine's ``KeyForm`` number `form`.
    func shard(_ form: Int) -> VocabularyShard {
        lock.lock()
        defer { lock.unlock() }
        if let shard = shards[form] { return shard }
        let shard = VocabularyShard(selection, index: VocabularyIndex(items: selection.items, tokenizer: indexing.tokenizers[form]))
        shards[form] = shard
        return shard
    }

    /// The bytes of the session's indexes built so far (the vocabulary indexes and their
    /// word indexes), not counting the items themselves.
    public var memoryFootprint: Int {
        lock.lock()
        defer { lock.unlock() }
        return shards.reduce(0) { $0 + ($1?.memoryFootprint ?? 0) }
    }

    /// Indexes the user's vocabulary for every language of the engine now, instead of on
    /// the first parse of each (a server warming a user up before the first request): the
    /// vocabulary indexes and the word indexes that names said in part are looked up in.
    public func prepareAllLanguages() {
        for form in indexing.forms.indices { _ = shard(form).words }
    }

    /// The session with `app`'s set of `type` replaced by `items`, in order (SiriKit's
    /// `setVocabulary(_:of:)`: the first is the most important; an empty list removes the
    /// set), with the warnings of ``UserVocabulary/setVocabulary(_:of:)``.
    public func setting(_ items: [SpeakableString], of type: VocabularyStringType, app: String) -> (session: UserSession, warnings: [VocabularyWarning]) {
        var vocabularies = self.vocabularies
        let position = vocabularies.firstIndex { $0.app == app } ?? {
            vocabularies.append(UserVocabulary(app: app, user: user))
            return vocabularies.count - 1
        }()
        let warnings = vocabularies[position].setVocabulary(items, of: type)
        return (UserSession(user: user, vocabularies: vocabularies, indexing: indexing), warnings)
    }

    /// ``setting(_:of:app:)`` with plain strings (SiriKit's `setVocabularyStrings(_:of:)`).
    public func setting(_ strings: [String], of type: VocabularyStringType, app: String) -> UserSession {
        setting(strings.map { SpeakableString(spokenPhrase: $0) }, of: type, app: app).session
    }

    /// The session without any of `app`'s vocabulary (SiriKit's `removeAllVocabularyStrings()`).
    public func removingVocabulary(of app: String) -> UserSession {
        UserSession(user: user, vocabularies: vocabularies.filter { $0.app != app }, indexing: indexing)
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
