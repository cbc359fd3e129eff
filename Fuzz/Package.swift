// swift-tools-version: 6.1
// Parlance's libFuzzer harnesses: a package of their own beside the code they attack, so the
// root package never builds with sanitizers. Build and run from this folder (Fuzz/README.md):
//   swift build -c release -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
//   ./run.sh 120
// Every module is instrumented from the command line; only the harnesses link libFuzzer
// (-sanitize=fuzzer below): with it on the command line, the root package's build tool
// (CorpusEmbedder, which has a main of its own) gets libFuzzer's main too and fails to link.
// Each harness's main (SwiftPM's <Target>_main) runs LLVMFuzzerRunDriver.
import PackageDescription

// A path dependency's identity is its folder's name, whatever the clone is called.
let root = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "Parlance"

/// One harness: an executable whose `LLVMFuzzerTestOneInput` takes each input. SwiftPM links
/// `main` to `<Target>_main`, which each harness defines to run libFuzzer's driver; the Swift
/// file holds no top-level code (`-parse-as-library`).
func harness(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: products.map { .product(name: $0, package: root) } + ["FuzzSupport"],
        path: "Sources/\(name)",
        swiftSettings: [.unsafeFlags(["-parse-as-library", "-sanitize=fuzzer,address"])],
        linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]
    )
}

let package = Package(
    name: "ParlanceFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: "..")],
    targets: [
        // The input as bytes, text, or a file in a scratch folder of this process.
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"], path: "Sources/FuzzSupport"),
        // libFuzzer's driver, declared for Swift.
        .target(name: "CFuzzDriver", path: "Sources/CFuzzDriver"),
        // AppIntentVocabulary.plist, binary or XML.
        harness("FuzzPropertyList", ["ParlanceVocabulary"]),
        // An app folder: Info.plist, and an AppIntentVocabulary.plist after a separator.
        harness("FuzzAppLoading", ["Parlance"]),
        // User vocabulary: the interchange JSON and the one-entry-a-line lists.
        harness("FuzzUserVocabulary", ["ParlanceVocabulary"]),
        // A grammar file loaded, assembled and compiled.
        harness("FuzzGrammar", ["ParlanceGrammar", "ParlanceText"]),
        // Snips JSON and Parlance YAML test files.
        harness("FuzzTestFiles", ["Parlance", "ParlanceTraining"]),
        // A trained model's image.
        harness("FuzzModelImage", ["ParlanceTraining"]),
        // parse on arbitrary bytes, with the sample apps.
        harness("FuzzParse", ["Parlance"]),
    ]
)
