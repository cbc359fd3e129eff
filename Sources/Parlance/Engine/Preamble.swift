import ParlanceGrammar

/// What a person says before the request itself: a reason, a situation, an exclamation,
/// set off by punctuation ("Ich bin fertig, beende das Training in Excite Yoga", "I need a
/// bigger car, can RideNow send me an XL", 「財布なくしちゃったから、カードを止めて」). The grammar's
/// templates start where the request starts; without this, such a clause falls to a
/// free-text slot ("Ich bin fertig" as the workout's name) or leaves the request unread.
///
/// The engine reads the utterance again with the clause blanked (spaces in its place, so
/// every span keeps its offsets), and counts the clause's letters as left unexplained, as
/// a free-text slot's would be: the reading without it replaces the first only when it
/// ranks before it (``ReadingKey``), which it does when the first put the clause in a value
/// ("Ich bin fertig" as a workout no app knows), not when it explained its words.
enum Preamble {
    /// At most this many clause ends are tried, the first ones: each costs a read.
    static let clausesLifted = 2

    /// Whether `scalar` ends a clause: a comma, semicolon, question or exclamation mark or
    /// full stop of any script. (Not a colon: what follows one is said, "Schreib auf:
    /// Reifenwechsel", and belongs to the request.)
    static func endsClause(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ",", ";", "?", "!", ".", "，", "、", "；", "？", "！", "。", "…", "¿", "¡": true
        default: false
        }
    }

    /// The scalar offsets in `text` just past each clause end that has a letter or digit
    /// before it and after it (the clause and the request), at most ``clausesLifted``, and
    /// none inside a span of `kept` (names, vocabulary items and dates: the clause would
    /// take what the request says).
    static func ends(in text: String, keeping kept: [Range<Int>]) -> [Int] {
        let scalars = Array(text.unicodeScalars)
        func isWord(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic || scalar.properties.numericType != nil }
        guard let lastWord = scalars.lastIndex(where: isWord) else { return [] }
        // A clause that reaches into a kept span would blank what the request says.
        let firstKept = kept.map(\.lowerBound).min() ?? Int.max
        var ends: [Int] = []
        var wordBefore = false
        for (offset, scalar) in scalars.prefix(min(lastWord, firstKept)).enumerated() {
            if isWord(scalar) {
                wordBefore = true
            } else if wordBefore, endsClause(scalar) {
                ends.append(offset + 1)
                if ends.count == clausesLifted { break }
            }
        }
        return ends
    }

    /// The letters and digits of `text` before scalar offset `end`: what the blanked clause
    /// leaves unexplained.
    static func letters(of text: String, before end: Int) -> Int {
        text.unicodeScalars.prefix(end).lazy.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }.count
    }
}

extension Engine {
    /// `best`, or a reading of `text` with a clause said before the request blanked
    /// (``Preamble``) when that one ranks before it, the clause's letters counted as left
    /// unexplained. A clause that holds an app's name, a vocabulary item or a date is part of
    /// the request and is kept. Read in the language of `best`; with no `best`, nothing is
    /// lifted.
    func liftingPreamble(_ text: String, best: (model: LanguageModel, hypotheses: [IntentHypothesis])?,
                         locked: Bool, memo: Reader.Memo) -> (model: LanguageModel, hypotheses: [IntentHypothesis])? {
        // Only a reading of the whole utterance is improved on: with none, the clause is no
        // preamble of a request the grammar read, and a read of the rest alone would answer
        // what no template reads ("thanks, that's all for now" as ending a workout).
        guard let best, let top = best.hypotheses.first, !top.reading.isUnbeatable else { return best }
        let model = best.model
        // Only a reading with free text can lose to one without the clause (the clause, or the
        // request after it, is in a free-text slot: "J'ai fini, arrête l'entraînement" read as
        // "j'ai fini {workout}"); one with template words and values alone stands.
        guard top.match.slots.contains(where: { $0.kind == .wildcard }) else { return best }
        let spans = memo.appSpans(of: model, policy: .fixed(0))
        let kept = (spans.names + spans.vocabulary + memo.userSpans(of: model, policy: .fixed(0))).map(\.scalarRange)
            + memo.dateTimes(of: model).map(\.scalarRange)
        var result: (model: LanguageModel, hypotheses: [IntentHypothesis])? = best
        for end in Preamble.ends(in: text, keeping: kept) {
            // An app named inside the request is lifted too: "Ich bin fertig, beende das Training in Excite Yoga".
            let lifted = AppMention.blanking([0..<end], in: text)
            guard let (liftedModel, hypotheses) = readingLifted(lifted, memo: memo.derived(text: lifted, keepingDates: false),
                                                                model: model, locked: locked),
                  !hypotheses.isEmpty else { continue }
            let counted = hypotheses.leavingUnexplained(Preamble.letters(of: text, before: end))
            if let current = result?.hypotheses.first, !Reader.isBetter(counted[0], than: current) { continue }
            result = (liftedModel, counted)
        }
        return result
    }
}
