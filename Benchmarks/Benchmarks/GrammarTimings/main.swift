// Grammar compile and match timings on the Home Assistant corpus in ../shared: a quick
// harness, not a statistical benchmark. Build in release and run from the repository root:
//
//   swift run -c release --package-path Benchmarks GrammarTimings [languages…]
//   swift run -c release --package-path Benchmarks GrammarTimings --json [--sentences FILE] [languages…]
//   swift run -c release --package-path Benchmarks GrammarTimings --grammars Corpora/grammars [languages…]
//
// Times are CPU time of the thread (CLOCK_THREAD_CPUTIME_ID), so other jobs on the machine
// do not inflate them. Per language: the median of 5 compiles (loading the YAML excluded),
// the compiled image's size (CompiledGrammar.image(inputs:)) with the median of 5 writes
// and of 21 reads (CompiledGrammar(image:source:inputs:); IMAGE_READS=n to change; each
// grammar read is freed outside the timing), the compiled tables'
// size (CompiledGrammar.Statistics.tableBytes) and the resident memory the first compile
// added (/proc/self/statm before and after, free heap pages trimmed, ICU's word-break data
// loaded beforehand), then every test sentence of
// tests/<lang>/*.yaml matched with its context and the fixtures' lists. Each sentence is
// timed as the median of 15 runs (RUNS=n to change), taken in rounds over all the sentences
// (a grammar keeps the input of the utterance it matched last, for the engine's reads of
// one utterance; timing a sentence several times in a row would time that reuse, not
// tokenizing it); the table shows the median, 90th and
// 99th percentile and maximum over sentences, for the default options (corrections only
// where they can win) and with corrections always on (DEFAULT_ONLY=1: the default alone;
// EXACT_ONLY=1: no corrections at all, the exact pass every match starts with).
//
// --json prints one JSON object per line instead of the table: per language
// {"type":"language", …sizes, compile…}, then with --sentences one {"type":"sentence", id,
// ns, intent, slots, context} per sentence of FILE (a JSON array of {id, language,
// sentence, context}; what Benchmarks/scripts/hassil_compare.py writes), and a
// {"type":"summary", …percentiles, sentences_per_second} over the sentences timed.
//
// --grammars PATH times the compile and the image of grammars in the Home Assistant layout
// without their tests (the built-in ones: Corpora/grammars, every language there by
// default), no matching.
//
// Allocations per match: ROUNDS=n runs n + 1 passes without timing, to count mallocs from
// outside, e.g. perf probe -x /lib/x86_64-linux-gnu/libc.so.6 malloc, then
// perf stat -e probe_libc:malloc with ROUNDS=0 and ROUNDS=5: the difference over 5 × sentences.
import Foundation
import ParlanceGrammar
import ParlanceText

let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let corpus = root.deletingLastPathComponent().appendingPathComponent("shared/corpora/home-assistant-intents")

var arguments = Array(CommandLine.arguments.dropFirst())
let jsonOutput = arguments.contains("--json")
arguments.removeAll { $0 == "--json" }
var sentencesFile: String?
if let flag = arguments.firstIndex(of: "--sentences") {
    guard flag + 1 < arguments.count else {
        FileHandle.standardError.write(Data("--sentences needs a file: a JSON array of {id, language, sentence, context}\n".utf8))
        exit(2)
    }
    sentencesFile = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
}
let runs = ProcessInfo.processInfo.environment["RUNS"].flatMap(Int.init).map { max(1, $0) } ?? 15
var grammarsFolder: URL?
if let flag = arguments.firstIndex(of: "--grammars") {
    guard flag + 1 < arguments.count else {
        FileHandle.standardError.write(Data("--grammars needs a folder with sentences/<language>/_common.yaml\n".utf8))
        exit(2)
    }
    grammarsFolder = URL(fileURLWithPath: arguments[flag + 1])
    arguments.removeSubrange(flag...(flag + 1))
}

/// One sentence to time: from the corpus, or from a --sentences file.
struct TimedSentence: Decodable {
    let id: String
    let language: String
    let sentence: String
    let context: [String: JSONValue]
}

let given: [TimedSentence]? = try sentencesFile.map { path in
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
        exit(2)
    }
    return try JSONDecoder().decode([TimedSentence].self, from: data)
}
let languages: [String] = if !arguments.isEmpty {
    arguments
} else if let grammarsFolder {
    ["en", "de", "es", "fr", "ja", "zh-Hans"].filter {
        FileManager.default.fileExists(atPath: grammarsFolder.appendingPathComponent("sentences/\($0)/_common.yaml").path)
    }
} else if let given {
    given.reduce(into: [String]()) { if !$0.contains($1.language) { $0.append($1.language) } }
} else {
    ["en", "de", "es", "fr", "ja", "zh-cn"]
}

/// The CPU time `body` takes on this thread: unlike wall time, it does not count the time
/// other processes hold the core (the machine is shared), only what this work costs.
func nanoseconds(_ body: () -> Void) -> UInt64 {
    let start = threadCPUTime()
    body()
    return threadCPUTime() - start
}

func threadCPUTime() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func median(_ values: [UInt64]) -> UInt64 { values.sorted()[values.count / 2] }

/// The median of `runs` timings of `body(i)` for each of `count` items, timed in rounds over
/// all items, so that no item is timed twice in a row (see the header).
func roundRobinMedians(_ count: Int, _ body: (Int) -> Void) -> [UInt64] {
    var samples = [[UInt64]](repeating: [], count: count)
    for _ in 0..<runs {
        for item in 0..<count { samples[item].append(nanoseconds { body(item) }) }
    }
    return samples.map(median)
}

func percentile(_ values: [UInt64], _ fraction: Double) -> UInt64 {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

func micro(_ value: UInt64) -> String { String(format: "%.1f µs", Double(value) / 1000) }

/// Resident bytes of this process (Linux: /proc/self/statm), nil elsewhere. First hands
/// free heap pages back to the system (glibc's malloc_trim, found at run time), so that
/// what is resident is what is held.
func residentBytes() -> Int? {
    trimHeap()
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

let trimHeap: () -> Void = {
    guard let symbol = dlsym(nil, "malloc_trim") else { return {} }
    let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    return { _ = trim(0) }
}()

func kib(_ bytes: Int) -> String { "\((bytes + 512) / 1024) KiB" }

/// A compiled grammar's image: its size, the median time to write it (of 5) and to read it
/// back (of 21), and the first read's time. Each grammar read is freed after its timing
/// (freeing is not part of reading); the first read of a language gets fresh pages from the
/// system, which a process pays once, as it does for a compile.
struct ImageTimings {
    let bytes: Int
    let writeMilliseconds: Double
    let readMilliseconds: Double
    let firstReadMilliseconds: Double

    init(_ compiled: CompiledGrammar) {
        var inputs = ImageDigest()
        inputs.combine("GrammarTimings \(compiled.grammar.language)")
        inputs.combineEnvironment()
        var image: [UInt8] = []
        var writes: [UInt64] = []
        for _ in 0..<5 { writes.append(nanoseconds { image = compiled.image(inputs: inputs) }) }
        var reads: [UInt64] = []
        for _ in 0..<(Int(ProcessInfo.processInfo.environment["IMAGE_READS"] ?? "") ?? 21) {
            var read: CompiledGrammar?
            reads.append(nanoseconds {
                do {
                    read = try CompiledGrammar(image: image, source: "GrammarTimings", inputs: inputs)
                } catch {
                    fatalError("the image of \(compiled.grammar.language) does not read: \(error)")
                }
            })
            withExtendedLifetime(read) {}
        }
        bytes = image.count
        writeMilliseconds = Double(median(writes)) / 1e6
        readMilliseconds = Double(median(reads)) / 1e6
        firstReadMilliseconds = Double(reads[0]) / 1e6
    }

    var sizeText: String { String(format: "%.2f MB", Double(bytes) / 1e6) }
    var readText: String { String(format: "%.2f ms", readMilliseconds) }
    var writeText: String { String(format: "%.1f ms", writeMilliseconds) }
}

func printJSON<Value: Encodable>(_ value: Value) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    print(String(decoding: try! encoder.encode(value), as: UTF8.self))
}

struct LanguageLine: Encodable {
    let type = "language"
    let language: String
    let templates: Int
    let states: Int
    let transitions: Int
    let compile_ms: Double
    let image_bytes: Int
    let image_write_ms: Double
    let image_read_ms: Double
    let image_first_read_ms: Double
    let table_bytes: Int
    let rss_delta_bytes: Int?
}

struct SentenceLine: Encodable {
    let type = "sentence"
    let id: String
    let ns: UInt64
    let intent: String?
    let slots: [String: JSONValue]
    let context: [String: JSONValue]
}

struct SummaryLine: Encodable {
    let type = "summary"
    let language: String
    let sentences: Int
    let matched: Int
    let p50_ns: UInt64
    let p90_ns: UInt64
    let p99_ns: UInt64
    let max_ns: UInt64
    let sentences_per_second: Double
}

if let grammarsFolder {
    // Compile and image only: these grammars come without Home Assistant tests.
    print("| language | templates | states | compile | image | write | read | first read |")
    print("|---|---|---|---|---|---|---|---|")
    for language in languages {
        let grammar = try GrammarLoader.load(corpus: grammarsFolder, language: language, externalLists: [])
        var compiled = try CompiledGrammar(grammar)
        var compiles: [UInt64] = []
        for _ in 0..<5 {
            compiles.append(nanoseconds { compiled = try! CompiledGrammar(grammar) })
        }
        let statistics = compiled.statistics
        let image = ImageTimings(compiled)
        print("| \(language) | \(statistics.templates) | \(statistics.states) | \(String(format: "%.0f ms", Double(median(compiles)) / 1e6)) | "
            + "\(image.sizeText) | \(image.writeText) | \(image.readText) | \(String(format: "%.2f ms", image.firstReadMilliseconds)) |")
    }
    exit(0)
}

if !jsonOutput {
    print("| language | templates | states | compile | image | read | tables | RSS after compile | match p50 | p90 | p99 | max | always fuzzy p50 | p90 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
}
for language in languages {
    let grammar = try GrammarLoader.load(corpus: corpus, language: language)
    let tests = try TestCorpusLoader.load(corpus: corpus, language: language)
    // The first compile's resident growth: what a process pays to hold the compiled grammar,
    // ICU's word-break data for the language excluded (a tokenizer made and used on a test
    // sentence first), free heap pages trimmed before and after. ICU's number-spelling data,
    // loaded by the compile for range lists, stays counted.
    let warmUp = tests.files.first?.cases.first?.sentences.first ?? "warm up"
    _ = try Tokenizer(language: Language(grammar.language)).tokenize(warmUp)
    let residentBefore = residentBytes()
    var compiled = try CompiledGrammar(grammar)
    let residentDelta = residentBytes().flatMap { after in residentBefore.map { after - $0 } }
    var compiles: [UInt64] = []
    for _ in 0..<5 {
        compiles.append(nanoseconds { compiled = try! CompiledGrammar(grammar) })
    }
    let statistics = compiled.statistics
    let compileMilliseconds = Double(median(compiles)) / 1e6
    let image = ImageTimings(compiled)
    let lists = compiled.prepare(tests.fixtures.slotLists(language: compiled.language))
    let sentences: [(id: String, sentence: String, context: [String: DataValue])]
    if let given {
        sentences = given.filter { $0.language == language }.map { ($0.id, $0.sentence, $0.context.mapValues(\.dataValue)) }
    } else {
        let cases = tests.files.filter { $0.slotCombination == nil }.flatMap(\.cases)
        sentences = cases.flatMap { testCase in testCase.sentences.map { ("", $0, testCase.context) } }
    }
    if let rounds = ProcessInfo.processInfo.environment["ROUNDS"].flatMap(Int.init) {
        // For counting allocations from outside (perf stat -e probe_libc:malloc): a warm-up
        // pass, then `rounds` passes; the difference between two round counts, divided by
        // the sentences, is the allocations per match.
        let options = MatchOptions(preferredSlot: "name")
        for _ in 0..<(rounds + 1) {
            for (_, sentence, context) in sentences { _ = compiled.match(sentence, lists: lists, context: context, options: options) }
        }
        print("\(language): \(sentences.count) sentences × \(rounds + 1) passes")
        continue
    }
    if jsonOutput {
        printJSON(LanguageLine(language: language, templates: statistics.templates, states: statistics.states,
                               transitions: statistics.transitions, compile_ms: compileMilliseconds, image_bytes: image.bytes,
                               image_write_ms: image.writeMilliseconds, image_read_ms: image.readMilliseconds,
                               image_first_read_ms: image.firstReadMilliseconds,
                               table_bytes: statistics.tableBytes, rss_delta_bytes: residentDelta))
        guard !sentences.isEmpty else { continue }
        let options = MatchOptions(preferredSlot: "name")
        var matched = 0
        let times = roundRobinMedians(sentences.count) { index in
            _ = compiled.match(sentences[index].1, lists: lists, context: sentences[index].2, options: options)
        }
        for ((id, sentence, context), time) in zip(sentences, times) {
            let result = compiled.match(sentence, lists: lists, context: context, options: options)
            if result.best != nil { matched += 1 }
            printJSON(SentenceLine(id: id, ns: time, intent: result.best?.intent,
                                   slots: result.best?.slotValues.mapValues(JSONValue.init) ?? [:],
                                   context: result.best?.context.mapValues(JSONValue.init) ?? [:]))
        }
        let total = Double(times.reduce(0, +)) / 1e9
        printJSON(SummaryLine(language: language, sentences: times.count, matched: matched, p50_ns: median(times),
                              p90_ns: percentile(times, 0.9), p99_ns: percentile(times, 0.99), max_ns: times.max()!,
                              sentences_per_second: Double(times.count) / total))
        continue
    }
    var rows: [String] = []
    let environment = ProcessInfo.processInfo.environment
    let modes: [MatchOptions.Fuzziness] = environment["EXACT_ONLY"] != nil ? [.off]
        : environment["DEFAULT_ONLY"] != nil ? [.whenExactFails] : [.whenExactFails, .always]
    for fuzziness in modes {
        let options = MatchOptions(fuzziness: fuzziness, preferredSlot: "name")
        var matched = 0
        for (_, sentence, context) in sentences where compiled.match(sentence, lists: lists, context: context, options: options).best != nil {
            matched += 1
        }
        let times = roundRobinMedians(sentences.count) { index in
            _ = compiled.match(sentences[index].1, lists: lists, context: sentences[index].2, options: options)
        }
        let slowest = zip(times, sentences.map(\.1)).map { ($0, $1) }
        if ProcessInfo.processInfo.environment["SLOWEST"] != nil {
            for (time, sentence) in slowest.sorted(by: { $0.0 > $1.0 }).prefix(12) { print("   \(micro(time))  \(sentence)") }
        }
        rows.append(fuzziness == .always && modes.count > 1
            ? "\(micro(median(times))) | \(micro(percentile(times, 0.9)))"
            : "\(micro(median(times))) | \(micro(percentile(times, 0.9))) | \(micro(percentile(times, 0.99))) | \(micro(times.max()!))")
        if matched < sentences.count { print("   \(sentences.count - matched) sentences without a match") }
    }
    print("| \(language) (\(sentences.count) sentences) | \(statistics.templates) | \(statistics.states) | "
        + "\(String(format: "%.0f ms", compileMilliseconds)) | \(image.sizeText) | \(image.readText) | \(kib(statistics.tableBytes)) | \(residentDelta.map(kib) ?? "–") | "
        + "\(rows.joined(separator: " | ")) |")
}

/// A ``DataValue`` as JSON, both ways.
enum JSONValue: Codable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([JSONValue])
    case map([String: JSONValue])

    init(_ value: DataValue) {
        switch value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .list(let values): self = .list(values.map(JSONValue.init))
        case .map(let values): self = .map(values.mapValues(JSONValue.init))
        }
    }

    var dataValue: DataValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .list(let values): .list(values.map(\.dataValue))
        case .map(let values): .map(values.mapValues(\.dataValue))
        }
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .list(value)
        } else {
            self = .map(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .list(let values): try container.encode(values)
        case .map(let values): try container.encode(values)
        }
    }
}
