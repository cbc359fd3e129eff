import Foundation
import ParlanceDateTime
import ParlanceGrammar
import ParlanceText

extension LocalDateTime {
    /// This moment on the system's clock, in its time zone: the reference moment of a parse
    /// that is given none.
    public static func current() -> LocalDateTime {
        // The C library's broken-down local time: a parse asks for it, and a Foundation
        // calendar costs microseconds.
        var seconds = time(nil)
        var parts = tm()
        if localtime_r(&seconds, &parts) != nil,
           let moment = LocalDateTime(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                                      hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: min(59, Int(parts.tm_sec))) {
            return moment
        }
        let fields = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date())
        return LocalDateTime(year: fields.year ?? 2000, month: fields.month ?? 1, day: fields.day ?? 1,
                             hour: fields.hour ?? 0, minute: fields.minute ?? 0, second: fields.second ?? 0)
            ?? LocalDateTime(year: 2000, month: 1, day: 1)!
    }
}

/// The dates and times of one read: what the language's date reader found in the utterance
/// (``DateTimeReader``, read against the parse's reference moment), and which of them were
/// offered to the grammar's date lists.
///
/// The grammar's date slots (`{date:bookingDateComponents}`, `{time:…}`) are wildcard lists
/// that take only these values (``LanguageModel/dateTimeLists``): a date is read by one
/// reader wherever it stands, in every phrasing the reader knows, and its value is the
/// reader's. A found value's ``SlotMatch/foundIndex`` at or past ``base`` is a date's
/// (the vocabulary's and the apps' names come before it, ``Reader/Offer``).
final class DateTimeFinds {
    /// What the reader found, in order, read with future preference.
    let matches: [DateTimeMatch]
    /// For each date value offered to the grammar (its found index less ``base``), the index
    /// of its match: a match is offered on its whole span and without the template words it
    /// starts with ("at 5pm" also as "5pm", for a template's own "at {time}").
    let offered: [Int]
    /// The found index of the first date value: the number of values offered before.
    let base: Int
    /// The reference moment.
    let now: LocalDateTime
    private let reread: (DateTimePreference) -> [DateTimeMatch]
    private var pastMatches: [DateTimeMatch]?

    /// No dates (a reading not made by the grammar, a language with no reader).
    static var none: DateTimeFinds { DateTimeFinds(matches: [], offered: [], base: 0, now: LocalDateTime(year: 2000, month: 1, day: 1)!) { _ in [] } }

    init(matches: [DateTimeMatch], offered: [Int], base: Int, now: LocalDateTime, reread: @escaping (DateTimePreference) -> [DateTimeMatch]) {
        self.matches = matches
        self.offered = offered
        self.base = base
        self.now = now
        self.reread = reread
    }

    /// The match a found value or a slot made by ``foundIndex(ofMatch:)`` stands for; nil
    /// for a value that is not a date.
    func match(foundIndex index: Int) -> Int? {
        guard index >= base else { return nil }
        let offset = index - base
        if offset < offered.count { return offered[offset] }
        let match = offset - offered.count
        return match < matches.count ? match : nil
    }

    /// A found index that stands for match `index` (for a date taken out of free text).
    func foundIndex(ofMatch index: Int) -> Int { base + offered.count + index }

    /// Match `index` as the value of the date parameter `name`: a date taken out of free
    /// text or lifted out of the utterance, on the words it was said with.
    func slot(ofMatch index: Int, named name: String) -> SlotMatch {
        let date = matches[index]
        return SlotMatch(name: name, value: .string(date.value.iso), text: date.text, span: date.scalarRange, kind: .exact,
                         foundIndex: foundIndex(ofMatch: index))
    }

    /// Match `index` read with `preference`: the same words (a reading's span does not
    /// depend on the preference), the value of the past for a search of photos.
    func match(_ index: Int, preferring preference: DateTimePreference) -> DateTimeMatch {
        let match = matches[index]
        guard preference == .past else { return match }
        if pastMatches == nil { pastMatches = reread(.past) }
        return pastMatches?.first { $0.scalarRange == match.scalarRange } ?? match
    }
}

extension DateTimeMatch.Value {
    /// A moment or an interval: what a date parameter takes (a duration is no date).
    var isDate: Bool {
        if case .duration = self { return false }
        return true
    }
}

extension DateTimeMatch {
    /// A day said in one place and a time of day in another ("tomorrow … at 8"), as one
    /// moment: the day of the first, the time of the second (read against the same
    /// reference, the time alone may have fallen on another day). Nil when they are not a
    /// day and a time.
    func withTime(of other: DateTimeMatch, in tokens: TokenizedText) -> DateTimeMatch? {
        guard case .moment(let day) = value, day.grain == .day, case .moment(let time) = other.value, time.grain < .day,
              let moment = day.value.with(hour: time.value.hour, minute: time.value.minute, second: time.value.second)
        else { return nil }
        let (first, second) = scalarRange.lowerBound <= other.scalarRange.lowerBound ? (self, other) : (other, self)
        let span = first.scalarRange.lowerBound..<second.scalarRange.upperBound
        let utf8 = first.utf8Range.lowerBound..<second.utf8Range.upperBound
        return DateTimeMatch(text: String(tokens.original(scalars: span)), scalarRange: span, utf8Range: utf8,
                             value: .moment(DateTimeMoment(value: moment, grain: time.grain)), isAmbiguousHour: other.isAmbiguousHour)
    }
}

extension Reader {
    /// The date values a read offers the grammar: each date or interval the reader found, on
    /// its span and on the span without the one or two words it starts with that the
    /// templates spell ("at", "on", "pour", "um"), for each of the model's date lists.
    func dateTimeFinds(tokens: TokenizedText, memo: Memo, base: Int, into found: inout FoundValues) -> DateTimeFinds {
        // The date lists take nothing else, found or not.
        found.closedLists.formUnion(model.dateTimeLists)
        guard let reader = model.dateTimeReader else { return .none }
        let matches = memo.dateTimes(of: model)
        let now = memo.now
        let reread: (DateTimePreference) -> [DateTimeMatch] = { reader.read(tokens, now: now, preferring: $0) }
        guard !matches.isEmpty else { return DateTimeFinds(matches: [], offered: [], base: base, now: now, reread: reread) }
        var offered: [Int] = []
        for (index, match) in matches.enumerated() where match.value.isDate && index != liftedDate {
            for start in starts(of: match.scalarRange, in: tokens) {
                for list in model.dateTimeLists {
                    found.append(FoundValues.Value(list: list, span: start..<match.scalarRange.upperBound, output: .string(match.value.iso),
                                                   text: match.text, edits: 0))
                    offered.append(index)
                }
            }
        }
        return DateTimeFinds(matches: matches, offered: offered, base: base, now: now, reread: reread)
    }

    /// Where a date found on `span` may start: at the span, and after each of its first two
    /// units that the templates spell as words, while a unit is left. A number, in digits or
    /// words, is never such a word, even where a template spells it: the "3" of 「3月1日」 is
    /// the month, the "einer" of "in einer Woche" its count (the date is not "Woche", with
    /// "einer" left to an amount).
    private func starts(of span: Range<Int>, in tokens: TokenizedText) -> [Int] {
        var starts = [span.lowerBound]
        var units = tokens.units.lazy.filter { span.contains($0.scalarRange.lowerBound) }.makeIterator()
        var unit = units.next()
        for _ in 0..<2 {
            guard let current = unit, let next = units.next() else { break }
            let word = tokens.normalizedScalars(of: current)
            guard !word.contains(where: { $0.properties.numericType != nil }), model.dateTimeReader?.isNumber(word) != true,
                  model.compiled.spellsWord(word) else { break }
            starts.append(next.scalarRange.lowerBound)
            unit = next
        }
        return starts
    }

    /// `match` with a date or time said at the edge of free text taken out of it, into the
    /// first of the intent's date parameters that nothing fills: "remind me to call the
    /// dentist at 5pm tomorrow" has the task "call the dentist" and the trigger tomorrow at
    /// 17:00, wherever the templates let free text run. A date inside the free text, or
    /// free text of an intent with no date parameter left ("tell Bob I'll be there at 5"),
    /// stays as said, but for words of the sentence's frame after it (``leavesDateAtEnd(_:in:)``:
    /// "明天早上 | 提醒我"). The word next to the date is dropped with it when the templates
    /// spell it ("to call the dentist at | 5pm"). Free text that is the date alone (with
    /// such frame words after it), or a piece of it whose first words the template read
    /// ("pick me up at | one"), is no value of its parameter: it goes, and the date
    /// parameter takes the date.
    func datesOutOfFreeText(_ match: Hypothesis, intent: IntentDefinition, scope: Scope) -> Hypothesis {
        let dates = scope.dateTimes
        guard !dates.matches.isEmpty, let tokens = scope.tokens else { return match }
        var open = Reader.openDateParameters(of: intent, in: match)
        guard !open.isEmpty else { return match }
        var slots = match.slots
        var changed = false
        var dropped: Set<Int> = []
        for index in match.slots.indices where !open.isEmpty {
            let slot = slots[index]
            guard slot.kind == .wildcard, slot.foundIndex == nil, let span = slot.span else { continue }
            for (dateIndex, date) in dates.matches.enumerated() where date.value.isDate {
                let said = date.scalarRange
                // Free text inside a date: the template read the date's first words ("pick me
                // up at | one"). Not a vocabulary parameter's: its free text is already read as
                // an item the app does not know ("pon una alarma a | las siete", a list), and
                // taking the date out would make the reading of a request no app handles sure.
                let isVocabulary = intent.parameters.first { $0.name == slot.name }.map { if case .vocabulary = $0.kind { true } else { false } } ?? false
                let withinDate = !isVocabulary && span.lowerBound >= said.lowerBound && span.upperBound <= said.upperBound
                guard withinDate || said.lowerBound >= span.lowerBound && said.upperBound <= span.upperBound else { continue }
                let leavesDate = !withinDate && leavesDateAtEnd(said.upperBound..<span.upperBound, in: tokens)
                if withinDate || isBlank(span.lowerBound..<said.lowerBound, in: tokens) && leavesDate {
                    // Free text that is a date and nothing else (but words of the sentence's
                    // frame after it), or a piece of one, is the date ("para ayer a las nueve"
                    // is no restaurant, nor "one" of "pick me up at one" a place, nor "letzter
                    // Woche als Diashow" people in a photo): the slot goes, the date parameter
                    // takes it.
                    let parameter = open.removeFirst()
                    dropped.insert(index)
                    slots.append(dates.slot(ofMatch: dateIndex, named: parameter.name))
                    changed = true
                    break
                }
                let rest: Range<Int>
                if leavesDate {
                    rest = trimmed(span.lowerBound..<said.lowerBound, droppingSpelledWordAtEnd: true, in: tokens)
                } else if isBlank(span.lowerBound..<said.lowerBound, in: tokens) {
                    rest = trimmed(said.upperBound..<span.upperBound, droppingSpelledWordAtEnd: false, in: tokens)
                } else {
                    continue
                }
                guard !rest.isEmpty else { continue }
                let parameter = open.removeFirst()
                let text = SlotMatch.matchedText(tokens.original(scalars: rest))
                slots[index] = SlotMatch(name: slot.name, value: .string(text), text: text, span: rest, kind: .wildcard)
                slots.append(dates.slot(ofMatch: dateIndex, named: parameter.name))
                changed = true
                break
            }
        }
        if !dropped.isEmpty { slots = slots.indices.filter { !dropped.contains($0) }.map { slots[$0] } }
        return changed ? match.with(slots: slots) : match
    }

    /// Whether a value of `match` takes words of a date another of its values stands for
    /// ("Luigi's tonight" as the restaurant beside the date "tonight at 8", offered as "at
    /// 8"): the same words said twice, a reading no one meant.
    func readsADateTwice(_ match: Hypothesis, scope: Scope) -> Bool {
        let dates = scope.dateTimes
        guard !dates.matches.isEmpty else { return false }
        return match.slots.withUnsafeBufferPointer { slots in
            for slot in slots {
                guard let found = slot.foundIndex, let date = dates.match(foundIndex: found) else { continue }
                let said = dates.matches[date].scalarRange
                for other in slots where other.foundIndex.flatMap(dates.match(foundIndex:)) != date {
                    if let span = other.span, span.overlaps(said) { return true }
                }
            }
            return false
        }
    }

    /// `match` with the date `index` (of the read's dates) given to the first of the intent's
    /// date parameters that nothing fills; nil when none is open.
    func giving(_ index: Int, to match: Hypothesis, intent: IntentDefinition, scope: Scope) -> Hypothesis? {
        let dates = scope.dateTimes
        guard index < dates.matches.count, let parameter = Reader.openDateParameters(of: intent, in: match).first else { return nil }
        return match.with(slots: match.slots + [dates.slot(ofMatch: index, named: parameter.name)])
    }

    /// The intent's date parameters that no slot of `match` fills, in order.
    static func openDateParameters(of intent: IntentDefinition, in match: Hypothesis) -> [ParameterDefinition] {
        intent.parameters.filter { parameter in parameter.kind == .dateTime && !match.slots.contains { $0.name == parameter.name } }
    }

    /// Whether the utterance holds only spaces and punctuation over `range`.
    private func isBlank(_ range: Range<Int>, in tokens: TokenizedText) -> Bool {
        !tokens.units.contains { $0.scalarRange.overlaps(range) }
    }

    /// Whether `range`, between a date and the end of free text, leaves the date at that
    /// end: it is blank, or holds at most ``Reader/valueEdgeUnits`` words the templates spell
    /// (in any number of characters of an unspaced script) and no number: words of the
    /// sentence's frame that the free text ran over (the particle of a German verb split
    /// around the request, "leg die Aufgabe Müll rausbringen für übermorgen um neun an";
    /// "als Diashow"; 「提醒我」). They go with neither the date nor the rest of the free text.
    /// (Before a date, such a word is the free text's own: "定个早上六点半的闹钟".)
    private func leavesDateAtEnd(_ range: Range<Int>, in tokens: TokenizedText) -> Bool {
        let inside = tokens.units.filter { $0.scalarRange.overlaps(range) }
        guard let first = inside.first, let last = inside.last else { return true }
        guard inside.count <= 4 * Reader.valueEdgeUnits, first.scalarRange.lowerBound >= range.lowerBound, last.scalarRange.upperBound <= range.upperBound,
              !inside.contains(where: { tokens.normalizedScalars(of: $0).contains { $0.properties.numericType != nil } }) else { return false }
        let words = PartialMatch.Words(model.compiled.tokenize(String(tokens.original(scalars: first.scalarRange.lowerBound..<last.scalarRange.upperBound))))
        return PartialMatch.frameWords(words.units[...], grammar: model.compiled).map { $0 <= Reader.valueEdgeUnits } ?? false
    }

    /// `range` shrunk to the units inside it, without the unit at the end next to the date
    /// (its last one, or its first when `droppingSpelledWordAtEnd` is false) when the
    /// templates spell it and another unit is left; empty when no unit is inside.
    private func trimmed(_ range: Range<Int>, droppingSpelledWordAtEnd atEnd: Bool, in tokens: TokenizedText) -> Range<Int> {
        var inside = tokens.units.filter { range.contains($0.scalarRange.lowerBound) && $0.scalarRange.upperBound <= range.upperBound }
        if inside.count > 1, let edge = atEnd ? inside.last : inside.first, model.compiled.spellsWord(tokens.normalizedScalars(of: edge)) {
            if atEnd { inside.removeLast() } else { inside.removeFirst() }
        }
        guard let first = inside.first, let last = inside.last else { return range.lowerBound..<range.lowerBound }
        return first.scalarRange.lowerBound..<last.scalarRange.upperBound
    }
}

extension Resolver {
    /// A date parameter's value from the date reader, or nil when the reader found nothing
    /// for it (the slots' values then stand, as for any list: a season, a year).
    ///
    /// The dates are those the grammar's date slots took (``DateTimeFinds``), or else those
    /// on the words of the parameter's slots ("photos from {period}"). A day said in one
    /// slot and a time in another are one moment. Read with past preference for a past
    /// parameter (``ParameterDefinition/Timing``); a moment on the wrong side of the
    /// reference moment resolves as unsupported.
    func dateTimeValue(_ parameter: ParameterDefinition, slots: [SlotMatch]) -> ParameterValue? {
        let dates = scope.dateTimes
        guard !dates.matches.isEmpty else { return nil }
        var indices: [Int] = []
        for slot in slots {
            if let index = slot.foundIndex.flatMap(dates.match(foundIndex:)), !indices.contains(index) { indices.append(index) }
        }
        // Else a date the reader found on all the words of the slots (list values: "June 2019"
        // read whole; not "去年" of "去年の夏", a summer the reader does not read).
        let spans = slots.compactMap(\.span)
        if indices.isEmpty, let start = spans.map(\.lowerBound).min(), let end = spans.map(\.upperBound).max(),
           let index = dates.matches.firstIndex(where: { $0.value.isDate && $0.scalarRange.lowerBound <= start && $0.scalarRange.upperBound >= end }) {
            indices.append(index)
        }
        guard let first = indices.first else { return nil }
        let preference: DateTimePreference = parameter.timing == .past ? .past : .future
        var match = dates.match(first, preferring: preference)
        if indices.count > 1, let tokens = scope.tokens, let joined = match.withTime(of: dates.match(indices[1], preferring: preference), in: tokens) {
            match = joined
        }
        let value = match.value
        var resolution = Resolution(.success, reason: "the date and time '\(match.text)': \(value.iso)\(match.isAmbiguousHour ? " (an hour of the morning or evening: the next one taken)" : "")")
        switch parameter.timing {
        case .upcoming:
            if let end = value.end, end <= dates.now {
                resolution = Resolution(.unsupported, reason: "'\(match.text)' (\(value.iso)) is past: \(parameter.name) takes a moment to come")
            }
        case .past:
            if let start = value.start, start > dates.now {
                resolution = Resolution(.unsupported, reason: "'\(match.text)' (\(value.iso)) is to come: \(parameter.name) takes a moment past")
            }
        case .anyTime:
            break
        }
        return ParameterValue(value: .string(value.iso), text: match.text, span: match.scalarRange, match: .dateTime, resolution: resolution,
                              dateTime: value)
    }
}

extension Engine {
    /// `best`, or a reading of `text` with a date said at its start or end lifted out, when
    /// that one ranks before it: "tomorrow at 7 pm get me a table for two…", "in zwei Tagen
    /// erinnere mich an die Blumen", "dans un quart d'heure commande-moi un VTC". People put
    /// the date where they like, templates spell it where it usually stands; so a date at an
    /// edge of the request is blanked, the rest read, and the date given to the first date
    /// parameter of the reading's intent that nothing fills (``Reader/liftedDate``), unless
    /// the best reading is one nothing can beat. Read in the language of `best`, else in the
    /// first of `models`.
    func liftingDate(_ text: String, best: (model: LanguageModel, hypotheses: [IntentHypothesis])?, models: [LanguageModel],
                     locked: Bool, memo: Reader.Memo) -> (model: LanguageModel, hypotheses: [IntentHypothesis])? {
        guard options.readsDates, let model = best?.model ?? models.first, model.dateTimeReader != nil else { return best }
        let tokens = memo.utterance(in: model).tokens
        let dates = memo.dateTimes(of: model)
        guard !dates.isEmpty, let first = tokens.units.first, let last = tokens.units.last else { return best }
        var result = best
        for (index, date) in dates.enumerated() where date.value.isDate {
            var said = date.scalarRange
            // At one edge: not inside, and not the whole utterance.
            let atStart = said.lowerBound <= first.scalarRange.lowerBound, atEnd = said.upperBound >= last.scalarRange.upperBound
            guard atStart != atEnd else { continue }
            // A particle right after a date at the start is the date's, lifted with it: the
            // に of 「明日の朝に「卵を買う」を…」 is no word of the task.
            if atStart, let next = tokens.units.first(where: { $0.scalarRange.lowerBound >= said.upperBound }),
               next.scalarRange.upperBound < last.scalarRange.upperBound, model.dateTimeReader?.isJoiner(tokens.normalizedScalars(of: next)) == true,
               tokens.text.unicodeScalars.dropFirst(said.upperBound).prefix(next.scalarRange.lowerBound - said.upperBound).allSatisfy(\.properties.isWhitespace) {
                said = said.lowerBound..<next.scalarRange.upperBound
            }
            // A reading nothing can beat is not read again. (One that gives the date to a date
            // parameter may still lose: "in 20 minutes i need a ridenow xl…" was first a task
            // due in 20 minutes, read with an edit.)
            if let top = result?.hypotheses.first, top.reading.isUnbeatable { break }
            let lifted = AppMention.blanking([said], in: text)
            // An app named inside the rest is lifted too: "monday afternoon remind me with
            // Jotter to …".
            let liftedBest = readingLifted(lifted, memo: memo.derived(text: lifted, keepingDates: true), model: model, locked: locked,
                                           liftedDate: index)
            guard let top = liftedBest?.hypotheses.first else { continue }
            if let current = result?.hypotheses.first, !Reader.isBetter(top, than: current) { continue }
            result = liftedBest
        }
        return result
    }
}
