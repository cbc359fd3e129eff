import Foundation

extension AppVocabularyBundle {
    /// The file name SiriKit reads in each `.lproj` folder.
    public static let fileName = "AppIntentVocabulary.plist"

    /// Loads every `<name>.lproj/AppIntentVocabulary.plist` of an app folder and the
    /// development region from its `Info.plist`.
    ///
    /// Both the iOS layout (`Yoga.app/en.lproj`, `Yoga.app/Info.plist`) and the macOS one
    /// (`Yoga.app/Contents/Resources/en.lproj`, `Yoga.app/Contents/Info.plist`) are read.
    /// A Base localization's vocabulary takes the development region as its language.
    /// `.lproj` folders whose name is no language are skipped with a warning.
    ///
    /// - Throws: ``VocabularyLoadError`` when the folder cannot be read, or any vocabulary
    ///   file or the Info.plist is malformed: loading fails rather than serving part of an app.
    public init(contentsOf folder: String) throws(VocabularyLoadError) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw VocabularyLoadError(file: folder, problem: .unreadable, expected: "an app folder",
                                      found: manager.fileExists(atPath: folder) ? "a file" : "no such folder")
        }
        let root = URL(fileURLWithPath: folder)
        let developmentRegion = try Self.developmentRegion(in: root)
        var warnings: [VocabularyWarning] = []
        var localizations: [Localization] = []
        for resources in [root, root.appendingPathComponent("Contents/Resources")] {
            guard let names = try? manager.contentsOfDirectory(atPath: resources.path) else { continue }
            for folderName in names.sorted() where folderName.hasSuffix(".lproj") {
                let file = resources.appendingPathComponent(folderName).appendingPathComponent(Self.fileName)
                guard manager.fileExists(atPath: file.path) else { continue }
                let name = String(folderName.dropLast(".lproj".count))
                let language = LocalizationName.language(name)
                if language == nil && name != LocalizationName.base {
                    warnings.append(VocabularyWarning(file: file.path, message: "'\(folderName)' names no language; skipped"))
                    continue
                }
                let tag = language?.tag ?? developmentRegion.flatMap { LocalizationName.language($0)?.tag }
                let vocabulary = try AppVocabulary(contentsOf: file.path, language: tag)
                warnings += vocabulary.warnings
                localizations.append(Localization(name: name, language: language, vocabulary: vocabulary))
            }
        }
        self.init(localizations: localizations, developmentRegion: developmentRegion, warnings: warnings)
    }

    /// `CFBundleDevelopmentRegion` from `Info.plist` or `Contents/Info.plist`, if there is one.
    static func developmentRegion(in root: URL) throws(VocabularyLoadError) -> String? {
        let key = "CFBundleDevelopmentRegion"
        for candidate in ["Info.plist", "Contents/Info.plist"] {
            let path = root.appendingPathComponent(candidate).path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let node = DocumentNode(file: path, value: try PropertyListFile.read(path))
            let dictionary = try node.dictionary()
            return try node.optional(key, in: dictionary)?.string()
        }
        return nil
    }
}
