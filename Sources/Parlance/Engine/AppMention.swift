import ParlanceGrammar
import ParlanceText
import ParlanceVocabulary

/// An app's name said in an utterance, taken as the app the request is for, wherever it
/// stands: "Where's my RideNow?", "Strideの坂道ダッシュを一時停止して", "把这首歌加到Tempo里的Road
/// Trip歌单", "Ich brauch ein RideNow Economy zum Ostbahnhof".
///
/// The grammars name apps where their templates put them ("… with UnicornChat", "RideNowで
/// …"). A name anywhere else falls to a free-text slot ("TempoのRoad Trip" as a playlist) or
/// leaves the utterance unread. So when the best reading does not take a name the
/// vocabulary found as the app's mention, the engine reads the utterance again with the name
/// lifted out: the name, and the template words next to it that tie it to the sentence
/// (possessives, particles, prepositions: "の", "里的", "mit", "in"), are blanked (spaces
/// in their place, so every span keeps its offsets), and the readings are only of that app,
/// which is mentioned. The lifted reading replaces the first only when it ranks before it
/// (``ReadingKey``): a reading that explains every word (the name of a song that is also an
/// app's name, as the user's vocabulary holds it) stands.
struct AppMention: Sendable {
    /// The app's index in the engine.
    let app: Int
    /// The name as said.
    let text: String
    /// Where it stands in the utterance, in scalars.
    let span: Range<Int>

    /// At most this many names are lifted, the longest first: each costs up to four reads.
    static let namesLifted = 2

    /// At most this many template words on either side of the name are lifted with it.
    static let frameUnits = 3

    /// The scalar ranges to blank for each way of lifting the name at `units` (a range of
    /// `tokens`' units): the name alone, and with the template words next to it before, after
    /// or both: each run of at most ``frameUnits`` units that the grammar spells on one side,
    /// and the shortest and the longest on both. (The words next to a name may belong to the
    /// mention, "nimm BillPay", or to the request, "20 Dollar schicken, nimm BillPay": only a
    /// read tells.)
    /// A frame never takes in a vocabulary item or a date found in the utterance (`items`,
    /// scalar ranges): "Comfort" in "Book a Comfort with Ride Now" is a template word too,
    /// but it is the ride option, not part of the mention; the 点 of 明天早上八点用RideNow
    /// is the time's.
    static func liftings(of units: Range<Int>, in tokens: TokenizedText, grammar: CompiledGrammar, besides items: [Range<Int>] = []) -> [[Range<Int>]] {
        let all = tokens.units
        func frame(_ range: Range<Int>) -> Bool {
            let scalars = all[range.lowerBound].scalarRange.lowerBound..<all[range.upperBound - 1].scalarRange.upperBound
            guard !items.contains(where: { $0.overlaps(scalars) }) else { return false }
            return PartialMatch.isFrame(all[range].map { tokens.normalizedScalars(of: $0) }[...], grammar: grammar)
        }
        let befores = stride(from: 1, through: min(frameUnits, units.lowerBound), by: 1).filter { frame((units.lowerBound - $0)..<units.lowerBound) }
        let afters = stride(from: 1, through: min(frameUnits, all.count - units.upperBound), by: 1).filter { frame(units.upperBound..<(units.upperBound + $0)) }
        var sides: [(Int, Int)] = [(0, 0)] + befores.map { ($0, 0) } + afters.map { (0, $0) }
        if let b = befores.first, let a = afters.first { sides.append((b, a)) }
        if let b = befores.last, let a = afters.last { sides.append((b, a)) }
        var result: [[Range<Int>]] = []
        for (b, a) in sides {
            let lifted = (units.lowerBound - b)..<(units.upperBound + a)
            let ranges = [all[lifted.lowerBound].scalarRange.lowerBound..<all[lifted.upperBound - 1].scalarRange.upperBound]
            if !result.contains(ranges) { result.append(ranges) }
        }
        return result
    }

    /// `text` with the scalars of `ranges` replaced by spaces.
    static func blanking(_ ranges: [Range<Int>], in text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            scalars.append(ranges.contains { $0.contains(offset) } ? " " : scalar)
        }
        return String(scalars)
    }
}

extension Engine {
    /// `best`, or a reading of `text` with an app's name lifted out (``AppMention``) when
    /// that one ranks before it. Read in the language of `best`, else in the first of
    /// `models` (the language whose words spell the most of the utterance). `liftedDate`:
    /// `text` is a parse's text with a date lifted out too (``liftingDate(_:best:models:locked:memo:)``).
    func liftingAppMention(_ text: String, best: (model: LanguageModel, hypotheses: [IntentHypothesis])?, models: [LanguageModel],
                           locked: Bool, memo: Reader.Memo, liftedDate: Int? = nil) -> (model: LanguageModel, hypotheses: [IntentHypothesis])? {
        // A reading that names the app stands, unless it took the name with edits
        // ("Inkwell的" for Inkwell in "在Inkwell的读书笔记里…"): the name said exactly may read better lifted.
        if let top = best?.hypotheses.first, top.appSelection.namesTheApp,
           !top.match.slots.contains(where: { $0.name == "app" && $0.edits > 0 }) { return best }
        var result = best
        // The language of the best reading, else the one whose words spell the most of it.
        guard let model = best?.model ?? models.first else { return best }
        let tokens = memo.utterance(in: model).tokens
        let spans = memo.appSpans(of: model, policy: .fixed(0))
        let names = spans.names
        guard !names.isEmpty else { return best }
        let items = (spans.vocabulary + memo.userSpans(of: model, policy: .fixed(0))).map(\.scalarRange)
            + memo.dateTimes(of: model).map(\.scalarRange)
        // Each lifting with the letters of template words it blanks beside the name: those
        // are words of the request no reading of the lifted text has to explain, so they
        // count as left unexplained. Lifting more than the words that tie the name to the
        // sentence is then no gain: "RideNow去机场都有哪些车型" lifts "RideNow", not "RideNow去机场"
        // with the destination.
        var lifted: [(mention: AppMention, text: String, frameLetters: Int)] = []
        // One memo per lifted text, for both passes: the second finds its tokens, spans,
        // dates and exact match already made.
        var memos: [String: Reader.Memo] = [:]
        let scalars = Array(text.unicodeScalars)
        var namesLifted = 0
        for name in names.sorted(by: { $0.scalarRange.count > $1.scalarRange.count })
        where !lifted.contains(where: { $0.mention.span == name.scalarRange }) {
            // A request made of names would otherwise cost a read per name and lifting.
            guard namesLifted < AppMention.namesLifted else { break }
            namesLifted += 1
            let mention = AppMention(app: name.match.itemIndex, text: String(tokens.original(scalars: name.scalarRange)), span: name.scalarRange)
            for ranges in AppMention.liftings(of: name.units, in: tokens, grammar: model.compiled, besides: items) {
                let frameLetters = ranges.reduce(0) { count, range in
                    count + range.lazy.filter { !name.scalarRange.contains($0) && !scalars[$0].properties.isWhitespace }.count
                }
                lifted.append((mention, AppMention.blanking(ranges, in: text), frameLetters))
            }
        }
        // As the first reads of a parse: template words as written first, corrected only
        // when no lifting reads as written.
        for fuzziness in [MatchOptions.Fuzziness.off] + (options.fuzziness == .off ? [] : [options.fuzziness]) {
            for (mention, text, frameLetters) in lifted {
                var reader = Reader(engine: self, model: model, user: memo.user)
                reader.mention = mention
                reader.liftedDate = liftedDate
                let derived = memos[text] ?? memo.derived(text: text, keepingDates: liftedDate != nil)
                memos[text] = derived
                let hypotheses = reader.read(locked: locked, memo: derived, pass: .full(fuzziness: fuzziness)).leavingUnexplained(frameLetters)
                guard let top = hypotheses.first else { continue }
                if let current = result?.hypotheses.first, !Reader.isBetter(top, than: current) { continue }
                result = (model, hypotheses)
            }
            if result?.hypotheses.first?.appSelection.namesTheApp == true { break }
        }
        return result
    }
}

extension Engine {
    /// The best reading of `lifted` (a parse's text with some of it blanked: a date, a clause
    /// before the request), whose memo is `memo`, in `model`: template words as written
    /// first, corrected only when that reads nothing, then with an app's name inside it
    /// lifted too (``liftingAppMention(_:best:models:locked:memo:liftedDate:)``).
    /// `liftedDate`: the index of the date blanked, which the reading's date parameter takes.
    func readingLifted(_ lifted: String, memo: Reader.Memo, model: LanguageModel, locked: Bool,
                       liftedDate: Int? = nil) -> (model: LanguageModel, hypotheses: [IntentHypothesis])? {
        var best: (model: LanguageModel, hypotheses: [IntentHypothesis])?
        for fuzziness in [MatchOptions.Fuzziness.off] + (options.fuzziness == .off ? [] : [options.fuzziness]) {
            var reader = Reader(engine: self, model: model, user: memo.user)
            reader.liftedDate = liftedDate
            let hypotheses = reader.read(locked: locked, memo: memo, pass: .full(fuzziness: fuzziness))
            guard !hypotheses.isEmpty else { continue }
            best = (model, hypotheses)
            break
        }
        return liftingAppMention(lifted, best: best, models: [model], locked: locked, memo: memo, liftedDate: liftedDate)
    }
}

extension Array where Element == IntentHypothesis {
    /// The hypotheses with `letters` more left unexplained in their readings (words of the
    /// request blanked before reading, which no value explains).
    func leavingUnexplained(_ letters: Int) -> [IntentHypothesis] {
        guard letters > 0 else { return self }
        return map { hypothesis in
            var reading = hypothesis.reading
            reading.freeTextScalars += letters
            return hypothesis.with(reading: reading)
        }
    }
}

extension AppSelection {
    /// The reading takes the app from the utterance: its name said, or its own example phrase.
    var namesTheApp: Bool {
        switch self {
        case .mentioned, .example: true
        case .vocabulary, .ambiguous: false
        }
    }
}
