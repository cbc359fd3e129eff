import ParlanceText

/// The buffers matching works in, kept between matchings so that their capacity is reused:
/// once warm, a match allocates for its result, not for its scratch (swift-nio gates on
/// malloc counts for the same reason).
///
/// What depends only on the utterance (template words, corrected words, skip words and
/// numbers at each position) is computed once per utterance and shared by its passes; what
/// depends on a pass's corrections (list matches, captures) is cleared for each pass.
struct MatchWorkspace {
    /// Per position: the template words spelled from there, when known.
    var exactPieces: [[(piece: Int32, end: Int32)]] = []
    var exactKnown: [Bool] = []
    /// Per position: the template words within their edit budget of the word there.
    var fuzzyPieces: [[(piece: Int32, end: Int32, edits: UInt8)]] = []
    var fuzzyKnown: [Bool] = []
    /// Per position: where the skip words starting there end.
    var skipEnds: [[Int32]] = []
    var skipKnown: [Bool] = []
    /// Per position: the number in digits starting there, when read.
    var digits: [DigitReading?] = []
    /// The numbers in words above ``SpelledNumbers/spelledLimit`` by where they start
    /// (positions), per reader, read once per utterance when a range first asks.
    var readNumbers: [ObjectIdentifier: [Int: [(end: Int, value: Double)]]] = [:]
    /// What each list matched where (key: list × (positions) + position), as ranges of
    /// ``listStore``.
    var listRanges: [Int: Range<Int>] = [:]
    var listStore: [ListMatch] = []
    /// Simulation buffers not in use (a list's simulation runs inside the main one).
    var spareBuffers: [MatchRun.SimulationBuffers] = []
    /// The captures of the current pass.
    var arena = CaptureArena()

    /// Readies the workspace for an utterance of `count` scalars (`count + 1` positions).
    mutating func beginUtterance(positions count: Int) {
        MatchWorkspace.reset(&exactKnown, count)
        MatchWorkspace.reset(&fuzzyKnown, count)
        MatchWorkspace.reset(&skipKnown, count)
        digits.removeAll(keepingCapacity: true)
        if !readNumbers.isEmpty { readNumbers.removeAll() }
        digits.append(contentsOf: repeatElement(nil, count: count))
        while exactPieces.count < count { exactPieces.append([]) }
        while fuzzyPieces.count < count { fuzzyPieces.append([]) }
        while skipEnds.count < count { skipEnds.append([]) }
        beginPass()
    }

    /// Readies the workspace for another pass over the same utterance.
    mutating func beginPass() {
        listRanges.removeAll(keepingCapacity: true)
        listStore.removeAll(keepingCapacity: true)
        arena.removeAll()
    }

    private static func reset(_ flags: inout [Bool], _ count: Int) {
        flags.removeAll(keepingCapacity: true)
        flags.append(contentsOf: repeatElement(false, count: count))
    }

    /// Whether keeping the workspace is worth its memory: not after an unusually long
    /// utterance, whose buffers would stay that large.
    var isWorthKeeping: Bool { exactPieces.count <= 1024 && listStore.capacity <= 16_384 && arena.captures.capacity <= 16_384 }
}

/// Workspaces not in use, shared by the threads matching with one compiled grammar.
final class WorkspacePool: @unchecked Sendable {
    private let lock = Lock()
    // Guarded by `lock`.
    private var spare: [MatchWorkspace] = []

    /// At most this many workspaces are kept (one per thread matching at the same time).
    static let limit = 8

    /// A workspace: a kept one when there is one, else a new one.
    func take() -> MatchWorkspace {
        lock.withLock { spare.popLast() } ?? MatchWorkspace()
    }

    /// Keeps `workspace` for the next matching, unless enough are kept or it grew too large.
    func give(_ workspace: MatchWorkspace) {
        guard workspace.isWorthKeeping else { return }
        lock.withLock {
            if spare.count < WorkspacePool.limit { spare.append(workspace) }
        }
    }
}
