// swift-tools-version: 6.1
// Parlance's benchmarks: a package of their own, so library users never build
// benchmark dependencies. Run from this folder:
//   swift package --allow-writing-to-package-directory benchmark
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
// The name SwiftPM gives that package's modules (`-package-name`): a harness compiled with it
// sees their `package` declarations, such as the compiled images, which are no public API.
let rootPackageName = String(root.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })

let package = Package(
    name: "ParlanceBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // Allocation counts for the timing harnesses (package-benchmark's own interposer).
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.1"),
    ],
    targets: [
        // Counts a harness's allocations: the interposer preloaded, its counter read. (Not
        // linked: see AllocationCounting.swift.)
        .target(
            name: "AllocationCounting",
            path: "Benchmarks/AllocationCounting"
        ),
        // Thread CPU time, resident memory and percentiles, shared by the timing harnesses.
        .target(
            name: "Measuring",
            path: "Benchmarks/Measuring"
        ),
        // A quick harness for grammar compile and match times on the corpus in ../shared.
        .executableTarget(
            name: "GrammarTimings",
            dependencies: [.product(name: "ParlanceGrammar", package: root)],
            path: "Benchmarks/GrammarTimings",
            // Times reading compiled images, a `package` API of ParlanceGrammar: compiled as a
            // module of that package, not of this one.
            packageAccess: false,
            swiftSettings: [.unsafeFlags(["-package-name", rootPackageName])]
        ),
        // Training and saved-model load times of a trained parser on the Snips files in ../shared.
        .executableTarget(
            name: "TrainingTimings",
            dependencies: [.product(name: "ParlanceTraining", package: root)],
            path: "Benchmarks/TrainingTimings"
        ),
        // Full parse latency with the whole catalogue, the sample apps and 100k user entries.
        .executableTarget(
            name: "ParseTimings",
            dependencies: [.product(name: "Parlance", package: root), "AllocationCounting", "Measuring"],
            path: "Benchmarks/ParseTimings"
        ),
        // What the date-and-time reader adds to a parse, with and without a date in the request.
        .executableTarget(
            name: "DateTimeTimings",
            dependencies: [.product(name: "ParlanceDateTime", package: root), .product(name: "ParlanceText", package: root),
                           "AllocationCounting", "Measuring"],
            path: "Benchmarks/DateTimeTimings"
        ),
        // A quick harness for vocabulary lookup, prefix and span timings on ../shared/bench/vocab.
        .executableTarget(
            name: "VocabularyTimings",
            dependencies: [
                .product(name: "ParlanceText", package: root),
                .product(name: "ParlanceVocabulary", package: root),
                "AllocationCounting",
                // Always counts, so the interposer is built (and preloaded) with it; the
                // other harnesses find it beside them when they count.
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            path: "Benchmarks/VocabularyTimings"
        ),
        // Per-user vocabulary overlays: build, update, memory and parse cost.
        .executableTarget(
            name: "UserOverlayTimings",
            dependencies: [.product(name: "Parlance", package: root), "Measuring"],
            path: "Benchmarks/UserOverlayTimings"
        ),
        .executableTarget(
            name: "TextBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ParlanceText", package: root),
                .product(name: "CICU", package: root),
            ],
            path: "Benchmarks/TextBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "VocabularyBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ParlanceText", package: root),
                .product(name: "ParlanceVocabulary", package: root),
            ],
            path: "Benchmarks/VocabularyBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
