import Foundation
import PackagePlugin

/// Embeds the built-in grammars, the sample apps and the test corpus (`Corpora/grammars`,
/// `Corpora/apps`, `Corpora/tests`), the date-and-time vocabularies (`Corpora/datetime`), the
/// confidence calibration (`Corpora/calibration`) and the dialogue's words (`Corpora/dialogue`)
/// in the ParlanceCorpora module, so that an installed
/// binary or a package depending on Parlance has them with no checkout beside it. Every
/// file of those folders is an input: editing one rebuilds the embedded copy.
@main
struct EmbedCorpora: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let corpora = context.package.directoryURL.appending(path: "Corpora")
        let folders = ["apps", "calibration", "datetime", "dialogue", "grammars", "tests"]
        var inputs: [URL] = []
        for folder in folders {
            let root = corpora.appending(path: folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(url)
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [.buildCommand(displayName: "Embedding Corpora/apps, calibration, datetime, dialogue, grammars and tests (\(inputs.count) files)",
                              executable: try context.tool(named: "CorpusEmbedder").url,
                              arguments: [corpora.path(), output.path()] + folders,
                              inputFiles: inputs, outputFiles: [output])]
    }
}
