// Allocation counts for the timing harnesses, through package-benchmark's malloc interposer.
import Foundation
import MallocInterposerSwift

/// Counts the allocations of this process once ``start(reexecuting:)`` has run.
public enum AllocationCounting {
    /// Preloads the interposer by re-executing this program with LD_PRELOAD set (on Linux
    /// it must come first in the lookup order to see libc's callers' allocations), then
    /// starts counting. Returns only in the re-executed program, or where the library is
    /// not beside the executable (then nothing is counted: see ``isCounting``).
    public static func start() {
        #if os(Linux)
        let environment = ProcessInfo.processInfo.environment
        if environment["LD_PRELOAD"]?.contains("libMallocInterposerSwift") != true {
            let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            let library = executable.deletingLastPathComponent().appendingPathComponent("libMallocInterposerSwift.so").path
            if FileManager.default.fileExists(atPath: library) {
                setenv("LD_PRELOAD", [environment["LD_PRELOAD"], library].compactMap { $0 }.joined(separator: ":"), 1)
                var arguments = CommandLine.arguments.map { strdup($0) }
                arguments.append(nil)
                execv(executable.path, &arguments)
            }
        }
        #endif
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.hook()
        isCounting = probe()
    }

    /// The allocations so far (malloc, calloc, realloc to a new block, aligned allocations).
    public static func count() -> Int { MallocInterposerSwift.getStatistics().mallocCount }

    /// Whether allocations are seen at all (the interposer may not be preloaded).
    public nonisolated(unsafe) private(set) static var isCounting = false

    private static func probe() -> Bool {
        let before = count()
        let text = String(repeating: "allocated ", count: Int(getpid() % 7) + 10)
        return count() > before && !text.isEmpty
    }
}
