import Foundation
import ParlanceText
import ParlanceVocabulary

/// A problem found while loading apps: an error skips the app, a warning does not.
public struct AppIssue: Sendable, Hashable, CustomStringConvertible {
    /// How bad.
    public enum Severity: String, Sendable, Hashable {
        case error, warning
    }

    public let severity: Severity
    /// The file (or folder) at fault.
    public let file: String
    /// The key path in the file, when the problem is one key.
    public let keyPath: String?
    /// What is wrong and what was expected.
    public let message: String

    public init(_ severity: Severity, file: String, keyPath: String? = nil, message: String) {
        self.severity = severity
        self.file = file
        self.keyPath = keyPath
        self.message = message
    }

    public var description: String { "\(severity): \(file)\(keyPath.map { " (\($0))" } ?? ""): \(message)" }

    /// An error for a file that could not be loaded: its file and key path in their own
    /// fields, its line (when it has one) leading the message.
    public init(_ error: VocabularyLoadError) {
        self.init(.error, file: error.file, keyPath: error.keyPath.isEmpty ? nil : error.keyPath,
                  message: (error.line.map { "line \($0): " } ?? "") + error.reason)
    }
}

/// Apps read from folders, with what was wrong in the ones that could not be read.
public struct LoadedApps: Sendable {
    /// The apps that loaded, in folder-name order.
    public var apps: [App]
    /// Errors (the app was skipped) and warnings (it loaded anyway).
    public var issues: [AppIssue]

    public init(apps: [App] = [], issues: [AppIssue] = []) {
        self.apps = apps
        self.issues = issues
    }
}

/// Reads app folders laid out like the relevant parts of an app bundle:
///
/// ```
/// Tempo/
///   Info.plist                       CFBundleDisplayName, CFBundleName, CFBundleIdentifier,
///                                    CFBundleDevelopmentRegion, INAlternativeAppNames,
///                                    NSExtension → NSExtensionAttributes → IntentsSupported,
///                                    IntentsRestrictedWhileLocked (XML or binary)
///   en.lproj/AppIntentVocabulary.plist
///   UserVocabulary.json              optional: the user's vocabulary
/// ```
///
/// iOS 14's in-app keys (`INIntentsSupported`, `INIntentsRestrictedWhileLocked` at the top
/// level of Info.plist) are read too. A problem with one app never stops the others from
/// loading: it is reported in ``LoadedApps/issues`` with the file and key.
public enum AppLoader {
    /// Loads `path`: an app folder (it has an Info.plist) or a folder of app folders.
    /// Apps with errors are skipped and reported; a path that does not exist is an error.
    public static func load(_ path: String, catalogue: IntentCatalogue = .standard) -> LoadedApps {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return LoadedApps(issues: [AppIssue(.error, file: path, message: manager.fileExists(atPath: path)
                ? "not a folder; expected an app folder or a folder of app folders" : "no such folder; expected an app folder or a folder of app folders")])
        }
        if isAppFolder(path) {
            var loaded = LoadedApps()
            loadApp(path, catalogue: catalogue, into: &loaded)
            return loaded
        }
        var loaded = LoadedApps()
        let names = ((try? manager.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        for name in names {
            let folder = (path as NSString).appendingPathComponent(name)
            guard manager.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else { continue }
            loadApp(folder, catalogue: catalogue, into: &loaded)
        }
        if loaded.apps.isEmpty && loaded.issues.isEmpty {
            loaded.issues.append(AppIssue(.error, file: path, message: "no app folders (folders with an Info.plist) found"))
        }
        return loaded
    }

    /// Loads each of `paths` as ``load(_:catalogue:)`` does, into one list: an app whose
    /// bundle identifier an earlier path already gave is skipped (the same folder silently;
    /// another folder with a warning naming both).
    public static func load(_ paths: [String], catalogue: IntentCatalogue = .standard) -> LoadedApps {
        var loaded = LoadedApps()
        for path in paths {
            let next = load(path, catalogue: catalogue)
            loaded.issues += next.issues
            for app in next.apps {
                if let first = loaded.apps.first(where: { $0.bundleIdentifier == app.bundleIdentifier }) {
                    if first.folder.map(resolved) != app.folder.map(resolved) {
                        loaded.issues.append(AppIssue(.warning, file: app.folder ?? path, keyPath: "CFBundleIdentifier",
                                                      message: "'\(app.bundleIdentifier)' is already loaded from \(first.folder ?? "another folder"); this app is skipped (an app is installed once)"))
                    }
                } else {
                    loaded.apps.append(app)
                }
            }
        }
        return loaded
    }

    /// A folder's path with `.`, `..` and symbolic links resolved, to tell the same folder
    /// named twice from two folders.
    static func resolved(_ folder: String) -> String {
        URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Whether `folder` looks like an app (has an Info.plist or Contents/Info.plist).
    static func isAppFolder(_ folder: String) -> Bool {
        infoPlistPath(folder) != nil
    }

    static func infoPlistPath(_ folder: String) -> String? {
        for candidate in ["Info.plist", "Contents/Info.plist"] {
            let path = (folder as NSString).appendingPathComponent(candidate)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }

    /// Loads one app folder into `loaded`, or records why it cannot.
    static func loadApp(_ folder: String, catalogue: IntentCatalogue, into loaded: inout LoadedApps) {
        guard let infoPath = infoPlistPath(folder) else {
            loaded.issues.append(AppIssue(.error, file: folder, message: "no Info.plist; expected an app folder with Info.plist (CFBundleIdentifier, NSExtension → NSExtensionAttributes → IntentsSupported)"))
            return
        }
        let info: [String: Any]
        do {
            guard let root = try PropertyListFile.read(infoPath) as? [String: Any] else {
                loaded.issues.append(AppIssue(.error, file: infoPath, message: "the root is not a dictionary; expected a property list dictionary"))
                return
            }
            info = root
        } catch {
            loaded.issues.append(AppIssue(error))
            return
        }
        var issues: [AppIssue] = []
        func string(_ key: String) -> String? {
            guard let value = info[key] else { return nil }
            guard let string = value as? String else {
                issues.append(AppIssue(.warning, file: infoPath, keyPath: key, message: "expected a string; ignored"))
                return nil
            }
            return string
        }
        func strings(_ value: Any?, keyPath: String) -> [String]? {
            guard let value else { return nil }
            guard let array = value as? [Any] else {
                issues.append(AppIssue(.error, file: infoPath, keyPath: keyPath, message: "expected an array of intent class names"))
                return nil
            }
            var result: [String] = []
            for (index, element) in array.enumerated() {
                guard let name = element as? String, !name.isEmpty else {
                    issues.append(AppIssue(.warning, file: infoPath, keyPath: "\(keyPath)[\(index)]", message: "expected an intent class name; ignored"))
                    continue
                }
                result.append(name)
            }
            return result
        }

        let folderName = (folder as NSString).lastPathComponent
        let displayName = string("CFBundleDisplayName") ?? string("CFBundleName") ?? folderName
        let bundleName = string("CFBundleName") ?? displayName
        let identifier = string("CFBundleIdentifier").flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } ?? {
            let said = info["CFBundleIdentifier"] is String ? "empty" : "missing"
            issues.append(AppIssue(.warning, file: infoPath, keyPath: "CFBundleIdentifier", message: "\(said); the display name '\(displayName)' stands in"))
            return displayName
        }()

        // Intents: the extension's NSExtensionAttributes, or iOS 14's in-app keys.
        var supported: [String]?
        var restricted: [String]?
        if let extensionValue = info["NSExtension"] {
            if let extensionInfo = extensionValue as? [String: Any] {
                if let attributes = extensionInfo["NSExtensionAttributes"] as? [String: Any] {
                    supported = strings(attributes["IntentsSupported"], keyPath: "NSExtension.NSExtensionAttributes.IntentsSupported")
                    restricted = strings(attributes["IntentsRestrictedWhileLocked"], keyPath: "NSExtension.NSExtensionAttributes.IntentsRestrictedWhileLocked")
                } else {
                    issues.append(AppIssue(.error, file: infoPath, keyPath: "NSExtension.NSExtensionAttributes",
                                           message: "missing or not a dictionary; expected a dictionary with IntentsSupported"))
                }
            } else {
                issues.append(AppIssue(.error, file: infoPath, keyPath: "NSExtension", message: "expected a dictionary"))
            }
        }
        if supported == nil, let inApp = strings(info["INIntentsSupported"], keyPath: "INIntentsSupported") {
            supported = inApp
            restricted = restricted ?? strings(info["INIntentsRestrictedWhileLocked"], keyPath: "INIntentsRestrictedWhileLocked")
        }
        guard let supported, !supported.isEmpty else {
            if !issues.contains(where: { $0.severity == .error }) {
                issues.append(AppIssue(.error, file: infoPath, keyPath: "NSExtension",
                                       message: "no intents: expected NSExtension → NSExtensionAttributes → IntentsSupported (or INIntentsSupported) listing intent class names"))
            }
            loaded.issues += issues
            return
        }
        // An Info.plist read only in part is not loaded: a restricted list that could not be
        // read would leave its intents open on a locked device.
        if issues.contains(where: { $0.severity == .error }) {
            loaded.issues += issues + [AppIssue(.error, file: infoPath, message: "the app is not loaded: its Info.plist has the errors above")]
            return
        }
        var restrictedSet: Set<String> = []
        for name in restricted ?? [] {
            if supported.contains(name) {
                restrictedSet.insert(name)
            } else {
                issues.append(AppIssue(.warning, file: infoPath, keyPath: "NSExtension.NSExtensionAttributes.IntentsRestrictedWhileLocked",
                                       message: "'\(name)' is not in IntentsSupported (SiriKit: restrictedIntentsNotSupportedByExtension); ignored"))
            }
        }

        var alternatives: [AlternativeAppName] = []
        if let value = info["INAlternativeAppNames"] {
            if let entries = value as? [Any] {
                for (index, entry) in entries.enumerated() {
                    guard let fields = entry as? [String: Any], let name = fields["INAlternativeAppName"] as? String, !name.isEmpty else {
                        issues.append(AppIssue(.warning, file: infoPath, keyPath: "INAlternativeAppNames[\(index)]",
                                               message: "expected a dictionary with INAlternativeAppName; ignored"))
                        continue
                    }
                    alternatives.append(AlternativeAppName(name: name, pronunciationHint: fields["INAlternativeAppNamePronunciationHint"] as? String))
                }
            } else {
                issues.append(AppIssue(.warning, file: infoPath, keyPath: "INAlternativeAppNames", message: "expected an array; ignored"))
            }
        }

        let bundle: AppVocabularyBundle
        do {
            bundle = try AppVocabularyBundle(contentsOf: folder)
        } catch {
            loaded.issues += issues + [AppIssue(error)]
            return
        }
        issues += bundle.warnings.map { AppIssue(.warning, file: $0.file ?? folder, keyPath: $0.keyPath, message: $0.message) }

        var user = UserVocabulary(app: identifier)
        let userFile = (folder as NSString).appendingPathComponent(UserVocabulary.interchangeFileName)
        if FileManager.default.fileExists(atPath: userFile) {
            do {
                let read = try UserVocabulary.load(interchangeFile: userFile, app: identifier)
                user = read.vocabulary
                issues += read.warnings.map { AppIssue(.warning, file: $0.file ?? userFile, keyPath: $0.keyPath, message: $0.message) }
            } catch {
                loaded.issues += issues + [AppIssue(error)]
                return
            }
        }

        // Custom intents need examples to be matched.
        let examples = Set(bundle.localizations.flatMap { $0.vocabulary.intentPhrases.map(\.intentName) })
        var kept: [String] = []
        for name in supported {
            if catalogue[name] == nil && !examples.contains(name) {
                issues.append(AppIssue(.warning, file: infoPath, keyPath: "NSExtension.NSExtensionAttributes.IntentsSupported",
                                       message: "'\(name)' is neither a SiriKit intent Parlance knows nor a custom intent with IntentPhrases examples; it cannot be matched"))
            }
            if !kept.contains(name) { kept.append(name) }
        }

        loaded.issues += issues
        if let first = loaded.apps.first(where: { $0.bundleIdentifier == identifier }) {
            // The same folder read twice is the same app; another folder with the same
            // identifier is a second installation of one app, which an engine refuses.
            if first.folder.map(Self.resolved) != Self.resolved(folder) {
                loaded.issues.append(AppIssue(.warning, file: infoPath, keyPath: "CFBundleIdentifier",
                                              message: "'\(identifier)' is already loaded from \(first.folder ?? "another folder"); this app is skipped (an app is installed once)"))
            }
            return
        }
        loaded.apps.append(App(bundleIdentifier: identifier, displayName: displayName, bundleName: bundleName, alternativeNames: alternatives,
                               developmentRegion: bundle.developmentRegion, supportedIntents: kept, intentsRestrictedWhileLocked: restrictedSet,
                               vocabulary: bundle, userVocabulary: user, folder: folder))
    }
}
