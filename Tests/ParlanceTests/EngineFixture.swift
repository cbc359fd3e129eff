import Foundation
import Parlance

/// One engine over the sample apps and the built-in grammars, shared by the tests
/// (building it compiles every language).
enum EngineFixture {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let corpora = repository.appendingPathComponent("Corpora")

    static let apps: [App] = AppLoader.load(corpora.appendingPathComponent("apps").path).apps

    /// The engine, or why it could not be built (a test then fails with the reason).
    static let built: Result<Engine, EngineError> = Result { () throws(EngineError) -> Engine in
        try Engine(apps: apps, grammars: corpora.appendingPathComponent("grammars"))
    }

    static var engine: Engine {
        get throws { try built.get() }
    }
}
