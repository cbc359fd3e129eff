import Foundation

/// One libFuzzer input, read the ways the harnesses need it.
public struct FuzzInput {
    /// The bytes.
    public let bytes: [UInt8]

    public init(_ data: UnsafePointer<UInt8>?, _ count: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    }

    /// The bytes as text, invalid UTF-8 repaired (for APIs that take a String).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The bytes split at the first `separator` line ("\n--\n"): two files from one input.
    public func split(_ separator: String = "\n--\n") -> ([UInt8], [UInt8]?) {
        let marker = Array(separator.utf8)
        guard let range = bytes.firstRange(of: marker) else { return (bytes, nil) }
        return (Array(bytes[..<range.lowerBound]), Array(bytes[range.upperBound...]))
    }
}

/// A scratch folder of this process, for APIs that read files.
public enum Scratch {
    public static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Writes `bytes` to `name` under the scratch folder (creating its folders) and returns the path.
    @discardableResult
    public static func write(_ bytes: [UInt8], to name: String) -> String {
        let url = folder.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
        return url.path
    }

    /// Removes `name` under the scratch folder.
    public static func remove(_ name: String) {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
}
