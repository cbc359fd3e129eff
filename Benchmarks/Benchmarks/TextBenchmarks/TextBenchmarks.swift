// Tokenization throughput and allocations, beside raw ICU break iteration over the same
// text through the C target, so the wrapper's overhead shows as a ratio.
//
// Each text is repeated to 1,000,000 UTF-8 bytes, so "throughput (# / s)" reads as MB/s.
import Benchmark
import CICU
import Foundation
import ParlanceText

/// The sample text for a language, repeated to one megabyte (cut at a character boundary).
func megabyte(of name: String) -> String {
    let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/text-\(name).txt")
    let sample = (try? String(contentsOf: url, encoding: .utf8)) ?? "missing sample \(url.path) "
    var text = ""
    text.reserveCapacity(1_000_100)
    while text.utf8.count < 1_000_000 { text += sample }
    while text.utf8.count > 1_000_000 { text.removeLast() }
    text.makeContiguousUTF8()
    return text
}

/// Raw ICU: word-break iteration over UTF-8 (UText), reading each boundary's rule status.
func rawWordBreaksUTF8(_ iterator: OpaquePointer, _ text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in
        _ = cicu_break_set_utf8(iterator, bytes.baseAddress, Int64(bytes.count))
        var words = 0
        while cicu_break_next(iterator) >= 0 {
            if cicu_break_rule_status(iterator) >= 100 { words += 1 }
        }
        return words
    }
}

/// Raw ICU: word-break iteration over UTF-16 (ICU's native form), after converting to it.
func rawWordBreaksUTF16(_ iterator: OpaquePointer, _ text: String) -> Int {
    let units = Array(text.utf16)
    return units.withUnsafeBufferPointer { buffer in
        _ = cicu_break_set_utf16(iterator, buffer.baseAddress, Int32(buffer.count))
        var words = 0
        while cicu_break_next(iterator) >= 0 {
            if cicu_break_rule_status(iterator) >= 100 { words += 1 }
        }
        return words
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .instructions],
        maxDuration: .seconds(3), maxIterations: 200)

    for (tag, file) in [("en", "en"), ("de", "de"), ("ja", "ja"), ("zh-Hans", "zh")] {
        let text = megabyte(of: file)
        let tokenizer = try! Tokenizer(language: Language(tag))
        let locale = try! Language(tag).icuLocale

        Benchmark("tokenize \(tag) 1MB") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(tokenizer.tokenize(text)) }
        }
        Benchmark("ICU word breaks UTF-8 \(tag) 1MB") { benchmark in
            var iterator: OpaquePointer?
            _ = cicu_break_open(1, locale, &iterator)
            defer { cicu_break_close(iterator) }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(rawWordBreaksUTF8(iterator!, text)) }
        }
        Benchmark("ICU word breaks UTF-16 \(tag) 1MB") { benchmark in
            var iterator: OpaquePointer?
            _ = cicu_break_open(1, locale, &iterator)
            defer { cicu_break_close(iterator) }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(rawWordBreaksUTF16(iterator!, text)) }
        }
    }

    // A short utterance: the per-call cost a parse pays.
    let utterance = "Send a message to Sparkle Sparkly saying are you ready for your talk"
    let english = try! Tokenizer(language: Language("en"))
    Benchmark("tokenize en utterance", configuration: .init(metrics: [.wallClock, .mallocCountTotal, .instructions], maxIterations: 100_000)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(english.tokenize(utterance)) }
    }
    let japanese = try! Tokenizer(language: Language("ja"))
    Benchmark("tokenize ja utterance", configuration: .init(metrics: [.wallClock, .mallocCountTotal, .instructions], maxIterations: 100_000)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(japanese.tokenize("寝たまんまヨガでディープリラクゼーションを開始")) }
    }
}
