import ParlanceDateTime
import ParlanceGrammar
import ParlanceText
import ParlanceVocabulary

/// The second stage of a read: candidates. Each grammar match becomes one candidate per
/// app that can take it, with its ``ReadingKey`` made from the slots and the catalogue;
/// its parameters are resolved only when the ranking reaches it.
extension Reader {
    /// A read's candidates, before ranking: ranking resolves the parameters of those it
    /// reaches, which only the read that answers needs.
    struct Reading {
        let candidates: [Candidate]
        /// The example rule of the candidates; nil when the read wants nothing (asked only
        /// for unbeatable readings, it found none).
        let examples: ExampleRule?

        func ranked(by reader: Reader) -> [IntentHypothesis] {
            examples.map { reader.ranked(candidates, examples: $0) } ?? []
        }
    }

    /// What every candidate of one read resolves with: one object per read, so that a
    /// candidate holds a reference to it rather than its own copies (a closure per
    /// candidate capturing these cost a retain per array and string, dozens of times a read).
    final class Scope {
        let reader: Reader
        let offers: [Offer]
        let vocabularyOffers: [Offer]
        let appNameSpans: [Range<Int>]
        let locked: Bool
        /// The dates and times of the read.
        let dateTimes: DateTimeFinds
        /// The utterance as the read tokenized it (nil for a reading not made by the grammar).
        let tokens: TokenizedText?
        /// The intents this read's readings named so far, with the apps supporting each:
        /// a read's readings name a few intents, and comparing a name with those costs less
        /// than hashing it twice (catalogue, apps) for every reading.
        var intents: [(name: String, intent: IntentDefinition?, supporting: [Int])] = []
        /// The parse's free texts read as part of an app's items (``Memo/partialMatches``).
        let partialMatches: PartialMatchMemo
        /// For each scalar offset of the utterance, whether it stands inside a word written in
        /// katakana (a character of the script on both sides); empty when none is written.
        /// (Nothing is allocated for an utterance without katakana.)
        lazy var insideKatakanaWord: [Bool] = {
            guard let scalars = tokens?.text.unicodeScalars, scalars.contains(where: \.isKatakana) else { return [] }
            var inside = [Bool](repeating: false, count: scalars.count + 1)
            var previous = false
            for (offset, scalar) in scalars.enumerated() {
                let isKatakana = scalar.isKatakana
                if previous && isKatakana { inside[offset] = true }
                previous = isKatakana
            }
            return inside
        }()

        init(reader: Reader, offers: [Offer], vocabularyOffers: [Offer], appNameSpans: [Range<Int>], locked: Bool,
             dateTimes: DateTimeFinds = .none, tokens: TokenizedText? = nil, partialMatches: PartialMatchMemo) {
            self.partialMatches = partialMatches
            self.reader = reader
            self.offers = offers
            self.vocabularyOffers = vocabularyOffers
            self.appNameSpans = appNameSpans
            self.locked = locked
            self.dateTimes = dateTimes
            self.tokens = tokens
        }
    }

    /// A grammar hypothesis read for one app, before ranking (a class: candidates are
    /// sorted, filtered and compared, and a struct this size costs a retain per reference on
    /// every copy). Its ``ReadingKey`` comes from the slots and the catalogue alone
    /// (``Reader/readingKey(of:intent:app:scope:)``); its parameters are
    /// resolved only when the ranking reaches it (``hypothesis``): of the dozens of
    /// (reading, app) pairs a free-text read yields, the engine returns a few.
    final class Candidate {
        let match: Hypothesis
        let intent: IntentDefinition
        /// The app's index in the engine.
        let app: Int
        let rank: Int
        let evidence: Int
        let mentioned: Bool
        /// Whether the reading is an app's example phrase (its match names the app).
        let isExample: Bool
        let reading: ReadingKey
        private let selection: AppSelection
        private let scope: Scope
        private var resolved: IntentHypothesis?
        /// The offers of the read the candidate comes from.
        var scopeOffers: [Offer] { scope.offers }

        init(match: Hypothesis, intent: IntentDefinition, app: Int, rank: Int, evidence: Int, mentioned: Bool, isExample: Bool,
             reading: ReadingKey, selection: AppSelection, scope: Scope) {
            self.match = match
            self.intent = intent
            self.app = app
            self.rank = rank
            self.evidence = evidence
            self.mentioned = mentioned
            self.isExample = isExample
            self.reading = reading
            self.selection = selection
            self.scope = scope
        }

        /// The hypothesis with its parameters resolved (once).
        var hypothesis: IntentHypothesis {
            if let resolved { return resolved }
            let (engine, model) = (scope.reader.engine, scope.reader.model)
            let resolver = Resolver(scope: scope, app: app)
            let parameters = resolver.parameters(of: intent, from: match)
            let hypothesis = IntentHypothesis(app: engine.apps[app], appSelection: selection, intent: intent, language: model.tag,
                                              parameters: parameters, confidence: match.confidence * parameters.reduce(1) { product, parameter in
                                                  parameter.values.reduce(product) { $0 * $1.resolution.confidenceFactor }
                                              },
                                              requiresUnlock: scope.locked && engine.apps[app].intentsRestrictedWhileLocked.contains(intent.name),
                                              match: match, reading: reading,
                                              tieBreak: IntentHypothesis.TieBreak(grammarRank: rank, tieGroup: rank, appEvidence: evidence))
            assert(ReadingKey(parameters: parameters, match: match, appNameSpans: scope.appNameSpans) == reading,
                   "the reading key without resolution differs from the resolved one: \(intent.name), \(match.slots.map(\.name))")
            resolved = hypothesis
            return hypothesis
        }
    }

    /// The apps a grammar hypothesis can go to, each to be resolved when ranked, appended to
    /// `result` (one array for a read's hypotheses, not one per hypothesis).
    func appendCandidates(for match: Hypothesis, rank: Int, scope: Scope, to result: inout [Candidate]) {
        let offers = scope.offers
        let name = match.intent
        let definition: (intent: IntentDefinition?, supporting: [Int])
        if let entry = scope.intents.first(where: { $0.name == name }) {
            definition = (entry.intent, entry.supporting)
        } else {
            let intent = engine.catalogue[name]
            definition = (intent, intent.flatMap { engine.appsSupporting[$0.name] } ?? [])
            scope.intents.append((name, definition.intent, definition.supporting))
        }
        guard let intent = definition.intent else { return }
        // Found values are grouped by app (``FoundValues/Value/group``), so the grammar never
        // returns a reading with the names or vocabulary of two apps: one app at most.
        var mentioned: Int?
        var mentionText = ""
        var vocabularyApp: Int?
        var evidence = 0
        for slot in match.slots {
            guard let index = slot.foundIndex, index < offers.count else { continue }
            let offer = offers[index]
            if offer.isAppName {
                mentioned = offer.app
                mentionText = slot.text
            } else {
                vocabularyApp = offer.app
                evidence += 1
            }
        }
        if let mention {
            if let mentioned, mentioned != mention.app { return }
            mentioned = mention.app
            mentionText = mention.text
        }
        var example: Int?
        let exampleApp = match.metadata["app"]
        if let bundle = exampleApp?.string {
            guard let app = engine.apps.firstIndex(where: { $0.bundleIdentifier == bundle }) else { return }
            example = app
        }
        let supporting = definition.supporting
        let targets: [Int]
        if let app = mentioned ?? example {
            if let mentioned, let example, mentioned != example { return }
            guard supporting.contains(app) else { return }
            targets = [app]
        } else {
            targets = supporting
        }
        let selection: AppSelection = mentioned != nil ? .mentioned(mentionText) : example != nil ? .example : .vocabulary(matches: evidence)
        var match = match
        if let liftedDate {
            guard let withDate = giving(liftedDate, to: match, intent: intent, scope: scope) else { return }
            match = withDate
        }
        for app in targets {
            if let vocabularyApp, vocabularyApp != app { continue }
            let read = itemsToTheirParameters(datesOutOfFreeText(match, intent: intent, scope: scope), intent: intent, app: app, offers: offers,
                                              tokens: scope.tokens)
            if readsADateTwice(read, scope: scope) { continue }
            let match = read.withWordEdits(Self.katakanaWordsCut(by: read, inside: scope.insideKatakanaWord)
                                               + itemsMisfiled(in: read, intent: intent, app: app, offers: offers))
            let reading = readingKey(of: match, intent: intent, app: app, scope: scope)
            result.append(Candidate(match: match, intent: intent, app: app, rank: rank, evidence: evidence,
                                    mentioned: mentioned != nil || example != nil, isExample: exampleApp != nil, reading: reading,
                                    selection: selection, scope: scope))
        }
    }

    /// `match` with each free-text value that is exactly an item of `app` of another
    /// parameter's list given to that parameter, when the intent has it and nothing fills
    /// it: the vocabulary says what a value is ("Écris au Horn Club : …" reads the group
    /// where the template put a contact; "messages from the Stardust Team" are a group's,
    /// not a sender's). The item must be found on exactly the value's words, with words the
    /// templates spell around it (an article, a possessive). More than a value's edge after
    /// it is the request's text when the intent has a required text parameter that nothing
    /// fills: the free text ran on past the item ("send a message to the Horn Club: practice
    /// is cancelled tonight" has the group and the message).
    func itemsToTheirParameters(_ match: Hypothesis, intent: IntentDefinition, app: Int, offers: [Offer], tokens: TokenizedText?) -> Hypothesis {
        let slots = match.slots
        var changed: [SlotMatch]?
        for index in slots.indices {
            let slot = slots[index]
            guard slot.kind == .wildcard, slot.foundIndex == nil, let span = slot.span,
                  let parameter = intent.parameters.first(where: { $0.name == slot.name }), case .vocabulary = parameter.kind else { continue }
            for (offerIndex, offer) in offers.enumerated() where !offer.isAppName && offer.app == app
                && offer.span.scalarRange.clamped(to: span) == offer.span.scalarRange {
                let lists = vocabulary.owner(offer.span.match.itemIndex).lists
                let item = offer.span.scalarRange
                guard !lists.contains(where: { $0 == parameter.list }),
                      let other = intent.parameters.first(where: { other in
                          other.name != parameter.name && other.list.map { lists.contains($0) } == true
                              && !(changed ?? slots).contains { $0.name == other.name }
                      }),
                      isFrame(span.lowerBound..<item.lowerBound, in: slot, tokens: tokens) else { continue }
                // What follows the item: a value's edge (at most ``valueEdgeUnits`` units, all
                // template words), or the request's text.
                let after = item.upperBound..<span.upperBound
                let frame = isFrame(after, in: slot, tokens: tokens)
                var text: SlotMatch?
                if let tokens, !frame || tokens.units.lazy.filter({ after.contains($0.scalarRange.lowerBound) }).count > Self.valueEdgeUnits,
                   let said = Self.units(in: after, of: tokens),
                   let parameter = intent.parameters.first(where: { parameter in
                       parameter.kind == .text && parameter.isRequired && !(changed ?? slots).contains { $0.name == parameter.name }
                   }) {
                    let value = SlotMatch.matchedText(tokens.original(scalars: said))
                    text = SlotMatch(name: parameter.name, value: .string(value), text: value, span: said, kind: .wildcard)
                } else if !frame {
                    continue
                }
                // The item as written in the utterance: a slot's text is not its span's
                // scalars one for one (runs of spaces are one space in it, punctuation that
                // ends a word is dropped).
                guard let written = Self.written(item, inside: slot, tokens: tokens) else { continue }
                if changed == nil { changed = slots }
                changed![index] = SlotMatch(name: other.name, value: .string(offer.span.match.matchedText), text: written,
                                            span: item, kind: .wildcard, foundIndex: offerIndex)
                if let text { changed!.append(text) }
                break
            }
        }
        return changed.map { match.with(slots: $0) } ?? match
    }

    /// How many values of `match` are free text that is exactly an item of the app's
    /// vocabulary of a type their parameter does not take, while the parameter that takes
    /// it holds free text in which the vocabulary finds none of its items: the template
    /// read the item's words as something else and left its parameter to a guess
    /// ("Bisicleta", a ride option with an edit, as the pick-up place beside the option
    /// "plaza"; the show "Café con Ciencia" as an artist beside the show "el último
    /// episodio"). Each counts as a template word corrected, so a reading that gives the
    /// item to its own parameter ranks first; one that does not is still read when nothing
    /// else is. (A task "buy milk" that is also a list's item is no such value when the list
    /// said is one the vocabulary knows, or none is said.)
    func itemsMisfiled(in match: Hypothesis, intent: IntentDefinition, app: Int, offers: [Offer]) -> Int {
        func isGuess(_ slot: SlotMatch, list: String) -> Bool {
            guard slot.kind == .wildcard, slot.foundIndex == nil, let span = slot.span else { return false }
            return !offers.contains { offer in
                !offer.isAppName && offer.app == app && offer.span.scalarRange.clamped(to: span) == offer.span.scalarRange
                    && vocabulary.owner(offer.span.match.itemIndex).lists.contains(list)
            }
        }
        var misfiled = 0
        for slot in match.slots {
            guard slot.kind == .wildcard, slot.foundIndex == nil, let span = slot.span,
                  let parameter = intent.parameters.first(where: { $0.name == slot.name }) else { continue }
            for offer in offers where !offer.isAppName && offer.app == app && offer.span.scalarRange == span {
                let lists = vocabulary.owner(offer.span.match.itemIndex).lists
                guard !lists.contains(where: { $0 == parameter.list }),
                      intent.parameters.contains(where: { other in
                          guard other.name != parameter.name, let list = other.list, lists.contains(list) else { return false }
                          return match.slots.contains { $0.name == other.name && isGuess($0, list: list) }
                      })
                else { continue }
                misfiled += 1
                break
            }
        }
        return misfiled
    }

    /// How many values of `match` begin or end inside a word written in katakana (a
    /// character of the script on both sides of the edge): where the template's own text
    /// was read from the middle of such a word, as a particle folded from katakana (the ト
    /// of パスポート read as と, "and", giving the tasks パスポー and の更新) or a word of its own
    /// inside a longer one (ロック, "lock", in ブロック, "block"). Each counts as a template word
    /// corrected: a reading that keeps the word whole ranks first, and one that cuts it is
    /// still read when nothing else is (a name before フォルダ in ワークフォルダ).
    static func katakanaWordsCut(by match: Hypothesis, inside: [Bool]) -> Int {
        guard !inside.isEmpty else { return 0 }
        var cuts = 0
        for slot in match.slots {
            guard let span = slot.span, !span.isEmpty else { continue }
            for edge in [span.lowerBound, span.upperBound] where edge < inside.count && inside[edge] { cuts += 1 }
        }
        return cuts
    }

    /// The most units of words the templates spell that stand after a value as its edge
    /// (a particle, an honorific: 「さん」, "里", "des Teams"); more is more than an edge.
    static let valueEdgeUnits = 2

    /// The range from the first unit inside `part` to the last one's end; nil when none is.
    static func units(in part: Range<Int>, of tokens: TokenizedText) -> Range<Int>? {
        let inside = tokens.units.filter { part.contains($0.scalarRange.lowerBound) && $0.scalarRange.upperBound <= part.upperBound }
        guard let first = inside.first, let last = inside.last else { return nil }
        return first.scalarRange.lowerBound..<last.scalarRange.upperBound
    }

    /// Whether `part` of `slot`'s span is only words the templates spell (or nothing).
    func isFrame(_ part: Range<Int>, in slot: SlotMatch, tokens: TokenizedText?) -> Bool {
        guard !part.isEmpty else { return true }
        guard let said = Self.written(part, inside: slot, tokens: tokens) else { return false }
        let words = PartialMatch.Words(model.compiled.tokenize(said))
        return PartialMatch.isFrame(words.units[...], grammar: model.compiled)
    }

    /// The text of `range` (inside `slot`'s span) as the utterance writes it: from `tokens`,
    /// or from the slot's text when it holds the span's scalars one for one; nil when
    /// neither can say.
    static func written(_ range: Range<Int>, inside slot: SlotMatch, tokens: TokenizedText?) -> String? {
        if let tokens, range.upperBound <= tokens.text.unicodeScalars.count { return String(tokens.original(scalars: range)) }
        guard let span = slot.span, range.lowerBound >= span.lowerBound, range.upperBound <= span.upperBound else { return nil }
        let scalars = Array(slot.text.unicodeScalars)
        guard scalars.count == span.count else { return nil }
        return String(String.UnicodeScalarView(scalars[(range.lowerBound - span.lowerBound)..<(range.upperBound - span.lowerBound)]))
    }

    /// The ``ReadingKey`` that ``Resolver`` would give `match` for `app`, from the slots and
    /// the catalogue: a value said is free text (``MatchKind/text``) unless a vocabulary
    /// item other than an app name was found for it or the grammar matched a list value,
    /// number or fixed value; a parameter not said needs a value when it is required, no
    /// parameter said waives it and the app has no item it defaults to
    /// (``Resolver/unsaid(_:in:)``). Debug builds check it against the key of the resolved
    /// parameters.
    func readingKey(of match: Hypothesis, intent: IntentDefinition, app: Int, scope: Scope) -> ReadingKey {
        let (offers, appNameSpans) = (scope.offers, scope.appNameSpans)
        // (Slots and parameters read in place, by index: bound to locals they would be copied,
        // a retain and a release for each of their strings, for every reading of every app.)
        let (guessed, missing, partOfItems) = match.slots.withUnsafeBufferPointer { slots in
            func guesses(_ index: Int, vocabulary: Bool) -> Bool {
                guard Resolver.isFreeText(slots[index], offers: offers) else { return false }
                if vocabulary { return true }
                return slots[index].span.map { appNameSpans.contains($0) } ?? false
            }
            /// The letters of the free text of `index` that are part of the app's items of
            /// `list`, as resolution reads them (``Resolver/partialMatch(_:list:)``, memoized
            /// for the parse) and ``ReadingKey/lettersExplained(said:part:)`` counts them;
            /// nil when none are.
            func partOfItems(_ index: Int, list: String?) -> Int? {
                guard slots[index].kind == .wildcard, let list, vocabulary.hasItems(app: app, list: list) else { return nil }
                let text = slots[index].text
                let parts = scope.partialMatches.parts(of: text, model: model, app: app, list: list) {
                    Resolver(scope: scope, app: app).parts(of: text, list: list)
                }
                guard let part = parts?.part, case let letters = ReadingKey.lettersExplained(said: text, part: part), letters > 0 else { return nil }
                return letters
            }
            return intent.withParameterIndices(of: slots) { parameterOf in
                var guessed = 0, missing = 0, explained = 0
                for parameter in intent.parameters.indices {
                    var said = false
                    let isVocabulary = if case .vocabulary = intent.parameters[parameter].kind { true } else { false }
                    for index in slots.indices where parameterOf[index] == parameter {
                        said = true
                        guard guesses(index, vocabulary: isVocabulary) else { continue }
                        if isVocabulary, let letters = partOfItems(index, list: intent.parameters[parameter].list) {
                            explained += letters
                        } else {
                            guessed += 1
                        }
                    }
                    if !said, intent.parameters[parameter].isNeeded(saying: { name in slots.indices.contains { slots[$0].name == name } }),
                       !Resolver.hasDefaultItems(intent.parameters[parameter], app: app, in: vocabulary) {
                        missing += 1
                    }
                }
                for index in slots.indices where parameterOf[index] < 0 && slots[index].name != "app" && guesses(index, vocabulary: false) {
                    guessed += 1
                }
                return (guessed, missing, explained)
            }
        }
        return ReadingKey(guessed: guessed, missing: missing, partOfItems: partOfItems, match: match)
    }
}
