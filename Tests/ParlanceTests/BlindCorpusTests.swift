import Foundation
import Parlance
import Testing

/// Corpora/tests/blind: requests written blind (by someone who read neither the grammars
/// nor the engine) for the sample apps and five apps of their own, in six languages. They
/// measure what the engine understands of what people say, not of what its templates
/// spell. The set is never tuned away: a request the engine fails is a finding.
///
/// Gated on a floor below which the engine regressed: when the set was written (before any
/// change to grammars or ranking) the engine got 325 of 568 right, dates aside (57.2%),
/// with the language given and without; custom intents 0 of 59, disambiguation 12 of 64.
/// After names said in part, apps named anywhere, the learned reading and the grammars'
/// new forms (2026-11-28), about 87%. The goal of issue 38 (97% overall, 95% in every
/// language and kind) is above that. Raise the floor as the engine improves; every run
/// prints the rates per language and kind.
///
/// Corpora/tests/blind-2, written blind as well (also without reading the first set), was
/// held out while the engine changed for issue 38 and measured once (its README): 40.5%
/// before, 75.5% after, dates aside. Its requests need the first set's apps too.
///
/// Corpora/tests/blind-3 (2026-11-29), written blind for the sample apps and both sets'
/// apps, is a fitting and development set: 79.2% when it joined, dates aside, language
/// given (its README).
///
/// Corpora/tests/blind-custom (2026-11-29), written blind for custom intents (four apps of
/// its own besides the eight above, each known only by two example phrases per custom
/// intent and language), is a development set: 44.7% when it joined, language given.
///
/// Corpora/tests/blind-custom-2 (2026-11-30), written blind for custom intents (four more
/// apps, and requests that ask a named app for what it cannot do), is held out: 44.6% when
/// it joined, language given (83 of 186). Its requests need every set's apps.
///
/// Corpora/tests/blind-4 (2026-12-01), written blind for the 18 apps of the sets above, is
/// held out: 85.3% when it joined, language given (262 of 307, dates included).
///
/// On 2026-12-02 the failures of blind-2 and blind-4 were read, so both are development
/// sets since. Corpora/tests/blind-5 (2026-12-02), written blind for the same 18 apps and
/// two new apps of its own, took their place as the held-out set: 81.0% when it joined,
/// language given (268 of 331, dates included), 82.2% after the paraphrase groups the same day.
///
/// The held-out sets print their counts, never their requests.
@Suite struct BlindCorpusTests {
    static let folder = EngineFixture.corpora.appendingPathComponent("tests/blind")
    static let second = EngineFixture.corpora.appendingPathComponent("tests/blind-2")
    static let third = EngineFixture.corpora.appendingPathComponent("tests/blind-3")
    static let custom = EngineFixture.corpora.appendingPathComponent("tests/blind-custom")
    static let customHeldOut = EngineFixture.corpora.appendingPathComponent("tests/blind-custom-2")
    static let fourth = EngineFixture.corpora.appendingPathComponent("tests/blind-4")
    static let fifth = EngineFixture.corpora.appendingPathComponent("tests/blind-5")
    /// The sets measured, never read: only their counts are printed. (blind-2 and blind-4
    /// were held out until their failures were read on 2026-12-02.)
    static let heldOut = [customHeldOut, fifth]

    /// The sample apps and the apps both blind sets bring.
    static let built: Result<Engine, EngineError> = Result { () throws(EngineError) -> Engine in
        let own = AppLoader.load(folder.appendingPathComponent("apps").path).apps + AppLoader.load(second.appendingPathComponent("apps").path).apps
        return try Engine(apps: EngineFixture.apps + own, grammars: EngineFixture.corpora.appendingPathComponent("grammars"))
    }

    /// The same with the custom-intent set's four apps, for that set only (its apps support
    /// built-in intents too, which the other sets were not written against).
    static let builtWithCustomApps: Result<Engine, EngineError> = Result { () throws(EngineError) -> Engine in
        let own = [folder, second, custom].flatMap { AppLoader.load($0.appendingPathComponent("apps").path).apps }
        return try Engine(apps: EngineFixture.apps + own, grammars: EngineFixture.corpora.appendingPathComponent("grammars"))
    }

    /// Every set's apps, for the held-out custom-intent set (written with all of them installed).
    static let builtWithEveryApp: Result<Engine, EngineError> = Result { () throws(EngineError) -> Engine in
        let own = [folder, second, custom, customHeldOut].flatMap { AppLoader.load($0.appendingPathComponent("apps").path).apps }
        return try Engine(apps: EngineFixture.apps + own, grammars: EngineFixture.corpora.appendingPathComponent("grammars"))
    }

    /// The least share of exact matches, dates and times aside, with the language given and
    /// not, per set.
    ///
    /// Since issue 39 a right answer whose confidence is below the threshold (not
    /// understood) fails too: at the default threshold the second set's rate went from
    /// 75.5% to 69.8% with the language given (68.3% without), the first set's from 87.7% to
    /// 84.0% (83.5%): refusing what no app can handle costs some right answers (Corpora/calibration).
    ///
    /// 2026-11-29: paraphrases of the apps' example phrases, value edges and the grammars' new
    /// forms (written against the first set, which is a development set since): first set
    /// 93.1% given / 92.3% not, second (still held out) 75.9% / 74.2%.
    ///
    /// 2026-11-30: learned readings account for the words their examples say, with
    /// calibration weights of their own: first set 95.8% / 95.1%, second 81.6% / 80.9%,
    /// third 86.5% / 86.5%, custom intents 59.6% / 58.0%.
    ///
    /// 2026-11-30: custom intents also learned from their examples in other languages: first
    /// set 95.8% / 95.6%, second 82.4% / 81.6%, third 87.0% / 87.0%, custom intents 62.2% /
    /// 61.2%, the held-out custom set 46.8% / 47.3%. Then built-in intents weighed less in a
    /// named app's learned reading: first set 96.7% / 96.1%, second 82.8% / 81.8%, third
    /// 88.8% / 88.5%, custom intents 68.6% / 64.4%, the held-out custom set 52.2% / 51.1%.
    ///
    /// 2026-12-01: the calibration fitted on each set as it is measured, with all 18 apps
    /// (Corpora/calibration/README.md): first set 96.3% / 95.8%, second 83.0% / 82.6%, third
    /// 89.1% / 89.1%, custom intents 66.5% / 64.9%, the held-out custom set 49.5% / 48.9%
    /// (more of a named app's learned readings refused), the fourth set 85.9% / 85.2%.
    ///
    /// 2026-12-02: the language's paraphrase groups and 64 variants of each example phrase:
    /// custom intents 73.9% / 71.8%, the held-out custom set 55.9% / 55.9%.
    static func floor(_ set: URL, languageGiven: Bool) -> Double {
        switch set {
        case second: 0.80
        case third: 0.86
        case custom: 0.68
        case customHeldOut: 0.52
        case fourth: 0.82
        case fifth: 0.77
        default: 0.94
        }
    }

    /// A test's kind: the tag its note starts with ("[custom-intent] …").
    static func kind(_ test: UtteranceTest) -> String {
        guard let note = test.note, note.hasPrefix("["), let end = note.firstIndex(of: "]") else { return "untagged" }
        return String(note[note.index(after: note.startIndex)..<end])
    }

    static let builtWithFifthsApps: Result<Engine, EngineError> = Result { () throws(EngineError) -> Engine in
        let own = [folder, second, fifth].flatMap { AppLoader.load($0.appendingPathComponent("apps").path).apps }
        return try Engine(apps: EngineFixture.apps + own, grammars: EngineFixture.corpora.appendingPathComponent("grammars"))
    }

    @Test func theSetLoadsApart() throws {
        let tests = try UtteranceTest.load(Self.folder.path)
        #expect(tests.count >= 600)
        // The project's own corpus does not take the blind set in: it needs apps of its own.
        let own = try UtteranceTest.load(EngineFixture.corpora.appendingPathComponent("tests").path)
        #expect(!own.contains { $0.location.file.contains("/blind") })
        let apps = AppLoader.load(Self.folder.appendingPathComponent("apps").path)
        #expect(apps.apps.count == 5)
        #expect(apps.issues.filter { $0.severity == .error }.isEmpty, "\(apps.issues)")
        let second = try UtteranceTest.load(Self.second.path)
        #expect(second.count >= 500)
        let secondApps = AppLoader.load(Self.second.appendingPathComponent("apps").path)
        #expect(secondApps.apps.count == 3)
        #expect(secondApps.issues.filter { $0.severity == .error }.isEmpty, "\(secondApps.issues)")
        #expect(try UtteranceTest.load(Self.third.path).count >= 400)
        #expect(try UtteranceTest.load(Self.custom.path).count >= 180)
        let customApps = AppLoader.load(Self.custom.appendingPathComponent("apps").path)
        #expect(customApps.apps.count == 4)
        #expect(customApps.issues.filter { $0.severity == .error }.isEmpty, "\(customApps.issues)")
        #expect(try UtteranceTest.load(Self.customHeldOut.path).count >= 180)
        #expect(try UtteranceTest.load(Self.fourth.path).count >= 300)
        let heldOutApps = AppLoader.load(Self.customHeldOut.appendingPathComponent("apps").path)
        #expect(heldOutApps.apps.count == 4)
        #expect(heldOutApps.issues.filter { $0.severity == .error }.isEmpty, "\(heldOutApps.issues)")
        #expect(try UtteranceTest.load(Self.fifth.path).count >= 330)
        let fifthApps = AppLoader.load(Self.fifth.appendingPathComponent("apps").path)
        #expect(fifthApps.apps.count == 2)
        #expect(fifthApps.issues.filter { $0.severity == .error }.isEmpty, "\(fifthApps.issues)")
    }

    @Test(arguments: [true, false], [folder, second, third, custom, customHeldOut, fourth, fifth]) func rates(languageGiven: Bool, set: URL) throws {
        let built = switch set {
        case Self.custom: Self.builtWithCustomApps
        case Self.customHeldOut: Self.builtWithEveryApp
        case Self.fifth: Self.builtWithFifthsApps
        default: Self.built
        }
        let engine = try built.get()
        let tests = try UtteranceTest.load(set.path)
        var passed: [String: (passed: Int, total: Int)] = [:]
        var failures: [String] = []
        for test in tests {
            let result = engine.parse(test.utterance, language: languageGiven ? test.language : nil, locked: test.locked, now: test.now)
            let problem = test.mismatch(result)
            // (The fourth set tags dates "date-time", the others "datetime".)
            for key in ["language " + test.language, "kind " + Self.kind(test), ["datetime", "date-time"].contains(Self.kind(test)) ? "dates" : "all but dates"] {
                passed[key, default: (0, 0)].total += 1
                if problem == nil { passed[key, default: (0, 0)].passed += 1 }
            }
            if let problem { failures.append("\(test.language) [\(Self.kind(test))] \"\(test.utterance)\": \(problem)") }
        }
        print("Corpora/tests/\(set.lastPathComponent), language \(languageGiven ? "given" : "not given"):")
        for key in passed.keys.sorted() {
            let (ok, total) = passed[key]!
            print("  \(key): \(ok)/\(total) (\(String(format: "%.1f", 100 * Double(ok) / Double(total)))%)")
        }
        if !Self.heldOut.contains(set) {
            for failure in failures.prefix(300) { print("  ✗ \(failure)") }
        }
        let overall = passed["all but dates"].map { Double($0.passed) / Double($0.total) } ?? 0
        let floor = Self.floor(set, languageGiven: languageGiven)
        #expect(overall >= floor, "blind requests, dates aside: \(String(format: "%.1f", overall * 100))%, below the floor of \(floor * 100)%")
    }
}
