// swift-tools-version: 6.1
// Parlance: a multilingual vocabulary and phrase-matching NLU engine.
// The modules follow the pipeline: text → tokens → vocabulary → grammar → hypotheses → resolution.
import PackageDescription

let package = Package(
    name: "Parlance",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Parlance", targets: ["Parlance"]),
        .library(name: "ParlanceText", targets: ["ParlanceText"]),
        .library(name: "ParlanceVocabulary", targets: ["ParlanceVocabulary"]),
        .library(name: "ParlanceGrammar", targets: ["ParlanceGrammar"]),
        .library(name: "ParlanceDateTime", targets: ["ParlanceDateTime"]),
        .library(name: "ParlanceTraining", targets: ["ParlanceTraining"]),
        .library(name: "CICU", targets: ["CICU"]),
        .library(name: "ParlanceEval", targets: ["ParlanceEval"]),
        .executable(name: "parlance", targets: ["parlance"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // Every call into system ICU lives here, behind plain C types.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]
        ),
        // System SQLite for the user-vocabulary store.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // text → tokens: language profiles, normalization, tokenization, numbers.
        .target(name: "ParlanceText", dependencies: ["CICU"]),
        // tokens → vocabulary matches: app and user vocabulary, the store, the fuzzy index.
        .target(name: "ParlanceVocabulary", dependencies: ["ParlanceText", "CSQLite"]),
        // tokens → grammar: the Home Assistant intents template language, its YAML files and corpus.
        .target(name: "ParlanceGrammar", dependencies: ["ParlanceText", .product(name: "Yams", package: "Yams")]),
        // The built-in grammars, sample apps, test corpus and dialogue words (Corpora/grammars, apps, tests, dialogue),
        // embedded in the binary by the EmbedCorpora plugin: an installed binary or a dependent package
        // needs no checkout beside it.
        .target(name: "ParlanceCorpora", dependencies: ["ParlanceText"], plugins: ["EmbedCorpora"]),
        .executableTarget(name: "CorpusEmbedder"),
        // text → dates, times, intervals and durations, read against a reference moment; the
        // words of each language come from Corpora/datetime/<language>.yaml (read within ParlanceGrammar's
        // YAML limits).
        .target(name: "ParlanceDateTime", dependencies: ["ParlanceText", "ParlanceCorpora", "ParlanceGrammar", .product(name: "Yams", package: "Yams")]),
        .plugin(name: "EmbedCorpora", capability: .buildTool(), dependencies: ["CorpusEmbedder"]),
        // The engine: the SiriKit catalogue, apps, resolution and handling; re-exports the stages.
        // Its learned reading ranks intents with ParlanceTraining's classifier; dates and
        // times fill date parameters through ParlanceDateTime's reader.
        .target(name: "Parlance", dependencies: ["ParlanceText", "ParlanceVocabulary", "ParlanceGrammar", "ParlanceCorpora", "ParlanceTraining", "ParlanceDateTime",
                                                 .product(name: "Yams", package: "Yams")]),
        // Trained parsers: training data formats (Snips, snips-nlu, Rasa) → a model induced from
        // them (templates, an intent classifier, a slot tagger), saved and read as an image.
        .target(name: "ParlanceTraining", dependencies: ["ParlanceText", "ParlanceGrammar", .product(name: "Yams", package: "Yams")]),
        // Corpus evaluation runs: formats, metrics, reports. Nothing in the pipeline depends on it.
        .target(name: "ParlanceEval", dependencies: ["Parlance", "ParlanceText", "ParlanceVocabulary", "ParlanceGrammar", "ParlanceTraining", "ParlanceCorpora"]),
        .executableTarget(
            name: "parlance",
            dependencies: ["Parlance", "ParlanceEval", "ParlanceTraining", "ParlanceDateTime", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Helpers shared by the test targets (a seeded generator, access to ../shared).
        .target(name: "ParlanceTestSupport", path: "Tests/ParlanceTestSupport"),
        .testTarget(name: "ParlanceTextTests", dependencies: ["ParlanceText", "ParlanceTestSupport"]),
        // Its fixtures (binary property lists) are read from the source folder (#filePath), not bundled.
        .testTarget(name: "ParlanceVocabularyTests", dependencies: ["ParlanceVocabulary", "ParlanceTestSupport"], exclude: ["Fixtures"]),
        // Its hand-checked readings (Readings/<language>.yaml) are read from the source folder (#filePath), not bundled.
        .testTarget(name: "ParlanceDateTimeTests", dependencies: ["ParlanceDateTime", "ParlanceTestSupport", .product(name: "Yams", package: "Yams")],
                    exclude: ["Readings"]),
        .testTarget(name: "ParlanceGrammarTests", dependencies: ["ParlanceGrammar", "ParlanceTestSupport"]),
        .testTarget(name: "ParlanceTests", dependencies: ["Parlance", "ParlanceEval", "ParlanceTestSupport"]),
        .testTarget(name: "ParlanceEvalTests", dependencies: ["ParlanceEval", "Parlance", "ParlanceTraining", "ParlanceTestSupport"]),
        // Its fixtures are read from the source folder (#filePath), not bundled.
        .testTarget(name: "ParlanceTrainingTests", dependencies: ["ParlanceTraining", "ParlanceTestSupport"], exclude: ["Fixtures"]),
    ]
)
