// Full parse latency: the whole catalogue in every language, the sample apps, and 100k
// user vocabulary entries; engine load time and memory.
//
//   swift run -c release --package-path Benchmarks ParseTimings [--entries N] [--json] [--failures] [--slowest N] [--utterance TEXT]
//                                                               [--cached-loads N] [--parse-rounds N [--language TAG] [--every-language]] [--repeat N] [--evict]
//                                                               [--evidence-ratio R] [--parse-rounds N --compare-modes | --evidence-only]
//                                                               [--count-allocations] [--blind [FOLDER...]] [--dates [FOLDER...]]
//
// --failures lists on stderr the utterances whose best parse misses its test; --slowest N
// the N slowest utterances of each set (median of the five runs); --utterance TEXT times
// one utterance in each language (or only in --language TAG; --repeat N times, 9 by default;
// --evict empties the caches before each parse), with no load timings but the first; --cached-loads N only loads the engine N
// more times from its cached images (to profile the load); --parse-rounds N only parses the test utterances
// N times over with their language given (or only those of --language TAG; with
// --every-language, no language given), to profile the parse;
// it prints wall and thread CPU time percentiles (the latter for a machine shared with other work),
// and with --every-language how many languages the engine read each utterance in;
// --evidence-ratio R sets EngineOptions.languageEvidenceRatio (0.4 by default; 0 reads
// every language written in the utterance's scripts). With --parse-rounds N,
// --compare-modes parses each utterance with its language given and with none, one after
// the other (which goes first alternates: the second finds the first's memory in the
// caches), and sums the medians by how many languages were read first without one: what
// not knowing the language costs, in one process, so that the machine's drift is shared;
// --evidence-only times only Engine.languageEvidence(for:) of every utterance.
// --count-allocations counts each parse's allocations (the malloc interposer preloaded: the
// program re-executes itself) and prints their median and p99 beside the times, which it
// slows a little (every allocation is counted).
//
// "Every language tried" means no language given: the engine reads the languages written in
// the utterance's scripts whose words spell a fair share of it (EngineOptions.languageEvidenceRatio).
//
// The 100k entries are ../shared/bench/vocab/vocab_100k.tsv (skipped, with a message, when
// ../shared is absent): people become UnicornChat contacts, companies BillPay payees,
// titles Tempo playlists. The utterances are Corpora/tests/<language>/*.yaml, parsed
// with their language given and, separately, with none given.
import AllocationCounting
import Foundation
import Measuring
import Parlance

let countsAllocations = CommandLine.arguments.contains("--count-allocations")
if countsAllocations {
    AllocationCounting.start()
    if !AllocationCounting.isCounting { FileHandle.standardError.write(Data((AllocationCounting.missingLibraryMessage + "\n").utf8)) }
}

/// Allocations per parse, when counted: " allocations p50 A p99 B", else "".
func allocationText(_ counts: [Double]) -> String {
    guard countsAllocations, AllocationCounting.isCounting, !counts.isEmpty else { return "" }
    let sorted = counts.sorted()
    return String(format: ", allocations p50 %.0f p99 %.0f", percentile(sorted, 0.5), percentile(sorted, 0.99))
}

func micros(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

let arguments = CommandLine.arguments
let entryLimit = arguments.firstIndex(of: "--entries").flatMap { Int(arguments[$0 + 1]) } ?? 100_000
let json = arguments.contains("--json")
let showFailures = arguments.contains("--failures")
let slowest = arguments.firstIndex(of: "--slowest").flatMap { Int(arguments[$0 + 1]) } ?? 0
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let corpora = repository.appendingPathComponent("Corpora")
let shared = repository.deletingLastPathComponent().appendingPathComponent("shared/bench/vocab/vocab_100k.tsv")

// --blind [FOLDER...]: requests the engine was never tuned for (Corpora/tests/blind by
// default; each folder with its own apps/), with the sample apps and those apps, no language
// given: the first pass of a fresh engine (every one-time cost included: learned readings
// are trained on first use, or while the engine is built with --learned-when-built), then
// five warm passes; then stop. --cache DIR: with the images of an EngineCache.
if let at = arguments.firstIndex(of: "--blind") {
    var folders = arguments[(at + 1)...].prefix { !$0.hasPrefix("--") }.map { URL(fileURLWithPath: $0) }
    if folders.isEmpty { folders = [corpora.appendingPathComponent("tests/blind")] }
    var blindApps = AppLoader.load(corpora.appendingPathComponent("apps").path).apps
    var items: [UtteranceTest] = []
    // Every folder's apps are installed for every folder's requests (a later set's requests
    // may name an earlier set's apps).
    for folder in [corpora.appendingPathComponent("tests/blind")] + folders {
        for app in AppLoader.load(folder.appendingPathComponent("apps").path).apps where !blindApps.contains(where: { $0.bundleIdentifier == app.bundleIdentifier }) {
            blindApps.append(app)
        }
    }
    for folder in folders { items += (try? UtteranceTest.load(folder.path)) ?? [] }
    // --only TEXT: the requests that contain TEXT (to profile one).
    if let at = arguments.firstIndex(of: "--only"), at + 1 < arguments.count { items = items.filter { $0.utterance.contains(arguments[at + 1]) } }
    let clock = ContinuousClock()
    let loadStart = clock.now
    var blindOptions = EngineOptions()
    if arguments.contains("--learned-when-built") { blindOptions.learnedReadings = .whenBuilt }
    // --cache DIR: images kept there (grammars, vocabulary, learned readings' rankers): a
    // second run reads what the first built and trained.
    if let at = arguments.firstIndex(of: "--cache"), at + 1 < arguments.count {
        blindOptions.cache = EngineCache(directory: URL(fileURLWithPath: arguments[at + 1]))
    }
    let blindEngine = try Engine(apps: blindApps, grammars: corpora.appendingPathComponent("grammars"), options: blindOptions)
    let load = micros(clock.now - loadStart) / 1000
    var first: [Double] = []
    var passed = 0
    for item in items {
        let start = clock.now
        let result = blindEngine.parse(item.utterance, locked: item.locked, now: item.now)
        first.append(micros(clock.now - start))
        if item.mismatch(result) == nil { passed += 1 }
    }
    var warm: [Double] = []
    var perItem = [[Double]](repeating: [], count: items.count)
    let warmPasses = arguments.firstIndex(of: "--warm-passes").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil }.map { max(1, $0) } ?? 5
    for _ in 0..<warmPasses {
        for (position, item) in items.enumerated() {
            let start = clock.now
            _ = blindEngine.parse(item.utterance, locked: item.locked, now: item.now)
            warm.append(micros(clock.now - start))
            perItem[position].append(warm.last!)
        }
    }
    if slowest > 0 {
        let medians = perItem.map { $0.sorted()[$0.count / 2] }
        for position in medians.indices.sorted(by: { medians[$0] > medians[$1] }).prefix(slowest) {
            FileHandle.standardError.write(Data(String(format: "slow %.0f µs: %@\n", medians[position], items[position].utterance).utf8))
        }
        for position in first.indices.sorted(by: { first[$0] > first[$1] }).prefix(slowest) {
            FileHandle.standardError.write(Data(String(format: "slow first %.0f µs: %@\n", first[position], items[position].utterance).utf8))
        }
    }
    let firstSorted = first.sorted()
    warm.sort()
    print(String(format: "blind requests: %d from %@; engine load %.0f ms (%d apps)", items.count,
                 folders.map(\.lastPathComponent).joined(separator: ", "), load, blindApps.count))
    print(String(format: "exact, no language given: %.1f%%", 100 * Double(passed) / Double(max(1, items.count))))
    print(String(format: "first pass (fresh engine): p50 %.1f µs, p99 %.1f µs, max %.2f ms, over 2 ms: %d",
                 percentile(firstSorted, 0.5), percentile(firstSorted, 0.99), (firstSorted.last ?? 0) / 1000, first.count { $0 > 2000 }))
    print(String(format: "warm (%d passes): p50 %.1f µs, p99 %.1f µs", warmPasses, percentile(warm, 0.5), percentile(warm, 0.99)))
    exit(0)
}

// --nbest: what reading a recognizer's n-best list costs, and what calibrating the
// confidence costs. The lists of Corpora/tests/blind-nbest (written blind, 2–5
// alternatives) and, per language, a list of ten of its distinct texts, each timed as an
// n-best list against one parse of its first text (9 rounds, medians per list); then the
// blind requests (Corpora/tests/blind and blind-2, language given) parsed by two engines
// alike but for EngineOptions.calibration, alternating request by request (each first in half the rounds), 10 rounds:
// the median of the per-request differences.
if arguments.contains("--nbest") {
    let clock = ContinuousClock()
    let engine = try Engine(apps: AppLoader.load(corpora.appendingPathComponent("apps").path).apps, grammars: corpora.appendingPathComponent("grammars"))
    let lists = try UtteranceTest.load(corpora.appendingPathComponent("tests/blind-nbest").path).compactMap { test in
        test.alternatives.map { (language: test.language, alternatives: $0) }
    }
    var byLanguage: [String: [String]] = [:]
    for list in lists { for text in list.alternatives.map(\.text) where !(byLanguage[list.language] ?? []).contains(text) { byLanguage[list.language, default: []].append(text) } }
    let tens = byLanguage.keys.sorted().map { language in
        (language: language, alternatives: byLanguage[language]!.prefix(10).enumerated().map { RecognitionAlternative(text: $0.element, confidence: 1 - Double($0.offset) / 20) })
    }
    // Per list: the list's time over the sum of its texts' single parses (what reading them
    // one by one would cost: the overhead of the n-best reading), and over one average
    // single parse of its texts (the issue's "ten alternatives cost ≤ 10× one").
    func ratios(_ lists: [(language: String, alternatives: [RecognitionAlternative])]) throws -> (overSum: [Double], overOne: [Double], list: [Double]) {
        var overSum: [Double] = [], overOne: [Double] = [], listTimes: [Double] = []
        for list in lists {
            _ = try engine.parse(alternatives: list.alternatives, language: list.language)   // warm
            var many: [Double] = [], singles: [Double] = []
            for _ in 0..<9 {
                var start = clock.now
                _ = try engine.parse(alternatives: list.alternatives, language: list.language)
                many.append(micros(clock.now - start))
                var sum = 0.0
                for alternative in Set(list.alternatives.map(\.text)) {
                    start = clock.now
                    _ = engine.parse(alternative, language: list.language)
                    sum += micros(clock.now - start)
                }
                singles.append(sum)
            }
            let (m, s) = (many.sorted()[4], singles.sorted()[4])
            listTimes.append(m)
            overSum.append(m / max(s, 0.001))
            overOne.append(m / max(s / Double(Set(list.alternatives.map(\.text)).count), 0.001))
        }
        return (overSum.sorted(), overOne.sorted(), listTimes.sorted())
    }
    let blindNBest = try ratios(lists)
    let ten = try ratios(tens)
    print(String(format: "n-best lists of Corpora/tests/blind-nbest (%d, 2–5 alternatives): list p50 %.1f µs, p99 %.1f µs; over the sum of its texts' single parses p50 %.2f×, max %.2f×; over one average single parse p50 %.2f×, max %.2f×",
                 lists.count, percentile(blindNBest.list, 0.5), percentile(blindNBest.list, 0.99), percentile(blindNBest.overSum, 0.5),
                 blindNBest.overSum.last ?? 0, percentile(blindNBest.overOne, 0.5), blindNBest.overOne.last ?? 0))
    print(String(format: "ten alternatives (%d lists, one per language): list p50 %.1f µs, max %.1f µs; over the sum of single parses p50 %.2f×, max %.2f×; over one average single parse p50 %.2f×, max %.2f× (goal ≤ 10×)",
                 tens.count, percentile(ten.list, 0.5), ten.list.last ?? 0, percentile(ten.overSum, 0.5), ten.overSum.last ?? 0,
                 percentile(ten.overOne, 0.5), ten.overOne.last ?? 0))
    var plainOptions = EngineOptions()
    plainOptions.calibration = nil
    let plain = try Engine(apps: engine.apps, grammars: corpora.appendingPathComponent("grammars"), options: plainOptions)
    let requests = try UtteranceTest.load(corpora.appendingPathComponent("tests/blind").path) + UtteranceTest.load(corpora.appendingPathComponent("tests/blind-2").path)
    var differences: [Double] = []
    var calibratedTimes: [Double] = []
    for request in requests { _ = engine.parse(request.utterance, language: request.parseLanguage, now: request.now); _ = plain.parse(request.utterance, language: request.parseLanguage, now: request.now) }
    for request in requests {
        var with: [Double] = [], without: [Double] = []
        for round in 0..<10 {
            // Each engine first in half the rounds: the second parse of a text finds the
            // caches warm.
            for calibrated in round % 2 == 0 ? [true, false] : [false, true] {
                let start = clock.now
                _ = (calibrated ? engine : plain).parse(request.utterance, language: request.parseLanguage, locked: request.locked, now: request.now)
                if calibrated { with.append(micros(clock.now - start)) } else { without.append(micros(clock.now - start)) }
            }
        }
        with.sort()
        without.sort()
        calibratedTimes.append(with[5])
        differences.append(with[5] - without[5])
    }
    differences.sort()
    calibratedTimes.sort()
    print(String(format: "calibration (%d blind requests, language given): parse p50 %.1f µs with it; added p50 %.2f µs, p90 %.2f µs",
                 requests.count, percentile(calibratedTimes, 0.5), percentile(differences, 0.5), percentile(differences, 0.9)))
    exit(0)
}

// --dates [FOLDER...]: what reading dates adds to a parse. The requests of the folders
// (the blind sets by default: Corpora/tests/blind and blind-2, with their apps), their
// language given, parsed by two engines alike but for EngineOptions.readsDates, the two
// alternating request by request (so that the machine's drift is shared), 10 rounds, each
// engine first in half of them; per request the differences' medians of the two orders,
// averaged, then their percentiles, for the requests in which the date reader finds a date
// or time and for the others. DATES_AA=1 makes both engines read dates: what the method
// gives for no difference.
if let at = arguments.firstIndex(of: "--dates") {
    var folders = arguments[(at + 1)...].prefix { !$0.hasPrefix("--") }.map { URL(fileURLWithPath: $0) }
    if folders.isEmpty { folders = ["tests/blind", "tests/blind-2"].map { corpora.appendingPathComponent($0) } }
    var dateApps = AppLoader.load(corpora.appendingPathComponent("apps").path).apps
    for folder in [corpora.appendingPathComponent("tests/blind")] + folders {
        for app in AppLoader.load(folder.appendingPathComponent("apps").path).apps where !dateApps.contains(where: { $0.bundleIdentifier == app.bundleIdentifier }) {
            dateApps.append(app)
        }
    }
    var items: [UtteranceTest] = []
    for folder in folders { items += (try? UtteranceTest.load(folder.path)) ?? [] }
    // --only TEXT: the requests that contain TEXT (to profile one).
    if let at = arguments.firstIndex(of: "--only"), at + 1 < arguments.count { items = items.filter { $0.utterance.contains(arguments[at + 1]) } }
    var withOptions = EngineOptions()
    withOptions.learnedReadings = .whenBuilt
    var withoutOptions = withOptions
    withoutOptions.readsDates = ProcessInfo.processInfo.environment["DATES_AA"] != nil
    let grammars = corpora.appendingPathComponent("grammars")
    let reading = try Engine(apps: dateApps, grammars: grammars, options: withOptions)
    let notReading = try Engine(apps: dateApps, grammars: grammars, options: withoutOptions)
    let now = LocalDateTime(year: 2026, month: 6, day: 10, hour: 10)!
    var readers: [String: DateTimeReader] = [:]
    let dated = items.map { item -> Bool in
        if readers[item.language] == nil { readers[item.language] = try? DateTimeReader(language: Language(item.language)) }
        return !(readers[item.language]?.read(item.utterance, now: now).isEmpty ?? true)
    }
    // The engine parsed second in a pair runs on caches the first one warmed, so each order
    // is kept apart (five rounds each) and a request's difference is the mean of the two
    // orders' medians: two engines alike (DATES_AA=1) then differ by about nothing.
    var differences = [[[Double]]](repeating: [[], []], count: items.count)
    var times = [[Double]](repeating: [], count: items.count)
    for round in 0..<10 {
        for (index, item) in items.enumerated() {
            var pair = (with: 0.0, without: 0.0)
            for engine in round % 2 == 0 ? [reading, notReading] : [notReading, reading] {
                let start = clock.now
                _ = engine.parse(item.utterance, language: item.language, locked: item.locked, now: now)
                let elapsed = micros(clock.now - start)
                if engine === reading { pair.with = elapsed } else { pair.without = elapsed }
            }
            differences[index][round % 2].append(pair.with - pair.without)
            times[index].append(pair.with)
        }
    }
    func median(_ values: [Double]) -> Double { let sorted = values.sorted(); return sorted.isEmpty ? 0 : sorted[sorted.count / 2] }
    func median(_ orders: [[Double]]) -> Double { (median(orders[0]) + median(orders[1])) / 2 }
    print(String(format: "dates in a parse: %d requests from %@, language given", items.count, folders.map(\.lastPathComponent).joined(separator: ", ")))
    for (label, group) in [("with a date", true), ("without a date", false)] {
        let indices = items.indices.filter { dated[$0] == group }
        let added = indices.map { median(differences[$0]) }.sorted()
        let parse = indices.map { median(times[$0]) }.sorted()
        print(String(format: "  %@ (%d): parse p50 %.1f µs; reading dates adds p50 %.2f µs, p90 %.2f µs", label, indices.count,
                     percentile(parse, 0.5), percentile(added, 0.5), percentile(added, 0.9)))
    }
    exit(0)
}

var apps = AppLoader.load(corpora.appendingPathComponent("apps").path).apps
var added = 0
if let data = FileManager.default.contents(atPath: shared.path), entryLimit > 0 {
    var people: [String] = [], companies: [String] = [], titles: [String] = []
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst() {
        let fields = line.split(separator: "\t")
        guard fields.count >= 3, added < entryLimit else { continue }
        added += 1
        switch fields[2] {
        case "person": people.append(String(fields[0]))
        case "company": companies.append(String(fields[0]))
        default: titles.append(String(fields[0]))
        }
    }
    for index in apps.indices {
        switch apps[index].bundleIdentifier {
        case "com.example.unicornchat":
            let mine = apps[index].userVocabulary.speakableStrings(of: .contactName)
            _ = apps[index].userVocabulary.setVocabulary(mine + people.map { SpeakableString(spokenPhrase: $0) }, of: .contactName)
        case "com.example.billpay":
            let mine = apps[index].userVocabulary.speakableStrings(of: .paymentsOrganizationName)
            _ = apps[index].userVocabulary.setVocabulary(mine + companies.map { SpeakableString(spokenPhrase: $0) }, of: .paymentsOrganizationName)
        case "com.example.tempo":
            let mine = apps[index].userVocabulary.speakableStrings(of: .mediaPlaylistTitle)
            _ = apps[index].userVocabulary.setVocabulary(mine + titles.map { SpeakableString(spokenPhrase: $0) }, of: .mediaPlaylistTitle)
        default: break
        }
    }
} else {
    FileHandle.standardError.write(Data("note: \(shared.path) not found; measuring without the 100k entries\n".utf8))
}

let clock = ContinuousClock()
let before = residentBytes()
let loadStart = clock.now
var engineOptions = EngineOptions()
if let ratio = arguments.firstIndex(of: "--evidence-ratio").flatMap({ Double(arguments[$0 + 1]) }) { engineOptions.languageEvidenceRatio = ratio }
let engine = try Engine(apps: apps, grammars: corpora.appendingPathComponent("grammars"), options: engineOptions)
let load = clock.now - loadStart
let memory = residentBytes() - before

// --parse-rounds N: only parse the test utterances N times (for profiling the parse), then stop.
if let at = arguments.firstIndex(of: "--parse-rounds"), at + 1 < arguments.count, let rounds = Int(arguments[at + 1]) {
    let only = arguments.firstIndex(of: "--language").map { arguments[$0 + 1] }
    let items = ((try? UtteranceTest.load(corpora.appendingPathComponent("tests").path)) ?? []).filter { only == nil || $0.language == only }
    let everyLanguage = arguments.contains("--every-language")
    /// Engine.languageEvidence(for:) of every test utterance, N times over: sorted thread CPU times.
    func evidenceTimes() -> [Double] {
        var times: [Double] = []
        for _ in 0..<rounds {
            for item in items {
                let start = threadCPUMicros()
                _ = engine.languageEvidence(for: item.utterance)
                times.append(threadCPUMicros() - start)
            }
        }
        return times.sorted()
    }
    func describeEvidence(_ times: [Double]) -> String {
        String(format: "language evidence: p50 %.1f µs, mean %.1f µs, p99 %.1f µs", percentile(times, 0.5),
               times.reduce(0, +) / Double(times.count), percentile(times, 0.99))
    }
    if arguments.contains("--evidence-only") {
        print(describeEvidence(evidenceTimes()))
        exit(0)
    }
    if arguments.contains("--compare-modes") {
        // Per utterance, the median thread CPU time with its language given and with none,
        // interleaved; summed by how many languages were read first without one.
        var given = [[Double]](repeating: [], count: items.count), none = given
        // (An even number of rounds: each mode goes first in half of them.)
        for _ in 0..<(rounds + rounds % 2) {
            for (position, item) in items.enumerated() {
                // (Each mode first every other round: the second parse finds the first's memory in the caches.)
                for givenNow in given[position].count % 2 == 0 ? [true, false] : [false, true] {
                    let start = threadCPUMicros()
                    _ = engine.parse(item.utterance, language: givenNow ? item.language : nil, locked: item.locked, now: item.now)
                    if givenNow { given[position].append(threadCPUMicros() - start) } else { none[position].append(threadCPUMicros() - start) }
                }
            }
        }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
        }
        print(describeEvidence(evidenceTimes()))
        var groups: [Int: (count: Int, given: Double, none: Double)] = [:]
        for (position, item) in items.enumerated() {
            let read = max(1, engine.explain(item.utterance).languages.filter(\.tried).count)
            var group = groups[read] ?? (0, 0, 0)
            group.count += 1
            group.given += median(given[position])
            group.none += median(none[position])
            groups[read] = group
        }
        print("languages read first   utterances   µs language given   µs no language   extra µs per utterance")
        for read in groups.keys.sorted() {
            let group = groups[read]!
            print(String(format: "%20d   %10d   %17.0f   %14.0f   %8.1f", read, group.count, group.given, group.none,
                         (group.none - group.given) / Double(group.count)))
        }
        let medians = (given.map(median).sorted(), none.map(median).sorted())
        print(String(format: "per-utterance medians: language given p50 %.1f p99 %.1f µs; no language p50 %.1f p99 %.1f µs",
                     percentile(medians.0, 0.5), percentile(medians.0, 0.99), percentile(medians.1, 0.5), percentile(medians.1, 0.99)))
        if slowest > 0 {
            // The utterances slowest with no language given: both medians and the languages read.
            print("slowest with no language given (µs no language / µs language given, languages read):")
            let order = items.indices.sorted { median(none[$0]) > median(none[$1]) }
            for position in order.prefix(slowest) {
                let item = items[position]
                let read = engine.explain(item.utterance).languages.filter(\.tried).map(\.language).joined(separator: " ")
                print(String(format: "%7.0f %7.0f  ", median(none[position]), median(given[position]))
                      + "[\(item.language)] \(item.utterance)  (\(read))")
            }
        }
        exit(0)
    }
    var times: [Double] = [], cpuTimes: [Double] = [], allocations: [Double] = []
    for _ in 0..<rounds {
        for item in items {
            let allocated = countsAllocations ? AllocationCounting.count() : 0
            let start = clock.now, cpuStart = threadCPUMicros()
            _ = engine.parse(item.utterance, language: everyLanguage ? nil : item.language, locked: item.locked, now: item.now)
            cpuTimes.append(threadCPUMicros() - cpuStart)
            times.append(micros(clock.now - start))
            if countsAllocations { allocations.append(Double(AllocationCounting.count() - allocated)) }
        }
    }
    times.sort()
    cpuTimes.sort()
    print(String(format: "%d parses: p50 %.1f µs, p99 %.1f µs (thread CPU time: p50 %.1f µs, p99 %.1f µs)", times.count,
                 percentile(times, 0.5), percentile(times, 0.99), percentile(cpuTimes, 0.5), percentile(cpuTimes, 0.99))
          + allocationText(allocations))
    if everyLanguage {
        // How many languages the engine read each utterance in, and whether the test's was one.
        var tried: [Int: Int] = [:]
        var missed: [String] = []
        for item in items {
            let languages = engine.explain(item.utterance).languages
            tried[languages.isEmpty ? 1 : languages.filter(\.tried).count, default: 0] += 1
            if !languages.isEmpty, !languages.contains(where: { $0.tried && $0.language == item.language }) {
                missed.append("  [\(item.language)] \(item.utterance): " + languages.map { "\($0.language) \($0.spelled)" }.joined(separator: ", "))
            }
        }
        print("languages read per utterance: " + tried.keys.sorted().map { "\($0): \(tried[$0]!)" }.joined(separator: ", ")
              + "; the test's language not read first: \(missed.count)")
        for line in missed.prefix(10) { print(line) }
    }
    exit(0)
}

/// --evict (with --utterance): before each timed parse, a buffer four times the size of the
/// last-level cache is read through, so that the parse finds none of the engine's data
/// cached, as the first parse of an utterance among others' does, where the same utterance
/// parsed again finds all of it.
let evictionBuffer: UnsafeMutableRawBufferPointer? = arguments.contains("--evict")
    ? UnsafeMutableRawBufferPointer.allocate(byteCount: 128 << 20, alignment: 64) : nil
evictionBuffer?.initializeMemory(as: UInt8.self, repeating: 1)
func evictCaches(_ buffer: UnsafeMutableRawBufferPointer) {
    var sum: UInt8 = 0
    for offset in stride(from: 0, to: buffer.count, by: 64) { sum &+= buffer[offset] }
    if sum == 0x5A { print("", terminator: "") }  // (keeps the reads)
}

// --utterance TEXT: only time TEXT in each language and with no language given.
if let at = arguments.firstIndex(of: "--utterance"), at + 1 < arguments.count {
    let text = arguments[at + 1]
    print(String(format: "engine load: %.0f ms", micros(load) / 1000))
    let only = arguments.firstIndex(of: "--language").map { arguments[$0 + 1] }
    for language in engine.languages + ["(no language given)"] where only == nil || only == language {
        let tag: String? = language.hasPrefix("(") ? nil : language
        var times: [Double] = [], allocations: [Double] = []
        var result = engine.parse(text, language: tag)
        let repeats = arguments.firstIndex(of: "--repeat").flatMap { Int(arguments[$0 + 1]) } ?? 9
        for _ in 0..<repeats {
            if let evictionBuffer { evictCaches(evictionBuffer) }
            let allocated = countsAllocations ? AllocationCounting.count() : 0
            let start = clock.now
            result = engine.parse(text, language: tag)
            times.append(micros(clock.now - start))
            if countsAllocations { allocations.append(Double(AllocationCounting.count() - allocated)) }
        }
        times.sort()
        let best = result.best.map { "\($0.app.bundleIdentifier) \($0.intent.name)" } ?? "nothing"
        print(String(format: "%@: median %.1f µs → %@", language, times[times.count / 2], best) + allocationText(allocations))
    }
    exit(0)
}

// Load with a cache of compiled images (EngineCache): the first load builds and saves
// them, the next ones read them back. Median of 5 reads.
let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-timings-\(getpid())")
var cachedOptions = EngineOptions()
cachedOptions.cache = EngineCache(directory: cacheFolder)
let coldStart = clock.now
_ = try Engine(apps: apps, grammars: corpora.appendingPathComponent("grammars"), options: cachedOptions)
let coldLoad = micros(clock.now - coldStart) / 1000
var warmLoads: [Double] = []
var cachedEngine: Engine?
for _ in 0..<5 {
    cachedEngine = nil
    let start = clock.now
    cachedEngine = try Engine(apps: apps, grammars: corpora.appendingPathComponent("grammars"), options: cachedOptions)
    warmLoads.append(micros(clock.now - start) / 1000)
}
// --cached-loads N: only load N more times from the images (for profiling the load), then stop.
if let at = arguments.firstIndex(of: "--cached-loads"), at + 1 < arguments.count, let count = Int(arguments[at + 1]) {
    for _ in 0..<count {
        let start = clock.now
        cachedEngine = try Engine(apps: apps, grammars: corpora.appendingPathComponent("grammars"), options: cachedOptions)
        print(String(format: "load from images: %.0f ms", micros(clock.now - start) / 1000))
    }
    try? FileManager.default.removeItem(at: cacheFolder)
    exit(0)
}
warmLoads.sort()
let warmLoad = warmLoads[2]
for issue in cachedEngine?.issues ?? [] where issue.message.contains("cache") { FileHandle.standardError.write(Data("\(issue)\n".utf8)) }
let imageBytes = ((try? FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)) ?? []).reduce(0) { total, name in
    total + ((try? FileManager.default.attributesOfItem(atPath: cacheFolder.appendingPathComponent(name).path)[.size] as? Int) ?? 0)
}
try? FileManager.default.removeItem(at: cacheFolder)

// Load time of one language on its own (what a single-language deployment pays).
var singleLoads: [String: Double] = [:]
for language in engine.languages {
    let start = clock.now
    _ = try Engine(apps: apps, grammars: corpora.appendingPathComponent("grammars"), languages: [language])
    singleLoads[language] = micros(clock.now - start) / 1000
}

let tests = (try? UtteranceTest.load(corpora.appendingPathComponent("tests").path)) ?? []
var rows: [[String: Any]] = []
func measure(_ label: String, _ items: [UtteranceTest], language: (UtteranceTest) -> String?) -> [String: Any]? {
    guard !items.isEmpty else { return nil }
    for item in items { _ = engine.parse(item.utterance, language: language(item), locked: item.locked, now: item.now) }  // warm
    var times: [Double] = [], allocations: [Double] = []
    var perItem = [[Double]](repeating: [], count: items.count)
    var passed = 0
    for _ in 0..<5 {
        for (position, item) in items.enumerated() {
            let allocated = countsAllocations ? AllocationCounting.count() : 0
            let start = clock.now
            let result = engine.parse(item.utterance, language: language(item), locked: item.locked, now: item.now)
            times.append(micros(clock.now - start))
            if countsAllocations { allocations.append(Double(AllocationCounting.count() - allocated)) }
            perItem[position].append(times.last!)
            if times.count <= items.count {
                if let problem = item.mismatch(result) {
                    if showFailures { FileHandle.standardError.write(Data("✗ [\(label)] \(item.utterance): \(problem)\n".utf8)) }
                } else {
                    passed += 1
                }
            }
        }
    }
    times.sort()
    if slowest > 0 {
        let medians = perItem.map { $0.sorted()[$0.count / 2] }
        for position in medians.indices.sorted(by: { medians[$0] > medians[$1] }).prefix(slowest) {
            FileHandle.standardError.write(Data(String(format: "slow [%@] %.0f µs: %@\n", label, medians[position], items[position].utterance).utf8))
        }
    }
    var row: [String: Any] = ["set": label, "utterances": items.count, "exactMatch": Double(passed) / Double(items.count),
                              "p50Micros": percentile(times, 0.5), "p99Micros": percentile(times, 0.99)]
    if countsAllocations, AllocationCounting.isCounting {
        allocations.sort()
        row["allocationsP50"] = percentile(allocations, 0.5)
        row["allocationsP99"] = percentile(allocations, 0.99)
    }
    return row
}
for language in Set(tests.map(\.language)).sorted() {
    if let row = measure(language, tests.filter({ $0.language == language }), language: { $0.language }) { rows.append(row) }
}
if let row = measure("all, language given", tests, language: { $0.language }) { rows.append(row) }
if let row = measure("all, no language given", tests, language: { _ in nil }) { rows.append(row) }

if json {
    let object: [String: Any] = ["entries": added, "loadMillis": micros(load) / 1000, "memoryBytes": memory,
                                 "cachedLoadMillis": warmLoad, "firstCachedLoadMillis": coldLoad, "imageBytes": imageBytes,
                                 "singleLanguageLoadMillis": singleLoads, "parse": rows]
    print(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self))
} else {
    print("user vocabulary entries: \(added)")
    print(String(format: "engine load (%d languages, parallel): %.0f ms, memory %.1f MB", engine.languages.count, micros(load) / 1000, Double(memory) / 1e6))
    print(String(format: "engine load from cached images: %.0f ms (first load, building and saving them: %.0f ms; images %.1f MB)",
                 warmLoad, coldLoad, Double(imageBytes) / 1e6))
    for language in engine.languages { print(String(format: "  load %@ alone: %.0f ms", language, singleLoads[language] ?? 0)) }
    print("set                           utterances  exact    p50 µs    p99 µs")
    for row in rows {
        print(String(format: "%-30@ %9d  %5.1f%%  %8.1f  %8.1f", row["set"] as! String, row["utterances"] as! Int,
                     (row["exactMatch"] as! Double) * 100, row["p50Micros"] as! Double, row["p99Micros"] as! Double)
              + ((row["allocationsP50"] as? Double).map { String(format: "  allocations p50 %.0f p99 %.0f", $0, row["allocationsP99"] as! Double) } ?? ""))
    }
}
