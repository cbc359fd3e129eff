#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ParlanceText
import Testing
@testable import ParlanceVocabulary

/// Timing and recall on the shared benchmark data (vocab_SIZE.tsv, queries_SIZE.tsv), in
/// release mode. Off unless `PARLANCE_BENCH_VOCAB` names the data folder:
///
///     PARLANCE_BENCH_VOCAB=/work/shared/bench/vocab PARLANCE_BENCH_SIZES=100k,1M \
///       swift test -c release --filter VocabularyIndexBenchmark
///
/// Run it under `LD_PRELOAD` of a malloc-counting shim exporting `parlance_malloc_count`
/// to see allocations per query.
@Suite(.enabled(if: getenv("PARLANCE_BENCH_VOCAB") != nil), .serialized)
struct VocabularyIndexBenchmarkTests {
    static var folder: String { String(cString: getenv("PARLANCE_BENCH_VOCAB")) }

    static func lines(_ path: String) -> [Substring] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let read = fread(&chunk, 1, chunk.count, file)
            if read <= 0 { break }
            bytes.append(contentsOf: chunk[0..<read])
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: true).dropFirst().map { $0 }
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// CPU nanoseconds used by this thread so far.
    static func threadCPU() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// CPU seconds used by the process so far (all threads).
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }

    typealias MallocCount = @convention(c) () -> Int
    static let mallocCount: MallocCount? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "parlance_malloc_count") else { return nil }
        return unsafeBitCast(symbol, to: MallocCount.self)
    }()

    struct Query {
        var text: String
        var kind: String
        var expected: Int
        var osa: Int
        var alternatives: Int
        var key: [Unicode.Scalar] = []
    }

    /// `value` with `digits` decimals, right-aligned to `width` (no Foundation here).
    static func format(_ value: Double, _ digits: Int, width: Int = 0) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = "\(Int(rounded))"
        if digits > 0 {
            var fraction = "\(Int(((rounded - Double(Int(rounded))) * scale).rounded()))"
            while fraction.count < digits { fraction = "0" + fraction }
            text += "." + fraction
        }
        while text.count < width { text = " " + text }
        return text
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    @Test func benchmark() throws {
        let sizes = getenv("PARLANCE_BENCH_SIZES").map { String(cString: $0) } ?? "100k"
        let tokenizer = try Tokenizer(language: Language("en"))
        for size in sizes.split(separator: ",") {
            let rows = Self.lines("\(Self.folder)/vocab_\(size).tsv")
            let entries = rows.map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) }
            let items = entries.enumerated().map { row, entry in
                VocabularyItem(phrases: [entry], type: .user(.contactName), source: .user, priority: row)
            }
            let buildStart = Self.now()
            let buildCPUStart = Self.cpuSeconds()
            // PARLANCE_BENCH_JUMP_FAN_OUT overrides the fan-out from which nodes get jump tables.
            let jumpFanOut = getenv("PARLANCE_BENCH_JUMP_FAN_OUT").map { Int(atoi($0)) }
            let index = jumpFanOut.map { VocabularyIndex(items: items, tokenizer: tokenizer, forceScalarLabels: false, jumpFanOut: $0) }
                ?? VocabularyIndex(items: items, tokenizer: tokenizer)
            let buildSeconds = Double(Self.now() - buildStart) / 1e9
            let buildCPU = Self.cpuSeconds() - buildCPUStart
            print("[\(size)] entries \(index.entryCount) keys \(index.keyCount) build \(Self.format(buildSeconds, 2)) s (CPU \(Self.format(buildCPU, 2)) s), memoryFootprint \(Self.format(Double(index.memoryFootprint) / 1e6, 1)) MB")
            if case .narrow(let core) = index.storage {
                print("[\(size)] forward nodes \(core.forward.nodeCount) (\(core.forward.byteCount / 1000) kB), backward nodes \(core.backward.nodeCount) (\(core.backward.byteCount / 1000) kB), pool \(core.pool.count) labels, jump tables \(core.forward.jumpNodes.count)+\(core.backward.jumpNodes.count) nodes \(core.forward.jumpLabels.count)+\(core.backward.jumpLabels.count) entries")
            }

            var queries: [Query] = Self.lines("\(Self.folder)/queries_\(size).tsv").map { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                return Query(text: String(fields[0]), kind: String(fields[1]), expected: Int(fields[3])!, osa: Int(fields[5])!,
                             alternatives: Int(fields[6])!)
            }
            for index in queries.indices {
                var key: [UInt32] = []
                KeyNormalization.appendKey(of: tokenizer.tokenize(queries[index].text), to: &key)
                queries[index].key = key.map { Unicode.Scalar($0)! }
            }
            let searcher = index.makeSearcher()
            let policy = EditPolicy.fixed(2)
            // Warm up.
            for query in queries { _ = searcher.lookup(query.text, policy: policy, limit: 1) }

            if let only = getenv("PARLANCE_BENCH_ONLY") {
                let kind = String(cString: only)
                let selected = queries.filter { $0.kind == kind }
                let start = Self.now()
                for _ in 0..<50 {
                    for query in selected {
                        _ = query.key.withUnsafeBufferPointer {
                            searcher.lookup(normalizedKey: $0, policy: policy, verbosity: .closest, limit: 1)
                        }
                    }
                }
                print("[\(size)] only \(kind): \(Self.format(Double(Self.now() - start) / 1000 / Double(50 * selected.count), 3)) µs/query")
                continue
            }
            for path in ["string", "normalized key"] where getenv("PARLANCE_BENCH_SPANS_ONLY") == nil {
                #if PARLANCE_WALK_STATISTICS
                walkStatistics = WalkStatistics()
                defer {
                    let work = walkStatistics
                    print("[\(size)] \(path) lookup work per query: visits \(work.visits / queries.count) steps \(work.steps / queries.count) lookups \(work.lookups / queries.count) scanned \(work.scanned / queries.count) jump entries \(work.jumpEntries / queries.count)")
                }
                #endif
                var times: [String: [Double]] = [:]
                var correct: [String: Int] = [:]
                var counts: [String: Int] = [:]
                let mallocsBefore = Self.mallocCount?() ?? 0
                for query in queries {
                    let start = Self.now()
                    let matches: [VocabularyMatch]
                    if path == "string" {
                        matches = searcher.lookup(query.text, policy: policy, verbosity: .closest, limit: 1)
                    } else {
                        matches = query.key.withUnsafeBufferPointer {
                            searcher.lookup(normalizedKey: $0, policy: policy, verbosity: .closest, limit: 1)
                        }
                    }
                    let elapsed = Double(Self.now() - start) / 1000
                    times[query.kind, default: []].append(elapsed)
                    times["all", default: []].append(elapsed)
                    counts[query.kind, default: 0] += 1
                    let right: Bool
                    if query.kind == "none" {
                        right = matches.isEmpty
                    } else if let top = matches.first {
                        right = top.itemIndex == query.expected
                            || (query.alternatives > 0 && ReferenceSearch.distance(
                                query.text.unicodeScalars.map(\.value), entries[top.itemIndex].unicodeScalars.map(\.value)) == query.osa)
                    } else {
                        right = false
                    }
                    if right { correct[query.kind, default: 0] += 1 }
                }
                let mallocs = (Self.mallocCount?() ?? 0) - mallocsBefore
                print("[\(size)] \(path): \(Self.mallocCount == nil ? "allocations not counted" : Self.format(Double(mallocs) / Double(queries.count), 2) + " allocations/query")")
                for kind in ["exact", "edit1", "edit2", "none", "all"] {
                    let sorted = (times[kind] ?? []).sorted()
                    let mean = sorted.reduce(0, +) / Double(max(sorted.count, 1))
                    let recall = kind == "all" ? "" : " recall@1 " + Self.format(Double(correct[kind] ?? 0) / Double(max(counts[kind] ?? 0, 1)), 4)
                    let label = kind + String(repeating: " ", count: 5 - kind.count)
                    let median = Self.format(Self.percentile(sorted, 0.5), 2, width: 7)
                    let p99 = Self.format(Self.percentile(sorted, 0.99), 2, width: 8)
                    let maximum = Self.format(sorted.last ?? 0, 1, width: 8)
                    print("[\(size)] \(path) \(label) median \(median) µs mean \(Self.format(mean, 2, width: 7)) µs p99 \(p99) µs max \(maximum)\(recall)")
                }
            }
            // Spans: ten-word utterances around an entry, as typed and with one typo.
            let spanPolicy: EditPolicy = getenv("PARLANCE_BENCH_SPAN_POLICY").map { String(cString: $0) } == "exact" ? .fixed(0)
                : getenv("PARLANCE_BENCH_SPAN_POLICY").map { String(cString: $0) } == "one" ? .scaled(exactUpTo: 3, oneEditUpTo: 1000) : .default
            #if PARLANCE_WALK_STATISTICS
            walkStatistics = WalkStatistics()
            #endif
            var spanTimes: [Double] = []
            var spanTimesByTemplate: [Int: [Double]] = [:]
            var found = 0, trials = 0
            var spanMallocs = 0
            let templates = ["send a message to %@ saying I will be late", "please call %@ on the phone right now",
                             "play the playlist %@ in the kitchen", "给%@发消息说我晚点到"]
            for (number, query) in queries.enumerated() where query.kind == "exact" || query.kind == "edit1" {
                if number % 2 == 1 { continue }
                let template = templates[(number / 2) % templates.count]
                let parts = template.split(separator: "%@", omittingEmptySubsequences: false)
                let utterance = parts[0] + query.text + parts[1]
                let text = tokenizer.tokenize(String(utterance))
                let mallocsBefore = Self.mallocCount?() ?? 0
                let start = Self.threadCPU()
                let spans = searcher.spans(in: text, policy: spanPolicy)
                spanTimes.append(Double(Self.threadCPU() - start) / 1000)
                spanMallocs += (Self.mallocCount?() ?? 0) - mallocsBefore
                spanTimesByTemplate[(number / 2) % templates.count, default: []].append(spanTimes.last!)
                trials += 1
                if spans.contains(where: { $0.match.itemIndex == query.expected }) { found += 1 }
            }
            if Self.mallocCount != nil {
                print("[\(size)] spans: \(Self.format(Double(spanMallocs) / Double(max(trials, 1)), 2)) allocations per utterance")
            }
            spanTimes.sort()
            #if PARLANCE_WALK_STATISTICS
            let work = walkStatistics
            print("[\(size)] span work per utterance: visits \(work.visits / trials) steps \(work.steps / trials) lookups \(work.lookups / trials) scanned \(work.scanned / trials) jump entries \(work.jumpEntries / trials); by band and direction \(work.byPass.map { $0 / trials })")
            #endif
            let spanMean = spanTimes.reduce(0, +) / Double(max(spanTimes.count, 1))
            print("[\(size)] spans (\(trials) utterances, ~10 words, thread CPU time) median \(Self.format(Self.percentile(spanTimes, 0.5), 2)) µs mean \(Self.format(spanMean, 2)) µs p99 \(Self.format(Self.percentile(spanTimes, 0.99), 2)) µs, entry found in \(Self.format(Double(found) / Double(max(trials, 1)), 4))")
            for (number, template) in templates.enumerated() {
                let times = (spanTimesByTemplate[number] ?? []).sorted()
                print("[\(size)]   \"\(template)\": median \(Self.format(Self.percentile(times, 0.5), 2)) µs, p99 \(Self.format(Self.percentile(times, 0.99), 2)) µs")
            }
            if getenv("PARLANCE_BENCH_MISSES") != nil {
                for query in queries where query.kind == "none" {
                    if let top = searcher.lookup(query.text, policy: policy, limit: 1).first {
                        print("MISS none \"\(query.text)\" got \"\(top.matchedText)\" \(top.edits) written \(top.writtenEdits)")
                    }
                }
                for query in queries where query.kind != "none" {
                    let top = searcher.lookup(query.text, policy: policy, limit: 1).first
                    if top?.itemIndex != query.expected, query.alternatives == 0 || top.map({ ReferenceSearch.distance(
                        query.text.unicodeScalars.map(\.value), entries[$0.itemIndex].unicodeScalars.map(\.value)) }) != query.osa {
                        print("MISS \(query.kind) \"\(query.text)\" expected \"\(entries[query.expected])\" got \(top.map { "\"\($0.matchedText)\" \($0.edits)" } ?? "nothing")")
                    }
                }
            }
        }
    }
}
