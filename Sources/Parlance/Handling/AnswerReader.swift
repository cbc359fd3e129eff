import ParlanceText
import ParlanceVocabulary

/// Reads a user's short answers in one language: cancel, yes or no, and a choice among
/// options (by ordinal, by number, or by any unambiguous part of an option).
///
/// ```swift
/// let reader = AnswerReader(texts: try DialogueTexts.builtIn(for: "de"), tokenizer: try Tokenizer(language: Language("de")))
/// reader.isCancel("Vergiss es")                                        // true
/// reader.yesOrNo("Ja, genau!")                                         // true
/// reader.yesOrNo("vielleicht")                                         // nil: neither
/// reader.choice("die zweite", among: [["12 Oak Street"], ["48 Elm Avenue"]])  // .option(1)
/// ```
///
/// Words are compared after the tokenizer's normalization (case, width, diacritics where
/// the language folds them, katakana as hiragana), as keys: the normalized words joined by
/// a space, or by nothing in a language written without spaces (ja, zh), so that
/// 「やめて」 is 「やめて」 however it is segmented (Latin words there keep their space). A
/// closed answer (cancel, yes, no, an ordinal, a number) is matched whole, as said and with
/// the data file's fillers removed from either end ("the second one" → "second",
/// 「キャンセルでお願いします」 → 「キャンセル」): "stop by the store" is a message, not a cancel.
public struct AnswerReader: Sendable {
    /// What an answer chose.
    public enum Choice: Sendable, Hashable {
        /// The option at this index.
        case option(Int)
        /// The answer fits these options equally well (indexes, in order).
        case ambiguous([Int])
        /// The answer fits no option.
        case none
    }

    let tokenizer: Tokenizer
    /// " " between words, or "" in an unspaced language.
    let separator: String
    let editPolicy: EditPolicy
    let cancel: Set<String>
    let yes: Set<String>
    let no: Set<String>
    /// Filler keys, longest first (the longest is stripped first).
    let fillers: [String]
    /// Fillers of one word, dropped anywhere when matching parts of options.
    let fillerWords: Set<String>
    /// Elided fillers ("l'", "d'"), stripped from the front of a word when matching parts of
    /// options ("d'Elm" → "elm").
    let elisions: [String]
    /// Ordinal key → position, 1-based (``DialogueTexts/AnswerWords/lastPosition`` for the last).
    let ordinals: [String: Int]
    let numbers: [String: Int]
    let numberForms: [(prefix: String, suffix: String)]

    /// The most words of an answer read as a choice: a longer answer is not one, and
    /// reading it would only cost time.
    static let longestChoice = 64

    /// A reader of `texts`'s words, normalized by `tokenizer` (the language's).
    public init(texts: DialogueTexts, tokenizer: Tokenizer, editPolicy: EditPolicy = .default) {
        self.tokenizer = tokenizer
        self.editPolicy = editPolicy
        separator = tokenizer.language.isSpaceDelimited ? " " : ""
        let words = texts.words
        func keys(_ phrases: [String]) -> Set<String> { Set(phrases.map(Self.key(tokenizer: tokenizer)).filter { !$0.isEmpty }) }
        cancel = keys(words.cancel)
        yes = keys(words.yes)
        no = keys(words.no)
        fillers = keys(words.fillers).sorted { $0.count > $1.count || ($0.count == $1.count && $0 < $1) }
        // (A filler of several words is dropped only at either end, as a whole.)
        fillerWords = Set(words.fillers.map { Self.words(of: $0, tokenizer: tokenizer) }.filter { $0.count == 1 }.map { $0[0] })
        elisions = words.fillers.filter { $0.hasSuffix("'") || $0.hasSuffix("’") }.map { tokenizer.normalizer.normalize($0) }
        var ordinals: [String: Int] = [:]
        for (position, phrases) in words.ordinals { for key in keys(phrases) where ordinals[key] == nil { ordinals[key] = position } }
        self.ordinals = ordinals
        var numbers: [String: Int] = [:]
        for (value, phrases) in words.numbers { for key in keys(phrases) where numbers[key] == nil { numbers[key] = value } }
        self.numbers = numbers
        numberForms = words.numberForms.map { form in
            let parts = form.components(separatedBy: "{n}")
            return (Self.key(tokenizer: tokenizer)(parts[0]), Self.key(tokenizer: tokenizer)(parts.count > 1 ? parts[1] : ""))
        }
    }

    // MARK: Closed answers

    /// Whether `text` means cancel ("never mind", "abbrechen", 「やめて」, "算了").
    public func isCancel(_ text: String) -> Bool {
        cores(of: key(text)).contains { cancel.contains($0) }
    }

    /// True for yes, false for no, nil for an answer that is neither.
    public func yesOrNo(_ text: String) -> Bool? {
        let cores = cores(of: key(text))
        if cores.contains(where: { yes.contains($0) }) { return true }
        if cores.contains(where: { no.contains($0) }) { return false }
        return nil
    }

    // MARK: Choices

    /// The option `text` chooses among `options`, each given by its names (the value shown
    /// first, then other names: an identifier, an app's alternative names). In order:
    /// 1. a whole name ("48 Elm Avenue");
    /// 2. an ordinal ("the second one", "die zweite", 「2番目」, "第二个", "the last one") or
    ///    a number in range ("2", "number two");
    /// 3. parts of names: options whose words hold every word of the answer but its
    ///    fillers, exactly ("elm", "Elm Avenue"), else within the edits the engine allows
    ///    ("Elm Avenu"), else most of them; in an unspaced language, also options whose
    ///    text holds the answer (「ユニコーン」). Several options equally good are ambiguous
    ///    ("city" of two City Power accounts).
    ///
    /// - Complexity: O(answer words × option words) distance computations, each bounded by
    ///   the edit budget; answers past ``longestChoice`` words are no choice.
    public func choice(_ text: String, among options: [[String]]) -> Choice {
        guard !options.isEmpty else { return .none }
        let tokens = tokenizer.tokenize(text)
        guard !tokens.tokens.isEmpty, tokens.tokens.count <= Self.longestChoice * 4 else { return .none }
        let answer = tokens.tokens.map { tokens.normalized($0) }
        let cores = cores(of: separator.isEmpty ? Self.joinUnspaced(answer) : answer.joined(separator: " "))
        // 1. A whole name.
        let names = options.map { $0.map(key) }
        let whole = names.indices.filter { index in names[index].contains { name in cores.contains(name) } }
        if whole.count == 1 { return .option(whole[0]) }
        if whole.count > 1 { return .ambiguous(whole) }
        // 2. An ordinal or a number.
        for core in cores {
            if let position = ordinals[core] {
                let index = position == DialogueTexts.AnswerWords.lastPosition ? options.count - 1 : position - 1
                if options.indices.contains(index) { return .option(index) }
            }
            if let number = number(in: core), options.indices.contains(number - 1) { return .option(number - 1) }
        }
        // 3. Parts.
        return parts(answer: answer, cores: cores, options: options)
    }

    private func parts(answer: [String], cores: [String], options: [[String]]) -> Choice {
        let content = answer.map(withoutElision).filter { !fillerWords.contains($0) }
        guard !content.isEmpty, content.count <= Self.longestChoice else { return .none }
        // Per option: (how well, lower is better; words matched; edits).
        var scores: [(tier: Int, matched: Int, edits: Int)] = []
        for names in options {
            let words = Set(names.flatMap { Self.words(of: $0, tokenizer: tokenizer).map(withoutElision) })
            var matched = 0, edits = 0, exact = 0
            for word in content {
                if words.contains(word) {
                    matched += 1
                    exact += 1
                    continue
                }
                let budget = editPolicy.maxEdits(forKeyLength: word.unicodeScalars.count)
                let best = words.lazy.compactMap { WordDistance.osa(word, $0, limit: budget) }.min()
                if let best {
                    matched += 1
                    edits += best
                }
            }
            var tier = 4
            if exact == content.count { tier = 1 } else if matched == content.count { tier = 2 } else if matched * 2 >= content.count && matched > 0 { tier = 3 }
            // In an unspaced language an answer is part of a name when its text is
            // (「ユニコーン」 of 「ユニコーンチャット」): words there are the segmenter's guess.
            if separator.isEmpty, tier > 1 {
                let compact = names.map(key)
                if cores.contains(where: { core in core.unicodeScalars.count >= 2 && compact.contains { $0.contains(core) } }) { tier = 1 }
            }
            scores.append((tier, matched, edits))
        }
        guard let bestTier = scores.map(\.tier).min(), bestTier < 4 else { return .none }
        let contenders = scores.indices.filter { scores[$0].tier == bestTier }
        // Within a tier: more words matched, then fewer edits.
        let best = contenders.map { (-scores[$0].matched, scores[$0].edits) }.min { $0 < $1 }!
        let chosen = contenders.filter { (-scores[$0].matched, scores[$0].edits) == best }
        return chosen.count == 1 ? .option(chosen[0]) : .ambiguous(chosen)
    }

    private func withoutElision(_ word: String) -> String {
        for elision in elisions where word.count > elision.count && word.hasPrefix(elision) { return String(word.dropFirst(elision.count)) }
        return word
    }

    /// The number a core says through a number form ("number {n}", 「{n}番目」, "第{n}个"),
    /// {n} being digits or a number word.
    private func number(in core: String) -> Int? {
        for (prefix, suffix) in numberForms {
            var middle = Substring(core)
            if !prefix.isEmpty {
                let head = separator.isEmpty ? prefix : prefix + separator
                guard middle.hasPrefix(head) else { continue }
                middle = middle.dropFirst(head.count)
            }
            if !suffix.isEmpty {
                let tail = separator.isEmpty ? suffix : separator + suffix
                guard middle.hasSuffix(tail) else { continue }
                middle = middle.dropLast(tail.count)
            }
            middle = middle.drop { $0 == " " }
            while middle.last == " " { middle = middle.dropLast() }
            guard !middle.isEmpty else { continue }
            if middle.count <= 4, middle.allSatisfy(\.isASCII), let value = Int(middle) { return value }
            if let value = numbers[String(middle)] { return value }
        }
        return nil
    }

    // MARK: Keys

    /// The key of `text`: its normalized words joined by ``separator``.
    func key(_ text: String) -> String { Self.key(tokenizer: tokenizer)(text) }

    static func key(tokenizer: Tokenizer) -> (String) -> String {
        if tokenizer.language.isSpaceDelimited { return { text in words(of: text, tokenizer: tokenizer).joined(separator: " ") } }
        return { text in joinUnspaced(words(of: text, tokenizer: tokenizer)) }
    }

    /// Words joined as a key of an unspaced language: with nothing between them, but words
    /// of a spaced script keep a space ("never mind", "oak street" in a Japanese answer), so
    /// that "in" is not stripped from "incorrect".
    static func joinUnspaced(_ words: [String]) -> String {
        var key = ""
        for word in words {
            if let last = key.unicodeScalars.last, let first = word.unicodeScalars.first, isSpacedWord(last), isSpacedWord(first) { key += " " }
            key += word
        }
        return key
    }

    /// Whether `scalar` belongs to a word of a script written with spaces (Latin, Greek,
    /// Cyrillic… and digits): below the CJK blocks.
    static func isSpacedWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x2E80 && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
    }

    /// Whether `a` and `b` would be cut inside one word of a spaced script.
    private static func cutsWord(_ a: Character?, _ b: Character?) -> Bool {
        guard let a = a?.unicodeScalars.last, let b = b?.unicodeScalars.first else { return false }
        return isSpacedWord(a) && isSpacedWord(b)
    }

    static func words(of text: String, tokenizer: Tokenizer) -> [String] {
        let tokens = tokenizer.tokenize(text)
        return tokens.tokens.map { tokens.normalized($0) }
    }

    /// `key` as said, then with fillers removed from either end, one at a time (each step
    /// kept: "yes please" is "yes", but "お願いします" is itself a yes).
    func cores(of key: String) -> [String] {
        guard !key.isEmpty else { return [] }
        var result = [key]
        var current = key
        // (A bound: an answer is short, and a long one should not cost a pass per word.)
        for _ in 0..<8 {
            guard let stripped = stripOneFiller(current), !stripped.isEmpty else { break }
            result.append(stripped)
            current = stripped
        }
        return result
    }

    private func stripOneFiller(_ key: String) -> String? {
        for filler in fillers {
            if separator.isEmpty {
                if key.count > filler.count, key.hasPrefix(filler) {
                    let rest = key.dropFirst(filler.count)
                    if !Self.cutsWord(filler.last, rest.first) { return String(rest.drop { $0 == " " }) }
                }
                if key.count > filler.count, key.hasSuffix(filler) {
                    let rest = key.dropLast(filler.count)
                    if !Self.cutsWord(rest.last, filler.first) { return String(rest.reversed().drop { $0 == " " }.reversed()) }
                }
            } else {
                if key.hasPrefix(filler + " ") { return String(key.dropFirst(filler.count + 1)) }
                if key.hasSuffix(" " + filler) { return String(key.dropLast(filler.count + 1)) }
            }
        }
        return nil
    }
}

/// Edit distance between two words, for choosing options said with a typo.
enum WordDistance {
    /// The optimal string alignment distance (Levenshtein with adjacent transpositions, as
    /// the vocabulary's search counts edits) between `a` and `b` in Unicode scalars, or nil
    /// when it exceeds `limit`.
    ///
    /// - Complexity: O(|a| × |b|), stopped as soon as a row's minimum exceeds `limit`.
    static func osa(_ a: String, _ b: String, limit: Int) -> Int? {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previous2[j - 2] + 1) }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
