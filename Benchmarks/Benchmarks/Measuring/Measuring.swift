// What the timing harnesses measure with: this thread's CPU time, the process's resident
// memory, percentiles. One copy, so that every harness measures alike.
import Foundation

/// This thread's CPU time in µs: what a call costs when other work shares the machine.
public func threadCPUMicros() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
}

/// The process's resident memory in bytes (/proc/self/statm), 0 where it cannot be read.
public func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// The value at fraction `p` (0.5: the median) of values sorted in increasing order.
public func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}
