// Allocation counts for the timing harnesses, through package-benchmark's malloc interposer.
//
// The interposer is not linked: a linked libMallocInterposerSwift.so comes before libc in
// the lookup order, so its malloc and free would replace libc's in every call of a timed
// run, counted or not (about 2% of a parse's instructions). It is preloaded only when
// counting, and its counters are read through the C symbols it exports.
import Foundation

/// Counts the allocations of this process once ``start()`` has run.
public enum AllocationCounting {
    /// The interposer's file name, looked for beside the executable.
    public static let libraryName = "libMallocInterposerSwift.so"

    /// Preloads the interposer by re-executing this program with LD_PRELOAD set (on Linux
    /// it must come first in the lookup order to see libc's callers' allocations), then
    /// starts counting. Returns only in the re-executed program, or where the library is
    /// not beside the executable: then nothing is counted (see ``isCounting``) and
    /// ``missingLibraryMessage`` says how to build it.
    public static func start() {
        #if os(Linux)
        let environment = ProcessInfo.processInfo.environment
        if environment["LD_PRELOAD"]?.contains(libraryName) != true {
            let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            let library = executable.deletingLastPathComponent().appendingPathComponent(libraryName).path
            if FileManager.default.fileExists(atPath: library) {
                setenv("LD_PRELOAD", [environment["LD_PRELOAD"], library].compactMap { $0 }.joined(separator: ":"), 1)
                var arguments = CommandLine.arguments.map { strdup($0) }
                arguments.append(nil)
                execv(executable.path, &arguments)
            }
        }
        #endif
        guard let symbols = Symbols() else { return }
        self.symbols = symbols
        symbols.reset()
        symbols.enable()
        isCounting = probe()
    }

    /// The allocations so far (malloc, calloc, realloc to a new block, aligned allocations);
    /// 0 when not counting.
    public static func count() -> Int {
        guard let symbols else { return 0 }
        var count: Int64 = 0, bytes: Int64 = 0, small: Int64 = 0, large: Int64 = 0, frees: Int64 = 0, freedBytes: Int64 = 0
        symbols.statistics(&count, &bytes, &small, &large, &frees, &freedBytes)
        return Int(count)
    }

    /// Whether allocations are seen at all (the interposer may not be preloaded).
    public nonisolated(unsafe) private(set) static var isCounting = false

    /// Why nothing is counted, and the command that builds the interposer beside the harness.
    public static var missingLibraryMessage: String {
        "allocations not counted: \(libraryName) is not beside the executable; build it with "
            + "`swift build -c release --package-path Benchmarks --product MallocInterposerSwift`"
    }

    private nonisolated(unsafe) static var symbols: Symbols?

    /// The interposer's C entry points, found in the preloaded library.
    private struct Symbols {
        typealias Call = @convention(c) () -> Void
        typealias Statistics = @convention(c) (UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>,
                                               UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>) -> Void
        let reset: Call
        let enable: Call
        let statistics: Statistics

        init?() {
            // (RTLD_DEFAULT: the preloaded library is in the global scope.)
            let scope = UnsafeMutableRawPointer(bitPattern: 0)
            guard let reset = dlsym(scope, "malloc_interposer_reset"), let enable = dlsym(scope, "malloc_interposer_enable"),
                  let statistics = dlsym(scope, "malloc_interposer_get_stats") else { return nil }
            self.reset = unsafeBitCast(reset, to: Call.self)
            self.enable = unsafeBitCast(enable, to: Call.self)
            self.statistics = unsafeBitCast(statistics, to: Statistics.self)
        }
    }

    private static func probe() -> Bool {
        let before = count()
        let text = String(repeating: "allocated ", count: Int(getpid() % 7) + 10)
        return count() > before && !text.isEmpty
    }
}
