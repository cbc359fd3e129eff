import Foundation
import ParlanceCorpora
import ParlanceGrammar
import ParlanceText
import ParlanceVocabulary

/// Where the built-in grammars are, and how a language's grammar is assembled with the
/// apps' example phrases.
public enum GrammarSource {
    /// The folder of the built-in grammars, sample apps and test corpus (`grammars/`, `apps/`, `tests/`):
    /// `$PARLANCE_CORPORA` when set (a folder laid out like the repository's `Corpora`),
    /// else the copy embedded in the binary (``EmbeddedCorpora``), written out once under
    /// the user's cache folder (``EngineCache/userDefault``), or the temporary folder when
    /// that cannot be written.
    public static var corporaFolder: URL {
        if let path = ProcessInfo.processInfo.environment["PARLANCE_CORPORA"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return embeddedFolder
    }

    /// Where the embedded corpora were written out (once a process).
    private static let embeddedFolder: URL = {
        let parents = [EngineCache.userDefault.directory, FileManager.default.temporaryDirectory.appendingPathComponent("parlance-\(getuid())")]
        var failures: [String] = []
        for parent in parents {
            do { return try EmbeddedCorpora.folder(under: parent) } catch { failures.append("\(parent.path): \(error)") }
        }
        // Nothing writable: the loaders will say the folder is missing, and this says why.
        FileHandle.standardError.write(Data("warning: the built-in corpora could not be written out (\(failures.joined(separator: "; ")))\n".utf8))
        return parents[0].appendingPathComponent("corpora-\(EmbeddedCorpora.digest)")
    }()

    /// `Corpora/grammars`: the built-in grammars.
    public static var builtInGrammars: URL { corporaFolder.appendingPathComponent("grammars") }

    /// `Corpora/apps`: the sample apps, the CLI's default.
    public static var sampleApps: URL { corporaFolder.appendingPathComponent("apps") }

    /// The languages of a grammar folder (`sentences/<language>/_common.yaml`), sorted.
    public static func languages(in grammars: URL) -> [String] {
        let sentences = grammars.appendingPathComponent("sentences")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sentences.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: sentences.appendingPathComponent($0).appendingPathComponent("_common.yaml").path) }
            .sorted()
    }

    /// Reads `sentences/<language>/*.yaml` of `grammars` and adds `extra` files (the apps'
    /// example phrases), dropping any extra file that does not check with a warning.
    static func assemble(grammars: URL, language: String, extra: [IntentsFile]) throws(GrammarError) -> (LanguageGrammar, [AppIssue]) {
        let folder = grammars.appendingPathComponent("sentences").appendingPathComponent(language)
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("_common.yaml").path) else {
            throw GrammarError(.missingCommonFile, location: nil, message: "no grammar for '\(language)' in \(grammars.path)",
                               expected: "sentences/\(language)/_common.yaml; languages present: \(languages(in: grammars).joined(separator: ", "))")
        }
        let loader: IntentsFileLoader
        do {
            loader = IntentsFileLoader(language: try Language(language))
        } catch {
            throw GrammarError(.missingLanguage(language), location: nil, text: language, message: "'\(language)' is not a language tag",
                               expected: "a BCP-47 language tag")
        }
        let relative = { (url: URL) in "grammars/sentences/\(language)/\(url.lastPathComponent)" }
        let common = try loader.load(folder.appendingPathComponent("_common.yaml"), path: relative(folder.appendingPathComponent("_common.yaml")))
        var files: [IntentsFile] = []
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".yaml") && $0 != "_common.yaml" }.sorted()
        for name in names {
            let url = folder.appendingPathComponent(name)
            files.append(try loader.load(url, path: relative(url)))
        }
        // The built-in grammar must check on its own; each app's examples then in turn.
        var grammar = try GrammarLoader.assemble(language: language, common: common, files: files, externalLists: [])
        var issues: [AppIssue] = []
        var accepted: [IntentsFile] = []
        for file in extra {
            do {
                grammar = try GrammarLoader.assemble(language: language, common: common, files: files + accepted + [file], externalLists: [])
                accepted.append(file)
            } catch {
                issues.append(AppIssue(.warning, file: file.path, message: "example phrases not used for \(language): \(error)"))
            }
        }
        return (grammar, issues)
    }

    /// The digest of what ``assemble(grammars:language:extra:)`` and compiling read: the
    /// bytes of every `sentences/<language>/*.yaml` (by name), the example files' YAML,
    /// the language, the grammar image format and the build (see
    /// `ImageDigest.combineEnvironment`).
    static func imageInputs(grammars: URL, language: String, extra: [(String, String)]) -> ImageDigest {
        var digest = ImageDigest()
        digest.combine("grammar")
        digest.combine(CompiledGrammar.imageKind)
        digest.combine(Int(CompiledGrammar.imageVersion))
        digest.combineEnvironment()
        digest.combine(language)
        let folder = grammars.appendingPathComponent("sentences").appendingPathComponent(language)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
        digest.combine(names.count)
        for name in names {
            digest.combine(name)
            let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) ?? Data()
            digest.combine(data.count)
            data.withUnsafeBytes { digest.combine($0) }
        }
        digest.combine(extra.count)
        for (path, yaml) in extra {
            digest.combine(path)
            digest.combine(yaml)
        }
        return digest
    }

    /// Parses generated YAML for an app's examples.
    static func parse(yaml: String, language: String, path: String) throws(GrammarError) -> IntentsFile {
        let loader: IntentsFileLoader
        do {
            loader = IntentsFileLoader(language: try Language(language))
        } catch {
            throw GrammarError(.missingLanguage(language), location: nil, text: language, message: "'\(language)' is not a language tag",
                               expected: "a BCP-47 language tag")
        }
        return try loader.parse(yaml: yaml, path: path)
    }
}
