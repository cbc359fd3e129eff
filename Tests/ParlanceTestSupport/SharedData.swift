import Foundation
import Testing

/// The shared data folder beside the package (`../shared`): corpora too large or too
/// foreign to live in the repository.
///
/// Tests that need it run when it is there and are skipped (with the reason shown) when
/// it is not; with `CI=true` in the environment they run anyway and fail, so CI never
/// passes by skipping.
public enum SharedData {
    /// The package root: three levels above this file (Tests/ParlanceTestSupport/SharedData.swift).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `../shared`, relative to the package root.
    public static let root = packageRoot.deletingLastPathComponent().appendingPathComponent("shared").standardizedFileURL

    /// True when running in CI (`CI=true`), where missing data is a failure, not a skip.
    public static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// True when `../shared` exists.
    public static let isAvailable = FileManager.default.fileExists(atPath: root.path)

    /// Whether tests that need shared data should run: when it is there, or in CI.
    public static let shouldRun = isAvailable || isCI

    /// The trait that skips a test without shared data (outside CI).
    public static let required = ConditionTrait.enabled(
        if: shouldRun, "skipped: \(root.path) is absent (with CI=true this fails instead)")

    /// A path inside `../shared`; records a failure and throws when it is missing.
    public static func url(_ relativePath: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let url = root.appendingPathComponent(relativePath)
        return try #require(FileManager.default.fileExists(atPath: url.path) ? url : nil,
                            "missing shared data: \(url.path)", sourceLocation: sourceLocation)
    }

    /// The languages of a Home Assistant intents corpus that have both a sentences and a
    /// tests folder, sorted: read straight from the folders, so a corpus that grows needs
    /// no edit of the tests that check its discovery.
    public static func homeAssistantLanguages(in corpus: URL) -> [String] {
        func folders(_ name: String) -> Set<String> {
            let url = corpus.appendingPathComponent(name)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return Set(names.filter { name in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder)
                    && isFolder.boolValue
            })
        }
        return folders("sentences").intersection(folders("tests")).sorted()
    }
}
