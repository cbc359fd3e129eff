import ArgumentParser
import Foundation
import Parlance

/// Where the vocabulary comes from and how it is matched: shared by `vocab lookup` and `spans`.
struct VocabularyOptions: ParsableArguments {
    @Option(help: "An AppIntentVocabulary.plist, an app folder with .lproj folders, a UserVocabulary.json, a TSV with a header (first column) or a plain UTF-8 list (one entry a line, order = priority).")
    var vocabulary: String

    @Option(name: .shortAndLong, help: "BCP-47 language tag: picks the app's localization and the normalization.")
    var language: String = "en"

    @Option(help: "The user vocabulary type of a plain list or TSV, e.g. contactName.")
    var type: String = VocabularyStringType.contactName.rawValue

    @Option(help: "Allowed edits (0, 1 or 2, a transposition counting as one). Default: by length (3 letters or fewer exact, up to 7 one edit, longer two).")
    var maxEdits: Int?

    func policy() throws -> EditPolicy {
        guard let maxEdits else { return .default }
        guard (0...2).contains(maxEdits) else { throw UsageError("--max-edits must be 0, 1 or 2, not \(maxEdits)") }
        return .fixed(maxEdits)
    }

    /// Loads the vocabulary and compiles the index; prints warnings and, with `stats`, the
    /// load and build costs on standard error.
    func index(stats: Bool) throws -> (VocabularyIndex, Tokenizer) {
        let language = try Input.language(language)
        let listType = try VocabularyStringType(name: type)
        let loadStart = ContinuousClock.now
        let loaded = try LoadedVocabulary.load(path: vocabulary, language: language, listType: listType)
        let loadTime = ContinuousClock.now - loadStart
        for warning in loaded.warnings.prefix(20) { Diagnostics.warn(warning.description) }
        if loaded.warnings.count > 20 { Diagnostics.warn("… and \(loaded.warnings.count - 20) more warnings") }
        let tokenizer = try Tokenizer(language: language)
        let buildStart = ContinuousClock.now
        let index = VocabularyIndex(items: loaded.items, tokenizer: tokenizer)
        let buildTime = ContinuousClock.now - buildStart
        if stats {
            let megabytes = Double(index.memoryFootprint) / 1_048_576
            FileHandle.standardError.write(Data(
                "stats: \(loaded.items.count) items, \(index.entryCount) keys, load \(loadTime.milliseconds) ms, build \(buildTime.milliseconds) ms, index \(String(format: "%.1f", megabytes)) MB (\(index.memoryFootprint / max(1, index.entryCount)) bytes per key)\n".utf8))
        }
        return (index, tokenizer)
    }
}

/// One vocabulary match as the CLI prints it.
struct MatchRow: Encodable {
    let text: String
    let identifier: String?
    let type: String
    let source: String
    let edits: Int
    let priority: Int

    init(_ match: VocabularyMatch) {
        text = match.matchedText
        identifier = match.identifier
        type = match.type.description
        source = match.source.description
        edits = match.edits
        priority = match.priority
    }
}

struct VocabLookupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "Find the vocabulary entries closest to a query (exact, prefix-free fuzzy search with up to 2 edits).")

    @OptionGroup var options: VocabularyOptions

    @Option(help: "How many results per query, best first.")
    var top: Int = 5

    @Option(help: "Look up every line of FILE (the first column of a TSV with a header) instead of QUERY; prints one JSON line per query and a summary line with in-process timings.")
    var queries: String?

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Print load time, build time and index size on standard error.")
    var stats = false

    @Argument(help: "The query.")
    var query: String?

    struct QueryResult: Encodable {
        let query: String
        let results: [MatchRow]
        let micros: Double?
    }

    struct Summary: Encodable {
        let count: Int
        let medianMicros: Double
        let meanMicros: Double
        let p99Micros: Double
    }

    func run() throws {
        try reportingErrors {
            guard top > 0 else { throw UsageError("--top must be at least 1") }
            let policy = try options.policy()
            if let queries {
                let lines = try queryLines(queries)
                let (index, _) = try options.index(stats: stats)
                try lookUpAll(lines, in: index, policy: policy)
                return
            }
            guard let query else { throw UsageError("give a QUERY or --queries FILE") }
            let (index, _) = try options.index(stats: stats)
            let matches = index.lookup(Input.text(query), policy: policy, limit: top)
            if json {
                print(try JSON.string(QueryResult(query: query, results: matches.map(MatchRow.init), micros: nil)))
            } else if matches.isEmpty {
                print("no match")
            } else {
                for match in matches {
                    print("\(match.edits)\t\(match.priority)\t\(match.source)\t\(match.type)\t\(match.identifier ?? "-")\t\(match.matchedText)")
                }
            }
        }
    }

    private func queryLines(_ path: String) throws -> [String] {
        var lines = try VocabularyList.load(contentsOf: path)
        if path.lowercased().hasSuffix(".tsv") {
            lines = lines.dropFirst().map { line in line.firstIndex(of: "\t").map { String(line[..<$0]) } ?? line }
        }
        return lines
    }

    /// Looks up every query, timing each inside the process (loading excluded), then prints
    /// one JSON line per query and the summary.
    private func lookUpAll(_ lines: [String], in index: VocabularyIndex, policy: EditPolicy) throws {
        var micros: [Double] = []
        micros.reserveCapacity(lines.count)
        var results: [[VocabularyMatch]] = []
        results.reserveCapacity(lines.count)
        let clock = ContinuousClock()
        let searcher = index.makeSearcher()
        for line in lines {
            let start = clock.now
            let matches = searcher.lookup(line, policy: policy, limit: top)
            let elapsed = clock.now - start
            results.append(matches)
            micros.append(elapsed.microseconds)
        }
        var output = ""
        for (position, line) in lines.enumerated() {
            output += try JSON.string(QueryResult(query: line, results: results[position].map(MatchRow.init), micros: micros[position]))
            output += "\n"
        }
        let sorted = micros.sorted()
        let summary = Summary(
            count: lines.count,
            medianMicros: sorted.isEmpty ? 0 : sorted[sorted.count / 2],
            meanMicros: sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count),
            p99Micros: sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
        output += try JSON.string(summary)
        print(output)
    }
}

extension Duration {
    var microseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
    }

    var milliseconds: Int { Int(microseconds / 1000) }
}
