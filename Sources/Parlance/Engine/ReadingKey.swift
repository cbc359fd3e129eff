import ParlanceGrammar

/// How the engine ranks its readings of an utterance, within a language and across
/// languages: a lexicographic key, smaller first. The grammar's ``RankingKey`` ranks
/// template matches the way hassil does; a reading is more than a match (an app, resolved
/// parameters), so the engine puts what the vocabulary and the catalogue know first:
///
/// 1. ``wordEdits``: fewer corrected template words (the sentence frame as written wins);
/// 2. ``freeTextScalars`` plus ``valueEdits``: fewer characters left unexplained. Words a
///    template matches as written, or a vocabulary item explains, beat words a free-text
///    slot swallows (hassil gives a wildcard the shortest span that lets the rest match);
///    free text that is part of the app's items of its parameter (``PartialMatch``: "de
///    Contes" of two shows "Contes de Bretagne" and "Contes de minuit") is explained by
///    them as far as the part goes, so the reading that asks which show beats one that
///    reads "Contes" as an artist nobody knows:
///    "Mándale a Celestra un mensaje" names no message, rather than sending the message "un
///    mensaje"; "the Graduation album" names an album (unknown to the app) rather than a
///    place. A character a value takes in by an edit is not explained either: in
///    "Commanderでデプロイ" the app name does not reach into the topic by two insertions;
/// 3. ``guessed``: fewer vocabulary parameters filled with free text (words no vocabulary
///    explains, not even as part of an item), counting free text that is exactly an app's
///    name found in the utterance;
/// 4. ``missing``: fewer required parameters unsaid;
/// 5. ``freeTextParameters``: fewer parameters filled with free text. Parameters, not
///    values: "add bread and coffee to my list" read as two task titles leaves no more to
///    free text than one title "bread and coffee" does;
/// 6. ``valueEdits``: fewer edits in list and vocabulary values;
/// 7. ``literalScalars``: more template text matched as written;
/// 8. ``skippedWords``: fewer skip words passed over.
///
/// Readings equal on all eight are ties: the grammar's order and the vocabulary evidence
/// for an app break them (``Reader``).
///
/// The grammar ranks its matches, and its beam keeps the best paths to each state, in the
/// same order (``RankingOrder/leastUnexplained``): template words corrected, characters
/// left unexplained, wildcards (the free-text parameters of 5), value edits, template text,
/// skip words. Criteria 3 and 4 need the catalogue and the apps, which the grammar does not
/// know, and only break what it ranks alike on the first two; so a path the beam cuts is one
/// this key ranks no higher on its first two criteria.
struct ReadingKey: Sendable, Hashable, Comparable {
    var wordEdits: Int
    var freeTextScalars: Int
    var guessed: Int
    var missing: Int
    var freeTextParameters: Int
    var valueEdits: Int
    var literalScalars: Int
    var skippedWords: Int

    /// The criteria in order, each with what it means when it decides; the key compares
    /// them lexicographically, and ``whyLost(to:)`` names the first that differs.
    /// (A criterion's value is negated when more is better.)
    static let criteria: [(value: @Sendable (ReadingKey) -> Int, reason: String)] = [
        ({ $0.wordEdits }, "more edits in template words"),
        ({ $0.unexplained }, "more characters left unexplained (free text plus edits in values)"),
        ({ $0.guessed }, "more vocabulary parameters left to free text: vocabulary explains more than free text"),
        ({ $0.missing }, "more required parameters unsaid"),
        ({ $0.freeTextParameters }, "more parameters filled with free text"),
        ({ $0.valueEdits }, "more edits in values"),
        ({ -$0.literalScalars }, "less template text matched (characters)"),
        ({ $0.skippedWords }, "more skipped words"),
    ]

    /// Characters left unexplained: free text plus edits in values (the second criterion).
    var unexplained: Int { freeTextScalars + valueEdits }

    /// No reading can rank before this one: nothing corrected, nothing left to free text
    /// (the first two criteria at their least; a reading with a corrected word or value
    /// ranks after it on one of them).
    var isUnbeatable: Bool { wordEdits == 0 && freeTextScalars == 0 && valueEdits == 0 }

    static func < (lhs: ReadingKey, rhs: ReadingKey) -> Bool {
        for criterion in criteria {
            let (l, r) = (criterion.value(lhs), criterion.value(rhs))
            if l != r { return l < r }
        }
        return false
    }

    /// The key of a reading whose resolved parameters hold `guessed` vocabulary values left
    /// to free text and `missing` required values unsaid (what ``Reader`` counts without
    /// resolving them), and the grammar match behind it.
    /// `partOfItems`: the letters of free-text values that are part of the app's items.
    init(guessed: Int, missing: Int, partOfItems: Int = 0, match: Hypothesis) {
        let ranking = match.ranking
        self.init(wordEdits: ranking.wordEdits, guessed: guessed, missing: missing, freeTextParameters: ReadingKey.freeTextParameters(of: match),
                  freeTextScalars: max(0, ranking.wildcardScalars - partOfItems), valueEdits: ranking.valueEdits,
                  literalScalars: ranking.literalScalars, skippedWords: ranking.skippedWords)
    }

    /// The letters of free text `said` that its part of items (``PartialMatch/Parts/part``)
    /// explains, as free text counts them (letters and digits, not spaces or punctuation):
    /// the part's letters but one when what the text holds around the part is an edge of
    /// at most ``partEdgeLetters`` letters ("de" of "de Contes", 「的」), else none.
    ///
    /// The words around a part need only be words some template spells, and a large grammar
    /// spells many ("nota" of "nota Meeting Notes", "Fête" of "liste Fête"): resolution may
    /// still read such a part, but a wildcard that swallowed a noun of the sentence is no
    /// better explained for it. And a part is not the item, as a corrected word is not: the
    /// letter it does not explain lets a vocabulary match with one edit ("エコノミ" for
    /// エコノミー) rank with it, and win on taking no free text.
    static func lettersExplained(said: String, part: String) -> Int {
        func letters(_ text: String) -> Int {
            text.unicodeScalars.reduce(0) { count, scalar in
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil ? count + 1 : count
            }
        }
        let explained = letters(part)
        return letters(said) - explained <= partEdgeLetters ? max(0, explained - 1) : 0
    }

    /// The most letters a free text may hold around its part of items for the part to
    /// count as explained (an article, a preposition, a particle: "de", "los", 「の」).
    static let partEdgeLetters = 3

    /// Parameters filled with free text, each counted once however many values.
    static func freeTextParameters(of match: Hypothesis) -> Int {
        // (Slots read in place, by index: a slot bound to a local is a copy, a retain and a
        // release for each of its strings, and this runs for every reading of every app.)
        match.slots.withUnsafeBufferPointer { slots in
            var freeText = 0
            func isFreeText(_ index: Int) -> Bool { slots[index].kind == .wildcard && slots[index].foundIndex == nil }
            for index in slots.indices where isFreeText(index) {
                var first = true
                for earlier in 0..<index where isFreeText(earlier) && slots[earlier].name == slots[index].name {
                    first = false
                    break
                }
                if first { freeText += 1 }
            }
            return freeText
        }
    }

    /// The key of a reading: its parameters as resolved, and the grammar match behind them.
    /// `appNameSpans` are the spans where an app's name was found.
    init(parameters: [ParameterResult], match: Hypothesis, appNameSpans: [Range<Int>] = []) {
        var guessed = 0, missing = 0, partOfItems = 0
        for parameter in parameters {
            for value in parameter.values {
                if value.resolution.kind == .needsValue { missing += 1 }
                if case .vocabulary = parameter.definition?.kind, value.match?.isFreeText == true {
                    // Part of the app's items: explained as far as the part goes.
                    if value.match == .partial, case .partOfItems(let said, let part, _, _, _) = value.resolution.because,
                       case let letters = Self.lettersExplained(said: said, part: part), letters > 0 {
                        partOfItems += letters
                    } else {
                        guessed += 1
                    }
                }
                // Free text that is exactly an app's name: the name was not read as one.
                else if value.match == .text, let span = value.span, appNameSpans.contains(span) { guessed += 1 }
            }
        }
        self.init(guessed: guessed, missing: missing, partOfItems: partOfItems, match: match)
    }

    init(wordEdits: Int, guessed: Int, missing: Int, freeTextParameters: Int, freeTextScalars: Int, valueEdits: Int,
         literalScalars: Int, skippedWords: Int) {
        self.wordEdits = wordEdits
        self.guessed = guessed
        self.missing = missing
        self.freeTextParameters = freeTextParameters
        self.freeTextScalars = freeTextScalars
        self.valueEdits = valueEdits
        self.literalScalars = literalScalars
        self.skippedWords = skippedWords
    }

    /// Why a reading with this key ranks after one with `winner`: the first criterion that
    /// decides, in words; nil when they tie.
    func whyLost(to winner: ReadingKey) -> String? {
        for criterion in Self.criteria where criterion.value(self) != criterion.value(winner) {
            return "\(criterion.reason) (\(abs(criterion.value(self))) vs \(abs(criterion.value(winner))))"
        }
        return nil
    }
}
