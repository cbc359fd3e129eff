import Foundation

/// The `parlance` executable beside the test bundle (SwiftPM builds it there).
public enum ParlanceExecutable {
    public static let url: URL? = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidates = [
            testBinary.deletingLastPathComponent().appendingPathComponent("parlance"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("parlance"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs the executable with `arguments`; `input`, when given, is written to its standard
    /// input, which is then closed (the end of input); `environment` adds to the inherited one.
    public static func run(_ arguments: [String], input: String? = nil,
                           environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        guard let url else { throw CocoaError(.fileNoSuchFile) }
        process.executableURL = url
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let standardInput = input.map { _ in Pipe() }
        if let standardInput { process.standardInput = standardInput }
        try process.run()
        if let input, let standardInput {
            // A process that stops reading early (converse ends on an empty line) closes the
            // pipe: writing then must fail, not kill the tests with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            // (Written on another thread: a process that answers before reading all its input
            // must not block on a full output pipe while this one blocks on a full input pipe.)
            let writer = standardInput.fileHandleForWriting
            Thread.detachNewThread {
                try? writer.write(contentsOf: Data(input.utf8))
                try? writer.close()
            }
        }
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }
}
