// Vocabulary index timings on the shared benchmark data (../shared/bench/vocab): a quick
// harness, not a statistical benchmark. Build in release and run from the repository root:
//
//   swift run -c release --package-path Benchmarks VocabularyTimings [sizes…] [--spans-only] [--exact-spans]
//     [--utterance TEXT [--language TAG]] [--repeat N]
//
// Per size (default 100k), with the entries as user contact names:
// - index build time and memory;
// - every query of queries_SIZE.tsv through `lookup` (policy fixed(2), closest, top 1):
//   median, mean, p99 per class and recall@1 (the top answer is the expected entry, or
//   for an ambiguous query any entry at the expected distance; for "none", nothing);
// - `lookupPrefix` (limit 10) on the first 1, 2, 3 and 5 characters of the exact queries;
// - `spans(in:)` with the default policy on one ten-word utterance per language (en, de,
//   ja, zh), each run 2,000 times, and on ~1,000 utterances per language made from
//   templates around entries of that locale (as written and with a typo); with --utterance,
//   only TEXT in --language (en by default), no templates.
// Times are this thread's CPU time per call (the machine is shared); allocations are
// counted per call by the malloc interposer, which the harness preloads by re-executing
// itself with LD_PRELOAD.
//
// Work counters (trie nodes visited, automaton steps, per span band and direction) for
// tuning, where wall time is too noisy to compare variants:
//
//   swift build -c release --package-path Benchmarks --scratch-path .build-statistics \
//     -Xswiftc -DPARLANCE_WALK_STATISTICS -Xswiftc -enable-testing --product VocabularyTimings
import Foundation
import AllocationCounting
import ParlanceText
#if PARLANCE_WALK_STATISTICS
@testable import ParlanceVocabulary
#else
import ParlanceVocabulary
#endif

// MARK: Allocation counting

AllocationCounting.start()
if !AllocationCounting.isCounting { FileHandle.standardError.write(Data((AllocationCounting.missingLibraryMessage + "\n").utf8)) }

func mallocCount() -> Int { AllocationCounting.count() }

// MARK: Timing helpers

/// This thread's CPU time in nanoseconds.
func threadCPU() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func wallClock() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Times and counts the allocations of one call, in µs.
@inline(never)
func measure<R>(_ body: () -> R) -> (micros: Double, allocations: Int, result: R) {
    let mallocs = mallocCount()
    let start = threadCPU()
    let result = body()
    let elapsed = threadCPU() - start
    return (Double(elapsed) / 1000, mallocCount() - mallocs, result)
}

struct Summary {
    var median: Double, mean: Double, p99: Double, allocations: Double

    init(_ times: [Double], allocations: Int) {
        let sorted = times.sorted()
        func at(_ fraction: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))] }
        median = at(0.5)
        p99 = at(0.99)
        mean = sorted.reduce(0, +) / Double(max(sorted.count, 1))
        self.allocations = Double(allocations) / Double(max(sorted.count, 1))
    }

    var text: String {
        String(format: "median %7.2f µs  mean %7.2f µs  p99 %7.2f µs  %@", median, mean, p99,
               AllocationCounting.isCounting ? String(format: "%.1f allocations/call", allocations) : "allocations not counted")
    }
}

// MARK: Data

let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let data = root.deletingLastPathComponent().appendingPathComponent("shared/bench/vocab")

func rows(_ name: String) -> [[Substring]] {
    guard let text = try? String(contentsOf: data.appendingPathComponent(name), encoding: .utf8) else { return [] }
    return text.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
}

struct Query {
    var text: String
    var kind: String
    var expected: Int
    var osa: Int
    var alternatives: Int
}

let arguments = CommandLine.arguments.dropFirst()
let spansOnly = arguments.contains("--spans-only")
/// `--exact-spans`: spans with policy fixed(0), the floor under the fuzzy search's cost.
let spanPolicy: EditPolicy = arguments.contains("--exact-spans") ? .fixed(0) : .default
/// `--utterance TEXT [--language TAG]`: the spans of TEXT only (their values are not sizes).
func value(after option: String) -> String? {
    arguments.firstIndex(of: option).flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
}
let optionValues = Set(["--utterance", "--language", "--repeat"].compactMap(value(after:)))
let positional = arguments.filter { !$0.hasPrefix("--") && !optionValues.contains($0) }
let sizes = positional.isEmpty ? ["100k"] : positional

/// One ten-word utterance per language, naming an entry of the 100k vocabulary.
let utterances: [(language: String, text: String)] = value(after: "--utterance").map { [(value(after: "--language") ?? "en", $0)] } ?? [
    ("en", "send a message to Frank Barrett saying I am late"),
    ("de", "schick Angelika Sorgatz bitte eine Nachricht dass ich später komme"),
    ("ja", "村上拓真さんに今から帰るとメッセージを送って"),
    ("zh", "给段玉梅发消息说我今天晚点到家"),
]

/// Templates of about ten words per language; %@ is an entry of the matching locale.
let templates: [String: (locale: String, templates: [String])] = [
    "en": ("en_US", ["send a message to %@ saying I will be late", "please call %@ on the phone right now",
                     "play the playlist %@ in the kitchen please"]),
    "de": ("de_DE", ["schick %@ eine Nachricht dass ich später komme", "ruf bitte %@ auf dem Handy an",
                     "spiel die Playlist %@ in der Küche ab"]),
    "ja": ("ja_JP", ["%@さんに今から帰るとメッセージを送って", "%@に電話をかけてください", "キッチンで%@を再生して"]),
    "zh": ("zh_CN", ["给%@发消息说我今天晚点到家", "现在打电话给%@好吗", "在厨房播放%@这首歌"]),
]

guard !rows("vocab_100k.tsv").isEmpty else {
    print("no benchmark data at \(data.path)")
    exit(1)
}

for size in sizes {
    let vocabulary = rows("vocab_\(size).tsv")
    let entries = vocabulary.map { String($0[0]) }
    let locales = vocabulary.map { String($0[1]) }
    let items = entries.enumerated().map { row, entry in
        VocabularyItem(phrases: [entry], type: .user(.contactName), source: .user, priority: row)
    }
    let queries = rows("queries_\(size).tsv").map { fields in
        Query(text: String(fields[0]), kind: String(fields[1]), expected: Int(fields[3])!, osa: Int(fields[5])!,
              alternatives: Int(fields[6])!)
    }
    let english = try Tokenizer(language: Language("en"))
    let buildStart = wallClock()
    let index = VocabularyIndex(items: items, tokenizer: english)
    let buildSeconds = Double(wallClock() - buildStart) / 1e9
    print(String(format: "[%@] %d entries, %d keys, build %.2f s (wall), index %.1f MB", size, index.entryCount,
                 index.keyCount, buildSeconds, Double(index.memoryFootprint) / 1e6))

    if !spansOnly {
        // Lookups, every query, as strings (the query's tokenization included).
        let searcher = index.makeSearcher()
        for query in queries { _ = searcher.lookup(query.text, policy: .fixed(2), limit: 1) }
        var times: [String: [Double]] = [:], allocations: [String: Int] = [:], correct: [String: Int] = [:]
        for query in queries {
            let (micros, mallocs, matches) = measure { searcher.lookup(query.text, policy: .fixed(2), limit: 1) }
            for kind in [query.kind, "all"] {
                times[kind, default: []].append(micros)
                allocations[kind, default: 0] += mallocs
            }
            let right: Bool
            if query.kind == "none" {
                right = matches.isEmpty
            } else if let top = matches.first {
                right = top.itemIndex == query.expected || (query.alternatives > 0 && top.edits == query.osa)
            } else {
                right = false
            }
            if right { correct[query.kind, default: 0] += 1 }
        }
        for kind in ["exact", "edit1", "edit2", "none", "all"] {
            let summary = Summary(times[kind] ?? [], allocations: allocations[kind] ?? 0)
            let recall = kind == "all" ? "" : String(format: "  recall@1 %.4f", Double(correct[kind] ?? 0) / Double(max(times[kind]?.count ?? 0, 1)))
            print("[\(size)] lookup \(kind.padding(toLength: 5, withPad: " ", startingAt: 0)) \(summary.text)\(recall)")
        }

        // Prefix lookups on the first characters of the exact queries.
        let exact = queries.filter { $0.kind == "exact" }.prefix(2000)
        for length in [1, 2, 3, 5] {
            let prefixes = exact.map { String($0.text.prefix(length)) }
            for prefix in prefixes.prefix(200) { _ = searcher.lookupPrefix(prefix, limit: 10) }
            var times: [Double] = [], mallocs = 0
            for prefix in prefixes {
                let run = measure { searcher.lookupPrefix(prefix, limit: 10) }
                times.append(run.micros)
                mallocs += run.allocations
            }
            print("[\(size)] prefix \(length) char\(length == 1 ? " " : "s") \(Summary(times, allocations: mallocs).text)")
        }
    }

    // Spans: one fixed ten-word utterance per language, then the templates.
    for (language, utterance) in utterances {
        let tokenizer = try Tokenizer(language: Language(language))
        let spanIndex = language == "en" ? index : VocabularyIndex(items: items, tokenizer: tokenizer)
        let searcher = spanIndex.makeSearcher()
        let text = tokenizer.tokenize(utterance)
        for _ in 0..<200 { _ = searcher.spans(in: text, policy: spanPolicy) }
        #if PARLANCE_WALK_STATISTICS
        walkStatistics = WalkStatistics()
        _ = searcher.spans(in: text, policy: spanPolicy)
        let work = walkStatistics
        print("[\(size)] spans \(language) work: visits \(work.visits) steps \(work.steps) lookups \(work.lookups) scanned \(work.scanned) jump entries \(work.jumpEntries); by band and direction \(work.byPass)")
        #endif
        var times: [Double] = [], mallocs = 0
        var found: [VocabularySpan] = []
        for _ in 0..<(value(after: "--repeat").flatMap { Int($0) } ?? 2000) {
            let run = measure { searcher.spans(in: text, policy: spanPolicy) }
            times.append(run.micros)
            mallocs += run.allocations
            found = run.result
        }
        print("[\(size)] spans \(language) \"\(utterance)\" (\(text.units.count) units, \(found.count) spans)")
        print("[\(size)]   fixed     \(Summary(times, allocations: mallocs).text)")

        guard value(after: "--utterance") == nil, let (locale, patterns) = templates[language] else { continue }
        var templateTimes: [Double] = [], templateMallocs = 0, trials = 0, hits = 0
        // 500 entries as written, 500 with one edit, alternating.
        let exact = queries.filter { $0.kind == "exact" && locales[$0.expected] == locale }.prefix(500)
        let typos = queries.filter { $0.kind == "edit1" && locales[$0.expected] == locale }.prefix(500)
        for query in zip(exact, typos).flatMap({ [$0, $1] }) {
            let pattern = patterns[trials % patterns.count]
            let parts = pattern.components(separatedBy: "%@")
            let text = tokenizer.tokenize(parts[0] + query.text + parts[1])
            let run = measure { searcher.spans(in: text, policy: spanPolicy) }
            templateTimes.append(run.micros)
            templateMallocs += run.allocations
            if run.result.contains(where: { $0.match.itemIndex == query.expected }) { hits += 1 }
            trials += 1
        }
        #if PARLANCE_WALK_STATISTICS
        walkStatistics = WalkStatistics()
        for query in zip(exact, typos).flatMap({ [$0, $1] }) {
            _ = searcher.spans(in: tokenizer.tokenize(patterns[0].replacingOccurrences(of: "%@", with: query.text)), policy: spanPolicy)
        }
        print("[\(size)]   templates work: total \(walkStatistics.total); by band and direction \(walkStatistics.byPass)")
        #endif
        print("[\(size)]   templates \(Summary(templateTimes, allocations: templateMallocs).text)  (\(trials) utterances, entry found in \(String(format: "%.3f", Double(hits) / Double(max(trials, 1)))))")
    }
}
