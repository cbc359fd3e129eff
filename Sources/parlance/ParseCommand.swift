import ArgumentParser
import Foundation
import Parlance

/// Options shared by the engine commands: which apps, grammars and vocabulary store.
struct EngineOptionGroup: ParsableArguments {
    @Option(name: .customLong("apps"), help: "An app folder or a folder of app folders (repeatable; default: Corpora/apps).")
    var apps: [String] = []

    @Option(help: "A grammar folder with sentences/<language>/ (default: Corpora/grammars).")
    var grammars: String?

    @Option(help: "A vocabulary store (SQLite) whose user vocabulary replaces the apps' UserVocabulary.json.")
    var store: String?

    @Option(help: ArgumentHelp("A folder of compiled images (grammars, vocabulary indexes) read instead of rebuilding them, and saved when missing.",
                               discussion: "Default: $PARLANCE_CACHE, else $XDG_CACHE_HOME/parlance, else ~/.cache/parlance."))
    var cache: String?

    @Flag(help: "Build everything and save nothing (no cache of compiled images).")
    var noCache = false

    /// Loads the apps (warnings and per-app errors to stderr) and builds the engine.
    func engine(languages: [String]?) throws -> Engine {
        let folders = apps.isEmpty ? [GrammarSource.sampleApps.path] : apps
        var loaded: [App] = []
        for folder in folders {
            let result = AppLoader.load(folder)
            for issue in result.issues { Diagnostics.report(issue) }
            loaded += result.apps
        }
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
        """
    )

    @OptionGroup var engineOptions: EngineOptionGroup

    @Option(help: "The utterance's language (BCP-47); default: try every grammar.")
    var language: String?

    @Flag(help: "Parse as on a locked device (intents restricted while locked require unlock).")
    var locked = false

    @Flag(help: "Print JSON.")
    var json = false

    @Option(help: "Parse every line of FILE (JSON lines out).")
    var batch: String?

    @Argument(help: "The utterance, or - to read standard input.")
    var utterance: String?

    func run() throws {
        try reportingErrors {
            if let language { _ = try Input.language(language) }
            let engine = try engineOptions.engine(languages: nil)
            if let batch {
                try runBatch(engine, file: batch)
                return
            }
            guard let utterance else { throw UsageError("missing UTTERANCE (or --batch FILE)") }
            let result = engine.parse(Input.text(utterance), language: language, locked: locked)
            if json {
                print(try JSON.string(result.json))
            } else {
                print(ParseSummary.text(result))
            }
        }
    }

    func runBatch(_ engine: Engine, file: String) throws {
        guard let data = FileManager.default.contents(atPath: file) else { throw UsageError("\(file): cannot read the file") }
        let lines = Input.decode(data, source: file).split(whereSeparator: \.isNewline).map(String.init)
        var times: [Double] = []
        let clock = ContinuousClock()
        for line in lines where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let start = clock.now
            let result = engine.parse(line, language: language, locked: locked)
            let elapsed = clock.now - start
            times.append(Self.micros(elapsed))
            guard case .object(var fields) = result.json else { continue }
            fields["micros"] = .double((Self.micros(elapsed) * 10).rounded() / 10)
            print(try JSON.string(JSONValue.object(fields)))
        }
        print(try JSON.string(Self.summary(times)))
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

/// The readable form of a parse.
enum ParseSummary {
    static func text(_ result: ParseResult) -> String {
        guard !result.hypotheses.isEmpty else { return "no intent understood" }
        var lines: [String] = []
        for (index, hypothesis) in result.hypotheses.enumerated() {
            let lock = hypothesis.requiresUnlock ? "  [requires unlock]" : ""
            lines.append("\(index + 1). \(hypothesis.app.displayName) · \(hypothesis.intent.name) (\(hypothesis.intent.domain)) · score \(String(format: "%.3f", hypothesis.score)) · \(hypothesis.language)\(lock)")
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
