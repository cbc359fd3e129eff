import Foundation

/// A progress display for runs longer than a second: items done, rate and time left.
///
/// On a terminal one line redrawn in place (at most ten times a second):
///
///     [██████████░░░░░░░░░░]  52%  3,120/6,000  2,950/s  ~1s left
///
/// Elsewhere (a log, a pipe) a plain line every few seconds, and one at the end:
///
///     progress: 3120/6000 items (52%), 2950/s, about 1 s left
///
/// Nothing is shown for runs that finish within the first second.
public final class ProgressReporter: @unchecked Sendable {
    // Used from the thread that records outcomes only.
    let total: Int?
    let isTerminal: Bool
    let write: (String) -> Void
    let now: () -> Double
    let start: Double
    var lastShown: Double?
    var shownAny = false
    var lastDone = 0

    /// A reporter for `total` items (nil when unknown) writing with `write`.
    ///
    /// - Parameters:
    ///   - isTerminal: redraw one line with a bar (true) or print plain lines.
    ///   - now: the clock in seconds (injected for tests).
    public init(total: Int?, isTerminal: Bool, write: @escaping (String) -> Void,
                now: @escaping () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }) {
        self.total = total
        self.isTerminal = isTerminal
        self.write = write
        self.now = now
        self.start = now()
    }

    /// A reporter on standard error, as a bar when it is a terminal.
    public static func standardError(total: Int?) -> ProgressReporter {
        ProgressReporter(total: total, isTerminal: isatty(2) == 1) { text in
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// Reports `done` items.
    public func update(_ done: Int) {
        lastDone = done
        let time = now()
        let elapsed = time - start
        guard elapsed >= 1 else { return }
        let interval = isTerminal ? 0.1 : 5
        if let lastShown, time - lastShown < interval { return }
        lastShown = time
        show(done, elapsed: elapsed, final: false)
    }

    /// Ends the display: the last state, then a newline on a terminal. Silent when nothing
    /// was shown.
    public func finish() {
        guard shownAny else { return }
        show(lastDone, elapsed: now() - start, final: true)
        if isTerminal { write("\n") }
    }

    func show(_ done: Int, elapsed: Double, final: Bool) {
        shownAny = true
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        var left: String?
        if let total, rate > 0, !final { left = Self.duration(Double(max(0, total - done)) / rate) }
        if isTerminal {
            var line = "\r"
            if let total, total > 0 {
                let fraction = min(1, Double(done) / Double(total))
                let filled = Int((fraction * 20).rounded(.down))
                line += "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled) + "] "
                line += Self.pad(String(Int((fraction * 100).rounded(.down))), 3) + "%  \(done)/\(total)"
            } else {
                line += "\(done) items"
            }
            line += "  \(Int(rate.rounded()))/s"
            line += left.map { "  ~\($0) left" } ?? (final ? "  in \(Self.duration(elapsed))" : "")
            write(line + "\u{1B}[K")
        } else {
            var line = "progress: \(done)"
            if let total, total > 0 { line += "/\(total) items (\(Int((Double(done) / Double(total) * 100).rounded(.down)))%)" } else { line += " items" }
            line += ", \(Int(rate.rounded()))/s"
            line += left.map { ", about \($0) left" } ?? (final ? ", done in \(Self.duration(elapsed))" : "")
            write(line + "\n")
        }
    }

    static func duration(_ seconds: Double) -> String {
        if seconds < 60 { return "\(Int(seconds.rounded(.up))) s" }
        let minutes = Int(seconds / 60)
        return "\(minutes) min \(Int(seconds) - minutes * 60) s"
    }

    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
