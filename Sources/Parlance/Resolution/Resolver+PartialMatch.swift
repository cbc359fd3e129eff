import ParlanceGrammar
import ParlanceText
import ParlanceVocabulary

/// Free text said for a vocabulary parameter that is part of the app's items: a given name
/// shared by two contacts ("Message Kenji": Kenji Sato, Kenji Mori), a word two accounts
/// share ("into savings"), a car's short name ("the Falcon": Blue Falcon). SiriKit asks
/// which one (disambiguation); with one such item, the value is that item (success: a
/// given name only one contact has is the contact, as SiriKit's own contact resolution
/// takes it; confirmationRequired stays for a doubtful correction, a typo).
///
/// The part is the longest run of units (words; characters in scripts written without
/// spaces, where ICU's words are not to be trusted) that the said text and an item's phrase
/// share. What the said text holds around it must be words the language's templates spell
/// (articles, possessives, particles, honorifics: "the", "los", "dem", 「さん」, "里"): a
/// value's edges, read from the grammar, not from a list per language. Nothing else may be
/// left: "Anna Smith" is not part of "Anna Lee". The part must say something of its own:
/// not only template words, unless it is four letters or more ("savings" is a template
/// word of a banking grammar and a word of an account's name; a character of an unspaced
/// script counts as two, so "貯金" is four).
///
/// The items whose phrases share the longest part are the candidates, most important first
/// (the order of ``ModelVocabulary/items(app:list:)``: the user's before the app's, each
/// in its priority). Only items that hold a word of the said text are read, found through
/// a word index of the vocabulary (``ItemWordIndex``): with 100,000 contacts, "Message Bob"
/// reads the few Bobs.
struct PartialMatch {
    /// The items read are at most this many per parameter: a partial match is a question
    /// to the user, and among more items than that the question is not worth asking.
    static let itemsRead = 1_000
    /// The most options a disambiguation offers.
    static let optionsOffered = 10

    /// The items of `app` in `list` that could hold a part of `said` (`frames`: its
    /// ``Frames``), most important first, at most ``itemsRead``: looked up in the shards'
    /// word indexes (``ItemWordIndex``), not read item by item.
    ///
    /// Everything a part leaves of `said` is template words, so a part holds every unit
    /// between the last place the template words from the start reach and the first place
    /// from which they reach the end (the core: "Kenji" of "Kenji san", 「買い物リスト」 of
    /// 「買い物リストに」): a candidate holds each of its words (in a script written without
    /// spaces, each of its characters and each two of them one after the other: ``ItemWordIndex``
    /// knows both). When template words could make up all of `said`, a
    /// part still says a word that is not a template word or one of four letters or more:
    /// a candidate holds one such word. In a text of characters, where a part is two
    /// characters or more, a candidate holds a core of one character with one beside it,
    /// and without a core two characters next to each other, one of them such a word.
    ///
    /// Deterministic: the words are looked up in the order `said` says them, each shard's
    /// items in its order, so the items read when more than ``itemsRead`` qualify are the
    /// same in every process.
    static func candidates(for said: Words, framed frames: Frames, app: Int, list: String, vocabulary: ModelVocabulary,
                           grammar: CompiledGrammar) -> [Int] {
        // Each lookup: the hashes an item must all hold.
        var lookups: [[UInt64]] = []
        func look(_ hashes: [UInt64]) {
            if !hashes.isEmpty, !lookups.contains(hashes) { lookups.append(hashes) }
        }
        /// What an item holding `units` one after the other holds for sure: each unit's
        /// characters of unspaced scripts (a unit may be inside a longer word) or the unit
        /// as a word, and each two such characters next to each other within a unit, or
        /// ending one unit and starting the next when the units are characters (a key joins
        /// characters with nothing between, words with a space: Korean words are spaced).
        /// As the keys are written: without punctuation ("O'Brien" is "obrien" there).
        func hashes(of units: ArraySlice<ArraySlice<Unicode.Scalar>>) -> [UInt64] {
            var hashes: [UInt64] = []
            func add(_ hash: UInt64) { if !hashes.contains(hash) { hashes.append(hash) } }
            var previous: Unicode.Scalar?
            for unit in units.map({ $0.filter { !VocabularyIndex.keyLeavesOut($0) }[...] }) where !unit.isEmpty {
                if !said.areCharacters { previous = nil }
                if !unit.contains(where: \.isUnspaced) { add(ItemWordIndex.hash(unit)) }
                for scalar in unit {
                    if scalar.isUnspaced {
                        add(ItemWordIndex.hash(CollectionOfOne(scalar)))
                        if let previous { add(ItemWordIndex.hash([previous, scalar])) }
                    }
                    previous = scalar.isUnspaced ? scalar : nil
                }
            }
            return hashes
        }
        let coreStart = frames.before.lastIndex(of: true) ?? 0
        let coreEnd = frames.after.firstIndex(of: true) ?? said.units.count
        if said.areCharacters, coreEnd - coreStart == 1 {
            // A part of characters is two or more: the core and a character beside it.
            if coreStart > 0 { look(hashes(of: said.units[(coreStart - 1)..<coreEnd])) }
            if coreEnd < said.units.count { look(hashes(of: said.units[coreStart...coreEnd])) }
        } else if coreStart < coreEnd {
            look(hashes(of: said.units[coreStart..<coreEnd]))
        } else {
            let isKey = said.units.map { !grammar.spellsWord($0) || $0.count >= 4 }
            if said.areCharacters {
                for index in said.units.indices.dropLast() where isKey[index] || isKey[index + 1] {
                    look(hashes(of: said.units[index...(index + 1)]))
                }
            } else {
                for index in said.units.indices where isKey[index] { look(hashes(of: said.units[index...index])) }
            }
        }
        var found: Set<Int> = []
        func gather(_ shard: VocabularyShard, offset: Int) {
            for hashes in lookups {
                shard.index.forEachItem(withWords: hashes) { item in
                    guard found.count < itemsRead else { return false }
                    let owner = shard.owners[item]
                    if owner.app == app, owner.lists.contains(list) { found.insert(item + offset) }
                    return true
                }
            }
        }
        gather(vocabulary.user, offset: 0)
        gather(vocabulary.app, offset: vocabulary.userCount)
        // SiriKit's order: the user's items first, each source by priority (as the lists keep them).
        return found.map { index in
            let item = vocabulary.item(index)
            return (item.source, item.priority, index)
        }.sorted { $0 < $1 }.map(\.2)
    }

    /// What a said text is part of: the items holding its longest part, most important
    /// first, each with its phrase holding it, and that part as said.
    struct Parts {
        let candidates: [(item: Int, phrase: String)]
        let part: String
    }

    /// One phrase's or the said text's units, normalized, as the grammar reads them.
    struct Words {
        var units: [ArraySlice<Unicode.Scalar>] = []
        /// Where each unit stands in the text, in scalars.
        var spans: [Range<Int>] = []
        /// Whether the units are single characters of a script written without spaces.
        var areCharacters: Bool

        init(_ text: TokenizedText) {
            for unit in text.units {
                let scalars = text.normalizedScalars(of: unit)
                guard !scalars.isEmpty else { continue }
                units.append(scalars)
                spans.append(unit.scalarRange)
            }
            areCharacters = !text.units.isEmpty && text.units.allSatisfy(\.isCharacter)
        }

        var letters: Int { units.reduce(0) { $0 + $1.count } }
    }

    /// Whether the units of a said text before and after each place are template words end
    /// to end (``isFrame(_:grammar:)`` of every prefix and suffix, one pass each way): what
    /// ``part(of:framed:in:grammar:)`` asks for every phrase it reads, computed once.
    struct Frames {
        /// `before[k]`: the first k units are template words.
        let before: [Bool]
        /// `after[k]`: the units from the k-th on are template words.
        let after: [Bool]

        init(_ said: Words, grammar: CompiledGrammar) {
            let units = said.units
            // spelled[start * longest + length - 1]: units start..<start + length spell a
            // template word (runs of up to `longest` units).
            let longest = 8
            var spelled = [Bool](repeating: false, count: units.count * longest)
            for start in units.indices {
                grammar.spelledRuns(of: units, from: start, limit: longest) { end in spelled[start * longest + end - start - 1] = true }
            }
            func spells(_ range: Range<Int>) -> Bool { spelled[range.lowerBound * longest + range.count - 1] }
            var before = [Bool](repeating: false, count: units.count + 1)
            before[0] = true
            for end in units.indices.map({ $0 + 1 }) {
                before[end] = stride(from: end - 1, through: max(0, end - longest), by: -1).contains { before[$0] && spells($0..<end) }
            }
            var after = [Bool](repeating: false, count: units.count + 1)
            after[units.count] = true
            for start in units.indices.reversed() {
                after[start] = (start + 1...min(units.count, start + longest)).contains { after[$0] && spells(start..<$0) }
            }
            self.before = before
            self.after = after
        }
    }

    /// The part of `said` that `phrase` holds, as a range of `said`'s units, when the rest
    /// of `said` is only template words (`frames`: ``Frames`` of `said`); nil otherwise.
    static func part(of said: Words, framed frames: Frames, in phrase: Words, grammar: CompiledGrammar) -> Range<Int>? {
        let (s, p) = (said.units, phrase.units)
        guard !s.isEmpty, !p.isEmpty else { return nil }
        // The longest common runs of units (dynamic programming over the two short sequences).
        var previous = [Int](repeating: 0, count: p.count + 1)
        var current = previous
        var longest = 0
        var ends: [Int] = []
        for i in 1...s.count {
            for j in 1...p.count {
                current[j] = s[i - 1].elementsEqual(p[j - 1]) ? previous[j - 1] + 1 : 0
                if current[j] > longest {
                    longest = current[j]
                    ends = [i]
                } else if current[j] == longest, longest > 0, !ends.contains(i) {
                    ends.append(i)
                }
            }
            swap(&previous, &current)
        }
        guard longest > 0 else { return nil }
        for end in ends {
            let part = (end - longest)..<end
            guard frames.before[part.lowerBound], frames.after[part.upperBound] else { continue }
            // A single character of an unspaced script says too little ("王" of 王小雨 and 王强).
            if said.areCharacters, part.count < 2 { continue }
            if s[part].reduce(0, { $0 + weight(of: $1) }) < 4, isFrame(s[part], grammar: grammar) { continue }
            return part
        }
        return nil
    }

    /// The run of `said`'s units that `phrase` says too, when everything else either of them
    /// says is template words: an article, a particle or a contraction around the same words
    /// ("的读书会" and 读书会; "des Mots du Jour" and "Les Mots du Jour"). Nil otherwise: a
    /// word said in part ("エコノミ" for エコノミー) or another word is a typo, not a frame.
    /// The shared run must say something of its own, as a part must (``part(of:framed:in:grammar:)``).
    static func framedRun(of said: Words, in phrase: Words, grammar: CompiledGrammar) -> Range<Int>? {
        let (s, p) = (said.units, phrase.units)
        var best: (length: Int, start: Int)?
        for i in s.indices {
            for j in p.indices {
                var length = 0
                while i + length < s.count, j + length < p.count, s[i + length].elementsEqual(p[j + length]) { length += 1 }
                guard length > 0, length >= best?.length ?? 0 else { continue }
                let run = i..<(i + length)
                if said.areCharacters, length < 2 { continue }
                if isFrame(s[run], grammar: grammar), s[run].reduce(0, { $0 + weight(of: $1) }) < 4 { continue }
                if isFrame(s[..<i], grammar: grammar), isFrame(s[(i + length)...], grammar: grammar),
                   isFrame(p[..<j], grammar: grammar), isFrame(p[(j + length)...], grammar: grammar) {
                    best = (length, i)
                }
            }
        }
        return best.map { $0.start..<($0.start + $0.length) }
    }

    /// The letters a unit counts for: a character of a script written without spaces
    /// (kanji, kana, hanzi) counts as two, as it says about as much as two letters of an
    /// alphabet ("貯金" and "储蓄" are words of their own, as "savings" is).
    static func weight(of unit: ArraySlice<Unicode.Scalar>) -> Int {
        unit.reduce(0) { $0 + ($1.isUnspaced ? 2 : 1) }
    }

    /// Whether `units` are template words end to end (none is). A word may be several units
    /// (several characters of an unspaced script, "那个").
    static func isFrame(_ units: ArraySlice<ArraySlice<Unicode.Scalar>>, grammar: CompiledGrammar) -> Bool {
        frameWords(units, grammar: grammar) != nil
    }

    /// The fewest template words (of up to 8 units each) `units` split into, nil when they
    /// do not: 「提醒我」 is two words (提醒, 我) in three characters.
    static func frameWords(_ units: ArraySlice<ArraySlice<Unicode.Scalar>>, grammar: CompiledGrammar) -> Int? {
        guard !units.isEmpty else { return 0 }
        let start = units.startIndex
        // fewest[k]: the fewest template words the first k units split into (Int.max: none).
        var fewest = [Int](repeating: .max, count: units.count + 1)
        fewest[0] = 0
        for begin in 0..<units.count where fewest[begin] != .max {
            grammar.spelledRuns(of: units, from: start + begin, limit: 8) { end in
                fewest[end - start] = min(fewest[end - start], fewest[begin] + 1)
            }
        }
        return fewest[units.count] == .max ? nil : fewest[units.count]
    }
}

/// The free texts of a parse read as part of the apps' items (``Resolver/parts(of:list:)``),
/// by language, app and list: one free text is the value of many readings, in every read of
/// the parse (the first reads, an app's name or a date lifted out). The parse's user is
/// the same in all, so the items are too.
final class PartialMatchMemo {
    private var known: [(model: Int, app: Int, list: String, said: String, parts: PartialMatch.Parts?)] = []

    /// What `said` is part of among `app`'s items of `list` in `model`'s language, read by
    /// `read` the first time.
    func parts(of said: String, model: LanguageModel, app: Int, list: String, _ read: () -> PartialMatch.Parts?) -> PartialMatch.Parts? {
        let key = model.position
        if let entry = known.first(where: { $0.model == key && $0.app == app && $0.list == list && $0.said == said }) { return entry.parts }
        let parts = read()
        known.append((key, app, list, said, parts))
        return parts
    }
}

extension Resolver {
    /// Why `said` is the item whose phrase is `phrase` with only template words around
    /// (``PartialMatch/framedRun(of:in:grammar:)``), nil when it is not.
    func framedItem(said text: String, phrase: String, list: String) -> Resolution.Reason? {
        let grammar = model.compiled
        let saidText = grammar.tokenize(text)
        let said = PartialMatch.Words(saidText)
        guard !said.units.isEmpty, let run = PartialMatch.framedRun(of: said, in: PartialMatch.Words(grammar.tokenize(phrase)), grammar: grammar)
        else { return nil }
        let part = String(saidText.original(scalars: said.spans[run.lowerBound].lowerBound..<said.spans[run.upperBound - 1].upperBound))
        return .partOfItems(said: text, part: part, count: 1, list: list, app: engine.apps[app].displayName)
    }

    /// The items of the app's `list` that `said` is part of (``PartialMatch``), those
    /// holding its longest part, most important first; nil when it is part of none.
    func parts(of said: String, list: String) -> PartialMatch.Parts? {
        let grammar = model.compiled
        let saidText = grammar.tokenize(said)
        let words = PartialMatch.Words(saidText)
        guard !words.units.isEmpty else { return nil }
        var longest = 0
        var part: Range<Int> = 0..<0
        var candidates: [(item: Int, phrase: String)] = []
        var identifiers: Set<String> = []
        let frames = PartialMatch.Frames(words, grammar: grammar)
        for itemIndex in PartialMatch.candidates(for: words, framed: frames, app: app, list: list, vocabulary: vocabulary, grammar: grammar) {
            let item = vocabulary.item(itemIndex)
            var best: (letters: Int, part: Range<Int>, phrase: String)?
            for phrase in item.phrases {
                let phraseWords = PartialMatch.Words(grammar.tokenize(phrase))
                guard let found = PartialMatch.part(of: words, framed: frames, in: phraseWords, grammar: grammar) else { continue }
                let letters = words.units[found].reduce(0) { $0 + $1.count }
                if letters > best?.letters ?? 0 { best = (letters, found, phrase) }
            }
            guard let best, best.letters >= longest else { continue }
            if best.letters > longest {
                longest = best.letters
                part = best.part
                candidates.removeAll()
                identifiers.removeAll()
            }
            if let identifier = item.identifier, !identifiers.insert(identifier).inserted { continue }
            candidates.append((itemIndex, best.phrase))
        }
        guard !candidates.isEmpty else { return nil }
        let partText = String(saidText.original(scalars: words.spans[part.lowerBound].lowerBound..<words.spans[part.upperBound - 1].upperBound))
        return PartialMatch.Parts(candidates: candidates, part: partText)
    }

    /// `slot`'s free text read as part of the app's items of `list`
    /// (``PartialMatch``): disambiguation among several, the item when it is one (success,
    /// match kind ``ParameterValue/MatchKind/partial``); nil when it is part of none.
    ///
    /// Once per parse for each language, text, app and list (``PartialMatchMemo``):
    /// ``parts(of:list:)``.
    ///
    /// - Complexity: tokenizing the said text, word index lookups (``PartialMatch/candidates(for:framed:app:list:vocabulary:grammar:)``),
    ///   and tokenizing the phrases of the candidates (at most ``PartialMatch/itemsRead``),
    ///   with per phrase a table of said × phrase units.
    func partialMatch(_ slot: SlotMatch, list: String) -> ParameterValue? {
        let parts = scope.partialMatches.parts(of: slot.text, model: model, app: app, list: list) { self.parts(of: slot.text, list: list) }
        guard let (candidates, partText) = parts.map({ ($0.candidates, $0.part) }) else { return nil }
        let reason = Resolution.Reason.partOfItems(said: slot.text, part: partText, count: candidates.count, list: list,
                                                   app: engine.apps[app].displayName)
        let options = candidates.prefix(PartialMatch.optionsOffered).map {
            ResolutionOption(value: vocabulary.item($0.item).firstPhrase ?? $0.phrase, identifier: vocabulary.item($0.item).identifier)
        }
        if options.count == 1 {
            // The item's phrase that holds the part, as an exact match gives the phrase it
            // matched ("Extra Grande", not the item's first phrase "XL").
            return ParameterValue(value: .string(candidates[0].phrase), text: slot.text, identifier: options[0].identifier, span: slot.span,
                                  match: .partial, resolution: Resolution(.success, options: [], because: reason))
        }
        return ParameterValue(value: nil, text: slot.text, span: slot.span, match: .partial,
                              resolution: Resolution(.disambiguation, options: options, because: reason))
    }
}
