// The fuzzy vocabulary index on the shared benchmark data (../shared/bench/vocab):
// index build, lookups per query class (allocations and instructions, which are stable),
// and the span finder over utterances with 100,000 user entries.
//
// Latency percentiles and recall@1 against the peers come from scripts/vocab_lookup.py,
// which times every query of the file; these benchmarks gate the per-call costs.
import Benchmark
import Foundation
import ParlanceText
import ParlanceVocabulary

let sharedData = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/bench/vocab")

func rows(_ name: String) -> [[Substring]] {
    guard let text = try? String(contentsOf: sharedData.appendingPathComponent(name), encoding: .utf8) else { return [] }
    return text.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
}

func items(size: String) -> [VocabularyItem] {
    rows("vocab_\(size).tsv").enumerated().map { position, row in
        VocabularyItem(phrases: [String(row[0])], type: .user(.contactName), source: .user, priority: position)
    }
}

let benchmarks: @Sendable () -> Void = {
    let english = try! Tokenizer(language: Language("en"))
    let vocabulary = items(size: "100k")
    guard !vocabulary.isEmpty else {
        print("skipping VocabularyBenchmarks: no shared data at \(sharedData.path)")
        return
    }

    Benchmark("index build 100k", configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxIterations: 5)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(VocabularyIndex(items: vocabulary, tokenizer: english)) }
    }

    let index = VocabularyIndex(items: vocabulary, tokenizer: english)
    let queries = rows("queries_100k.tsv")
    for queryClass in ["exact", "edit1", "edit2", "none"] {
        let picked = queries.filter { $0[1] == queryClass }.prefix(500).map { String($0[0]) }
        Benchmark("lookup 100k \(queryClass) ×500",
                  configuration: .init(metrics: [.wallClock, .mallocCountTotal, .instructions], maxIterations: 200)) { benchmark in
            let searcher = index.makeSearcher()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for query in picked { blackHole(searcher.lookup(query, policy: .fixed(2), limit: 1)) }
            }
        }
    }

    // Ten-word utterances naming an entry of the 100k user vocabulary, one per language (the
    // same as VocabularyTimings, which also reports p99 over template utterances).
    let utterances = [
        ("en", "send a message to Frank Barrett saying I am late"),
        ("de", "schick Angelika Sorgatz bitte eine Nachricht dass ich später komme"),
        ("ja", "村上拓真さんに今から帰るとメッセージを送って"),
        ("zh", "给段玉梅发消息说我今天晚点到家"),
    ]
    for (tag, utterance) in utterances {
        let tokenizer = try! Tokenizer(language: Language(tag))
        let spanIndex = tag == "en" ? index : VocabularyIndex(items: vocabulary, tokenizer: tokenizer)
        let tokenized = tokenizer.tokenize(utterance)
        Benchmark("spans 100k \(tag): \(utterance.prefix(24))…",
                  configuration: .init(metrics: [.wallClock, .mallocCountTotal, .instructions], maxIterations: 20_000)) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(spanIndex.spans(in: tokenized, policy: .default)) }
        }
    }
}
