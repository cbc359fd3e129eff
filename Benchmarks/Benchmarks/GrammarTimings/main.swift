// Grammar compile and match timings on the Home Assistant corpus in ../shared: a quick
// harness, not a statistical benchmark. Build in release and run from the repository root:
//
//   swift run -c release --package-path Benchmarks GrammarTimings [languages…]
//
// Per language: the median of 5 compiles (loading the YAML excluded), then every test
// sentence of tests/<lang>/*.yaml matched with its context and the fixtures' lists. Each
// sentence is timed as the median of 15 runs; the table shows the median, 90th and 99th
// percentile and maximum over sentences, for the default options (corrections only where
// they can win) and with corrections always on.
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
let languages = CommandLine.arguments.count > 1 ? Array(CommandLine.arguments.dropFirst()) : ["en", "de", "es", "fr", "ja", "zh-cn"]

func nanoseconds(_ body: () -> Void) -> UInt64 {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return DispatchTime.now().uptimeNanoseconds - start
}

func median(_ values: [UInt64]) -> UInt64 { values.sorted()[values.count / 2] }

func percentile(_ values: [UInt64], _ fraction: Double) -> UInt64 {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

func micro(_ value: UInt64) -> String { String(format: "%.1f µs", Double(value) / 1000) }

print("| language | templates | states | compile | match p50 | p90 | p99 | max | always fuzzy p50 | p90 |")
print("|---|---|---|---|---|---|---|---|---|---|")
for language in languages {
    let grammar = try GrammarLoader.load(corpus: corpus, language: language)
    let tests = try TestCorpusLoader.load(corpus: corpus, language: language)
    var compiled: CompiledGrammar!
    var compiles: [UInt64] = []
    for _ in 0..<5 {
        compiles.append(nanoseconds { compiled = try! CompiledGrammar(grammar) })
    }
    let lists = compiled.prepare(tests.fixtures.slotLists(language: compiled.language))
    let cases = tests.files.filter { $0.slotCombination == nil }.flatMap(\.cases)
    let sentences = cases.flatMap { testCase in testCase.sentences.map { ($0, testCase.context) } }
    if let rounds = ProcessInfo.processInfo.environment["ROUNDS"].flatMap(Int.init) {
        // For counting allocations from outside (perf stat -e probe_libc:malloc): a warm-up
        // pass, then `rounds` passes; the difference between two round counts, divided by
        // the sentences, is the allocations per match.
        let options = MatchOptions(preferredSlot: "name")
        for _ in 0..<(rounds + 1) {
            for (sentence, context) in sentences { _ = compiled.match(sentence, lists: lists, context: context, options: options) }
        }
        print("\(language): \(sentences.count) sentences × \(rounds + 1) passes")
        continue
    }
    var rows: [String] = []
    let modes: [MatchOptions.Fuzziness] = ProcessInfo.processInfo.environment["DEFAULT_ONLY"] != nil ? [.whenExactFails] : [.whenExactFails, .always]
    for fuzziness in modes {
        let options = MatchOptions(fuzziness: fuzziness, preferredSlot: "name")
        var matched = 0
        for (sentence, context) in sentences where compiled.match(sentence, lists: lists, context: context, options: options).best != nil {
            matched += 1
        }
        var times: [UInt64] = []
        var slowest: [(UInt64, String)] = []
        for (sentence, context) in sentences {
            var runs: [UInt64] = []
            for _ in 0..<15 {
                runs.append(nanoseconds { _ = compiled.match(sentence, lists: lists, context: context, options: options) })
            }
            times.append(median(runs))
            slowest.append((median(runs), sentence))
        }
        if ProcessInfo.processInfo.environment["SLOWEST"] != nil {
            for (time, sentence) in slowest.sorted(by: { $0.0 > $1.0 }).prefix(12) { print("   \(micro(time))  \(sentence)") }
        }
        rows.append(fuzziness == .always
            ? "\(micro(median(times))) | \(micro(percentile(times, 0.9)))"
            : "\(micro(median(times))) | \(micro(percentile(times, 0.9))) | \(micro(percentile(times, 0.99))) | \(micro(times.max()!))")
        if matched < sentences.count { print("   \(sentences.count - matched) sentences without a match") }
    }
    let statistics = compiled.statistics
    print("| \(language) (\(sentences.count) sentences) | \(statistics.templates) | \(statistics.states) | \(String(format: "%.0f ms", Double(median(compiles)) / 1e6)) | \(rows.joined(separator: " | ")) |")
}
