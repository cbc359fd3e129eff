import Dispatch
import Foundation
import ParlanceGrammar
import ParlanceText
import ParlanceVocabulary

/// How the engine matches and resolves.
public struct EngineOptions: Sendable, Hashable {
    /// A fuzzy vocabulary match whose confidence (1 − edits ÷ letters of the phrase) is below
    /// this resolves as confirmationRequired ("Did you mean Sparkle Sparkly?").
    public var confirmationThreshold: Double = 0.95
    /// The edits a vocabulary span may carry, by length (in languages written without
    /// spaces, one character less stays exact: ``editPolicy(for:)``).
    public var editPolicy: EditPolicy = .default

    /// The edit policy of vocabulary spans in `language`: ``editPolicy``, where a scaled
    /// policy keeps one character less exact in languages written without spaces (Japanese,
    /// Chinese, Thai). A character there carries about what a short word does elsewhere: by
    /// default a three-character name takes one edit ("夏休耳" finds the album "夏休み",
    /// "舒服型" the ride option "舒适型") and two characters stay exact (李娜 is not 李雷).
    public func editPolicy(for language: Language) -> EditPolicy {
        guard !language.isSpaceDelimited, case .scaled(let exactUpTo, let oneEditUpTo) = editPolicy else { return editPolicy }
        return .scaled(exactUpTo: Swift.max(0, exactUpTo - 1), oneEditUpTo: oneEditUpTo)
    }
    /// When template words and closed-list values may match with edits (vocabulary values
    /// are found with edits by the span finder whatever this says).
    public var fuzziness: MatchOptions.Fuzziness = .whenNothingMatches
    /// The most hypotheses returned.
    public var limit: Int = 8
    /// The grammar's beam (``MatchOptions/beamWidth``): nil for its default, `Int.max` to
    /// follow every path.
    public var beamWidth: Int?
    /// Where compiled images are read from and saved to between runs (see
    /// ``EngineCache``); nil builds everything and saves nothing.
    public var cache: EngineCache?
    /// When no language is given, a language is read first only if its grammar's words
    /// spell at least this share of what the best-spelling language sharing a script with it
    /// spells; the others are read only when none of those reads the utterance
    /// (``Engine/languageEvidence(for:)``). 0 reads every language written in a script of
    /// the utterance's letters. Higher is faster and riskier for requests that quote words
    /// of another language of the same script (a Spanish request for an English song).
    public var languageEvidenceRatio: Double = 0.4
    /// When the learned readings (``LearnedReading``: one ranker per language and app) are
    /// trained: when a parse first needs one (the default: a process that parses a few
    /// requests pays for none), or while the engine is built, so that no parse pays for one.
    public var learnedReadings: LearnedReadingTraining = .onFirstUse
    /// Whether dates and times are read (``DateTimeReader``) and fill SiriKit's date
    /// parameters; false: no date is read, and the grammar's date slots take nothing (for a
    /// caller with no use for dates, or to measure what reading them costs).
    public var readsDates = true
    /// What turns the ranking's evidence into the probability that a hypothesis is right
    /// (``IntentHypothesis/confidence``): the calibration fitted on the built-in grammars and
    /// sample apps by default; one fitted on your own apps and requests with `parlance
    /// calibrate`; nil leaves the ranking's own confidence, which is not a probability.
    public var calibration: ConfidenceCalibration? = .builtIn
    /// Below this confidence the best hypothesis is not taken as understood
    /// (``ParseResult/understood``): the request is probably one no app can handle. The
    /// default keeps about 97% of the right answers to requests written blind and refuses
    /// most requests no app can handle (Corpora/calibration/README.md). A probability: 0
    /// understands whatever has a hypothesis; above 1 (or NaN), nothing is understood.
    public var threshold: Double = 0.5

    /// When learned readings are trained (``EngineOptions/learnedReadings``).
    public enum LearnedReadingTraining: String, Sendable, Hashable, CaseIterable {
        /// The first parse that needs a language's ranker for an app trains it (tens of
        /// milliseconds in a release build).
        case onFirstUse
        /// The engine trains every language's ranker for every app while it is built, in
        /// parallel.
        case whenBuilt
    }

    public init() {}
}

/// An error that stops the engine from starting: a grammar that does not load.
public struct EngineError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// The Parlance engine: utterance in; app, SiriKit intent, parameters and resolutions out.
///
/// ```swift
/// let apps = AppLoader.load("Corpora/apps")
/// let engine = try Engine(apps: apps.apps)                       // built-in grammars
/// let result = engine.parse("Send a message to Sparkle Sparkly saying are you ready")
/// result.best?.app.displayName                                   // "UnicornChat"
/// result.best?.intent.name                                       // "INSendMessageIntent"
/// result.best?.parameter("recipients")?.values[0].identifier     // "user:1001"
/// ```
///
/// Built once (grammars compiled per language, vocabulary indexed); immutable and
/// `Sendable`: parse from any number of threads.
///
/// **How an utterance is read** (one language): the vocabulary span finder runs over the
/// utterance once, for every app's vocabulary and for the apps' names (the users'
/// vocabulary, the largest, with edits only on the words a reading leaves to a vocabulary
/// parameter as free text); what it finds is
/// offered to the grammar's open lists (``FoundValues``); the compiled grammar matches
/// every intent's templates in one pass; each grammar hypothesis becomes one hypothesis per
/// app that can take it (the app named, the app whose example phrase matched, or every app
/// supporting the intent whose vocabulary agrees with the values found); then every
/// parameter is resolved (see ``Resolver``). Hypotheses are ranked by corrected template
/// words, then by vocabulary parameters left to free text, then by required parameters
/// unsaid, then by the grammar's ``RankingKey``, then by vocabulary evidence for the app;
/// equally plausible apps are reported as app ambiguity.
public final class Engine: Sendable {
    /// The intents: the catalogue and the apps' custom intents.
    public let catalogue: IntentCatalogue
    /// The apps, in the order given.
    public let apps: [App]
    /// The languages with a grammar, in the order tried.
    public let languages: [String]
    /// Warnings from building: example phrases that could not be used.
    public let issues: [AppIssue]
    /// The options.
    public let options: EngineOptions
    /// The read passes of a parse with its language given and without
    /// (``readPasses(languageGiven:)``).
    let readPassTable: (languageGiven: [ReadPass], languageUnknown: [ReadPass])

    let models: [LanguageModel]
    /// Per key form (``LanguageModel/form``), the tokenizer that makes a parse's
    /// ``Utterance`` for every language of the form: the grammar's of its first language.
    /// Languages of one ``KeyForm`` tokenize and normalize alike (as the users' vocabulary
    /// index they share assumes), so one utterance serves them all.
    let formTokenizers: [Tokenizer]
    /// The languages written in the same scripts, their words in one trie each
    /// (``EvidenceLexicon``): the evidence of an utterance of no given language costs one
    /// tokenization and one descent per word for all of them.
    let evidenceLexicons: [EvidenceLexicon]
    /// For a model whose key form keeps diacritics (de), the first model of the form that
    /// is the same but folds them (en, es and fr): where a parse reads both, the users'
    /// vocabulary found for that one can serve this one (``Reader``).
    let diacriticsFoldingPartners: [LanguageModel?]
    /// What every ``UserSession`` of the engine indexes with.
    let userIndexing: UserIndexing
    /// The vocabulary the apps ship for their user (each app's UserVocabulary.json, or what
    /// the caller set in ``App/userVocabulary``): what ``parse(_:language:locked:user:)``
    /// reads when no session is given, indexed when the engine is built (and cached with
    /// ``EngineOptions/cache``). The apps' example phrases are generalized with it.
    public let defaultUser: UserSession
    /// The grammar lists that vocabulary fills (users' types and apps' parameter
    /// vocabularies, ``VocabularyLists``).
    let vocabularyListNames: Set<String>
    /// By intent name, the apps that support it, in order (every reading asks).
    let appsSupporting: [String: [Int]]

    /// Builds the engine for `apps` with the grammars in `grammars` (by default the built-in
    /// ones, `Corpora/grammars`), for `languages` (by default every language there).
    ///
    /// With `options.cache`, each language's compiled grammar and each index of the users'
    /// vocabulary are read from the cache's images when it holds them for the same inputs
    /// (tens of milliseconds for six languages and 100,000 entries, instead of a second or
    /// two), and saved there when it does not; problems with the cache are warnings in
    /// ``issues``, never errors.
    ///
    /// - Throws: ``EngineError`` when there are no apps (nothing could be understood), when
    ///   two apps have the same bundle identifier, or
    ///   when a grammar does not load or compile, naming the file and line.
    public init(apps: [App], grammars: URL = GrammarSource.builtInGrammars, languages: [String]? = nil,
                catalogue: IntentCatalogue = .standard, options: EngineOptions = EngineOptions()) throws(EngineError) {
        guard !apps.isEmpty else {
            throw EngineError(message: "no apps: an engine needs at least one app to understand requests for (AppLoader.load(FOLDER) reads them; the sample apps are in \(GrammarSource.sampleApps.path))")
        }
        var identifiers: Set<String> = []
        for app in apps where !identifiers.insert(app.bundleIdentifier).inserted {
            throw EngineError(message: "two apps with the bundle identifier '\(app.bundleIdentifier)'\(app.folder.map { " (the second from \($0))" } ?? ""): an app is installed once (AppLoader.load([FOLDER, …]) skips a second copy)")
        }
        var extended = catalogue
        for app in apps {
            for name in app.supportedIntents where extended[name] == nil {
                extended = extended.adding(IntentDefinition(name, .custom, []))
            }
        }
        let catalogue = extended
        self.catalogue = catalogue
        self.apps = apps
        var supporting: [String: [Int]] = [:]
        for (index, app) in apps.enumerated() {
            for intent in Set(app.supportedIntents) { supporting[intent, default: []].append(index) }
        }
        appsSupporting = supporting
        self.options = options
        readPassTable = (Engine.readPasses(languageGiven: true, options: options), Engine.readPasses(languageGiven: false, options: options))
        let available = GrammarSource.languages(in: grammars)
        let wanted = languages ?? available
        guard !wanted.isEmpty else {
            throw EngineError(message: "no grammars in \(grammars.path): expected sentences/<language>/_common.yaml")
        }
        let lists = VocabularyLists(catalogue: catalogue)
        vocabularyListNames = lists.names
        // The users' vocabulary is indexed once per way of writing keys (``KeyForm``), not
        // once per language: with 100,000 entries, building an index is the larger part of
        // a language's load.
        var parsed: [Language] = []
        for tag in wanted {
            do { parsed.append(try Language(tag)) } catch {
                throw EngineError(message: "'\(tag)' is not a language tag: expected a folder name such as en, de or zh-Hans")
            }
        }
        let languagesParsed = parsed
        var forms: [KeyForm] = []
        var firstOfForm: [Language] = []
        for language in parsed where !forms.contains(KeyForm(language)) {
            forms.append(KeyForm(language))
            firstOfForm.append(language)
        }
        let formLanguage = firstOfForm
        let defaultVocabularies = apps.map(\.userVocabulary)
        let userSelection = VocabularyShard.Selection(defaultVocabularies.enumerated().map { (app: $0.offset, vocabulary: $0.element) }, lists: lists)
        let userDigest = options.cache.map { _ in VocabularyIndex.itemsDigest(userSelection.items) }
        let cacheWarnings = WarningLog()
        var madeTokenizers: [Tokenizer] = []
        for language in formLanguage {
            do { madeTokenizers.append(try Tokenizer(language: language)) } catch {
                throw EngineError(message: "ICU cannot tokenize \(language): \(error)")
            }
        }
        let tokenizers = madeTokenizers
        let shards = ResultSlots<VocabularyShard>(count: forms.count)
        DispatchQueue.concurrentPerform(iterations: forms.count) { index in
            shards[index] = VocabularyShard(userSelection, index: Engine.vocabularyIndex(items: userSelection.items, itemsDigest: userDigest,
                                                                                        tokenizer: tokenizers[index], cache: options.cache,
                                                                                        warnings: cacheWarnings))
        }
        let userShards = forms.indices.map { shards[$0]! }
        userIndexing = UserIndexing(apps: apps, lists: lists, forms: forms, tokenizers: tokenizers)
        defaultUser = UserSession(user: "", vocabularies: defaultVocabularies, indexing: userIndexing, shards: userShards)
        let formOf = languagesParsed.map { forms.firstIndex(of: KeyForm($0))! }
        // Languages compile independently: in parallel.
        let slots = ResultSlots<Result<(LanguageModel, [AppIssue]), EngineError>>(count: wanted.count)
        DispatchQueue.concurrentPerform(iterations: wanted.count) { index in
            slots[index] = Result { () throws(EngineError) -> (LanguageModel, [AppIssue]) in
                try Engine.model(language: wanted[index], parsed: languagesParsed[index], grammars: grammars, apps: apps, catalogue: catalogue,
                                 lists: lists, form: formOf[index], position: index, userVocabulary: userShards[formOf[index]], cache: options.cache,
                                 warnings: cacheWarnings)
            }
        }
        var models: [LanguageModel] = []
        var issues: [AppIssue] = []
        for index in wanted.indices {
            switch slots[index]! {
            case .success(let (model, modelIssues)):
                models.append(model)
                issues += modelIssues
            case .failure(let error):
                throw error
            }
        }
        self.models = models
        let modelForms = models.map { KeyForm($0.language) }
        self.formTokenizers = forms.indices.map { form in models.first { $0.form == form }?.compiled.tokenizer ?? tokenizers[form] }
        evidenceLexicons = Engine.evidenceLexicons(models: models, appNames: apps.flatMap(\.names))
        var partners = [LanguageModel?](repeating: nil, count: models.count)
        for (index, form) in modelForms.enumerated() where !form.folds.contains(.diacritics) {
            let folding = modelForms.firstIndex {
                $0.script == form.script && $0.isSpaceDelimited == form.isSpaceDelimited && $0.folds == form.folds.union(.diacritics)
            }
            if let folding { partners[index] = models[folding] }
        }
        diacriticsFoldingPartners = partners
        self.languages = models.map(\.tag)
        self.issues = issues + cacheWarnings.issues
        if options.learnedReadings == .whenBuilt {
            // One language per iteration: a language's rankers share its sentences, drawn once.
            let models = self.models
            DispatchQueue.concurrentPerform(iterations: models.count) { index in
                for app in apps.indices { _ = models[index].learned.ranker(for: app, in: self) }
            }
        }
    }

    /// The index of `items`: read from the cache's image when it holds one for these
    /// items, else built (and its image saved).
    static func vocabularyIndex(items: [VocabularyItem], itemsDigest: ImageDigest?, tokenizer: Tokenizer, cache: EngineCache?,
                                warnings: WarningLog) -> VocabularyIndex {
        guard let cache else { return VocabularyIndex(items: items, tokenizer: tokenizer) }
        let inputs = VocabularyIndex.imageInputs(itemsDigest: itemsDigest ?? VocabularyIndex.itemsDigest(items), tokenizer: tokenizer)
        if let index = cache.image(kind: "vocabulary", inputs: inputs, warnings: warnings, read: { raw, source throws(ImageError) in
            try VocabularyIndex(image: raw, source: source, items: items, tokenizer: tokenizer, inputs: inputs)
        }) {
            return index
        }
        let index = VocabularyIndex(items: items, tokenizer: tokenizer)
        cache.save(index.image(inputs: inputs), kind: "vocabulary", inputs: inputs, warnings: warnings)
        return index
    }

    static func model(language: String, parsed: Language, grammars: URL, apps: [App], catalogue: IntentCatalogue,
                      lists: VocabularyLists, form: Int, position: Int, userVocabulary: VocabularyShard, cache: EngineCache?,
                      warnings: WarningLog) throws(EngineError) -> (LanguageModel, [AppIssue]) {
        do {
            let tokenizer = try Tokenizer(language: parsed)
            let examples = ExampleTemplates(language: parsed, tag: language, apps: apps, catalogue: catalogue, lists: lists,
                                            userVocabulary: userVocabulary, tokenizer: tokenizer)
            let (compiled, compileIssues, inputs) = try compiledGrammar(language: language, grammars: grammars, examples: examples,
                                                                        cache: cache, warnings: warnings)
            let dateTimeParameters = Set(catalogue.intents.flatMap { $0.parameters.filter { $0.kind == .dateTime }.map(\.name) })
            let rankerCache = cache.flatMap { cache in inputs.map { (cache: cache, grammarInputs: $0) } }
            return (LanguageModel(tag: language, language: parsed, compiled: compiled, apps: apps, lists: lists, form: form, position: position,
                                  dateTimeParameters: dateTimeParameters, rankerCache: rankerCache),
                    examples.issues + compileIssues)
        } catch let error as GrammarError {
            throw EngineError(message: "grammar \(language): \(error)")
        } catch let error as EngineError {
            throw error
        } catch {
            throw EngineError(message: "grammar \(language): \(error)")
        }
    }

    /// The language's grammar with the apps' example phrases, compiled: read from the
    /// cache's image when it holds one for the same grammar files and examples, else
    /// compiled (and its image saved), with the warnings of assembling it, and with a cache
    /// the digest of what it was compiled from (which learned readings' rankers build on).
    static func compiledGrammar(language: String, grammars: URL, examples: ExampleTemplates, cache: EngineCache?,
                                warnings: WarningLog) throws -> (CompiledGrammar, [AppIssue], ImageDigest?) {
        var inputs = ImageDigest()
        if let cache {
            inputs = GrammarSource.imageInputs(grammars: grammars, language: language, extra: examples.files)
            if let read = cache.image(kind: "grammar", inputs: inputs, warnings: warnings, read: { raw, source throws(ImageError) in
                try readGrammar(raw, source: source, inputs: inputs)
            }) {
                return (read.0, read.1, inputs)
            }
        }
        var issues: [AppIssue] = []
        var files: [IntentsFile] = []
        for (path, yaml) in examples.files {
            do { files.append(try GrammarSource.parse(yaml: yaml, language: language, path: path)) } catch {
                issues.append(AppIssue(.warning, file: path, message: "example phrases not used: \(error)"))
            }
        }
        let (grammar, assembleIssues) = try GrammarSource.assemble(grammars: grammars, language: language, extra: files)
        issues += assembleIssues
        let compiled = try CompiledGrammar(grammar)
        if let cache {
            var writer = ImageWriter(kind: "LGRM", version: 1, inputs: inputs)
            writer.append(issues.count)
            for issue in issues {
                writer.append(issue.severity.rawValue)
                writer.append(issue.file)
                writer.append(issue.keyPath)
                writer.append(issue.message)
            }
            writer.append(contentsOf: compiled.image(inputs: inputs))
            cache.save(writer.finished(), kind: "grammar", inputs: inputs, warnings: warnings)
        }
        return (compiled, issues, cache == nil ? nil : inputs)
    }

    /// A compiled grammar and its warnings from a cached image (kind LGRM: the warnings,
    /// then the grammar's own image).
    private static func readGrammar(_ bytes: UnsafeRawBufferPointer, source: String,
                                    inputs: ImageDigest) throws(ImageError) -> (CompiledGrammar, [AppIssue]) {
        var reader = try ImageReader(bytes, source: source, kind: "LGRM", version: 1, inputs: inputs)
        var issues: [AppIssue] = []
        for _ in 0..<(try reader.readCount(atMost: 1_000_000)) {
            guard let severity = AppIssue.Severity(rawValue: try reader.readString()) else {
                throw ImageError(.damaged, source: source, "a warning of unknown severity")
            }
            let file = try reader.readString(), keyPath = try reader.readOptionalString(), message = try reader.readString()
            issues.append(AppIssue(severity, file: file, keyPath: keyPath, message: message))
        }
        let compiled = try reader.withArray(of: UInt8.self) { _, grammarBytes in
            Result { () throws(ImageError) in try CompiledGrammar(image: grammarBytes, source: source, inputs: inputs) }
        }.get()
        try reader.finish()
        return (compiled, issues)
    }

    /// Parses an utterance.
    ///
    /// - Parameters:
    ///   - language: the grammar to use; nil reads the languages written in a script of
    ///     the utterance's letters whose words spell a fair share of it (see
    ///     ``languageEvidence(for:)``), and the other languages of its scripts only if none
    ///     of those reads it, and keeps the best reading (with the default fuzziness,
    ///     template words and values are corrected only when no language reads the
    ///     utterance as written).
    ///   - locked: the device is locked: intents the app restricts while locked are marked
    ///     ``IntentHypothesis/requiresUnlock``.
    ///   - user: whose vocabulary to read (``session(user:vocabularies:)``); nil reads the
    ///     vocabulary the apps ship (``defaultUser``).
    ///   - now: the moment dates and times are read against ("tomorrow at 8"), local time;
    ///     nil reads them against the system's clock (``LocalDateTime/current()``).
    /// - Returns: the hypotheses, best first; none for empty input or an unknown language.
    public func parse(_ utterance: String, language: String? = nil, locked: Bool = false, user: UserSession? = nil,
                      now: LocalDateTime? = nil) -> ParseResult {
        let user = user ?? defaultUser
        precondition(user.indexing === userIndexing, "a UserSession is made by the engine that parses with it (Engine.session(user:vocabularies:))")
        guard let text = Engine.readableText(of: utterance) else {
            return ParseResult(utterance: utterance, language: language, hypotheses: [])
        }
        let memo = self.memo(reading: text, user: user, now: now)
        if let language {
            guard let model = model(for: language) else { return ParseResult(utterance: utterance, language: language, hypotheses: []) }
            let read = read(in: [model], languageGiven: true, locked: locked, memo: memo)
            let lifted = liftingDate(text, best: liftingAppMention(text, best: read, models: [model], locked: locked, memo: memo),
                                     models: [model], locked: locked, memo: memo)
            let best = liftingPreamble(text, best: addingLearnedReading(text, best: lifted, models: [model], locked: locked, memo: memo),
                                       locked: locked, memo: memo)
            return ParseResult(utterance: utterance, language: best?.model.tag,
                               hypotheses: finished(best?.hypotheses ?? [], text: text, languageGiven: true), threshold: options.threshold)
        }
        // The languages with enough evidence first; the others only if those read nothing.
        // Each group in the order of the characters its words spell, most first: the reading
        // to beat is then found early, and the later reads follow only paths that can beat it.
        let evidence = modelEvidence(for: memo).enumerated().sorted { ($1.element.covered, $0.offset) < ($0.element.covered, $1.offset) }.map(\.element)
        var best = read(in: evidence.filter(\.readFirst).map { models[$0.index] }, languageGiven: false, locked: locked, memo: memo)
        if best == nil {
            let others = evidence.filter { !$0.readFirst }.map { models[$0.index] }
            if !others.isEmpty { best = read(in: others, languageGiven: false, locked: locked, memo: memo) }
        }
        let likely = evidence.filter(\.readFirst).map { models[$0.index] }
        best = liftingAppMention(text, best: best, models: likely, locked: locked, memo: memo)
        best = liftingDate(text, best: best, models: likely, locked: locked, memo: memo)
        best = addingLearnedReading(text, best: best, models: likely, locked: locked, memo: memo)
        best = liftingPreamble(text, best: best, locked: locked, memo: memo)
        return ParseResult(utterance: utterance, language: best?.model.tag,
                           hypotheses: finished(best?.hypotheses ?? [], text: text, languageGiven: false), threshold: options.threshold)
    }

    /// What of an utterance is read: nil when it is empty or only whitespace; else, for
    /// bounded work on pathological input, its first 1,000 scalars.
    static func readableText(of utterance: String) -> String? {
        guard utterance.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { return nil }
        return utterance.unicodeScalars.count > 1000 ? String(String.UnicodeScalarView(utterance.unicodeScalars.prefix(1000))) : utterance
    }

    /// A memo for reading `text` with `user`'s vocabulary: the ``Utterance`` of each key
    /// form, made when first read, and what the reads find.
    func memo(reading text: String, user: UserSession, now: LocalDateTime? = nil) -> Reader.Memo {
        Reader.Memo(text: text, user: user, tokenizers: formTokenizers, now: now, readsDates: options.readsDates)
    }

    /// The best reading of the memo's text in `models`, and its language: the passes of
    /// ``readPasses(languageGiven:)`` in order, each reading every language of `models`,
    /// until one ends the cascade.
    private func read(in models: [LanguageModel], languageGiven: Bool, locked: Bool,
                      memo: Reader.Memo) -> (model: LanguageModel, hypotheses: [IntentHypothesis])? {
        if !languageGiven { memo.searchedForms.formUnion(models.map(\.form)) }
        var best: (model: LanguageModel, hypotheses: [IntentHypothesis])?
        // The best of the pass before, and its language.
        var previous: (model: LanguageModel, top: IntentHypothesis)?
        for pass in readPasses(languageGiven: languageGiven) {
            switch pass.when {
            case .always: break
            case .afterCustomExample:
                guard let (model, top) = previous, top.reading.isUnbeatable, top.match.metadata["app"] != nil,
                      !model.builtInIntents.contains(top.intent.name) else { continue }
            }
            best = nil
            for model in models {
                // A language read after another need only find readings that beat its best.
                let hypotheses = Reader(engine: self, model: model, user: memo.user)
                    .read(locked: locked, memo: memo, pass: pass, mustBeat: best?.hypotheses.first?.reading)
                guard let top = hypotheses.first else { continue }
                if let current = best?.hypotheses.first, !Reader.isBetter(top, than: current) { continue }
                best = (model, hypotheses)
            }
            previous = best.map { ($0.model, $0.hypotheses[0]) }
            let top = previous?.top
            let ends = switch pass.ends {
            case .always: true
            case .found: top != nil
            case .unbeatable: top?.reading.isUnbeatable == true
            case .unbeatableFromTemplate: top.map { $0.reading.isUnbeatable && $0.match.metadata["app"] == nil } == true
            }
            if ends { return best }
        }
        return nil
    }

    /// The languages an utterance of no given language is read in: those written in a script
    /// of its letters; first those whose grammar's words spell a fair share of it (``LanguageEvidence/tried``),
    /// the others only if none of those reads it.
    ///
    /// A language's evidence is how many of the utterance's characters in its own scripts
    /// lie in words its templates or skip words spell exactly, other than words every
    /// language of its scripts spells (``CompiledGrammar/languageEvidence(of:in:utterances:lexicons:ratio:)``:
    /// one descent per word of a trie holding the words of every language of those scripts,
    /// ``EvidenceLexicon``); the words of the apps' names are no evidence either
    /// ("RideNowで空港まで…" names an app). Other names, free text and borrowed
    /// words blur it ("Añade huevos a mi Grocery List en Jotter" spells more English than
    /// Spanish), so it only drops languages far behind:
    /// those spelling less than ``EngineOptions/languageEvidenceRatio`` of what the best
    /// language sharing a script with them spells, and those spelling nothing while another
    /// language spells something. Languages compete only with those that write the same
    /// letters: a Japanese request for an English song title ("Sunday Morning Jazzを探して")
    /// is read in Japanese and in the best of the Latin-script languages. When no language
    /// spells anything (a bare name), every one is tried.
    public func languageEvidence(for text: String) -> [LanguageEvidence] {
        modelEvidence(for: text).map {
            LanguageEvidence(language: models[$0.index].tag, spelled: $0.covered, letters: $0.total, tried: $0.readFirst)
        }
    }

    /// ``languageEvidence(for:)`` by model index.
    private func modelEvidence(for text: String) -> [(index: Int, covered: Int, total: Int, readFirst: Bool)] {
        modelEvidence(for: memo(reading: text, user: defaultUser))
    }

    /// ``languageEvidence(for:)`` by model index, reading the memo's ``Utterance``s (which
    /// the parse's reads then take).
    private func modelEvidence(for memo: Reader.Memo) -> [(index: Int, covered: Int, total: Int, readFirst: Bool)] {
        CompiledGrammar.languageEvidence(of: memo.text, in: models.map { ($0.compiled, $0.scripts) }, utterances: { memo.utterance(in: self.models[$0]) },
                                         lexicons: evidenceLexicons, ratio: options.languageEvidenceRatio)
    }

    /// One lexicon per set of scripts, read with the input of the language whose key form
    /// the most of its languages share (en for en, de, es and fr: the input the reads of en,
    /// es and fr then use). The words of a language are its grammar's and its date
    /// reader's ("Sunday Morning" is English); the apps' names are no evidence.
    private static func evidenceLexicons(models: [LanguageModel], appNames: [String]) -> [EvidenceLexicon] {
        var groups: [WritingScripts: [Int]] = [:]
        var order: [WritingScripts] = []
        for index in models.indices where !models[index].scripts.isEmpty {
            if groups[models[index].scripts] == nil { order.append(models[index].scripts) }
            groups[models[index].scripts, default: []].append(index)
        }
        return order.compactMap { scripts in
            guard let members = groups[scripts] else { return nil }
            // The first member of the largest group that reads alike.
            let sharing = Dictionary(grouping: members) { models[$0].form }.mapValues(\.count)
            let host = members.first { sharing[models[$0].form] == sharing.values.max() }!
            return EvidenceLexicon(grammars: models.map(\.compiled), members: members, host: host, names: appNames,
                                   words: Dictionary(uniqueKeysWithValues: members.map { ($0, models[$0].dateTimeWords) }))
        }
    }

    /// The model for a language tag: the exact folder name, else the first whose language
    /// has the same code and script ("zh-CN" finds zh-Hans, "de-AT" finds de).
    func model(for tag: String) -> LanguageModel? {
        if let exact = models.first(where: { $0.tag.lowercased() == tag.lowercased() }) { return exact }
        guard let wanted = try? Language(tag) else { return nil }
        return models.first { $0.language.code == wanted.code && $0.language.script == wanted.script }
            ?? models.first { $0.language.code == wanted.code }
    }

    /// The grammar ``parse(_:language:locked:user:)`` reads for a language tag: the
    /// exact folder name, else the first of the same language and script ("zh-CN" reads
    /// zh-Hans, "de-AT" de); nil when the engine has no grammar for it (a parse in it finds
    /// nothing).
    public func grammarLanguage(for tag: String) -> String? { model(for: tag)?.tag }

    /// The app with `bundleIdentifier`.
    public func app(_ bundleIdentifier: String) -> App? { apps.first { $0.bundleIdentifier == bundleIdentifier } }

    /// A session for `user` with their vocabulary (one ``UserVocabulary`` per app; apps
    /// the engine does not know are kept but not read): parse with
    /// ``parse(_:language:locked:user:)``. Cheap to make; each language's index of the
    /// vocabulary is built by the first parse that reads it (``UserSession``).
    public func session(user: String, vocabularies: [UserVocabulary]) -> UserSession {
        UserSession(user: user, vocabularies: vocabularies, indexing: userIndexing)
    }
}

/// Why a language was or was not tried for an utterance given without one
/// (``Engine/parse(_:language:locked:)``).
public struct LanguageEvidence: Sendable, Hashable {
    /// The language's tag.
    public let language: String
    /// The utterance's characters in the language's scripts that its grammar's words spell,
    /// leaving out those every language sharing a script with it spells too (see
    /// ``CompiledGrammar/languageEvidence(of:in:utterances:lexicons:ratio:)``).
    public let spelled: Int
    /// The utterance's characters in the language's scripts.
    public let letters: Int
    /// Whether the language was read first; the others are read only when none of these
    /// reads the utterance.
    public let tried: Bool
}

/// Warnings gathered by concurrent iterations.
final class WarningLog: @unchecked Sendable {
    private var gathered: [AppIssue] = []
    private let lock = NSLock()

    func add(_ issue: AppIssue) { lock.lock(); gathered.append(issue); lock.unlock() }

    var issues: [AppIssue] { lock.lock(); defer { lock.unlock() }; return gathered }
}

/// Results written by concurrent iterations, each to its own index.
final class ResultSlots<Value>: @unchecked Sendable {
    private var values: [Value?]
    private let lock = NSLock()

    init(count: Int) { values = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Value? {
        get { lock.lock(); defer { lock.unlock() }; return values[index] }
        set { lock.lock(); values[index] = newValue; lock.unlock() }
    }
}
