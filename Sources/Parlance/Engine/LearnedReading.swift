import Foundation
import ParlanceDateTime
import ParlanceGrammar
import ParlanceText
import ParlanceTraining

/// A reading learned from examples, beside the grammar's: for a request that names an app
/// in words no template of that app spells ("Castaway, turn it off in twenty minutes",
/// "Where's my RideNow?", "Brewly, I'll have the usual").
///
/// Per language, an ``IntentRanker`` is trained on sentences of the grammar
/// (``GrammarSampler``: ``sentencesPerIntent`` of each intent, its templates' phrasing
/// with values left out) and on the app's example phrases (IntentPhrases, which the
/// compiled grammar holds as templates of the app: every custom intent's examples), each
/// also said the other ways the grammar says its phrases (``ParaphraseGroups``: the
/// grammar's alternatives and the language's paraphrase groups, `_paraphrases.yaml`;
/// ``PhraseVariants``: "Stop my podcast in 15 minutes" is also "turn off my podcast…"), and
/// a custom intent also on its examples in the app's other languages, one
/// ranker per app among the intents it supports. Each is trained the first time a parse
/// needs it, once per language and app, and shared.
///
/// It answers only for an app the utterance names: when no reading of the grammar takes
/// the name as its mention, even with the name lifted out (``AppMention``), the app's
/// intents are ranked for the utterance without its name, and the most probable one is the
/// first hypothesis, with its parameters unsaid (needsValue where required). Its
/// ``IntentHypothesis/confidence`` is the ranker's probability among the app's intents
/// times what the resolution of its parameters costs. A request naming no app is not
/// guessed at: refusing it is better than a learned guess among every app.
final class LearnedReading: @unchecked Sendable {
    /// Sentences drawn from the grammar per intent.
    static let sentencesPerIntent = 40
    /// The template a learned hypothesis names (``Hypothesis/template``).
    static let template = Template(text: "(learned reading: the grammar's sentences and the apps' example phrases)", expression: .empty,
                                   location: SourceLocation(file: "(learned)", line: 1, column: 1))

    private let grammar: CompiledGrammar
    /// The language's date reader and the grammar's date lists: every date, in the
    /// grammar's sentences, the examples and the requests ranked, is one word, ``dateWord``.
    private let dateTimeReader: DateTimeReader?
    private let dateTimeLists: [String]
    /// The word a date stands as when ranking ("at 8pm tomorrow", 「明日の朝」): what an intent
    /// says with a date in it is that it has one, not which.
    static let dateWord = "datetime"
    private let lock = Lock()
    /// The grammar's sentences by intent, drawn on first use, in words (``words(of:)``): read
    /// once for every app's ranker.
    private var sentences: [String: [[String]]]?
    /// The words that frame requests of any intent ("could", "you", "please", "for me"):
    /// those the sentences of at least ``frameShare`` of the grammar's intents say. They
    /// are no evidence of one intent, and an app's few examples, which seldom say them,
    /// would otherwise make every polite request a built-in intent's.
    private var frameWords: Set<String> = []
    /// The share of intents whose sentences say a frame word.
    static let frameShare = 0.3
    /// One ranker per app, among its intents, trained on first use.
    private var rankers: [Int: IntentRanker] = [:]
    /// The language's number reader, made on first use (tens of milliseconds of ICU).
    private var numbers: NumberReader?
    /// The spellings of currency lists by name (``currencySpellings(_:)``), read on first use.
    private var currencies: [String: [(code: String, words: [[Unicode.Scalar]])]] = [:]
    /// The grammar's interchangeable phrases (``ParaphraseGroups``), in words, read on first
    /// use: an app's example phrases are also trained on as the grammar would say them.
    private var variants = PhraseVariants(groups: [])

    /// Where trained rankers are kept between processes, with the digest of what the
    /// grammar was compiled from (``Engine/compiledGrammar(language:grammars:examples:cache:warnings:)``);
    /// nil: every process trains its own.
    private let cache: (cache: EngineCache, grammarInputs: ImageDigest)?

    init(grammar: CompiledGrammar, dateTimeReader: DateTimeReader?, dateTimeLists: [String],
         cache: (cache: EngineCache, grammarInputs: ImageDigest)? = nil) {
        self.grammar = grammar
        self.dateTimeReader = dateTimeReader
        self.dateTimeLists = dateTimeLists
        self.cache = cache
    }

    /// `text` with each date or time the reader finds in it as ``dateWord`` (`dates`: those
    /// already found in it, else read here).
    func standingInForDates(_ text: String, dates: [DateTimeMatch]? = nil) -> String {
        guard let dateTimeReader else { return text }
        let found = (dates ?? dateTimeReader.read(text, now: LearnedReading.anyMoment)).filter(\.value.isDate)
        guard !found.isEmpty else { return text }
        var scalars = String.UnicodeScalarView()
        var offset = 0
        var next = found.makeIterator()
        var date = next.next()
        for scalar in text.unicodeScalars {
            defer { offset += 1 }
            if let span = date?.scalarRange, span.contains(offset) {
                if offset == span.lowerBound { scalars.append(contentsOf: " \(LearnedReading.dateWord) ".unicodeScalars) }
                if offset == span.upperBound - 1 { date = next.next() }
                continue
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// The moment dates in sentences and examples are read against: only where they stand matters.
    static let anyMoment = LocalDateTime(year: 2026, month: 1, day: 1)!

    /// The ranker among the intents `app` (its index in the engine) supports, trained on
    /// first use: on the grammar's sentences of those intents and the app's own example
    /// phrases (examples of other apps speak of other things). An intent with fewer
    /// sentences than the most has them repeated (up to ``balancingRepeats`` times), so
    /// that two examples of a custom intent weigh about as much as the grammar's many
    /// sentences of a built-in one. Nil when the app supports no intent with sentences.
    ///
    /// With an ``EngineOptions/cache``, a ranker trained before for the same inputs
    /// (``rankerInputs(app:grammarInputs:)``) is read from its image instead, and one trained is saved.
    ///
    /// - Complexity: training is O(epochs × sentences × features × intents) for the app's
    ///   few intents: milliseconds in a release build, after tens of milliseconds of the
    ///   language's sentences on its first ranker; reading an image, a copy of its tables.
    func ranker(for app: Int, in engine: Engine) -> IntentRanker? {
        lock.withLock {
            if let known = rankers[app] { return known }
            if numbers == nil { numbers = try? NumberReader.shared(language: grammar.tokenizer.language) }
            let inputs = cache.map { rankerInputs(app: engine.apps[app], grammarInputs: $0.grammarInputs) }
            if let cache, let inputs, let bytes = cache.cache.read(kind: Self.imageKind, inputs: inputs) {
                // A damaged image is trained again and replaced (with no warning, unlike the
                // images read while the engine is built: a parse has no one to tell).
                let read = bytes.withUnsafeBytes { raw in
                    try? IntentRanker(image: raw, source: cache.cache.url(kind: Self.imageKind, inputs: inputs).path, inputs: inputs,
                                      tokenizer: grammar.tokenizer, numbers: numbers)
                }
                if let read {
                    rankers[app] = read
                    return read
                }
            }
            if sentences == nil {
                var sampler = GrammarSampler(grammar.grammar, standIns: Dictionary(uniqueKeysWithValues: dateTimeLists.map { ($0, Self.dateWord) }))
                let drawn = Dictionary(grouping: sampler.sentences(perIntent: Self.sentencesPerIntent) { $0.metadata["app"] == nil }, by: \.intent)
                    .mapValues { $0.map { words(of: $0.text) } }
                var intentsSaying: [String: Int] = [:]
                for texts in drawn.values {
                    for word in Set(texts.joined()) { intentsSaying[word, default: 0] += 1 }
                }
                let least = max(2, Int((Double(drawn.count) * Self.frameShare).rounded(.up)))
                frameWords = Set(intentsSaying.filter { $0.value >= least }.keys)
                // A number or a date says something wherever it stands ("in 20 minutes").
                frameWords.remove(IntentRanker.numberWord)
                frameWords.remove(Self.dateWord)
                sentences = drawn
                let groups = ParaphraseGroups(grammar.grammar) { $0.metadata["app"] == nil }.groups
                variants = PhraseVariants(groups: groups.map { $0.map { words(of: $0) } })
            }
            let bundle = engine.apps[app].bundleIdentifier
            var byIntent: [String: [[String]]] = [:]
            for intent in Set(engine.apps[app].supportedIntents) {
                // The built-in templates' sentences of the intent, then the app's examples of
                // it, each also said the other ways the grammar says its phrases.
                var texts = sentences?[intent] ?? []
                for example in grammar.grammar.intent(named: intent).map({ examplePhrases(of: $0, app: bundle) }) ?? [] {
                    let said = words(of: example)
                    texts.append(said)
                    texts += variants.variants(of: said, limit: Self.variantsPerExample, ignoring: frameWords)
                }
                if sentences?[intent] == nil {
                    // An intent no template reads is known only from its examples: those
                    // written in other languages say it too, in the words languages share
                    // (names of things, loanwords, cognates, numbers).
                    texts += otherLanguagesExamples(of: intent, app: engine.apps[app]).map { words(of: $0) }
                }
                if !texts.isEmpty { byIntent[intent] = texts }
            }
            guard !byIntent.isEmpty else { return nil }
            let most = byIntent.values.map(\.count).max() ?? 1
            var examples: [(words: [String], label: String)] = []
            for intent in byIntent.keys.sorted() {
                let texts = byIntent[intent]!
                let repeats = min(Self.balancingRepeats, max(1, most / texts.count))
                for _ in 0..<repeats { examples += texts.map { ($0, intent) } }
            }
            let ranker = IntentRanker(wordExamples: examples, tokenizer: grammar.tokenizer, numbers: numbers, ignoredWords: frameWords)
            rankers[app] = ranker
            if let cache, let inputs {
                // Not saving is no error (the cache is an optimization): the next process trains it again.
                cache.cache.write(ranker.image(inputs: inputs), kind: Self.imageKind, inputs: inputs,
                                  kept: cache.cache.keptPerKind * EngineCache.rankersPerKept)
            }
            return ranker
        }
    }

    /// The kind of a ranker's image in an ``EngineCache``.
    static let imageKind = "ranker"

    /// The digest of everything `app`'s ranker is trained from: the language's grammar with
    /// every app's example phrases as compiled (`grammarInputs`: its files, the examples,
    /// the ICU version and the program's build, which stands for this code and its
    /// constants), the lists whose values are dates, and of the app its bundle identifier,
    /// the intents it supports, and what its examples in other languages are read from (its
    /// names, development region and every localization's example phrases).
    private func rankerInputs(app: App, grammarInputs: ImageDigest) -> ImageDigest {
        var digest = ImageDigest()
        digest.combine("learned reading's ranker")
        digest.combine(Int(IntentRanker.imageVersion))
        digest.combine(grammarInputs)
        digest.combine(dateTimeLists.count)
        for list in dateTimeLists { digest.combine(list) }
        digest.combine(app.bundleIdentifier)
        let intents = Set(app.supportedIntents).sorted()
        digest.combine(intents.count)
        for intent in intents { digest.combine(intent) }
        digest.combine(app.names.count)
        for name in app.names { digest.combine(name) }
        digest.combine(app.developmentRegion ?? "")
        digest.combine(app.vocabulary.localizations.count)
        for localization in app.vocabulary.localizations {
            digest.combine(localization.language?.tag ?? "")
            digest.combine(localization.vocabulary.intentPhrases.count)
            for phrase in localization.vocabulary.intentPhrases {
                digest.combine(phrase.intentName)
                digest.combine(phrase.examples.count)
                for example in phrase.examples { digest.combine(example) }
            }
        }
        return digest
    }

    /// The numbers said in `tokens` outside `taken`, in order, each with the currency its next
    /// words name when `currencyList` (a list of the grammar whose values' outputs are
    /// currency codes: "euros" → EUR, 「ドル」 → USD) names one: what a learned reading gives
    /// its intent's number and amount parameters, as a template's `{amount} {currency}` would.
    /// Read after ``ranker(for:in:)`` (which makes the number reader); none before.
    func amounts(in tokens: TokenizedText, besides taken: [Range<Int>], currencyList: String?)
        -> [(number: NumberMatch, currency: (code: String, text: String, span: Range<Int>)?)] {
        guard let reader = lock.withLock({ numbers }) else { return [] }
        let found = reader.numbers(in: tokens).filter { number in
            number.kind != .ordinal && number.kind != .percent && !taken.contains { $0.overlaps(number.scalarRange) }
        }
        guard !found.isEmpty else { return [] }
        let spellings: [(code: String, words: [[Unicode.Scalar]])] = currencyList.map { name in
            lock.withLock { () -> [(code: String, words: [[Unicode.Scalar]])] in
                if let known = currencies[name] { return known }
                let read = currencySpellings(name)
                currencies[name] = read
                return read
            }
        } ?? []
        let units = tokens.units
        return found.map { number in
            // The units right after the number, normalized, against each spelling of a currency.
            guard let next = units.firstIndex(where: { $0.scalarRange.lowerBound >= number.scalarRange.upperBound }) else { return (number, nil) }
            var best: (code: String, units: Int)?
            for (code, words) in spellings where words.count <= units.count - next && words.count > (best?.units ?? 0) {
                if words.indices.allSatisfy({ tokens.normalizedScalars(of: units[next + $0]).elementsEqual(words[$0]) }) { best = (code, words.count) }
            }
            guard let best else { return (number, nil) }
            let span = units[next].scalarRange.lowerBound..<units[next + best.units - 1].scalarRange.upperBound
            return (number, (best.code, String(tokens.original(scalars: span)), span))
        }
    }

    /// Each spelling of each value of the grammar's list `name` whose output is a string (a
    /// currency code), as normalized units.
    private func currencySpellings(_ name: String) -> [(code: String, words: [[Unicode.Scalar]])] {
        guard case .values(let values)? = grammar.grammar.lists[name]?.kind else { return [] }
        var spellings: [(code: String, words: [[Unicode.Scalar]])] = []
        for value in values {
            guard case .string(let code)? = value.output else { continue }
            for text in value.input.expression.sampledTexts(limit: 32) {
                let tokenized = grammar.tokenizer.tokenize(text)
                let words = tokenized.units.map { Array(tokenized.normalizedScalars(of: $0)) }
                if !words.isEmpty { spellings.append((code, words)) }
            }
        }
        return spellings
    }

    /// `text` in words, as the ranker reads it.
    private func words(of text: String) -> [String] {
        IntentRanker.words(of: text, tokenizer: grammar.tokenizer, numbers: numbers)
    }

    /// The most variants of one example phrase trained on (``PhraseVariants``). An example
    /// has dozens of variants with the language's paraphrase groups, and a dozen taken
    /// evenly left most of a custom intent's other words out (Benchmarks/DECISIONS.md,
    /// 2026-12-02). Balancing (``balancingRepeats``) repeats an intent's texts less when it
    /// has more, so training grows little.
    static let variantsPerExample = 64

    /// How sure the ranker must be of a custom intent to put it before a reading of the
    /// grammar that names the app but leaves most of the request to free text.
    static let sureProbability = 0.75

    /// Whether `hypothesis` leaves at least half of the letters of `text` to free text.
    static func isMostlyFreeText(_ hypothesis: IntentHypothesis, of text: String) -> Bool {
        let letters = text.unicodeScalars.count { !$0.properties.isWhitespace }
        return hypothesis.reading.freeTextScalars * 2 >= letters
    }

    /// How much less likely a built-in intent is, among a named app's intents, for a
    /// request the grammar did not read than the ranker says. The ranker learns built-in
    /// and custom intents alike, but it is asked only when no template read the request as
    /// the app's (or read it mostly as free text), and the templates spell a built-in
    /// intent in many forms where a custom intent has only its examples: of the requests
    /// that reach the ranker, fewer are built-in than its training says. The weight stands
    /// for the ratio of the two kinds' misses by the grammar; 0.2 was chosen among 0.5, 0.3
    /// and 0.2 on development sets written blind, and measured on held-out ones
    /// (Corpora/calibration/README.md).
    static let builtInWeight = 0.2

    /// `ranked` (most probable first) with the probabilities of `builtIn` intents weighed by
    /// ``builtInWeight``, renormalized, most probable first again.
    static func weighingBuiltIns(_ ranked: [(label: String, probability: Double)], builtIn: Set<String>) -> [(label: String, probability: Double)] {
        let weighed = ranked.map { (label: $0.label, probability: builtIn.contains($0.label) ? $0.probability * builtInWeight : $0.probability) }
        let total = weighed.reduce(0) { $0 + $1.probability }
        guard total > 0 else { return ranked }
        return weighed.map { (label: $0.label, probability: $0.probability / total) }.sorted { $0.probability > $1.probability }
    }

    /// An intent's sentences at most repeated this many times to weigh as much as others.
    static let balancingRepeats = 10

    /// `intent`'s example phrases in `app`'s localizations of other languages than the
    /// grammar's (a Base localization is the development region's, as in
    /// ``App/intentPhrases(for:)``), each with the app's names left out and its dates as
    /// ``dateWord``.
    private func otherLanguagesExamples(of intent: String, app: App) -> [String] {
        let language = grammar.tokenizer.language.code
        // The longest first, so that "Park Pilot" goes before a name it holds.
        let names = app.names.sorted { $0.count > $1.count }
        var texts: [String] = []
        for localization in app.vocabulary.localizations {
            guard let written = localization.language ?? app.developmentRegion.flatMap({ try? Language($0) }), written.code != language else { continue }
            for phrase in localization.vocabulary.intentPhrases where phrase.intentName == intent {
                for example in phrase.examples {
                    var text = example
                    for name in names { text = text.replacingOccurrences(of: name, with: " ", options: .caseInsensitive) }
                    texts.append(standingInForDates(text))
                }
            }
        }
        return texts
    }

    /// `intent`'s example phrases of the app `bundle`, as written (the app's name and
    /// vocabulary left out).
    private func examplePhrases(of intent: Intent, app bundle: String) -> [String] {
        intent.data.filter { $0.metadata["app"]?.string == bundle }.flatMap { $0.sentences.flatMap { $0.expression.sampledTexts(limit: 8) } }
            .map { standingInForDates($0) }
    }
}

extension Engine {
    /// `best`, or first a learned reading (``LearnedReading``) for the app the utterance
    /// names when no reading takes the name as its mention, or when the reading that does
    /// is mostly free text (``LearnedReading/isMostlyFreeText(_:of:)``) and the ranker is
    /// sure (``LearnedReading/sureProbability``) of one of the app's intents that no
    /// built-in template reads (a custom intent, known only from its examples). `models`
    /// are read when there is no best (else its model).
    func addingLearnedReading(_ text: String, best: (model: LanguageModel, hypotheses: [IntentHypothesis])?, models: [LanguageModel],
                              locked: Bool, memo: Reader.Memo) -> (model: LanguageModel, hypotheses: [IntentHypothesis])? {
        var challenged: IntentHypothesis?
        if let top = best?.hypotheses.first, top.appSelection.namesTheApp {
            // A reading of the app's own example phrase, or one that leaves little to free text, stands.
            guard case .mentioned = top.appSelection, LearnedReading.isMostlyFreeText(top, of: text) else { return best }
            challenged = top
        }
        for model in best.map({ [$0.model] }) ?? Array(models.prefix(1)) {
            let tokens = memo.utterance(in: model).tokens
            let names = memo.appSpans(of: model, policy: .fixed(0)).names
            // The longest name said (of two apps named, the one said in full).
            guard let name = names.max(by: { $0.scalarRange.count < $1.scalarRange.count }) else { continue }
            let app = name.match.itemIndex
            let blanked = model.learned.standingInForDates(AppMention.blanking(names.map(\.scalarRange), in: text),
                                                           dates: memo.dateTimes(of: model))
            guard let ranker = model.learned.ranker(for: app, in: self) else { continue }
            let ranked = LearnedReading.weighingBuiltIns(ranker.ranked(blanked, among: Set(apps[app].supportedIntents)),
                                                         builtIn: model.builtInIntents)
            let reader = Reader(engine: self, model: model, user: memo.user)
            // Vocabulary first: of the app's intents, one that takes more of the app's items
            // said ("Alex Morgan", a contact: a payment, not a bill) goes before the ranker's
            // more probable ones; among those that take as many, the ranker's order.
            var placed: [String: Int] = [:]
            for entry in ranked {
                guard let candidate = catalogue[entry.label] else { continue }
                placed[entry.label] = Engine.vocabularySlots(of: candidate, app: app, tokens: tokens, reader: reader, memo: memo,
                                                             besides: names.map(\.scalarRange)).slots.count
            }
            let most = placed.values.max() ?? 0
            guard let top = ranked.first(where: { placed[$0.label] == most }), let intent = catalogue[top.label] else { continue }
            if let challenged {
                guard challenged.app.bundleIdentifier == apps[app].bundleIdentifier, challenged.intent.name != top.label,
                      top.probability >= LearnedReading.sureProbability, !model.builtInIntents.contains(top.label) else { return best }
            }
            var (slots, offers) = Engine.vocabularySlots(of: intent, app: app, tokens: tokens, reader: reader, memo: memo,
                                                         besides: names.map(\.scalarRange))
            // The dates said go to the intent's date parameters, in order, as in a grammar's reading.
            var unused = FoundValues()
            let dates = reader.dateTimeFinds(tokens: tokens, memo: memo, base: offers.count, into: &unused)
            var dateParameters = intent.parameters.filter { $0.kind == .dateTime }.makeIterator()
            for (index, date) in dates.matches.enumerated() where date.value.isDate
                && !(names.map(\.scalarRange) + slots.compactMap(\.span)).contains(where: { $0.overlaps(date.scalarRange) }) {
                guard let parameter = dateParameters.next() else { break }
                slots.append(SlotMatch(name: parameter.name, value: .string(date.value.iso), text: date.text, span: date.scalarRange,
                                       kind: .exact, foundIndex: dates.foundIndex(ofMatch: index)))
            }
            // The numbers said go to its number and amount parameters, in order, each amount
            // with the currency said after it.
            var numberParameters = intent.parameters.filter { $0.kind == .number || $0.kind == .currencyAmount }.makeIterator()
            if var parameter = numberParameters.next() {
                let codeParameter = { (amount: ParameterDefinition) in intent.parameters.first { $0.name == amount.name + ".currencyCode" } }
                let currencyList = intent.parameters.lazy.filter { $0.kind == .currencyAmount }.compactMap(codeParameter).first?.list
                let taken = names.map(\.scalarRange) + slots.compactMap(\.span) + dates.matches.map(\.scalarRange)
                for (number, currency) in model.learned.amounts(in: tokens, besides: taken, currencyList: currencyList) {
                    let value: DataValue = number.integerValue.map { .int($0) } ?? .double(number.value)
                    slots.append(SlotMatch(name: parameter.name, value: value, text: number.text, span: number.scalarRange, kind: .number))
                    if parameter.kind == .currencyAmount, let currency, let code = codeParameter(parameter) {
                        slots.append(SlotMatch(name: code.name, value: .string(currency.code), text: currency.text, span: currency.span, kind: .exact))
                    }
                    guard let following = numberParameters.next() else { break }
                    parameter = following
                }
            }
            // A required text parameter unsaid (a restaurant's name, a note's content) takes
            // the longest run of words the intent's examples do not say, as a template's
            // wildcard would: free text, its letters left unexplained.
            let textParameters = intent.parameters.filter { $0.kind == .text && $0.isRequired && !slots.map(\.name).contains($0.name) }
            if textParameters.count == 1, let parameter = textParameters.first {
                let taken = names.map(\.scalarRange) + slots.compactMap(\.span) + dates.matches.map(\.scalarRange)
                let runs = ranker.unsaidRuns(in: AppMention.blanking(names.map(\.scalarRange), in: text), by: top.label, leaving: taken)
                if let run = runs.max(by: { $0.count < $1.count }) {
                    let said = String(tokens.original(scalars: run))
                    slots.append(SlotMatch(name: parameter.name, value: .string(said), text: said, span: run, kind: .wildcard))
                }
            }
            let explained = names.map(\.scalarRange) + slots.filter { $0.kind != .wildcard }.compactMap(\.span)
            // What the intent's examples say of the rest is explained as a template's words
            // are: the words they say, and the dates left when they say a date.
            let otherDates = dates.matches.map(\.scalarRange).filter { date in !explained.contains { $0.overlaps(date) } }
            var unexplained = 0, dateLetters = 0
            for (offset, scalar) in text.unicodeScalars.enumerated() where !scalar.properties.isWhitespace && !explained.contains(where: { $0.contains(offset) }) {
                unexplained += 1
                if otherDates.contains(where: { $0.contains(offset) }) { dateLetters += 1 }
            }
            var said = ranker.scalarsSaid(in: AppMention.blanking(names.map(\.scalarRange), in: text), by: top.label,
                                          leaving: explained + otherDates).said
            if ranker.says(LearnedReading.dateWord, label: top.label) { said += dateLetters }
            said = min(said, unexplained)
            let match = Hypothesis.unmatched(intent: intent.name, slots: slots, template: LearnedReading.template,
                                             unexplained: unexplained - said, said: said, confidence: top.probability)
            let scope = Reader.Scope(reader: reader, offers: offers, vocabularyOffers: offers, appNameSpans: [], locked: locked,
                                     dateTimes: dates, tokens: tokens, partialMatches: memo.partialMatches)
            let parameters = Resolver(scope: scope, app: app).parameters(of: intent, from: match)
            let confidence = parameters.reduce(top.probability) { product, parameter in
                parameter.values.reduce(product) { $0 * $1.resolution.confidenceFactor }
            }
            let hypothesis = IntentHypothesis(app: apps[app], appSelection: .mentioned(String(tokens.original(scalars: name.scalarRange))),
                                              intent: intent, language: model.tag, parameters: parameters, confidence: confidence,
                                              requiresUnlock: locked && apps[app].intentsRestrictedWhileLocked.contains(intent.name),
                                              match: match)
            let others = best?.model === model ? best?.hypotheses ?? [] : []
            return (model, Array(([hypothesis] + others).prefix(max(1, options.limit))))
        }
        return best
    }

    /// The app's vocabulary items found in the utterance as written, as slots of `intent`'s
    /// parameters that their lists fill: the longest first, none overlapping another or
    /// `besides` (the app's names), each parameter filled once. With the offers the slots'
    /// ``SlotMatch/foundIndex`` refers to, for the resolver.
    static func vocabularySlots(of intent: IntentDefinition, app: Int, tokens: TokenizedText, reader: Reader, memo: Reader.Memo,
                                besides: [Range<Int>]) -> (slots: [SlotMatch], offers: [Reader.Offer]) {
        let vocabulary = reader.vocabulary
        let spans = (memo.userSpans(of: reader.model, policy: .fixed(0))
            + memo.appSpans(of: reader.model, policy: .fixed(0)).vocabulary)
            .filter { vocabulary.owner($0.match.itemIndex).app == app }
            .sorted { ($0.scalarRange.count, -$0.scalarRange.lowerBound) > ($1.scalarRange.count, -$1.scalarRange.lowerBound) }
        var taken = besides
        var slots: [SlotMatch] = []
        var offers: [Reader.Offer] = []
        for span in spans where !taken.contains(where: { $0.overlaps(span.scalarRange) }) {
            let lists = vocabulary.owner(span.match.itemIndex).lists
            guard let parameter = intent.parameters.first(where: { parameter in
                parameter.list.map { lists.contains($0) } == true && !slots.contains { $0.name == parameter.name }
            }) else { continue }
            offers.append(Reader.Offer(span: span, app: app, isAppName: false))
            slots.append(SlotMatch(name: parameter.name, value: .string(span.match.matchedText), text: String(tokens.original(scalars: span.scalarRange)),
                                   span: span.scalarRange, kind: .exact, foundIndex: offers.count - 1))
            taken.append(span.scalarRange)
        }
        slots.sort { ($0.span?.lowerBound ?? 0) < ($1.span?.lowerBound ?? 0) }
        return (slots, offers)
    }
}
