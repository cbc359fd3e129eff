import ParlanceGrammar
import ParlanceText
import ParlanceVocabulary

/// Why an utterance was read as it was: the vocabulary found, and for each hypothesis the
/// template, the ranking key, how the app was chosen, each parameter's resolution and what
/// made it lose to the one before it.
public struct ParseExplanation: Sendable, CustomStringConvertible {
    /// One vocabulary span or app name found in the utterance.
    public struct Found: Sendable, Hashable {
        /// The utterance's text.
        public let text: String
        /// The vocabulary phrase (or app name) it matched.
        public let matched: String
        /// The edits between them.
        public let edits: Int
        /// The app whose vocabulary (or name) it is.
        public let app: String
        /// What it is: an app name, or the vocabulary type.
        public let kind: String
    }

    /// The parse explained.
    public let result: ParseResult
    /// What the span finder found, in utterance order.
    public let found: [Found]
    /// When no language was given: each language written in a script of the utterance,
    /// how much of the utterance its words spell, and whether it was read first
    /// (``Engine/languageEvidence(for:)``).
    public let languages: [LanguageEvidence]
    /// Notes on what the parse read: whose vocabulary, what is odd about it (a user with
    /// no vocabulary, vocabulary of apps the engine does not know), a language asked for
    /// that has no grammar.
    public let notes: [String]

    /// Why each hypothesis after the first ranks after the one before it: element `i` is
    /// why hypothesis `i + 1` lost to hypothesis `i`, the first criterion of the engine's
    /// order that decides between them, with the values it compared.
    public var reasonsLost: [String] {
        let hypotheses = result.hypotheses
        return hypotheses.indices.dropFirst().map { Self.whyLost(hypotheses[$0], to: hypotheses[$0 - 1]) }
    }

    public var description: String {
        var lines = ["utterance: \(result.utterance)", "language: \(result.language ?? "none matched")"]
        if let best = result.best {
            let against = "the best hypothesis's confidence \(String(format: "%.3f", best.confidence)) against the threshold \(String(format: "%.3f", result.threshold))"
            lines.append(result.understood ? "understood: \(against)" : "not understood: \(against) (a request no app can handle, or one too unclear to act on)")
        }
        lines += notes.map { "note: \($0)" }
        if languages.count > 1 {
            lines.append("languages: " + languages.map {
                "\($0.language) spells \($0.spelled) of \($0.letters) letters\($0.tried ? "" : ", read only if the others read nothing")"
            }.joined(separator: "; "))
        }
        lines.append(found.isEmpty ? "vocabulary found: none" : "vocabulary found:")
        for item in found {
            lines.append("  \"\(item.text)\" → \(item.matched) (\(item.kind), \(item.app)\(item.edits > 0 ? ", \(item.edits) edit(s)" : ""))")
        }
        guard !result.hypotheses.isEmpty else {
            lines.append("no template matched the whole utterance")
            return lines.joined(separator: "\n")
        }
        let reasons = reasonsLost
        for (index, hypothesis) in result.hypotheses.enumerated() {
            let match = hypothesis.match
            lines.append("")
            lines.append("#\(index + 1) \(hypothesis.intent.name) → \(hypothesis.app.displayName) (confidence \(String(format: "%.3f", hypothesis.confidence)))")
            lines.append("  template: \(match.template.text)  [\(match.template.location)]")
            lines.append("  ranking: \(match.ranking)")
            lines.append("  app: \(hypothesis.appSelection)")
            if hypothesis.requiresUnlock { lines.append("  requires unlock: \(hypothesis.app.displayName) restricts \(hypothesis.intent.name) while locked") }
            for parameter in hypothesis.parameters {
                for value in parameter.values {
                    let said = value.text.map { "\"\($0)\"" } ?? "not said"
                    lines.append("  \(parameter.name): \(said) → \(value.resolution.kind.rawValue): \(value.resolution.reason)")
                }
            }
            if index > 0 {
                lines.append("  lost to #\(index): \(reasons[index - 1])")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// What ranks `loser` after `winner`, in words: the first criterion of the engine's
    /// order that decides between them (``Reader``'s ranking: the ``ReadingKey``, the values
    /// the app's vocabulary knows among the best readings, then the grammar's order of its
    /// matches, in which among matches the grammar ranks alike the app with more vocabulary
    /// evidence goes first, then the order of the apps), with the values it compared.
    static func whyLost(_ loser: IntentHypothesis, to winner: IntentHypothesis) -> String {
        if let reason = loser.reading.whyLost(to: winner.reading) { return reason }
        let (l, w) = (loser.match.ranking, winner.match.ranking)
        let (lost, won) = (loser.tieBreak, winner.tieBreak)
        let otherApp = loser.intent.name == winner.intent.name && loser.app.bundleIdentifier != winner.app.bundleIdentifier
        if otherApp, loser.appSelection.isAmbiguous {
            return "equally plausible app: the app itself needs disambiguation"
        }
        if lost.knownValues != won.knownValues {
            return "as good a reading, with fewer values said that the app's vocabulary knows (\(lost.knownValues) vs \(won.knownValues))"
        }
        if lost.tieGroup != won.tieGroup, let field = l.firstDifference(from: w) {
            return "the grammar ranks its match lower: \(field.rawValue) (\(l.value(of: field)) vs \(w.value(of: field)), "
                + "\(field.largerIsBetter ? "more" : "fewer") ranks first)"
        }
        if lost.appEvidence != won.appEvidence {
            return "its app has fewer values in its vocabulary among the readings the grammar ranks alike (\(lost.appEvidence) vs \(won.appEvidence))"
        }
        if lost.grammarRank != won.grammarRank {
            if l.templateOrder != w.templateOrder {
                return "tie on every deciding criterion; broken by template order (#\(l.templateOrder) vs #\(w.templateOrder))"
            }
            return "tie on every deciding criterion; the grammar lists this reading of the same template later"
        }
        if otherApp { return "the same reading for another app that supports the intent; apps in the order they were loaded" }
        return "equal ranking; listed in grammar order"
    }
}

extension Engine {
    /// What ``ParseExplanation/user`` says of a session.
    private func describe(_ session: UserSession, given: Bool) -> [String] {
        var lines: [String] = []
        let name = session.user.isEmpty ? "the apps' own user vocabulary (UserVocabulary.json)" : "'\(session.user)'"
        if session.itemCount == 0 {
            lines.append(given ? "\(name) has no vocabulary: read with the apps' vocabulary alone" : "\(name): none")
        } else {
            lines.append("\(name), \(session.itemCount) vocabulary item(s)")
        }
        if !session.unknownApps.isEmpty {
            lines.append("vocabulary of apps not loaded, not read: \(session.unknownApps.joined(separator: ", "))")
        }
        return lines
    }

    /// Parses `utterance` and explains the result (see ``ParseExplanation``).
    public func explain(_ utterance: String, language: String? = nil, locked: Bool = false, user: UserSession? = nil,
                        now: LocalDateTime? = nil) -> ParseExplanation {
        let session = user ?? defaultUser
        let result = parse(utterance, language: language, locked: locked, user: session, now: now)
        var found: [ParseExplanation.Found] = []
        if let tag = result.language, let model = model(for: tag) {
            let read = Utterance(utterance, tokenizer: model.compiled.tokenizer)
            let scalars = Array(utterance.unicodeScalars)
            func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
            let policy = options.editPolicy(for: model.language)
            let vocabulary = model.vocabulary(with: session)
            let appSpans = model.appSpans(in: read, policy: policy, userCount: vocabulary.userCount)
            for span in appSpans.names {
                found.append(.init(text: text(span.scalarRange), matched: span.match.matchedText, edits: span.edits,
                                   app: apps[span.match.itemIndex].displayName, kind: "app name"))
            }
            for span in vocabulary.userSpans(in: read, policy: policy) + appSpans.vocabulary {
                let owner = vocabulary.owner(span.match.itemIndex)
                found.append(.init(text: text(span.scalarRange), matched: span.match.matchedText, edits: span.edits,
                                   app: apps[owner.app].displayName, kind: "\(span.match.type)"))
            }
        }
        // The evidence the parse went by: of the text it read, when no language was given.
        let evidence = language == nil ? Engine.readableText(of: utterance).map(languageEvidence(for:)) ?? [] : []
        var notes = describe(session, given: user != nil)
        if let language, grammarLanguage(for: language) == nil {
            notes.append("no grammar for language '\(language)': the grammars are \(languages.joined(separator: ", "))")
        }
        // No grammar's words spell much of it: perhaps a language with no grammar.
        if let most = evidence.max(by: { $0.spelled < $1.spelled }), most.letters > 0,
           Double(most.spelled) < Double(most.letters) / 4, !result.understood {
            notes.append("no grammar's words spell much of the utterance (at most \(most.spelled) of \(most.letters) letters, \(most.language)): it may be in a language with no grammar; the grammars are \(languages.joined(separator: ", "))")
        }
        return ParseExplanation(result: result, found: found, languages: evidence, notes: notes)
    }
}
