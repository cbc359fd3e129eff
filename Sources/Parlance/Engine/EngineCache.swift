import Foundation
import ParlanceText

/// A folder where the engine keeps compiled images between runs: the indexes of the users'
/// vocabulary, the compiled grammars and the learned readings' rankers (one per language
/// and app, trained when a parse first needs one), each in a file named by the digest of
/// what it was built from. An engine built with a cache reads what it finds there instead
/// of building it, and saves what it had to build; with 100,000 user entries that is the
/// difference between a second and a few tens of milliseconds, and a process's first
/// request of an app said in its own words reads a ranker instead of training one (tens of
/// milliseconds).
///
/// ```swift
/// var options = EngineOptions()
/// options.cache = EngineCache.userDefault          // ~/.cache/parlance
/// let engine = try Engine(apps: apps, options: options)
/// ```
///
/// An image is only ever read for the inputs it was built from (grammar files, example
/// phrases, vocabulary, language, ICU and format versions are all in its digest), so a
/// cache is never wrong, only missing: change a vocabulary and its index is built anew,
/// the grammars' images still apply. Files are written to a temporary name and renamed,
/// so a reader never sees half an image, and several processes may share one folder. A
/// damaged or unreadable file is rebuilt and replaced; a folder that cannot be written is
/// used read-only. The newest ``keptPerKind`` images of each kind are kept.
public struct EngineCache: Sendable, Hashable {
    /// The folder.
    public let directory: URL
    /// How many images of one kind (vocabulary, grammar) the folder keeps; of learned
    /// readings' rankers, one per language and app, ``rankersPerKept`` times as many.
    public var keptPerKind: Int = 24
    /// How many rankers of learned readings are kept per image of another kind.
    static let rankersPerKept = 16

    /// A cache in `directory` (created when first written).
    public init(directory: URL) {
        self.directory = directory
    }

    /// `$PARLANCE_CACHE`, else `$XDG_CACHE_HOME/parlance`, else `~/.cache/parlance`.
    public static var userDefault: EngineCache {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["PARLANCE_CACHE"], !path.isEmpty { return EngineCache(directory: URL(fileURLWithPath: path)) }
        if let path = environment["XDG_CACHE_HOME"], !path.isEmpty {
            return EngineCache(directory: URL(fileURLWithPath: path).appendingPathComponent("parlance"))
        }
        return EngineCache(directory: FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".cache").appendingPathComponent("parlance"))
    }

    func url(kind: String, inputs: ImageDigest) -> URL {
        directory.appendingPathComponent("\(kind)-\(inputs).image")
    }

    /// The bytes of the image of `kind` for `inputs`, or nil when there is none.
    func read(kind: String, inputs: ImageDigest) -> [UInt8]? {
        let path = url(kind: kind, inputs: inputs).path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0, status.st_size < 1 << 34 else { return nil }
        let size = Int(status.st_size)
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var offset = 0
            while offset < size {
                let count = Foundation.read(descriptor, buffer.baseAddress! + offset, size - offset)
                if count <= 0 { break }
                offset += count
            }
            complete = offset == size
            initialized = offset
        }
        // Used images count as new: pruning removes the least recently used.
        if complete { _ = futimens(descriptor, nil) }
        return complete ? bytes : nil
    }

    /// Saves `bytes` as the image of `kind` for `inputs`: written to a temporary file and
    /// renamed, then the oldest images of the kind beyond `kept` (``keptPerKind`` unless
    /// given) are removed.
    /// Failures are not errors (the cache is an optimization); they are returned for the
    /// caller's warnings.
    @discardableResult
    func write(_ bytes: [UInt8], kind: String, inputs: ImageDigest, kept: Int? = nil) -> String? {
        let manager = FileManager.default
        let target = url(kind: kind, inputs: inputs)
        let temporary = directory.appendingPathComponent(".\(kind)-\(inputs)-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).partial")
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(bytes).write(to: temporary)
            guard rename(temporary.path, target.path) == 0 else {
                try? manager.removeItem(at: temporary)
                return "cannot rename \(temporary.path) to \(target.path): \(String(cString: strerror(errno)))"
            }
        } catch {
            try? manager.removeItem(at: temporary)
            return "cannot save \(target.path): \(error.localizedDescription)"
        }
        prune(kind: kind, kept: kept ?? keptPerKind)
        return nil
    }

    /// The structure `read` makes of the image of `kind` for `inputs`; nil when there is
    /// none, or when `read` refuses it (then `warnings` says why, naming the file).
    func image<Value>(kind: String, inputs: ImageDigest, warnings: WarningLog,
                      read: (UnsafeRawBufferPointer, String) throws(ImageError) -> Value) -> Value? {
        guard let bytes = self.read(kind: kind, inputs: inputs) else { return nil }
        let source = url(kind: kind, inputs: inputs).path
        let result = bytes.withUnsafeBytes { raw in Result { () throws(ImageError) in try read(raw, source) } }
        switch result {
        case .success(let value): return value
        case .failure(let error):
            warnings.add(AppIssue(.warning, file: source, message: "cached \(kind) image not used, rebuilt: \(error.message)"))
            return nil
        }
    }

    /// Saves an image like ``write(_:kind:inputs:)``, a failure going to `warnings`.
    func save(_ bytes: [UInt8], kind: String, inputs: ImageDigest, kept: Int? = nil, warnings: WarningLog) {
        if let failure = write(bytes, kind: kind, inputs: inputs, kept: kept) {
            warnings.add(AppIssue(.warning, file: directory.path, message: failure))
        }
    }

    /// Removes the oldest images of `kind` beyond `kept`.
    private func prune(kind: String, kept: Int) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        let images = names.filter { $0.hasPrefix(kind + "-") && $0.hasSuffix(".image") }
        guard images.count > kept else { return }
        let dated = images.map { name -> (name: String, date: Date) in
            let date = (try? manager.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.modificationDate] as? Date) ?? nil
            return (name, date ?? .distantPast)
        }.sorted { $0.date > $1.date }
        for old in dated.dropFirst(kept) { try? manager.removeItem(at: directory.appendingPathComponent(old.name)) }
    }
}
