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

    public static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        guard let url else { throw CocoaError(.fileNoSuchFile) }
        process.executableURL = url
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }
}
