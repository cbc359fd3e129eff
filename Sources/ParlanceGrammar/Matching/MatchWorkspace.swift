import ParlanceText

/// The buffers matching works in, kept between matchings so that their capacity is reused:
/// once warm, a match allocates for its result, not for its scratch (swift-nio gates on
/// malloc counts for the same reason).
///
/// What depends only on the utterance (template words, corrected words, skip words and
/// numbers at each position) is computed once per utterance and shared by its passes, and
/// by the next matching of the same utterance (a caller that matches it again with other
/// found values or options, as the engine's reads do); what depends on a pass's
/// corrections (list matches, captures) is cleared for each pass.
struct MatchWorkspace {
    /// The input of the utterance begun last, whose tables these are.
    private(set) var input: MatchInput?
    /// Per position: the template words spelled from there.
    var exactPieces = PositionTable<(piece: Int32, end: Int32)>()
    /// Per position: the template words within their edit budget of the word there.
    var fuzzyPieces: [[(piece: Int32, end: Int32, edits: UInt8)]] = []
    var fuzzyKnown: [Bool] = []
    /// The corrections of every word corrected lately, by its scalars: kept across
    /// utterances (they depend on the grammar and the word alone).
    var corrections = CorrectionMemo()
    /// Per position: where the skip words starting there end.
    var skipEnds = PositionTable<Int32>()
    /// Per position: the number in digits starting there, when read.
    var digits: [DigitReading?] = []
    /// The numbers in words above ``SpelledNumbers/spelledLimit`` by where they start
    /// (positions), per language of number words, read once per utterance when a range first asks.
    var readNumbers: [Language: [Int: [(end: Int, value: Double)]]] = [:]
    /// What each list matched where (key: list × (positions) + position), as ranges of
    /// ``listStore``, valid where ``listStamps`` holds the current ``pass``.
    var listRanges: [Range<Int32>] = []
    var listStamps: [UInt32] = []
    var listStore: [ListMatch] = []
    /// The number of the current pass (never 0 once begun), so that clearing the list
    /// ranges for a pass costs nothing.
    var pass: UInt32 = 0
    /// Where free text may end for a thread of the main automaton to go on (``MatchRun``'s
    /// `canContinue` at a word edge), for the current pass: a row of ``continueEnds`` per
    /// state asked about (``continues``: state → row), one bit per position, valid over the
    /// row's ``continueKnown`` positions.
    var continues = ProbeTable()
    var continueEnds: [UInt64] = []
    var continueKnown: [Range<Int32>] = []
    /// Simulation buffers not in use (a list's simulation runs inside the main one).
    var spareBuffers: [MatchRun.SimulationBuffers] = []
    /// The captures of the current pass.
    var arena = CaptureArena()

    /// Readies the workspace for `input`: its tables are kept when it is the utterance begun
    /// last (the same scalars tokenize alike: a workspace serves one grammar), else cleared.
    mutating func beginUtterance(_ input: MatchInput) {
        if let kept = self.input, kept.utterance == input.utterance {
            beginPass()
            return
        }
        self.input = input
        let count = input.count + 1
        MatchWorkspace.reset(&fuzzyKnown, count)
        digits.removeAll(keepingCapacity: true)
        if !readNumbers.isEmpty { readNumbers.removeAll() }
        digits.append(contentsOf: repeatElement(nil, count: count))
        exactPieces.reset(positions: count)
        skipEnds.reset(positions: count)
        while fuzzyPieces.count < count { fuzzyPieces.append([]) }
        beginPass()
    }

    /// Readies the workspace for another pass over the same utterance.
    mutating func beginPass() {
        pass &+= 1
        if pass == 0 {
            // Wrapped around: stamps of old passes could pass for current ones.
            listStamps.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            pass = 1
        }
        listStore.removeAll(keepingCapacity: true)
        continues.removeAll()
        continueEnds.removeAll(keepingCapacity: true)
        continueKnown.removeAll(keepingCapacity: true)
        arena.removeAll()
    }

    /// The range of ``listStore`` recorded for `key` in this pass, if any.
    @inline(__always)
    func listRange(_ key: Int) -> Range<Int>? {
        guard key < listStamps.count, listStamps[key] == pass else { return nil }
        let range = listRanges[key]
        return Int(range.lowerBound)..<Int(range.upperBound)
    }

    /// Records what the list of `key` matched in this pass.
    mutating func setListRange(_ key: Int, _ range: Range<Int>) {
        if key >= listStamps.count {
            let size = Swift.max(key + 1, listStamps.count * 2)
            listStamps.append(contentsOf: repeatElement(0, count: size - listStamps.count))
            listRanges.append(contentsOf: repeatElement(0..<0, count: size - listRanges.count))
        }
        listStamps[key] = pass
        listRanges[key] = Int32(range.lowerBound)..<Int32(range.upperBound)
    }

    private static func reset(_ flags: inout [Bool], _ count: Int) {
        flags.removeAll(keepingCapacity: true)
        flags.append(contentsOf: repeatElement(false, count: count))
    }

    /// Whether keeping the workspace is worth its memory: not after an unusually long
    /// utterance, whose buffers would stay that large.
    var isWorthKeeping: Bool {
        exactPieces.positions <= 1024 && listStore.capacity <= 16_384 && listStamps.count <= 65_536 && continueEnds.capacity <= 8_192 && arena.captures.capacity <= 16_384
    }
}

/// What the input holds at each position, computed when first asked: one flat store with a
/// range of it per position (ranges, not arrays per position: handing out an array costs a
/// retain and a release per thread that asks).
struct PositionTable<Element> {
    private(set) var store: [Element] = []
    /// Per position: its range of ``store``; lower bound -1 while not computed.
    private var ranges: [Range<Int32>] = []

    var positions: Int { ranges.count }

    /// Forgets every position's entries, for an input of `count` positions.
    mutating func reset(positions count: Int) {
        store.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        ranges.append(contentsOf: repeatElement(-1 ..< -1, count: count))
    }

    /// The entries of `position`, if computed.
    @inline(__always)
    func entries(at position: Int) -> Range<Int>? {
        let known = ranges[position]
        return known.lowerBound >= 0 ? Int(known.lowerBound)..<Int(known.upperBound) : nil
    }

    /// Computes the entries of `position` with `compute`, which appends them to the store
    /// it is given.
    mutating func computeEntries(at position: Int, _ compute: (inout [Element]) -> Void) -> Range<Int> {
        let start = store.count
        compute(&store)
        ranges[position] = Int32(start)..<Int32(store.count)
        return start..<store.count
    }
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

    /// Keeps `workspace` for the next matching, unless enough are kept or it grew too large;
    /// leaves an empty one in its place (moved, not copied: a copy retains every buffer).
    func give(_ workspace: inout MatchWorkspace) {
        guard workspace.isWorthKeeping else { return }
        lock.withLock {
            guard spare.count < WorkspacePool.limit else { return }
            spare.append(MatchRun.take(&workspace))
        }
    }
}
