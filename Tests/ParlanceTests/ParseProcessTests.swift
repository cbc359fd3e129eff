import Foundation
import ParlanceTestSupport
import Testing

/// `parlance parse` as another program drives it: a long-lived process fed through a
/// pipe, and users' vocabulary read from a store.
@Suite(.enabled(if: ParlanceExecutable.url != nil || SharedData.isCI,
                "the parlance executable is not built next to the test bundle; run 'swift build' to include the command tests"))
struct ParseProcessTests {
    static let sampleApps = EngineFixture.corpora.appendingPathComponent("apps").path
    static let grammars = EngineFixture.corpora.appendingPathComponent("grammars").path

    /// A store where alice's UnicornChat contacts hold Kenji Sato and bob's Ingrid Bergström.
    static func store(in folder: URL) throws -> String {
        let store = folder.appendingPathComponent("vocab.sqlite").path
        for (user, name) in [("alice", "Kenji Sato"), ("bob", "Ingrid Bergström")] {
            let list = folder.appendingPathComponent("\(user).txt")
            try "\(name)\n".write(to: list, atomically: true, encoding: .utf8)
            let run = try ParlanceExecutable.run(["vocab", "set", "--store", store, "--app", "com.example.unicornchat", "--user", user,
                                                  "--type", "contactName", list.path])
            #expect(run.status == 0, "\(run.stderr)")
        }
        return store
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-parse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func object(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    /// The first recipient's value of the best hypothesis of a `parse --json` line.
    static func recipient(_ line: String) -> (value: String?, resolution: String?) {
        guard let object = object(line), let hypotheses = object["hypotheses"] as? [[String: Any]],
              let parameters = hypotheses.first?["parameters"] as? [String: Any],
              let recipients = parameters["recipients"] as? [[String: Any]], let first = recipients.first else { return (nil, nil) }
        return (first["value"] as? String, first["resolution"] as? String)
    }

    @Test func aUserOfTheStoreIsReadWithUser() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Self.store(in: folder)
        let request = "Send a message to Kenji Sato with UnicornChat saying see you soon"
        // (One cache for the four runs: the first compiles the grammars, the others read them.)
        let common = ["parse", "--cache", folder.appendingPathComponent("cache").path, "--apps", Self.sampleApps, "--grammars", Self.grammars, "--store", store, "--json", "--language", "en"]
        let alice = try ParlanceExecutable.run(common + ["--user", "alice", request])
        #expect(alice.status == 0, "\(alice.stderr)")
        #expect(Self.recipient(alice.stdout).value == "Kenji Sato")
        #expect(Self.recipient(alice.stdout).resolution == "success")
        let bob = try ParlanceExecutable.run(common + ["--user", "bob", request])
        #expect(Self.recipient(bob.stdout).resolution != "success")

        // A user with no vocabulary: the apps' vocabulary alone, and a warning that says so.
        let nobody = try ParlanceExecutable.run(common + ["--user", "carol", request])
        #expect(nobody.status == 0)
        #expect(nobody.stderr.contains("no vocabulary for user 'carol'"))

        // A language with no grammar is an error, not a silent "no intent understood".
        let italian = try ParlanceExecutable.run(Array(common.dropLast(2)) + ["--language", "it", "Manda un messaggio a Kenji"])
        #expect(italian.status == 2)
        #expect(italian.stderr.contains("no grammar for language 'it'"))

        let withoutStore = try ParlanceExecutable.run(["parse", "--user", "alice", request])
        #expect(withoutStore.status == 2)
        #expect(withoutStore.stderr.contains("--user alice needs --store"))
    }

    /// `parse --batch -` answers each line as it arrives: the test writes one request and
    /// reads its answer before writing the next, as a program driving the pipe would.
    @Test func batchFromStandardInputAnswersLineByLine() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Self.store(in: folder)
        guard let executable = ParlanceExecutable.url else {
            Issue.record("the parlance executable is not built next to the test bundle")
            return
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["parse", "--cache", folder.appendingPathComponent("cache").path, "--apps", Self.sampleApps, "--grammars", Self.grammars, "--store", store, "--batch", "-"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let lines = LineCollector(output.fileHandleForReading)

        func ask(_ line: String) throws -> String {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
            return try #require(lines.next(timeout: 300), "no answer to \(line)")
        }
        let request = "Send a message to Kenji Sato with UnicornChat saying see you soon"
        #expect(Self.recipient(try ask(#"{"utterance": "\#(request)", "user": "alice", "language": "en"}"#)).resolution == "success")
        #expect(Self.recipient(try ask(#"{"utterance": "\#(request)", "user": "bob", "language": "en"}"#)).resolution != "success")
        let plain = try ask("Pay my bill")
        #expect((Self.object(plain)?["hypotheses"] as? [Any])?.isEmpty == false)
        let bad = try ask(#"{"utterance": "Pay my bill", "locked": "yes"}"#)
        #expect(Self.object(bad)?["line"] as? Int == 4)
        #expect((Self.object(bad)?["error"] as? String)?.contains("'locked'") == true)
        let italian = try ask(#"{"utterance": "Paga la bolletta", "language": "it"}"#)
        #expect((Self.object(italian)?["error"] as? String)?.contains("no grammar for language 'it'") == true)
        let unknown = try ask(#"{"text": "Pay my bill"}"#)
        #expect((Self.object(unknown)?["error"] as? String)?.contains("unknown key 'text'") == true)
        // JSONSerialization would keep one of the two and say nothing.
        let twice = try ask(#"{"utterance": "Pay my bill", "utterance": "Call Bob"}"#)
        #expect(Self.object(twice)?["error"] as? String == "standard input:7: key 'utterance' written twice: expected each key once")

        try input.fileHandleForWriting.close()
        let summary = try #require(lines.next(timeout: 60))
        #expect(Self.object(summary)?["count"] as? Int == 3)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}

/// Lines read from a pipe on a thread of their own, handed over as they come.
final class LineCollector: @unchecked Sendable {
    private var lines: [String] = []
    private var ended = false
    private let condition = NSCondition()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            var buffer: [UInt8] = []
            while true {
                let data = handle.availableData
                condition.lock()
                if data.isEmpty {
                    ended = true
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                buffer += data
                while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
                    buffer.removeSubrange(...newline)
                }
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    /// The next line, waiting at most `timeout` seconds; nil when none came.
    func next(timeout: Double) -> String? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while lines.isEmpty && !ended {
            if !condition.wait(until: deadline) { return nil }
        }
        return lines.isEmpty ? nil : lines.removeFirst()
    }
}
