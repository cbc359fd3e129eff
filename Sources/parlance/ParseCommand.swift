import ArgumentParser
import Foundation
import Parlance
import ParlanceTraining

/// Options shared by the engine commands: which apps, grammars and vocabulary store.
struct EngineOptionGroup: ParsableArguments {
    @Option(name: .customLong("apps"), help: "An app folder or a folder of app folders (repeatable; default: Corpora/apps).")
    var apps: [String] = []

    @Option(help: "A grammar folder with sentences/<language>/ (default: Corpora/grammars).")
    var grammars: String?

    @Option(help: "A vocabulary store (SQLite) whose user vocabulary replaces the apps' UserVocabulary.json.")
    var store: String?

    @Option(help: ArgumentHelp("Read this user's vocabulary from --store (as 'vocab set --user' stored it) instead of the apps' own.",
                               discussion: "A user with no vocabulary in the store is read with the apps' vocabulary alone ('explain' says so)."))
    var user: String?

    @Option(help: ArgumentHelp("A folder of compiled images (grammars, vocabulary indexes) read instead of rebuilding them, and saved when missing.",
                               discussion: "Default: $PARLANCE_CACHE, else $XDG_CACHE_HOME/parlance, else ~/.cache/parlance."))
    var cache: String?

    @Flag(help: "Build everything and save nothing (no cache of compiled images).")
    var noCache = false

    @Option(help: ArgumentHelp("The moment dates and times are read against, local time (default: now).", valueName: "YYYY-MM-DDTHH:MM:SS"))
    var now: String?

    @Option(help: ArgumentHelp("The confidence, in [0, 1], the best hypothesis needs to be taken as understood (default: \(EngineOptions().threshold)).",
                               discussion: "Below it the answer is 'not understood' (JSON: \"understood\": false), the hypotheses still listed."))
    var threshold: Double?

    @Option(help: ArgumentHelp("A calibration written by 'parlance calibrate' to use instead of the built-in one ('eval --format home-assistant': one written by 'parlance grammar calibrate').", valueName: "FILE"))
    var calibration: String?

    @Option(help: "The most hypotheses to list (default: \(EngineOptions().limit)).")
    var limit: Int?

    /// `--threshold`, `--calibration` and `--limit` checked and applied to `options`.
    func apply(to options: inout EngineOptions) throws {
        if let threshold {
            guard threshold.isFinite, (0...1).contains(threshold) else {
                throw UsageError("--threshold \(threshold): expected a confidence between 0 and 1")
            }
            options.threshold = threshold
        }
        if let limit {
            guard limit >= 1 else { throw UsageError("--limit \(limit): expected 1 or more hypotheses") }
            options.limit = limit
        }
        if let calibration {
            do { options.calibration = try ConfidenceCalibration(contentsOf: URL(fileURLWithPath: calibration)) } catch {
                throw UsageError("\(error)")
            }
        }
    }

    /// The reference moment of `--now`, or the system clock's.
    func referenceMoment() throws -> LocalDateTime { try Input.moment(now) }

    /// The session of `--user` (nil without it): that user's vocabulary of every app of
    /// `engine`, read from `--store`.
    func session(for engine: Engine) throws -> UserSession? {
        guard let user else { return nil }
        guard let store else { throw UsageError("--user \(user) needs --store: the user's vocabulary is read from a vocabulary store") }
        let opened = try VocabularyStore(path: store, createIfMissing: false)
        var vocabularies: [UserVocabulary] = []
        for app in engine.apps {
            let vocabulary = try opened.vocabulary(app: app.bundleIdentifier, user: user)
            if !vocabulary.types.isEmpty { vocabularies.append(vocabulary) }
        }
        if vocabularies.isEmpty {
            Diagnostics.warn("\(store): no vocabulary for user '\(user)'; reading the apps' vocabulary alone")
        }
        return engine.session(user: user, vocabularies: vocabularies)
    }

    /// Loads the apps (warnings and per-app errors to stderr) and builds the engine.
    ///
    /// - Parameter extraApps: app folders loaded after `--apps` (or the sample apps).
    func engine(languages: [String]?, extraApps: [String] = [], calibrated: Bool = true) throws -> Engine {
        if let user, store == nil { throw UsageError("--user \(user) needs --store: the user's vocabulary is read from a vocabulary store") }
        let folders = (apps.isEmpty ? [GrammarSource.sampleApps.path] : apps) + extraApps
        let result = AppLoader.load(folders)
        for issue in result.issues { Diagnostics.report(issue) }
        var loaded = result.apps
        guard !loaded.isEmpty else { throw UsageError("no apps loaded from \(folders.joined(separator: ", "))") }
        if let store {
            guard FileManager.default.fileExists(atPath: store) else { throw UsageError("\(store): no such vocabulary store") }
            let opened = try VocabularyStore(path: store, createIfMissing: false)
            for index in loaded.indices {
                let vocabulary = try opened.vocabulary(app: loaded[index].bundleIdentifier)
                if !vocabulary.items.isEmpty { loaded[index].userVocabulary = vocabulary }
            }
        }
        let grammarFolder = grammars.map { URL(fileURLWithPath: $0) } ?? GrammarSource.builtInGrammars
        guard FileManager.default.fileExists(atPath: grammarFolder.path) else { throw UsageError("\(grammarFolder.path): no such grammar folder") }
        var options = EngineOptions()
        try apply(to: &options)
        if !calibrated { options.calibration = nil }
        if !noCache { options.cache = cache.map { EngineCache(directory: URL(fileURLWithPath: $0)) } ?? EngineCache.userDefault }
        let engine = try Engine(apps: loaded, grammars: grammarFolder, languages: languages, options: options)
        for issue in engine.issues { Diagnostics.report(issue) }
        return engine
    }
}

struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Understand an utterance: app, SiriKit intent, parameters and their resolutions.",
        discussion: """
        Without --language every language with a grammar is tried and the best parse wins.
        --batch FILE parses every line and prints one JSON object per line (with "micros", the
        time of that parse), then a summary
        {"count", "medianMicros", "meanMicros", "p99Micros"} timed inside the process (loading excluded).
        --batch - reads standard input and answers each line as it arrives (the output is
        flushed after every answer), so another program can drive one long-lived process
        through a pipe. A line is an utterance, or a JSON object
        {"utterance": TEXT, "user": ID, "language": TAG, "locked": BOOL, "now": MOMENT} (all but
        "utterance" optional; "user" needs --store; "now" is the moment its dates are read
        against, YYYY-MM-DDTHH:MM:SS, else --now, else the clock as the line arrives). A line that cannot be read is answered
        with {"line": N, "error": MESSAGE} and the batch goes on.
        """
    )

    @OptionGroup var engineOptions: EngineOptionGroup

    @Option(help: "The utterance's language (BCP-47); default: try every grammar.")
    var language: String?

    @Flag(help: "Parse as on a locked device (intents restricted while locked require unlock).")
    var locked = false

    @Flag(help: "Print JSON.")
    var json = false

    @Option(help: "Parse every line of FILE, or of standard input for - (JSON lines out).")
    var batch: String?

    @Option(help: ArgumentHelp("Parse with a trained parser saved by 'parlance train' instead of the engine.",
                               discussion: "Prints the intent, its confidence and the slots; JSON: {\"utterance\", \"intent\", \"confidence\", \"slots\": [{\"name\", \"text\", \"value\", \"span\"}]}."))
    var model: String?

    @Option(name: .customLong("alternative"), help: ArgumentHelp("One text of a speech recognizer's n-best list (repeatable, best first); parsed instead of UTTERANCE.",
                                                               discussion: "Every alternative is read; the one with the highest recognizer confidence × parse confidence wins."))
    var alternatives: [String] = []

    @Option(name: .customLong("asr-confidence"), help: "The recognizer's confidence in each --alternative, in order (default: 1 for each).")
    var asrConfidences: [Double] = []

    @Argument(help: "The utterance, or - to read standard input.")
    var utterance: String?

    func run() throws {
        try reportingErrors {
            if let language { _ = try Input.language(language) }
            if let model {
                try runModel(model)
                return
            }
            let engine = try engineOptions.engine(languages: nil)
            try Input.requireGrammar(language, in: engine)
            let user = try engineOptions.session(for: engine)
            if let batch {
                try runBatch(engine, source: batch, user: user)
                return
            }
            if !alternatives.isEmpty {
                guard utterance == nil else { throw UsageError("give UTTERANCE or --alternative, not both") }
                guard asrConfidences.isEmpty || asrConfidences.count == alternatives.count else {
                    throw UsageError("\(asrConfidences.count) --asr-confidence for \(alternatives.count) --alternative: expected one per alternative, or none")
                }
                let list = alternatives.enumerated().map {
                    RecognitionAlternative(text: $0.element, confidence: asrConfidences.isEmpty ? 1 : asrConfidences[$0.offset])
                }
                let read: AlternativesResult
                let moment = try engineOptions.referenceMoment()
                do { read = try engine.parse(alternatives: list, language: language, locked: locked, user: user, now: moment) } catch {
                    throw UsageError("--alternative \((error as? AlternativesError).map { "\($0.index + 1): \($0.message)" } ?? "\(error)")")
                }
                if json {
                    print(try JSON.string(Self.json(read)))
                } else {
                    for (index, alternative) in read.alternatives.enumerated() {
                        let mark = index == read.chosen ? "→" : " "
                        print("\(mark) \(index + 1). \"\(alternative.text)\" · recognizer \(String(format: "%.3f", alternative.confidence)) · parse \(String(format: "%.3f", read.results[index].best?.confidence ?? 0)) · joint \(String(format: "%.3f", read.scores[index]))")
                    }
                    print("")
                    print(read.best.map(ParseSummary.text) ?? "no intent understood")
                }
                return
            }
            guard let utterance else { throw UsageError("missing UTTERANCE (or --batch FILE)") }
            let result = engine.parse(Input.text(utterance), language: language, locked: locked, user: user,
                                      now: try engineOptions.referenceMoment())
            if json {
                print(try JSON.string(result.json))
            } else {
                print(ParseSummary.text(result))
            }
        }
    }

    /// `--model`: the trained parser answers, alone (no apps, no user vocabulary).
    func runModel(_ path: String) throws {
        guard engineOptions.user == nil, engineOptions.store == nil, !locked else {
            throw UsageError("--model parses with the trained parser alone: --user, --store and --locked are for the engine")
        }
        let parser = try TrainedParser(contentsOf: URL(fileURLWithPath: path))
        if let language, try Language(language).code != parser.language.code {
            throw UsageError("\(path) is a model for '\(parser.language)', not '\(language)'")
        }
        func answer(_ text: String) -> JSONValue {
            let parse = parser.parse(text)
            return .object([
                "utterance": .string(text),
                "intent": parse.map { .string($0.intent) } ?? .null,
                "confidence": parse.map { .double(($0.confidence * 1000).rounded() / 1000) } ?? .null,
                "slots": .array((parse?.slots ?? []).map { slot in
                    .object(["name": .string(slot.name), "text": .string(slot.text), "value": .string(slot.value),
                             "span": .array([.int(slot.span.lowerBound), .int(slot.span.upperBound)])])
                }),
            ])
        }
        if let batch {
            let reader = try LineReader(opening: batch)
            var times: [Double] = []
            let clock = ContinuousClock()
            while let line = reader.next() {
                guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
                let start = clock.now
                var fields: [String: JSONValue] = [:]
                if case .object(let object) = answer(line) { fields = object }
                times.append(Self.micros(clock.now - start))
                fields["micros"] = .double((times.last! * 10).rounded() / 10)
                Self.emit(.object(fields))
            }
            Self.emit(Self.summary(times))
            return
        }
        guard let utterance else { throw UsageError("missing UTTERANCE (or --batch FILE)") }
        let text = Input.text(utterance)
        if json {
            print(try JSON.string(answer(text)))
        } else if let parse = parser.parse(text) {
            print("\(parse.intent) · confidence \(String(format: "%.3f", parse.confidence))")
            for slot in parse.slots { print("   \(slot.name): \(slot.text)\(slot.value != slot.text ? " → \(slot.value)" : "")") }
        } else {
            print("no intent understood")
        }
    }

    func runBatch(_ engine: Engine, source: String, user: UserSession?) throws {
        let reader = try LineReader(opening: source)
        var sessions = BatchSessions(options: engineOptions, engine: engine, given: user)
        // Each line's dates are read against its own "now", else --now, else the clock when it arrives.
        let fixedNow = try engineOptions.now.map { try Input.moment($0) }
        var times: [Double] = []
        let clock = ContinuousClock()
        var number = 0
        while let line = reader.next() {
            number += 1
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let request: BatchRequest
            do {
                request = try BatchRequest(line, defaults: (language, locked))
                if let tag = request.language, tag != language {
                    _ = try Language(tag)
                    try Input.requireGrammar(tag, in: engine)
                }
            } catch {
                Self.emit(.object(["line": .int(number), "error": .string("\(reader.source):\(number): \(error)")]))
                continue
            }
            let session: UserSession?
            do { session = try sessions.session(request.user) } catch {
                Self.emit(.object(["line": .int(number), "error": .string("\(reader.source):\(number): \(error)")]))
                continue
            }
            let start = clock.now
            let answer: JSONValue
            if let alternatives = request.alternatives {
                do {
                    answer = Self.json(try engine.parse(alternatives: alternatives, language: request.language, locked: request.locked, user: session,
                                                        now: request.now ?? fixedNow ?? .current()))
                } catch {
                    Self.emit(.object(["line": .int(number), "error": .string("\(reader.source):\(number): \(error)")]))
                    continue
                }
            } else {
                answer = engine.parse(request.utterance, language: request.language, locked: request.locked, user: session,
                                      now: request.now ?? fixedNow ?? .current()).json
            }
            let elapsed = clock.now - start
            times.append(Self.micros(elapsed))
            guard case .object(var fields) = answer else { continue }
            fields["micros"] = .double((Self.micros(elapsed) * 10).rounded() / 10)
            if let id = request.user { fields["user"] = .string(id) }
            Self.emit(.object(fields))
        }
        Self.emit(Self.summary(times))
    }

    /// An n-best list's answer: the chosen alternative's parse (``ParseResult/json``) with
    /// `"alternatives": [{"text", "asrConfidence", "confidence", "score"}]` and `"chosen"` (0-based, null when none reads).
    static func json(_ read: AlternativesResult) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        if let best = read.best, case .object(let object) = best.json { fields = object } else {
            fields = ["understood": .bool(false), "hypotheses": .array([])]
        }
        fields["chosen"] = read.chosen.map(JSONValue.int) ?? .null
        fields["alternatives"] = .array(read.alternatives.indices.map { index in
            .object(["text": .string(read.alternatives[index].text), "asrConfidence": .double(read.alternatives[index].confidence),
                     "confidence": .double(((read.results[index].best?.confidence ?? 0) * 1000).rounded() / 1000),
                     "score": .double((read.scores[index] * 1000).rounded() / 1000)])
        })
        return .object(fields)
    }

    /// Prints one JSON line and flushes it: a program reading the pipe gets each answer
    /// as soon as it is made.
    static func emit(_ value: JSONValue) {
        let line = (try? JSON.string(value)) ?? "{\"error\":\"unencodable answer\"}"
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func micros(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12
    }

    /// {"count", "medianMicros", "meanMicros", "p99Micros"}, to a tenth of a microsecond.
    static func summary(_ times: [Double]) -> JSONValue {
        let sorted = times.sorted()
        func tenth(_ value: Double) -> JSONValue { .double((value * 10).rounded() / 10) }
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let mean = times.isEmpty ? 0 : times.reduce(0, +) / Double(times.count)
        let p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        return .object(["count": .int(times.count), "medianMicros": tenth(median), "meanMicros": tenth(mean), "p99Micros": tenth(p99)])
    }
}

/// One line of `parse --batch`: an utterance, or a JSON object naming it and how to read it.
struct BatchRequest {
    var utterance: String
    var user: String?
    var language: String?
    var locked: Bool
    /// The moment its dates are read against (`"now": "YYYY-MM-DDTHH:MM:SS"`).
    var now: LocalDateTime?
    /// A recognizer's n-best list (`"alternatives": [{"text", "confidence"}]`), read instead of `utterance`.
    var alternatives: [RecognitionAlternative]?

    init(_ line: String, defaults: (language: String?, locked: Bool)) throws {
        (language, locked) = defaults
        guard line.first == "{" else {
            utterance = line
            return
        }
        struct Fields: Decodable {
            var utterance: String?
            var user: String?
            var language: String?
            var locked: Bool?
            var now: String?
            var alternatives: [Alternative]?
        }
        struct Alternative: Decodable {
            var text: String
            var confidence: Double?
        }
        let data = Data(line.utf8)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw UsageError("not a JSON object: expected {\"utterance\": TEXT, \"user\"?, \"language\"?, \"locked\"?, \"now\"?} or {\"alternatives\": [{\"text\", \"confidence\"}], …}")
        }
        if let duplicate = DuplicateJSONKey.first(in: Array(data)) {
            throw UsageError("key '\(duplicate.keyPath.prefix(40))' written twice: expected each key once")
        }
        for key in object.keys.sorted() where !["utterance", "alternatives", "user", "language", "locked", "now"].contains(key) {
            throw UsageError("unknown key '\(key.prefix(40))': expected utterance, alternatives, user, language, locked or now")
        }
        let fields: Fields
        do { fields = try JSONDecoder().decode(Fields.self, from: data) } catch let DecodingError.typeMismatch(_, context) {
            let key = context.codingPath.first?.stringValue ?? "?"
            throw UsageError("'\(key)' has the wrong type: expected \(key == "locked" ? "true or false" : key == "alternatives" ? "a list of {\"text\": TEXT, \"confidence\": NUMBER}" : "a string")")
        } catch {
            throw UsageError("expected {\"utterance\": TEXT, …} or {\"alternatives\": [{\"text\": TEXT, \"confidence\": NUMBER}], …} (\(error))")
        }
        if let list = fields.alternatives {
            guard fields.utterance == nil else { throw UsageError("both 'utterance' and 'alternatives': expected one of them") }
            alternatives = list.map { RecognitionAlternative(text: $0.text, confidence: $0.confidence ?? 1) }
            utterance = list.first?.text ?? ""
        } else {
            guard let text = fields.utterance else { throw UsageError("'utterance' is missing: expected {\"utterance\": TEXT, …} or {\"alternatives\": […], …}") }
            utterance = text
        }
        user = fields.user
        language = fields.language ?? language
        locked = fields.locked ?? locked
        now = try fields.now.map { try Input.moment($0, option: "'now'") }
    }
}

/// The sessions of the users a batch names, each read from the store once.
struct BatchSessions {
    let options: EngineOptionGroup
    let engine: Engine
    /// `--user`'s session, the default of lines that name none.
    let given: UserSession?
    private var known: [String: UserSession] = [:]

    init(options: EngineOptionGroup, engine: Engine, given: UserSession?) {
        self.options = options
        self.engine = engine
        self.given = given
    }

    mutating func session(_ user: String?) throws -> UserSession? {
        guard let user else { return given }
        if let session = known[user] { return session }
        var options = self.options
        options.user = user
        let session = try options.session(for: engine)
        known[user] = session
        return session
    }
}

/// The lines of a file or pipe, read as they come (a pipe's next line may not be written
/// yet): invalid UTF-8 is replaced by U+FFFD with one warning naming the line.
final class LineReader {
    private let handle: FileHandle
    /// The file's path, or "standard input".
    let source: String
    private var buffer: [UInt8] = []
    private var position = 0
    private var ended = false
    private var lineNumber = 0
    private var warned = false

    init(_ handle: FileHandle, source: String) {
        self.handle = handle
        self.source = source
    }

    /// Standard input for "-", else the file at `path`.
    convenience init(opening path: String) throws {
        if path == "-" {
            self.init(FileHandle.standardInput, source: "standard input")
        } else {
            guard let handle = FileHandle(forReadingAtPath: path) else { throw UsageError("\(path): cannot read the file") }
            self.init(handle, source: path)
        }
    }

    func next() -> String? {
        while true {
            if let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = decode(buffer[position..<newline])
                position = newline + 1
                return line
            }
            if ended {
                guard position < buffer.count else { return nil }
                let line = decode(buffer[position...])
                position = buffer.count
                return line
            }
            buffer.removeFirst(position)
            position = 0
            // availableData returns what the pipe holds now, waiting only when it is empty.
            let data = handle.availableData
            if data.isEmpty { ended = true } else { buffer += data }
        }
    }

    private func decode(_ bytes: ArraySlice<UInt8>) -> String {
        lineNumber += 1
        var line = bytes
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        if let text = String(validating: line, as: UTF8.self) { return text }
        if !warned {
            warned = true
            Diagnostics.warn("\(source):\(lineNumber) is not valid UTF-8; invalid bytes were replaced with U+FFFD")
        }
        return String(decoding: line, as: UTF8.self)
    }
}

/// The readable form of a parse.
enum ParseSummary {
    static func text(_ result: ParseResult) -> String {
        guard let best = result.best else { return "no intent understood" }
        var lines: [String] = []
        if !result.understood {
            lines.append("not understood: the best hypothesis's confidence \(String(format: "%.3f", best.confidence)) is below the threshold \(String(format: "%.3f", result.threshold))")
            lines.append("")
        }
        for (index, hypothesis) in result.hypotheses.enumerated() {
            let lock = hypothesis.requiresUnlock ? "  [requires unlock]" : ""
            lines.append("\(index + 1). \(hypothesis.app.displayName) · \(hypothesis.intent.name) (\(hypothesis.intent.domain)) · confidence \(String(format: "%.3f", hypothesis.confidence)) · \(hypothesis.language)\(lock)")
            lines.append("   app: \(hypothesis.appSelection)")
            for parameter in hypothesis.parameters {
                for value in parameter.values {
                    var line = "   \(parameter.name): "
                    line += value.value.map { $0.string ?? $0.description } ?? "—"
                    if let identifier = value.identifier { line += " [\(identifier)]" }
                    line += " → \(value.resolution.kind.rawValue)"
                    if !value.resolution.options.isEmpty && value.resolution.kind == .disambiguation {
                        line += ": " + value.resolution.options.map { $0.value + ($0.identifier.map { " [\($0)]" } ?? "") }.joined(separator: " | ")
                    }
                    line += " (\(value.resolution.reason))"
                    lines.append(line)
                }
            }
            if index == 0 && result.hypotheses.count > 1 { lines.append("") }
        }
        return lines.joined(separator: "\n")
    }
}
