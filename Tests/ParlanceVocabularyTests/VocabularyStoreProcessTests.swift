import Foundation
import ParlanceTestSupport
import Testing
@testable import ParlanceVocabulary

/// The store shared between processes: the `parlance` executable is the other process.
@Suite(.serialized, .enabled(if: ParlanceExecutable.isBuilt,
                             "the parlance executable is not built next to the test bundle; run 'swift build' to include the multi-process store tests"))
struct VocabularyStoreProcessTests {
    let app = "com.example.messages"

    func list(_ prefix: String, count: Int, in directory: TemporaryDirectory) throws -> (file: String, entries: [String]) {
        let entries = (0..<count).map { "\(prefix) \($0)" }
        let file = try directory.write(entries.joined(separator: "\n") + "\n", to: "\(prefix).txt")
        return (file, entries)
    }

    @Test func commandLineSetShowClear() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.path("vocabulary.sqlite")
        let file = try directory.write("Celestra\nAda Lovelace\n\nCelestra\nディープリラクゼーション\n", to: "contacts.txt")
        let scope = ["--store", store, "--app", app, "--user", "alice"]

        #expect(try ParlanceExecutable.run(["vocab", "set"] + scope + ["--type", "contactName", file]).status == 0)
        let shown = try ParlanceExecutable.run(["vocab", "show"] + scope + ["--type", "contactName"])
        #expect(shown.stdout == "Celestra\nAda Lovelace\nディープリラクゼーション\n")

        let json = try ParlanceExecutable.run(["vocab", "show"] + scope + ["--json"])
        let exported = try directory.write(json.stdout, to: "UserVocabulary.json")
        #expect(try ParlanceExecutable.run(["vocab", "set", "--store", store, "--app", app, "--user", "bob", exported]).status == 0)
        #expect(try VocabularyStore(path: store).speakableStrings(app: app, user: "bob", type: .contactName).count == 3)

        #expect(try ParlanceExecutable.run(["vocab", "clear"] + scope + ["--type", "contactName"]).status == 0)
        #expect(try ParlanceExecutable.run(["vocab", "show"] + scope).stdout == "")

        let unknownType = try ParlanceExecutable.run(["vocab", "set"] + scope + ["--type", "contactNames", file])
        #expect(unknownType.status == 2)
        #expect(unknownType.stderr.contains("unknown vocabulary type 'contactNames'"))

        let notAStore = try ParlanceExecutable.run(["vocab", "show", "--store", file, "--app", app])
        #expect(notAStore.status == 2)
        #expect(notAStore.stderr.contains("not an SQLite database"))

        let noStore = try ParlanceExecutable.run(["vocab", "show", "--store", directory.path("none.sqlite"), "--app", app])
        #expect(noStore.status == 2)
        #expect(!FileManager.default.fileExists(atPath: directory.path("none.sqlite")))
    }

    @Test func twoProcessesWritingAtOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Neither process finds a store: they also race to create it.
        let store = directory.path("vocabulary.sqlite")
        let alpha = try list("alpha", count: 30_000, in: directory)
        let beta = try list("beta", count: 40_000, in: directory)
        let scope = ["--store", store, "--app", app]

        for round in 0..<3 {
            // Same type: one replaces the other, whole.
            let first = try ParlanceExecutable.start(["vocab", "set"] + scope + ["--type", "contactName", alpha.file])
            let second = try ParlanceExecutable.start(["vocab", "set"] + scope + ["--type", "contactName", beta.file])
            for (process, stderr) in [first, second] {
                let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(process.terminationStatus == 0, "round \(round): \(errors)")
            }
            let phrases = try VocabularyStore(path: store).speakableStrings(app: app, type: .contactName).map(\.spokenPhrase)
            #expect(phrases == alpha.entries || phrases == beta.entries, "round \(round): a mix of \(phrases.count) entries")
        }

        // Different types: both land.
        let reader = try VocabularyStore(path: store)
        let token = try reader.changeToken(app: app)
        let first = try ParlanceExecutable.start(["vocab", "set"] + scope + ["--type", "contactGroupName", alpha.file])
        let second = try ParlanceExecutable.start(["vocab", "set"] + scope + ["--type", "mediaPlaylistTitle", beta.file])
        for (process, _) in [first, second] {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        #expect(try reader.speakableStrings(app: app, type: .contactGroupName).map(\.spokenPhrase) == alpha.entries)
        #expect(try reader.speakableStrings(app: app, type: .mediaPlaylistTitle).map(\.spokenPhrase) == beta.entries)
        #expect(try reader.changes(since: token).changedTypes == [.contactGroupName, .mediaPlaylistTitle])
        #expect(try reader.integrityCheck() == "ok")
    }

    /// Every process finds no store and creates one; none may take another's half-made
    /// store for a foreign database.
    @Test func processesCreatingTheStoreAtOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("Ada\nGrace\n", to: "contacts.txt")
        for round in 0..<10 {
            let store = directory.path("store-\(round).sqlite")
            let processes = try (0..<4).map { user in
                try ParlanceExecutable.start(["vocab", "set", "--store", store, "--app", app, "--user", "u\(user)", "--type", "contactName", file])
            }
            for (process, stderr) in processes {
                let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(process.terminationStatus == 0, "round \(round): \(errors)")
            }
            #expect(try VocabularyStore(path: store).scopes().count == 4)
        }
    }

    /// Writers killed at random moments, creating the store or replacing a set, for a few
    /// seconds: after each kill the store opens, holds either the last acknowledged set
    /// (a writer that exited 0) or the killed writer's whole set, never a mix, and the next
    /// writer succeeds. (Fuzz/store-kill-loop.py runs the same for 500 kills, migrations too.)
    @Test func writersKilledAtRandomMomentsLoseNothingAcknowledged() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SeededGenerator(seed: UInt64(Date().timeIntervalSince1970))
        let lists = try (0..<4).map { try list("set\($0)", count: [10, 2_000, 20_000, 60_000][$0], in: directory) }
        let deadline = Date().addingTimeInterval(4)
        var round = 0, kills = 0
        while Date() < deadline || round < 8 {
            // Every fourth round starts without a store, so a kill can land while it is created.
            let store = directory.path("vocabulary-\(round / 4).sqlite")
            var acknowledged: [String]? = round % 4 == 0 ? nil : try VocabularyStore(path: store, busyTimeout: .seconds(5))
                .speakableStrings(app: app, type: .contactName).map(\.spokenPhrase)
            let chosen = lists[random.next(below: lists.count)]
            let (process, _) = try ParlanceExecutable.start(["vocab", "set", "--store", store, "--app", app, "--type", "contactName", chosen.file])
            usleep(UInt32(random.next(below: 120_000)))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills += 1
            }
            process.waitUntilExit()
            let completed = process.terminationReason == .exit
            if completed {
                #expect(process.terminationStatus == 0, "round \(round)")
                acknowledged = chosen.entries
            }
            // Whatever the moment of the kill, the store opens and is consistent.
            let reader = try VocabularyStore(path: store, busyTimeout: .seconds(5))
            let phrases = try reader.speakableStrings(app: app, type: .contactName).map(\.spokenPhrase)
            if completed {
                #expect(phrases == chosen.entries, "round \(round): an acknowledged set of \(chosen.entries.count) read back as \(phrases.count)")
            } else {
                #expect(phrases == (acknowledged ?? []) || phrases == chosen.entries,
                        "round \(round): \(phrases.count) entries, neither the acknowledged set nor the killed writer's")
            }
            #expect(try reader.integrityCheck() == "ok", "round \(round)")
            round += 1
        }
        // The store stays writable by the next process.
        for index in 0...(round - 1) / 4 {
            let result = try ParlanceExecutable.run(["vocab", "set", "--store", directory.path("vocabulary-\(index).sqlite"), "--app", app,
                                                     "--type", "contactName", lists[0].file])
            #expect(result.status == 0, "store \(index): \(result.stderr)")
        }
        #expect(kills > 0, "no writer was killed in \(round) rounds")
    }

    @Test func aWriterKilledMidTransactionLeavesTheOldSet() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("vocabulary.sqlite")
        let store = try VocabularyStore(path: path)
        let old = ["Ada Lovelace", "Grace Hopper", "Celestra"]
        try store.set(old, app: app, type: .contactName)
        let token = try store.changeToken(app: app)

        // Big enough that SQLite spills uncommitted pages into the WAL before the commit.
        let big = try list("doomed", count: 300_000, in: directory)
        let (process, stderr) = try ParlanceExecutable.start(["vocab", "set", "--store", path, "--app", app, "--type", "contactName",
                                                               "--debug-pause-before-commit", "60", big.file])
        var output = ""
        while !output.contains("pausing before commit") {
            let data = stderr.fileHandleForReading.availableData
            if data.isEmpty { break }
            output += String(decoding: data, as: UTF8.self)
        }
        #expect(output.contains("pausing before commit"), "the writer never reached its commit: \(output)")
        let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(walSize > 1_000_000, "the killed transaction had written \(walSize) bytes of WAL")

        // The reader that was open all along, and a fresh one, both see the old set.
        #expect(try store.changes(since: token).isEmpty)
        #expect(try store.speakableStrings(app: app, type: .contactName).map(\.spokenPhrase) == old)
        let fresh = try VocabularyStore(path: path, busyTimeout: .seconds(2))
        #expect(try fresh.speakableStrings(app: app, type: .contactName).map(\.spokenPhrase) == old)
        #expect(try fresh.integrityCheck() == "ok")
        // The dead writer's lock went with it.
        try fresh.set(["Linus"], app: app, type: .contactName)
        #expect(try store.changes(since: token).changedTypes == [.contactName])
        #expect(try store.speakableStrings(app: app, type: .contactName).map(\.spokenPhrase) == ["Linus"])
    }
}
