import Foundation
import Parlance
import ParlanceTestSupport
import Testing

/// Apps load from bundle-like folders; broken ones are reported with file and key, and
/// never stop the others.
@Suite struct AppLoaderTests {
    static let sampleApps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpora/apps").path

    @Test func sampleAppsLoadWithoutErrors() {
        let loaded = AppLoader.load(Self.sampleApps)
        #expect(loaded.issues.filter { $0.severity == .error }.isEmpty, "\(loaded.issues)")
        #expect(loaded.apps.map(\.displayName).sorted() == ["BillPay", "CarLink", "Commander", "Excite Yoga", "Jotter", "RideNow",
                                                             "Snapshots", "TableTime", "Tempo", "UnicornChat"])
        let yoga = loaded.apps.first { $0.bundleIdentifier == "com.example.exciteyoga" }
        #expect(yoga?.names.contains("寝たまんまヨガ") == true)
        let chat = loaded.apps.first { $0.bundleIdentifier == "com.example.unicornchat" }
        #expect(chat?.intentsRestrictedWhileLocked == ["INSendMessageIntent", "INSearchForMessagesIntent"])
        let bills = loaded.apps.first { $0.bundleIdentifier == "com.example.billpay" }  // a binary Info.plist
        #expect(bills?.supports("INPayBillIntent") == true)
        #expect(bills?.userVocabulary.items(of: .paymentsAccountNickname).count == 2)
    }

    /// A folder of apps where each app has one problem.
    func brokenApps() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-apps-\(UUID().uuidString)")
        func app(_ name: String, _ info: String?) throws {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if let info { try Data(info.utf8).write(to: folder.appendingPathComponent("Info.plist")) }
        }
        func plist(_ body: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>\(body)</dict></plist>
            """
        }
        try app("NoInfo", nil)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("NoInfo/en.lproj"), withIntermediateDirectories: true)
        try app("NoExtension", plist("<key>CFBundleIdentifier</key><string>com.x.noext</string>"))
        try app("Malformed", "<plist><dict><key>oops")
        try app("EmptyIdentifier", plist("""
            <key>CFBundleIdentifier</key><string> </string><key>CFBundleDisplayName</key><string>Blank</string>
            <key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict>
            <key>IntentsSupported</key><array><string>INSendMessageIntent</string></array>
            </dict></dict>
            """))
        try app("RestrictedNotAList", plist("""
            <key>CFBundleIdentifier</key><string>com.x.notalist</string>
            <key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict>
            <key>IntentsSupported</key><array><string>INSendMessageIntent</string></array>
            <key>IntentsRestrictedWhileLocked</key><string>INSendMessageIntent</string>
            </dict></dict>
            """))
        try app("Restricted", plist("""
            <key>CFBundleIdentifier</key><string>com.x.restricted</string>
            <key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict>
            <key>IntentsSupported</key><array><string>INSendMessageIntent</string><string>MadeUpIntent</string></array>
            <key>IntentsRestrictedWhileLocked</key><array><string>INStartCallIntent</string></array>
            </dict></dict>
            """))
        return root.path
    }

    @Test func brokenAppsAreReportedAndTheOthersLoad() throws {
        let root = try brokenApps()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let loaded = AppLoader.load(root)
        #expect(loaded.apps.map(\.bundleIdentifier) == ["Blank", "com.x.restricted"])
        let errors = loaded.issues.filter { $0.severity == .error }
        #expect(errors.contains { $0.file.hasSuffix("NoInfo") && $0.message.contains("no Info.plist") })
        #expect(errors.contains { $0.file.hasSuffix("NoExtension/Info.plist") && $0.keyPath == "NSExtension" })
        #expect(errors.contains { $0.file.hasSuffix("Malformed/Info.plist") && $0.message.contains("property list") })
        let warnings = loaded.issues.filter { $0.severity == .warning }
        #expect(warnings.contains { $0.keyPath?.hasSuffix("IntentsRestrictedWhileLocked") == true && $0.message.contains("INStartCallIntent") })
        #expect(warnings.contains { $0.message.contains("MadeUpIntent") })
        #expect(loaded.apps.last?.intentsRestrictedWhileLocked.isEmpty == true)
        // An empty identifier is as good as none: the display name stands in, with a warning.
        #expect(warnings.contains { $0.file.hasSuffix("EmptyIdentifier/Info.plist") && $0.message.hasPrefix("empty;") })
        // A restricted list that is not a list: reported, and the app is not loaded (its
        // intents would be open on a locked device).
        #expect(errors.contains { $0.file.hasSuffix("RestrictedNotAList/Info.plist") && $0.keyPath?.hasSuffix("IntentsRestrictedWhileLocked") == true })
        #expect(errors.contains { $0.file.hasSuffix("RestrictedNotAList/Info.plist") && $0.message.hasPrefix("the app is not loaded") })
    }

    /// `parlance parse` prints each app's problem once, with its own severity, and parses
    /// with the apps that loaded.
    @Test(.enabled(if: ParlanceExecutable.url != nil, "the parlance executable is not built next to the test bundle; run 'swift build'"))
    func theCommandLineReportsEachIssueOnceWithItsSeverity() throws {
        let broken = try brokenApps()
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let run = try ParlanceExecutable.run(["parse", "--no-cache", "--language", "en", "--apps", broken, "--apps", Self.sampleApps, "Pay my bill"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("BillPay"), "\(run.stdout)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("error: ") } && lines.contains { $0.hasPrefix("warning: ") }, "\(run.stderr)")
        for line in lines {
            let severities = ["error: ", "warning: "]
            #expect(severities.contains { line.hasPrefix($0) }, "\(line)")
            #expect(!severities.contains { first in severities.contains { line.hasPrefix(first + $0) } }, "\(line)")
        }
    }

    /// Empty files are read without Foundation (whose Data(contentsOf:) leaked 4 KB for each,
    /// Fuzz/README.md "Leaks") and reported as empty, each costing only its own app.
    @Test func emptyPropertyListsAreReportedAsEmpty() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-apps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let samples = URL(fileURLWithPath: Self.sampleApps)
        for (copy, app) in [("BillPay", "BillPay"), ("EmptyInfo", "BillPay"), ("EmptyVocabulary", "ExciteYoga")] {
            try FileManager.default.copyItem(at: samples.appendingPathComponent(app), to: root.appendingPathComponent(copy))
        }
        try Data().write(to: root.appendingPathComponent("EmptyInfo/Info.plist"))
        try Data().write(to: root.appendingPathComponent("EmptyVocabulary/en.lproj/AppIntentVocabulary.plist"))
        let loaded = AppLoader.load(root.path)
        #expect(loaded.apps.map(\.bundleIdentifier) == ["com.example.billpay"])
        let expected = "not a property list: expected XML starting with <?xml or <plist, or a binary plist starting with bplist00 (the file is empty)"
        let errors = loaded.issues.filter { $0.severity == .error }
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.contains { $0.file.hasSuffix("EmptyInfo/Info.plist") && $0.message == expected }, "\(errors)")
        #expect(errors.contains { $0.file.hasSuffix("EmptyVocabulary/en.lproj/AppIntentVocabulary.plist") && $0.message == expected }, "\(errors)")
    }

    /// Damaged binary property lists (issue 41: one crashed the whole process) cost only
    /// their own app, and the report names the file and what is wrong in it.
    @Test func aDamagedBinaryPlistSkipsOnlyItsApp() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-apps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let samples = URL(fileURLWithPath: Self.sampleApps)
        for (copy, app) in [("BillPay", "BillPay"), ("BadInfo", "BillPay"), ("BadVocabulary", "ExciteYoga")] {
            try FileManager.default.copyItem(at: samples.appendingPathComponent(app), to: root.appendingPathComponent(copy))
        }
        // BillPay's Info.plist is binary: a trailer claiming 2^40 objects.
        let info = root.appendingPathComponent("BadInfo/Info.plist")
        var infoBytes = Array(try Data(contentsOf: info))
        infoBytes[infoBytes.count - 32 + 10] = 0x01
        try Data(infoBytes).write(to: info)
        // The Yoga vocabulary as a binary file whose top dictionary refers to object 238 of 53.
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ParlanceVocabularyTests/Fixtures/ExciteYoga-en.binary.plist")
        var vocabularyBytes = Array(try Data(contentsOf: fixture))
        vocabularyBytes[11] = 0xEE
        try Data(vocabularyBytes).write(to: root.appendingPathComponent("BadVocabulary/en.lproj/AppIntentVocabulary.plist"))

        let loaded = AppLoader.load(root.path)
        #expect(loaded.apps.map(\.bundleIdentifier) == ["com.example.billpay"])
        let errors = loaded.issues.filter { $0.severity == .error }
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.contains { $0.file.hasSuffix("BadInfo/Info.plist")
            && $0.message == "not a binary property list (the trailer counts 1,099,511,627,800 objects but the offset table has room for 24)" }, "\(errors)")
        #expect(errors.contains { $0.file.hasSuffix("BadVocabulary/en.lproj/AppIntentVocabulary.plist")
            && $0.message == "not a binary property list (object 0 refers to object 238 but there are 53 objects)" }, "\(errors)")
        // The file is named once in the printed form, not again inside the message.
        #expect(errors.allSatisfy { $0.description.components(separatedBy: $0.file).count == 2 }, "\(errors)")
    }

    /// An app is installed once: the same folder named twice (as `parlance eval` adds a test
    /// set's own apps to those given) loads one copy, a second folder with the same bundle
    /// identifier is skipped with a warning, and an engine given two copies refuses them
    /// (two copies of one app split its evidence and moved answers of the blind sets).
    @Test func anAppIsInstalledOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-apps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("copy"), withIntermediateDirectories: true)
        let samples = URL(fileURLWithPath: Self.sampleApps)
        try FileManager.default.copyItem(at: samples.appendingPathComponent("Tempo"), to: root.appendingPathComponent("copy/Tempo"))

        let twice = AppLoader.load([Self.sampleApps, Self.sampleApps + "/", samples.appendingPathComponent("Tempo").path])
        #expect(twice.apps.count == 10)
        #expect(twice.issues.filter { $0.message.contains("already loaded") }.isEmpty, "\(twice.issues)")

        let copied = AppLoader.load([Self.sampleApps, root.appendingPathComponent("copy").path])
        #expect(copied.apps.count == 10)
        #expect(copied.apps.first { $0.bundleIdentifier == "com.example.tempo" }?.folder?.hasPrefix(Self.sampleApps) == true)
        let warning = try #require(copied.issues.first { $0.message.contains("already loaded") })
        #expect(warning.severity == .warning && warning.file.hasSuffix("copy/Tempo") && warning.keyPath == "CFBundleIdentifier", "\(warning)")
        #expect(warning.message.contains("'com.example.tempo'"), "\(warning)")

        let single = AppLoader.load(Self.sampleApps).apps
        let tempo = try #require(single.first { $0.bundleIdentifier == "com.example.tempo" })
        #expect(throws: EngineError.self) { try Engine(apps: single + [tempo]) }
        do {
            _ = try Engine(apps: single + [tempo])
        } catch {
            #expect(error.message.contains("two apps with the bundle identifier 'com.example.tempo'"), "\(error)")
        }
    }

    @Test func aMissingFolderIsAnError() {
        let loaded = AppLoader.load("/nonexistent/apps")
        #expect(loaded.apps.isEmpty)
        #expect(loaded.issues.first?.message.contains("no such folder") == true)
    }
}
