// Many users on one engine: what a user's vocabulary overlay (UserSession) costs to build,
// to update and to hold, and what it adds to a parse.
//
//   swift run -c release --package-path Benchmarks UserOverlayTimings [--entries N] [--users N] [--rounds N]
//       [--only build|build-one|update|parse|memory]
//
// The engine holds the sample apps and the built-in grammars (read from the default cache
// of compiled images when it has them). Each user gets --entries entries (1,000 by default)
// from ../shared/bench/vocab/vocab_10k.tsv, drawn at a different offset per user: people
// become UnicornChat contacts, companies BillPay payees, titles Tempo playlists (three sets).
//
// Measured, in this thread's CPU time (the machine is shared):
// - build: `engine.session(...)` and the index for one way of writing keys (English's;
//   what a user speaking one language pays), and for all four (en/es/fr, de, ja, zh);
// - update: replacing one set of 100 entries and indexing English again, and of that the new
//   session alone (`UserSession.setting`), with a parse of the updated session beside;
// - memory: the indexes' bytes per entry, and the resident memory of --users users
//   (10,000 by default) each indexed for English, per entry;
// - parse: Corpora/tests' English utterances with their language given, with the sample
//   user's vocabulary alone (the engine's default) and with a session holding that
//   vocabulary plus --entries entries, and with that session after one set is replaced (its
//   index in two layers); p50 and p99 over --rounds rounds (5 by default).
import Foundation
import Measuring
import Parlance

func summary(_ values: [Double]) -> String {
    let sorted = values.sorted()
    return String(format: "p50 %8.1f µs  p99 %8.1f µs", percentile(sorted, 0.5), percentile(sorted, 0.99))
}

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? value
}
let entryCount = option("--entries", default: 1000)
let userCount = option("--users", default: 10_000)
let rounds = option("--rounds", default: 5)
/// One part of the measures alone (for a profile of it), or all of them.
let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
func measures(_ part: String) -> Bool { only == nil || only == part || (part == "build" && only == "build-one") }

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let corpora = repository.appendingPathComponent("Corpora")
let vocabularyFile = repository.deletingLastPathComponent().appendingPathComponent("shared/bench/vocab/vocab_10k.tsv")
guard let data = FileManager.default.contents(atPath: vocabularyFile.path) else {
    print("no benchmark data at \(vocabularyFile.path)")
    exit(1)
}
let rows = String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst().map { $0.split(separator: "\t") }.filter { $0.count >= 3 }

let apps = AppLoader.load(corpora.appendingPathComponent("apps").path).apps
var options = EngineOptions()
options.cache = EngineCache.userDefault
let engine = try Engine(apps: apps, grammars: corpora.appendingPathComponent("grammars"), options: options)

/// User `user`'s vocabulary: the sample user's own (every app's UserVocabulary.json), plus
/// `count` entries of the benchmark list from an offset of its own, in three sets.
func vocabularies(user: Int, count: Int) -> [UserVocabulary] {
    var people: [SpeakableString] = [], companies: [SpeakableString] = [], titles: [SpeakableString] = []
    let start = (user * 7919) % max(1, rows.count - count)
    for row in rows[start..<min(rows.count, start + count)] {
        let entry = SpeakableString(vocabularyIdentifier: "u\(user):\(people.count + companies.count + titles.count)", spokenPhrase: String(row[0]))
        switch row[2] {
        case "person": people.append(entry)
        case "company": companies.append(entry)
        default: titles.append(entry)
        }
    }
    return apps.map { app in
        var vocabulary = app.userVocabulary
        vocabulary.user = "user\(user)"
        switch app.bundleIdentifier {
        case "com.example.unicornchat": _ = vocabulary.setVocabulary(vocabulary.speakableStrings(of: .contactName) + people, of: .contactName)
        case "com.example.billpay": _ = vocabulary.setVocabulary(vocabulary.speakableStrings(of: .paymentsOrganizationName) + companies, of: .paymentsOrganizationName)
        case "com.example.tempo": _ = vocabulary.setVocabulary(vocabulary.speakableStrings(of: .mediaPlaylistTitle) + titles, of: .mediaPlaylistTitle)
        default: break
        }
        return vocabulary
    }
}

let english = "Send a message to Sparkle Sparkly saying hi"

// Build: one language's index, then every language's.
var buildOne: [Double] = [], buildAll: [Double] = [], bytesPerEntry: [Double] = []
for user in 0..<(measures("build") ? 200 : 0) {
    let vocabulary = vocabularies(user: user, count: entryCount)
    var start = threadCPUMicros()
    let session = engine.session(user: "user\(user)", vocabularies: vocabulary)
    _ = engine.parse(english, language: "en", user: session)
    let parseAlone = { () -> Double in
        let again = threadCPUMicros()
        _ = engine.parse(english, language: "en", user: session)
        return threadCPUMicros() - again
    }()
    buildOne.append(threadCPUMicros() - start - parseAlone)
    bytesPerEntry.append(Double(session.memoryFootprint) / Double(session.itemCount))
    guard only != "build-one" else { continue }
    let fresh = engine.session(user: "user\(user)", vocabularies: vocabulary)
    start = threadCPUMicros()
    fresh.prepareAllLanguages()
    buildAll.append(threadCPUMicros() - start)
}
let itemCount = engine.session(user: "x", vocabularies: vocabularies(user: 0, count: entryCount)).itemCount
print("users of \(itemCount) vocabulary items (\(entryCount) benchmark entries and the sample user's)")
if measures("build") {
    print("  build, one language (session + English index): \(summary(buildOne))")
    print("  build, every language (four indexes):          \(summary(buildAll))")
    print(String(format: "  index bytes per item, one language: %.0f", percentile(bytesPerEntry.sorted(), 0.5)))
}

// Update: replace one set of 100 entries, index English again.
var update: [Double] = [], updateSession: [Double] = [], updateSecond: [Double] = []
let base = engine.session(user: "updater", vocabularies: vocabularies(user: 1, count: entryCount))
_ = engine.parse(english, language: "en", user: base)
for round in 0..<(measures("update") ? (only == nil ? 200 : 2000) : 0) {
    let replacement = rows[(round * 100) % (rows.count - 100)..<(round * 100) % (rows.count - 100) + 100].map { SpeakableString(spokenPhrase: String($0[0])) }
    let start = threadCPUMicros()
    let updated = base.setting(replacement, of: .contactName, app: "com.example.unicornchat").session
    let made = threadCPUMicros()
    _ = engine.parse(english, language: "en", user: updated)
    let total = threadCPUMicros() - start
    let again = threadCPUMicros()
    _ = engine.parse(english, language: "en", user: updated)
    let second = threadCPUMicros() - again
    update.append(total - second)
    updateSecond.append(second)
    updateSession.append(made - start)
}
if measures("update") {
    print("  replace one set of 100 entries (and index English): \(summary(update))")
    print("    of which the new session (setting):              \(summary(updateSession))")
    print("    (a parse with that session, after its first:     \(summary(updateSecond)))")
}

// Parse: the default user against a session with the entries added.
if measures("parse") {
    let tests = ((try? UtteranceTest.load(corpora.appendingPathComponent("tests").path)) ?? []).filter { $0.language == "en" }
    let overlay = engine.session(user: "parser", vocabularies: vocabularies(user: 2, count: entryCount))
    func parseTimes(_ user: UserSession?) -> [Double] {
        var medians: [Double] = []
        for test in tests {
            var times: [Double] = []
            for _ in 0..<rounds {
                let start = threadCPUMicros()
                _ = engine.parse(test.utterance, language: test.language, locked: test.locked, user: user)
                times.append(threadCPUMicros() - start)
            }
            medians.append(percentile(times.sorted(), 0.5))
        }
        return medians
    }
    // The same session with one set replaced: its index in two layers (a base and the set).
    let replacement = rows[0..<100].map { SpeakableString(spokenPhrase: String($0[0])) }
    let updatedOverlay = overlay.setting(replacement, of: .contactName, app: "com.example.unicornchat").session
    _ = parseTimes(overlay)
    _ = parseTimes(updatedOverlay)
    let plain = parseTimes(nil), withOverlay = parseTimes(overlay), withUpdated = parseTimes(updatedOverlay)
    print("parse, Corpora/tests en (\(tests.count) utterances, language given, median of \(rounds) per utterance)")
    print("  the apps' own user vocabulary: \(summary(plain))")
    print("  a user's session of \(overlay.itemCount) items: \(summary(withOverlay))")
    print("  that session with one set replaced by 100 entries (\(updatedOverlay.itemCount) items): \(summary(withUpdated))")
    // The same items built into an engine as the apps' own user vocabulary: what the items
    // cost a parse, apart from reading them through a session.
    var builtIn = apps
    for (index, vocabulary) in vocabularies(user: 2, count: entryCount).enumerated() { builtIn[index].userVocabulary = vocabulary }
    let engineWithItems = try Engine(apps: builtIn, grammars: corpora.appendingPathComponent("grammars"), options: options)
    func parseTimes(_ engine: Engine) -> [Double] {
        tests.map { test in
            percentile((0..<rounds).map { _ in
                let start = threadCPUMicros()
                _ = engine.parse(test.utterance, language: test.language, locked: test.locked)
                return threadCPUMicros() - start
            }.sorted(), 0.5)
        }
    }
    _ = parseTimes(engineWithItems)
    print("  the same items as the engine's own user vocabulary: \(summary(parseTimes(engineWithItems)))")
}

// Memory: many users, each indexed for English.
if measures("memory") {
    let before = residentBytes()
    var held: [UserSession] = []
    held.reserveCapacity(userCount)
    let holdStart = Date()
    for user in 0..<userCount {
        let session = engine.session(user: "user\(user)", vocabularies: vocabularies(user: user, count: entryCount))
        _ = engine.parse(english, language: "en", user: session)
        held.append(session)
    }
    let grown = residentBytes() - before
    print(String(format: "%d users held, each indexed for English: %.0f MB resident (%.0f bytes per item), made in %.1f s",
                 held.count, Double(grown) / 1e6, Double(grown) / Double(held.count * itemCount), Date().timeIntervalSince(holdStart)))
}
