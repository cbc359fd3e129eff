// Training and model-loading timings of ParlanceTraining's TrainedParser on the Snips 2017
// benchmark's files in ../shared: a quick harness, not a statistical benchmark. Build in
// release and run from the repository root:
//
//   swift run -c release --package-path Benchmarks TrainingTimings [small|full] [TRAIN_SIZE]
//
// Default: the full files (train_<Intent>_full.json, 13,784 queries), every query. Prints
// the time to read the files, the wall time of one training (the tagger's perceptrons
// train on every core; wall time is what a user waits) with the process's CPU time beside
// it, the time to save the model and its size, then the loads: "first load" is the first
// TrainedParser(contentsOf:) of the process (the file in the page cache, as after saving:
// what `parlance eval --model` pays), then the median and the fastest of LOADS=n more
// (default 21). Each parser read is checked to parse a sample of queries exactly as the
// trained one does.
import Foundation
import ParlanceTraining

#if canImport(Glibc)
import Glibc
#endif

let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let corpus = root.deletingLastPathComponent().appendingPathComponent("shared/corpora/snips-2017")
let arguments = Array(CommandLine.arguments.dropFirst())
let files: SnipsBenchmark.Files = arguments.contains("small") ? .small : .full
let trainSize = arguments.compactMap(Int.init).first
let loads = ProcessInfo.processInfo.environment["LOADS"].flatMap(Int.init).map { max(1, $0) } ?? 21

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func processCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
}

func format(_ ms: Double) -> String { ms >= 100 ? String(format: "%.0f ms", ms) : String(format: "%.1f ms", ms) }

do {
    let clock = ContinuousClock()
    var started = clock.now
    let all = try TrainingData.load(.snips, from: [corpus], snipsFiles: files)
    let readTime = clock.now - started
    let data = all.sampled(perIntent: trainSize, seed: 1)

    let cpuBefore = processCPU()
    started = clock.now
    let parser = try TrainedParser(training: data)
    let trainTime = clock.now - started
    let trainCPU = processCPU() - cpuBefore

    let model = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-training-timings-\(getpid()).model")
    defer { try? FileManager.default.removeItem(at: model) }
    started = clock.now
    try parser.save(to: model)
    let saveTime = clock.now - started
    let size = (try FileManager.default.attributesOfItem(atPath: model.path)[.size] as? Int) ?? 0

    let sample = all.utterances.enumerated().filter { $0.offset % 25 == 0 }.map(\.element.utterance.text)
    let expected = sample.map { parser.parse($0) }
    var times: [Double] = []
    for _ in 0...loads {
        started = clock.now
        let read = try TrainedParser(contentsOf: model)
        times.append(milliseconds(clock.now - started))
        guard sample.map({ read.parse($0) }) == expected else {
            FileHandle.standardError.write(Data("error: the model read parses otherwise than the one trained\n".utf8))
            exit(1)
        }
    }
    let first = times.removeFirst()
    times.sort()

    print("TrainingTimings: snips-2017 \(files == .full ? "full" : "small") files, \(trainSize.map { "\($0) per intent" } ?? "every query")")
    print("| read files | queries | train (wall) | train (CPU) | save | model | first load | load p50 | load min |")
    print("|---|---|---|---|---|---|---|---|---|")
    print("| \(format(milliseconds(readTime))) | \(parser.statistics.queries) | \(format(milliseconds(trainTime))) | \(format(trainCPU)) "
          + "| \(format(milliseconds(saveTime))) | \(String(format: "%.1f MB", Double(size) / 1e6)) | \(format(first)) "
          + "| \(format(times[times.count / 2])) | \(format(times[0])) |")
    print(parser.statistics)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
