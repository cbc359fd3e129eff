import Foundation
import ParlanceText

/// The built-in grammars (`Corpora/grammars`), the sample apps (`Corpora/apps`), the
/// test corpus (`Corpora/tests`, the default of `parlance eval --format parlance`), the
/// date-and-time vocabularies (`Corpora/datetime`) and the dialogue's words (`Corpora/dialogue`), embedded in the binary when it is built (the EmbedCorpora plugin), so that an installed
/// `parlance` or a package depending on Parlance has them without the repository beside it.
///
/// The loaders read folders, so the files are written out once into a folder named by
/// their digest (``folder(under:)``): later runs of the same build find it there.
public enum EmbeddedCorpora {
    /// The embedded files: each path under `Corpora/` (`grammars/sentences/en/_common.yaml`,
    /// `apps/BillPay/Info.plist`) and its bytes, sorted by path.
    public static let files: [(path: String, bytes: [UInt8])] = encodedFiles.map { file in
        // (The plugin wrote valid base64 of every file: anything else is a broken build.)
        guard let data = Data(base64Encoded: file.base64) else { preconditionFailure("embedded \(file.path) is not base64") }
        return (file.path, [UInt8](data))
    }

    /// The digest of every path and byte: names the folder the files are written to.
    public static let digest: String = {
        var digest = ImageDigest()
        for file in files {
            digest.combine(file.path)
            file.bytes.withUnsafeBytes { digest.combine($0) }
        }
        return digest.description
    }()

    /// The folder holding the embedded files (`grammars/`, `apps/`, `tests/`): `parent/corpora-DIGEST`,
    /// written the first time (into a temporary folder renamed into place, so a process
    /// never sees it half written, and two processes writing at once agree).
    ///
    /// - Throws: the file system's error when the folder cannot be written.
    public static func folder(under parent: URL) throws -> URL {
        let folder = parent.appendingPathComponent("corpora-\(digest)")
        let manager = FileManager.default
        if manager.fileExists(atPath: folder.appendingPathComponent(completeMarker).path) { return folder }
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        let staging = parent.appendingPathComponent(".corpora-\(digest)-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: staging) }
        for file in files {
            let url = staging.appendingPathComponent(file.path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url)
        }
        try Data(digest.utf8).write(to: staging.appendingPathComponent(completeMarker))
        do {
            try manager.moveItem(at: staging, to: folder)
        } catch where manager.fileExists(atPath: folder.appendingPathComponent(completeMarker).path) {
            // Another process wrote the same files first.
        } catch {
            // A folder left by a process that died before writing its marker: replace it.
            try? manager.removeItem(at: folder)
            try manager.moveItem(at: staging, to: folder)
        }
        return folder
    }

    /// The file that says a folder was written whole.
    static let completeMarker = ".complete"
}
