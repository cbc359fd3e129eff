import Foundation

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-vocab-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ components: String...) -> String {
        components.reduce(url) { $0.appendingPathComponent($1) }.path
    }

    @discardableResult
    func write(_ text: String, to components: String...) throws -> String {
        let file = components.reduce(url) { $0.appendingPathComponent($1) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    @discardableResult
    func write(bytes: [UInt8], to components: String...) throws -> String {
        let file = components.reduce(url) { $0.appendingPathComponent($1) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file.path
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The `parlance` executable built beside the test bundle, for tests that need a second
/// process; nil when it has not been built.
enum ParlanceExecutable {
    static let url: URL? = {
        // On Linux the tests run inside the test bundle executable in the build products
        // directory, where SwiftPM also puts `parlance`.
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidates = [
            testBinary.deletingLastPathComponent().appendingPathComponent("parlance"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("parlance"),
            Bundle.main.bundleURL.appendingPathComponent("parlance"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static var isBuilt: Bool { url != nil }

    /// Starts `parlance` with `arguments`, standard error piped to the caller.
    static func start(_ arguments: [String], stdout: Pipe? = nil) throws -> (process: Process, stderr: Pipe) {
        let process = Process()
        process.executableURL = url!
        process.arguments = arguments
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = stdout ?? FileHandle.nullDevice
        try process.run()
        return (process, stderr)
    }

    /// Runs `parlance` to the end: exit status, standard output, standard error.
    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let stdout = Pipe()
        let (process, stderr) = try start(arguments, stdout: stdout)
        // Read before waiting: a full pipe would block the child.
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }
}

extension Array where Element == UInt8 {
    init(contentsOfFile path: String) throws {
        self = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
