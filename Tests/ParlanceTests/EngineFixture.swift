import Foundation
import Parlance

/// One engine over the sample apps and the built-in grammars, shared by the tests
/// (building it compiles every language).
enum EngineFixture {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let corpora = repository.appendingPathComponent("Corpora")

    static let apps: [App] = AppLoader.load(corpora.appendingPathComponent("apps").path).apps

    static let engine: Engine = {
        do {
            return try Engine(apps: apps, grammars: corpora.appendingPathComponent("grammars"))
        } catch {
            fatalError("the built-in grammars must load: \(error)")
        }
    }()
}
