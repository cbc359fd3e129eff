import ParlanceText

/// One matching of one utterance: the automaton simulated over the input once, position by
/// position, with a set of threads per position.
///
/// A thread is a state of the (deterministic) automaton, the slots captured on the way and
/// a score. Every transition consumes input, so threads only move forward: the threads at
/// position `p` are final once every earlier position is done, and each is expanded once.
/// A thread forks only where the input allows several readings: a list matching spans of
/// different lengths, a wildcard ending at any later word, a skip word taken or not, a
/// word matched exactly or with edits. Two threads reaching the same state and position
/// with the same captures merge, keeping the better score (the rest of their paths is the
/// same, so the better stays better).
///
/// Everything looked up in the input is computed once per position and shared by all
/// threads and intents: the template words starting there, the values of each list, the
/// numbers, the skip words.
struct MatchRun {
    let grammar: CompiledGrammar
    let input: MatchInput
    let external: ExternalLists
    /// Values of wildcard lists found in the utterance by the caller.
    let found: FoundValueTable
    /// What may match with edits.
    let fuzziness: Corrections

    /// What a run may correct.
    struct Corrections: Equatable {
        /// Template words of the sentence.
        var words: Bool
        /// List values, and the words of value templates.
        var values: Bool

        static let none = Corrections(words: false, values: false)
        static let values = Corrections(words: false, values: true)
        static let all = Corrections(words: true, values: true)
    }
    let maxEdits: Int
    /// The most scalars a path's wildcards may take plus edits its values may carry
    /// (``MatchOptions/maxUnexplained``; `Int.max`: no limit).
    let maxUnexplained: Int
    /// The most threads the main simulation expands per state and position, best scores
    /// first (`Int.max`: all). The score is a sum along the path and every continuation of a
    /// thread is open to the others in its state, so a thread outscored there by this many
    /// others has this many better completions for each of its own: it can only rank among
    /// the best `beamWidth` if they do not. Without it, paths that differ only in what they
    /// captured (each wildcard end, each vocabulary value offered) multiply: tens of
    /// thousands of captures for one utterance with a large user vocabulary.
    let beamWidth: Int
    /// The most threads the main simulation expands at one position, across states, best
    /// scores first (``MatchOptions/positionBudget``; `Int.max`: all). The beam bounds the
    /// threads of each state, but a grammar can keep thousands of states alive at once (a
    /// permutation of wildcards has begun in every order); this bounds the work per
    /// character whatever the grammar. None when tracing (``CompiledGrammar/explain(_:lists:context:options:)``).
    let positionBudget: Int
    /// The most sources free text keeps open per target state (``FreeTextSources``): the
    /// beam, or where there is none (context rules, a preferred slot) and a budget,
    /// ``unbeamedFreeTextWidth``. Threads that differ only in where their free text started
    /// weigh nothing beyond their score for a context rule or a preferred slot, and beyond
    /// this many the cost of keeping them is what made a grammar with context rules
    /// quadratic in the utterance. Never more than the position budget: a source outranked
    /// at every end by that many others of its own target is cut by the budget anyway.
    var freeTextWidth: Int { positionBudget == .max ? beamWidth : min(beamWidth, MatchRun.unbeamedFreeTextWidth, positionBudget) }
    /// ``freeTextWidth`` without a beam: twice the most threads of one state at one position
    /// that the 25 languages' corpora reach without a beam (63, with a typo).
    static let unbeamedFreeTextWidth = 128
    /// Where free text under the beam is pushed.
    let freeTextPushing: FreeTextPushing
    /// The order paths are ranked in (``MatchOptions/order``).
    let order: RankingOrder
    /// Whether the main simulation records each thread's last step and predecessor, for
    /// ``CompiledGrammar/explain(_:lists:context:options:)``.
    let tracing: Bool
    /// The main simulation's threads with how each was reached (when ``tracing``).
    private(set) var trace = MatchTrace()

    /// The caches and buffers this run works in (see ``MatchWorkspace``): readied by the
    /// caller for the utterance, handed back when the run is done.
    var workspace: MatchWorkspace

    /// The captures of this run.
    var arena: CaptureArena { workspace.arena }

    /// What one simulation works in.
    struct SimulationBuffers {
        var threads: [Thread] = []
        /// Per thread: where it stands in the order of arrival (see ``FreeTextSources``).
        var stamps: [Int64] = []
        var next: [Int32] = []
        var positions: [Int32] = []
        var first: [Int32] = []
        var last: [Int32] = []
        var index = ProbeTable()
        /// The threads of one position, while pruning them to the beam.
        var bucket: [Int32] = []
        /// Free text pushed where it ends, and the targets due at a position.
        var freeText = FreeTextSources()
        var dueTargets: [Int] = []

        mutating func reset(positions count: Int) {
            threads.removeAll(keepingCapacity: true)
            stamps.removeAll(keepingCapacity: true)
            next.removeAll(keepingCapacity: true)
            positions.removeAll(keepingCapacity: true)
            SimulationBuffers.fill(&first, count: count)
            SimulationBuffers.fill(&last, count: count)
            index.removeAll()
            freeText.removeAll()
            dueTargets.removeAll(keepingCapacity: true)
        }

        /// Swaps each of these buffers with the simulation's own: moves, not copies (a copy
        /// retains every array, and dropping the buffers releases them again). Out of the
        /// spare buffers when a simulation starts, back in when it ends.
        mutating func exchange(_ threads: inout [Thread], _ stamps: inout [Int64], _ next: inout [Int32], _ positions: inout [Int32],
                               _ first: inout [Int32], _ last: inout [Int32], _ index: inout ProbeTable, _ bucket: inout [Int32],
                               _ freeText: inout FreeTextSources, _ dueTargets: inout [Int]) {
            swap(&threads, &self.threads)
            swap(&stamps, &self.stamps)
            swap(&next, &self.next)
            swap(&positions, &self.positions)
            swap(&first, &self.first)
            swap(&last, &self.last)
            swap(&index, &self.index)
            swap(&bucket, &self.bucket)
            swap(&freeText, &self.freeText)
            swap(&dueTargets, &self.dueTargets)
        }

        /// `array` as `count` entries of -1 ("no thread"), its storage kept: grown when
        /// shorter, then filled in place (appending a repeated element goes one by one).
        private static func fill(_ array: inout [Int32], count: Int) {
            if array.count > count { array.removeLast(array.count - count) }
            if array.count < count { array.append(contentsOf: repeatElement(-1, count: count - array.count)) }
            array.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
        }
    }

    /// A run over `input`; `workspace` must have begun this utterance
    /// (``MatchWorkspace/beginUtterance(positions:)``), and its pass is begun here.
    init(grammar: CompiledGrammar, input: MatchInput, external: ExternalLists, found: FoundValueTable = .empty, fuzziness: Corrections,
         maxEdits: Int, maxUnexplained: Int = .max, beamWidth: Int = .max, positionBudget: Int = .max, freeTextPushing: FreeTextPushing = .whereItEnds,
         order: RankingOrder = .hassil, tracing: Bool = false, workspace: consuming MatchWorkspace) {
        self.grammar = grammar
        self.order = order
        self.maxUnexplained = maxUnexplained
        self.beamWidth = max(1, beamWidth)
        // Tracing follows free text to every end, dead ends too (they show how far the
        // input was read), so a budget would cut what the untraced run keeps.
        self.positionBudget = tracing ? .max : max(1, positionBudget)
        self.freeTextPushing = freeTextPushing
        self.input = input
        self.external = external
        self.found = found
        self.fuzziness = fuzziness
        self.maxEdits = maxEdits
        self.tracing = tracing
        self.workspace = workspace
        self.workspace.beginPass()
    }

    /// A thread's score: what the ranking key sums along a path.
    struct Score: Hashable {
        /// Edits in template words.
        var wordEdits: UInt8 = 0
        /// Edits in list values.
        var valueEdits: UInt8 = 0
        var skipped: UInt8 = 0
        var wildcards: UInt8 = 0
        var literal: Int16 = 0
        var wildcardScalars: Int16 = 0

        var edits: Int { Int(wordEdits) + Int(valueEdits) }

        /// Lexicographically better in `order` (the part of ``RankingKey`` a path decides).
        @inline(__always)
        func isBetter(than other: Score, in order: RankingOrder) -> Bool {
            key(in: order, shift: 0) < other.key(in: order, shift: 0)
        }

        /// The score as the part of ``RankingKey`` a path decides, in `order`, smaller
        /// first; with `shift` less text left to wildcards (``FreeTextSources``: the part of
        /// the key at any end that depends on where free text started).
        @inline(__always)
        func key(in order: RankingOrder, shift: Int) -> (Int, Int, Int, Int, Int, Int) {
            let freeText = Int(wildcardScalars) - shift
            return switch order {
            case .hassil: (Int(wordEdits), Int(wildcards), freeText, Int(valueEdits), -Int(literal), Int(skipped))
            case .leastUnexplained: (Int(wordEdits), freeText + Int(valueEdits), Int(wildcards), Int(valueEdits), -Int(literal), Int(skipped))
            }
        }
    }

    struct Thread {
        var state: Int32
        var captures: Int32
        var score: Score
        /// The group of the found values on the path (``FoundValues/Value/group``), -1 while
        /// none. Equal captures mean equal groups, so threads still merge by captures.
        var group: Int32 = -1
    }

    /// A path that reached an accepting state.
    struct Completion {
        /// The template (main automaton) or value (a list's automaton) accepted.
        var accept: Int32
        var end: Int
        var captures: Int32
        var score: Score
        /// The thread that completed (its id in ``MatchTrace`` when tracing).
        var thread: Int32
    }

    // MARK: Simulation

    /// Runs `automaton` from `start`. The main automaton (`anywhere` false) accepts only at
    /// the end of the input and passes over skip words; a list's automaton accepts wherever
    /// a value ends.
    mutating func simulate(_ automaton: Automaton, from start: Int, anywhere: Bool) -> [Completion] {
        let end = input.count
        // Every thread in one array; those at a position form a list (first, last, next),
        // in the order they arrived. Threads by (position, state, captures) in `index`, to
        // merge equal ones.
        var buffers = workspace.spareBuffers.popLast() ?? SimulationBuffers()
        buffers.reset(positions: end - start + 1)
        // Moved out (``SimulationBuffers/exchange``): uniquely referenced, back in at the end.
        var threads: [Thread] = [], stamps: [Int64] = [], next: [Int32] = [], positions: [Int32] = []
        var first: [Int32] = [], last: [Int32] = [], index = ProbeTable(), bucket: [Int32] = []
        var freeText = FreeTextSources(), dueTargets: [Int] = []
        buffers.exchange(&threads, &stamps, &next, &positions, &first, &last, &index, &bucket, &freeText, &dueTargets)
        freeText.order = order
        threads.append(Thread(state: Automaton.start, captures: -1, score: Score()))
        stamps.append(0)
        // The stamp of the next push: the order threads arrive in, which decides ties in the
        // beam and the order each position's threads are expanded in.
        var clock: Int64 = 1
        // Under a beam or a budget, free text is pushed where it ends (``FreeTextSources``).
        let width = freeTextWidth
        let deferringFreeText = freeTextPushing == .whereItEnds && !anywhere && !tracing && width < Int.max
        next.append(-1)
        positions.append(Int32(start))
        first[0] = 0
        last[0] = 0
        var completions: [Completion] = []
        // Tracing: the step into each thread and the thread it came from, by thread id
        // (replaced with the thread when a better one merges into it).
        let recording = tracing && !anywhere
        var steps: [TraceStep] = []
        var parents: [Int32] = []
        if recording {
            steps.append(TraceStep(kind: .start, symbol: -1, start: Int32(start), end: Int32(start), edits: 0, capture: -1))
            parents.append(-1)
        }

        func push(_ thread: Thread, at position: Int, _ threads: inout [Thread], _ next: inout [Int32], _ positions: inout [Int32],
                  _ first: inout [Int32], _ last: inout [Int32], _ index: inout ProbeTable,
                  _ step: TraceStep, from parent: Int32, _ steps: inout [TraceStep], _ parents: inout [Int32],
                  _ stamps: inout [Int64], stamp: Int64) {
            let fingerprint = UInt64(position) << 48 ^ UInt64(UInt32(bitPattern: thread.state)) << 24 ^ UInt64(UInt32(bitPattern: thread.captures))
            let existing = index.find(fingerprint) { id in
                let other = threads[Int(id)]
                return Int(positions[Int(id)]) == position && other.state == thread.state && other.captures == thread.captures
            }
            if let existing {
                // It keeps the place of the first to arrive (a deferred push may come later).
                stamps[Int(existing)] = min(stamps[Int(existing)], stamp)
                if thread.score.isBetter(than: threads[Int(existing)].score, in: order) {
                    threads[Int(existing)] = thread
                    if recording {
                        steps[Int(existing)] = step
                        parents[Int(existing)] = parent
                    }
                }
                return
            }
            let id = Int32(threads.count)
            threads.append(thread)
            stamps.append(stamp)
            if recording {
                steps.append(step)
                parents.append(parent)
            }
            next.append(-1)
            positions.append(Int32(position))
            index.insert(fingerprint, id)
            let bucket = position - start
            if last[bucket] >= 0 { next[Int(last[bucket])] = id } else { first[bucket] = id }
            last[bucket] = id
        }

        for position in start...end {
            let isBoundary = input.isBoundary[position]
            // Free text ending here, from the best sources still open.
            if !freeText.isEmpty {
                // The targets due here, served and due again where they go on next.
                if !dueTargets.isEmpty { dueTargets.removeAll(keepingCapacity: true) }
                var node = freeText.firstDue(at: position, offset: start)
                var offered = 0
                while node >= 0 {
                    let target = freeText.target(ofNode: node)
                    node = freeText.nextDue(after: node)
                    guard freeText.serve(target, at: position) else { continue }
                    dueTargets.append(target)
                    offered += min(width, freeText.sources[target].count)
                    let furthest = Int(freeText.lastEnds[target])
                    let following = nextContinue(row: freeText.rows[target], from: position + 1, through: furthest)
                    if following >= 0 { freeText.schedule(target, at: following, offset: start) }
                }
                var pushed = false
                // Whether the source's thread is new here (not merged into one that was).
                func pushSource(_ source: FreeTextSources.Source, into target: Int) -> Bool {
                    var score = source.thread.score
                    score.wildcardScalars = Int16(truncatingIfNeeded: Int(score.wildcardScalars) + position - Int(source.start))
                    let captures = workspace.arena.append(Capture(parent: -1, symbol: source.symbol, kind: .wildcard, value: source.value, number: 0,
                                                                  start: source.start, end: Int32(position), edits: 0),
                                                          parent: source.thread.captures)
                    let count = threads.count
                    push(Thread(state: freeText.states[target], captures: captures, score: score, group: source.thread.group), at: position,
                         &threads, &next, &positions, &first, &last, &index,
                         TraceStep(kind: .slot, symbol: source.symbol, start: source.start, end: Int32(position), edits: 0, capture: captures),
                         from: -1, &steps, &parents, &stamps, stamp: source.stamp)
                    pushed = true
                    return threads.count > count
                }
                if offered <= positionBudget {
                    for target in dueTargets {
                        var made = 0
                        for source in freeText.sources[target] where made < width {
                            if pushSource(source, into: target) { made += 1 }
                        }
                    }
                } else {
                    // More than the budget: the best sources across targets first, until
                    // the budget's worth of new threads is made. Every source left is
                    // outranked here by that many threads, so the budget would cut it.
                    var heads = FreeTextSources.Heads(targets: dueTargets, in: freeText)
                    var made = 0
                    while made < positionBudget, let (target, offset) = heads.popBest(in: freeText) {
                        if pushSource(freeText.sources[target][offset], into: target) {
                            made += 1
                            heads.count(target)
                        }
                        heads.advance(target, from: offset, width: width, in: freeText)
                    }
                }
                if pushed { MatchRun.sortByArrival(position - start, stamps: stamps, next: &next, first: &first, last: &last, bucket: &bucket) }
            }
            // Every thread of this position has arrived (transitions consume input): keep
            // the best `beamWidth` of each state, and the best `positionBudget` of all.
            if !anywhere, beamWidth < Int.max || positionBudget < Int.max {
                MatchRun.prune(position - start, width: beamWidth, budget: positionBudget, order: order, threads: threads, stamps: stamps, next: &next, first: &first,
                               last: &last, bucket: &bucket)
            }
            var cursor = first[position - start]
            while cursor >= 0 {
                let id = cursor
                let thread = threads[Int(cursor)]
                cursor = next[Int(cursor)]
                if anywhere || position == end {
                    for slot in automaton.acceptRange(thread.state) {
                        let accept = automaton.accepts[slot]
                        guard !accept.needsBoundary || isBoundary else { continue }
                        completions.append(Completion(accept: accept.id, end: position, captures: thread.captures, score: thread.score, thread: id))
                    }
                }
                guard position < end else { continue }
                // The last step was free text that ended inside a word: only template text
                // written onto it goes on (``Automaton/Transition/glued``).
                let afterFreeText = !isBoundary && endsFreeText(thread.captures, at: position)

                // Template words.
                for offset in exactPieces(at: position) {
                    let (piece, pieceEnd) = workspace.exactPieces.store[offset]
                    guard let transition = automaton.pieceTransition(thread.state, piece) else { continue }
                    let target = afterFreeText ? transition.glued : transition.target(atBoundary: isBoundary)
                    guard target >= 0 else { continue }
                    var score = thread.score
                    score.literal &+= Int16(Int(pieceEnd) - position)
                    push(Thread(state: target, captures: thread.captures, score: score, group: thread.group), at: Int(pieceEnd), &threads, &next, &positions, &first, &last, &index,
                         TraceStep(kind: .word, symbol: piece, start: Int32(position), end: pieceEnd, edits: 0, capture: -1), from: id, &steps, &parents, &stamps, stamp: tick(&clock))
                }
                // The words of a sentence (main automaton) or of a value template (a list's),
                // corrected: at a word's start, or inside it where template text is written
                // onto what came before (`konyhá(ban)`, `ال{name}`).
                if anywhere ? fuzziness.values : fuzziness.words, !afterFreeText {
                    for (piece, pieceEnd, edits) in fuzzyPieces(at: position) where thread.score.edits + Int(edits) <= maxEdits {
                        guard let transition = automaton.pieceTransition(thread.state, piece) else { continue }
                        let target = transition.target(atBoundary: isBoundary)
                        guard target >= 0 else { continue }
                        // Past the piece's own budget, inside a word: within the word's, with
                        // what the path has already spent (``fuzzyPieces(at:)``).
                        if Int(edits) > Int(grammar.pieces.budgets[Int(piece)]),
                           thread.score.edits + Int(edits) > wordBudget(around: position) { continue }
                        var score = thread.score
                        score.literal &+= Int16(grammar.pieces.keys[Int(piece)].count)
                        score.wordEdits = score.wordEdits.counting(edits)
                        push(Thread(state: target, captures: thread.captures, score: score, group: thread.group), at: Int(pieceEnd), &threads, &next, &positions, &first, &last, &index,
                             TraceStep(kind: .word, symbol: piece, start: Int32(position), end: pieceEnd, edits: edits, capture: -1), from: id, &steps, &parents, &stamps, stamp: tick(&clock))
                    }
                }

                // Slots.
                for slot in automaton.slotRange(thread.state) where !afterFreeText {
                    let transition = automaton.slots[slot]
                    let target = transition.target(atBoundary: isBoundary)
                    guard target >= 0 else { continue }
                    let list = grammar.slotLists[Int(transition.symbol)]
                    guard listMayStart(Int(list), at: position) else { continue }
                    var continueRow = -1
                    // Inside a word, free text starts only where template text is written onto
                    // it (`[ال]{name}`): never where a value ended inside a word (a corrected
                    // "Daniel h" must not leave "ome" to a wildcard).
                    let freeTextMayStart = isBoundary || thread.captures < 0 || workspace.arena.captures[Int(thread.captures)].end != Int32(position)
                    listMatches: for offset in matches(ofList: Int(list), at: position) {
                        let stored = workspace.listStore[offset]
                        if stored.end == ListMatch.anyWordEdge, !freeTextMayStart { continue }
                        // Free text (one entry, last: ``ListMatch/anyWordEdge``) of the main
                        // automaton: only its ends where the path can go on are taken, read
                        // from the target's row of such ends, not tried one by one (in unspaced
                        // scripts every character is an end, and a template word or value can
                        // follow at a few).
                        if stored.kind == .wildcard, !anywhere, !tracing {
                            var score = thread.score
                            score.wildcards = score.wildcards.counting(1)
                            let taken = Int(score.wildcardScalars), explained = taken + Int(score.valueEdits)
                            let lastEnd = maxUnexplained == .max ? end : min(end, position + max(0, maxUnexplained - explained))
                            guard lastEnd > position else { break }
                            if continueRow < 0 { continueRow = self.continueRow(target) }
                            learnContinues(automaton, row: continueRow, state: target, from: position + 1, through: lastEnd)
                            var freeEnd = nextContinue(row: continueRow, from: position + 1, through: lastEnd)
                            // Its pushes, wherever they land, stand here in the order of arrival.
                            let stamp = tick(&clock)
                            if deferringFreeText, freeEnd >= 0 {
                                let source = FreeTextSources.Source(thread: Thread(state: thread.state, captures: thread.captures, score: score, group: thread.group),
                                                                    symbol: transition.symbol, value: stored.value, start: Int32(position),
                                                                    lastEnd: Int32(lastEnd), stamp: stamp)
                                let targetIndex = freeText.target(target, row: continueRow, positions: end - start + 1)
                                freeText.add(source, to: targetIndex, width: width, firstEnd: freeEnd, at: start)
                                break
                            }
                            while freeEnd >= 0 {
                                score.wildcardScalars = Int16(truncatingIfNeeded: taken + freeEnd - position)
                                let captures = workspace.arena.append(Capture(parent: -1, symbol: transition.symbol, kind: .wildcard, value: stored.value,
                                                                              number: 0, start: Int32(position), end: Int32(freeEnd), edits: 0),
                                                                      parent: thread.captures)
                                push(Thread(state: target, captures: captures, score: score, group: thread.group), at: freeEnd, &threads, &next, &positions, &first, &last, &index,
                                     TraceStep(kind: .slot, symbol: transition.symbol, start: Int32(position), end: Int32(freeEnd), edits: 0, capture: captures),
                                     from: id, &steps, &parents, &stamps, stamp: stamp)
                                freeEnd = nextContinue(row: continueRow, from: freeEnd + 1, through: lastEnd)
                            }
                            break
                        }
                        // One match, or free text ending at each later position in order (inside a
                        // word only where the target's inside transitions go on, as canContinue asks).
                        let (firstEnd, lastEnd) = stored.end == ListMatch.anyWordEdge ? (position + 1, end) : (Int(stored.end), Int(stored.end))
                        for matchEnd in firstEnd...lastEnd
                        where stored.end != ListMatch.anyWordEdge || input.isBoundary[matchEnd] || textFollows(automaton, from: target, at: matchEnd) {
                            var match = stored
                            match.end = Int32(matchEnd)
                            guard thread.score.edits + Int(match.edits) <= maxEdits,
                                  match.group < 0 || thread.group < 0 || match.group == thread.group else { continue }
                            var score = thread.score
                            score.valueEdits = score.valueEdits.counting(match.edits)
                            if match.kind == .wildcard {
                                score.wildcards = score.wildcards.counting(1)
                                score.wildcardScalars &+= Int16(Int(match.end) - position)
                            }
                            // Past the limit of unexplained characters (both parts only grow along a
                            // path); free-text ends come last and in order, so the rest are too.
                            if !anywhere, Int(score.wildcardScalars) + Int(score.valueEdits) > maxUnexplained {
                                if match.kind == .wildcard { break listMatches } else { continue }
                            }
                            // A wildcard may end at any later word: only where the path can go on.
                            if match.kind == .wildcard, !tracing, !canContinue(automaton, from: target, at: Int(match.end), anywhere: true) { continue }
                            var captures = workspace.arena.append(chain: match.nested, onto: thread.captures)
                            captures = workspace.arena.append(Capture(parent: -1, symbol: transition.symbol, kind: match.kind, value: match.value,
                                                            number: match.number, start: Int32(position), end: match.end, edits: match.edits),
                                                    parent: captures)
                            push(Thread(state: target, captures: captures, score: score, group: match.group >= 0 ? match.group : thread.group), at: Int(match.end), &threads, &next, &positions, &first, &last, &index,
                                 TraceStep(kind: .slot, symbol: transition.symbol, start: Int32(position), end: match.end, edits: match.edits, capture: captures),
                                 from: id, &steps, &parents, &stamps, stamp: tick(&clock))
                        }
                    }
                }

                // Skip words.
                if !anywhere, isBoundary {
                    for offset in skipWordEnds(at: position) {
                        let skipEnd = workspace.skipEnds.store[offset]
                        var score = thread.score
                        score.skipped = score.skipped.counting(1)
                        // A unit sign no template word takes ("%" where the template says
                        // nothing of it) is left unexplained, as a wildcard's character: a
                        // template that spells it, or free text that takes it in, ranks first.
                        if Int(skipEnd) == position + 1, MatchInput.isUnitSign(input.scalars[position]) {
                            score.wildcardScalars &+= 1
                        }
                        push(Thread(state: thread.state, captures: thread.captures, score: score, group: thread.group), at: Int(skipEnd), &threads, &next, &positions, &first, &last, &index,
                             TraceStep(kind: .skip, symbol: -1, start: Int32(position), end: skipEnd, edits: 0, capture: -1), from: id, &steps, &parents, &stamps, stamp: tick(&clock))
                    }
                }
            }
        }
        if recording {
            trace = MatchTrace(steps: steps, parents: parents, states: threads.map(\.state), positions: positions, scores: threads.map(\.score))
        }
        // Back to the spare buffers, moved: appended as they were, the buffers were copied
        // (a retain of every array) and then released.
        buffers.exchange(&threads, &stamps, &next, &positions, &first, &last, &index, &bucket, &freeText, &dueTargets)
        workspace.spareBuffers.append(consume buffers)
        return completions
    }

    /// The stamp for the next push.
    @inline(__always)
    private func tick(_ clock: inout Int64) -> Int64 {
        defer { clock += 1 }
        return clock
    }

    /// The threads of the list of `bucketIndex`, in list order, into `bucket`.
    @inline(__always)
    static func collect(_ bucketIndex: Int, next: [Int32], first: [Int32], into bucket: inout [Int32]) {
        bucket.removeAll(keepingCapacity: true)
        var cursor = first[bucketIndex]
        while cursor >= 0 {
            bucket.append(cursor)
            cursor = next[Int(cursor)]
        }
    }

    /// Relinks the list of `bucketIndex` in order of arrival (deferred free text arrives
    /// after the threads pushed eagerly, but stands where its stamp says).
    static func sortByArrival(_ bucketIndex: Int, stamps: [Int64], next: inout [Int32], first: inout [Int32], last: inout [Int32],
                              bucket: inout [Int32]) {
        // Most lists are already in order of arrival (pushes without free text come in
        // stamp order): a walk tells, without collecting or sorting.
        var cursor = first[bucketIndex]
        var previous = Int64.min
        var ordered = true
        while cursor >= 0 {
            let stamp = stamps[Int(cursor)]
            if stamp < previous { ordered = false; break }
            previous = stamp
            cursor = next[Int(cursor)]
        }
        if ordered { return }
        collect(bucketIndex, next: next, first: first, into: &bucket)
        bucket.sort { stamps[Int($0)] < stamps[Int($1)] }
        first[bucketIndex] = bucket[0]
        for offset in 0..<(bucket.count - 1) { next[Int(bucket[offset])] = bucket[offset + 1] }
        next[Int(bucket[bucket.count - 1])] = -1
        last[bucketIndex] = bucket[bucket.count - 1]
    }

    /// Unlinks from the list of `bucketIndex` every thread outscored by `width` others in
    /// its state, then every one outscored by `budget` others in all (ties go to the earlier
    /// arrival); the rest keep their order.
    static func prune(_ bucketIndex: Int, width: Int, budget: Int = .max, order: RankingOrder, threads: [Thread], stamps: [Int64], next: inout [Int32], first: inout [Int32],
                      last: inout [Int32], bucket: inout [Int32]) {
        // Counted by a walk first: most positions hold fewer threads than either limit.
        let limit = min(width, budget)
        var count = 0
        var cursor = first[bucketIndex]
        while cursor >= 0, count <= limit {
            count += 1
            cursor = next[Int(cursor)]
        }
        guard count > limit else { return }
        collect(bucketIndex, next: next, first: first, into: &bucket)
        let total = bucket.count
        func ranksFirst(_ a: Int32, _ b: Int32) -> Bool {
            let (x, y) = (threads[Int(a)].score, threads[Int(b)].score)
            if x.isBetter(than: y, in: order) { return true }
            if y.isBetter(than: x, in: order) { return false }
            return stamps[Int(a)] < stamps[Int(b)]
        }
        if bucket.count > width {
            bucket.sort { a, b in
                let (x, y) = (threads[Int(a)].state, threads[Int(b)].state)
                return x != y ? x < y : ranksFirst(a, b)
            }
            var kept = 0
            var run = 0
            var previous: Int32 = -1
            for offset in bucket.indices {
                let id = bucket[offset]
                let state = threads[Int(id)].state
                run = state == previous ? run + 1 : 0
                previous = state
                if run < width {
                    bucket[kept] = id
                    kept += 1
                }
            }
            bucket.removeLast(bucket.count - kept)
        }
        if bucket.count > budget {
            bucket.sort(by: ranksFirst)
            bucket.removeLast(bucket.count - budget)
        }
        guard bucket.count < total else { return }
        let kept = bucket.count
        bucket.sort { stamps[Int($0)] < stamps[Int($1)] }
        first[bucketIndex] = bucket[0]
        for offset in 0..<(kept - 1) { next[Int(bucket[offset])] = bucket[offset + 1] }
        next[Int(bucket[kept - 1])] = -1
        last[bucketIndex] = bucket[kept - 1]
    }

    /// The row of the main automaton's `state` in the pass's table of free-text ends
    /// (``MatchWorkspace/continueEnds``), made on first use with nothing known.
    private mutating func continueRow(_ state: Int32) -> Int {
        let key = UInt64(UInt32(bitPattern: state))
        if let row = workspace.continues.find(key, matches: { _ in true }) { return Int(row) }
        let row = workspace.continueKnown.count
        workspace.continueEnds.append(contentsOf: repeatElement(0, count: continueWords))
        workspace.continueKnown.append(0..<0)
        workspace.continues.insert(key, Int32(row))
        return row
    }

    /// The words of a row of free-text ends: a bit per position.
    private var continueWords: Int { (input.count + 64) >> 6 }

    /// Makes the free-text ends of `row` (the main automaton's `state`) known over
    /// `from...through`: the word edges where ``canContinue(_:from:at:anywhere:)`` holds,
    /// each asked once per pass, state and position (wildcards from many starts end at the
    /// same words in the same states; in unspaced scripts, at every character).
    private mutating func learnContinues(_ automaton: Automaton, row: Int, state: Int32, from first: Int, through last: Int) {
        let known = workspace.continueKnown[row]
        // Inside a word only template text written onto the free text goes on
        // (``textFollows(_:from:at:)``): a state with none needs its word edges alone.
        let edgesOnly = !automaton.gluesText[Int(state)]
        let input = self.input
        func learn(_ positions: Range<Int>) {
            let base = row * continueWords
            for position in positions where (!edgesOnly || input.isBoundary[position])
                && canContinue(automaton, from: state, at: position, anywhere: false) {
                workspace.continueEnds[base + position >> 6] |= 1 << UInt64(position & 63)
            }
        }
        if known.isEmpty {
            learn(first..<(last + 1))
            workspace.continueKnown[row] = Int32(first)..<Int32(last + 1)
            return
        }
        if first < Int(known.lowerBound) { learn(first..<Int(known.lowerBound)) }
        if last >= Int(known.upperBound) { learn(Int(known.upperBound)..<(last + 1)) }
        workspace.continueKnown[row] = min(known.lowerBound, Int32(first))..<max(known.upperBound, Int32(last + 1))
    }

    /// The first free-text end of `row` in `from...through` (known there), or -1.
    private func nextContinue(row: Int, from first: Int, through last: Int) -> Int {
        guard first <= last else { return -1 }
        let base = row * continueWords
        var word = first >> 6
        var bits = workspace.continueEnds[base + word] & (~0 << UInt64(first & 63))
        while true {
            if bits != 0 {
                let position = word << 6 + bits.trailingZeroBitCount
                return position <= last ? position : -1
            }
            word += 1
            if word << 6 > last { return -1 }
            bits = workspace.continueEnds[base + word]
        }
    }

    /// Whether a thread in `state` at `position` could take any step there: accept, match
    /// a template word (exactly, or with edits where this run corrects words), fill a slot,
    /// or pass a skip word. A wildcard ends only where this holds; elsewhere its thread
    /// would die on its first expansion, after costing a capture and a thread. (In
    /// unspaced scripts every character is a word edge, so this is most of the wildcard
    /// ends there.)
    private mutating func canContinue(_ automaton: Automaton, from state: Int32, at position: Int, anywhere: Bool) -> Bool {
        if (anywhere || position == input.count), !automaton.acceptRange(state).isEmpty { return true }
        guard position < input.count else { return false }
        let isBoundary = input.isBoundary[position]
        if !isBoundary { return textFollows(automaton, from: state, at: position) }
        // A slot that can be filled here (what a list matches at a position is computed
        // once, and the thread would ask for it anyway).
        for slot in automaton.slotRange(state) {
            let transition = automaton.slots[slot]
            guard transition.target(atBoundary: isBoundary) >= 0 else { continue }
            let list = Int(grammar.slotLists[Int(transition.symbol)])
            if listMayStart(list, at: position), !matches(ofList: list, at: position).isEmpty { return true }
        }
        if !anywhere, isBoundary, !skipWordEnds(at: position).isEmpty { return true }
        for offset in exactPieces(at: position) {
            let piece = workspace.exactPieces.store[offset].piece
            if let transition = automaton.pieceTransition(state, piece), transition.target(atBoundary: isBoundary) >= 0 { return true }
        }
        if anywhere ? fuzziness.values : fuzziness.words, isBoundary {
            for (piece, _, _) in fuzzyPieces(at: position) {
                if let transition = automaton.pieceTransition(state, piece), transition.atBoundary >= 0 { return true }
            }
        }
        return false
    }

    /// Whether template text written onto the slot before it (`{name}timer`) goes on at
    /// `position`, inside a word: the only step that may follow free text ending there.
    private mutating func textFollows(_ automaton: Automaton, from state: Int32, at position: Int) -> Bool {
        guard position < input.count else { return false }
        for offset in exactPieces(at: position) {
            if let transition = automaton.pieceTransition(state, workspace.exactPieces.store[offset].piece), transition.glued >= 0 { return true }
        }
        return false
    }

    /// Whether the capture chain `head` ends with free text (a wildcard) ending at `position`.
    @inline(__always) private func endsFreeText(_ head: Int32, at position: Int) -> Bool {
        guard head >= 0 else { return false }
        let capture = workspace.arena.captures[Int(head)]
        return capture.kind == .wildcard && capture.end == Int32(position)
    }

    // MARK: Words

    /// The template words spelled by the input from `position`, as offsets in the
    /// workspace's `exactPieces.store`.
    private mutating func exactPieces(at position: Int) -> Range<Int> {
        if let known = workspace.exactPieces.entries(at: position) { return known }
        // (The grammar and the input are classes: one retain each, where copying the trie
        // and the scalars out of them retained every array they hold.)
        let (grammar, input) = (self.grammar, self.input)
        // Not across a space (``MatchInput/nextSpace``).
        let limit = Int(input.nextSpace[position])
        return workspace.exactPieces.computeEntries(at: position) { store in
            grammar.pieces.trie.prefixes(of: input.scalars, from: position) { piece, end in
                if end <= limit { store.append((piece, Int32(end))) }
            }
        }
    }

    /// The array at `slot`, emptied with its capacity kept, leaving an empty one there.
    @inline(__always)
    static func take<Element>(_ slot: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &slot)
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    /// The workspace at `slot`, leaving an empty one (which holds no storage) there.
    @inline(__always)
    static func take(_ slot: inout MatchWorkspace) -> MatchWorkspace {
        var taken = MatchWorkspace()
        swap(&taken, &slot)
        return taken
    }

    /// The template words within their edit budget of the rest of the unit from `position`,
    /// exact ones excluded: of all of it, or of a part of it followed by more of the word.
    /// A correction never spans two words; inside one it goes as far as the template goes
    /// on without a space, so a word spelled by several pieces written together
    /// (`konyhá(ban|ba)`, `{area}{name}`) is corrected piece by piece, each within its own
    /// budget. (A correction ending inside a word leads only to template text written onto
    /// it: the automaton has no other step there.)
    ///
    /// A piece starting inside a word is part of a longer one, and may take the edits of
    /// the whole word (``EditBudget/edits(forLetters:)`` of its length) beyond its own, less
    /// what the path has spent: "konyhábn" is `konyh(a[i]|ába[n]|át)` with one edit in its
    /// two-letter ending. (The path's edits stand for the word's: a bound, never more.)
    private mutating func fuzzyPieces(at position: Int) -> [(piece: Int32, end: Int32, edits: UInt8)] {
        if workspace.fuzzyKnown[position] { return workspace.fuzzyPieces[position] }
        var found = MatchRun.take(&workspace.fuzzyPieces[position])
        var unitEnd = position
        while unitEnd < input.count, unitEnd == position || !input.isBoundary[unitEnd] { unitEnd += 1 }
        let range = position..<unitEnd
        let word = input.isBoundary[position] ? 0 : wordBudget(around: position)
        // Only words whose length edits can bridge to some part of this one.
        let reach = max(word, min(grammar.pieces.maxBudget, EditBudget.largestEdits(forLength: range.count)))
        if reach > 0 {
            let pieces = grammar.pieces
            input.scalars.withUnsafeBufferPointer { scalars in
                let window = UnsafeBufferPointer(rebasing: scalars[range])
                // The same word with the same budget has the same corrections wherever it
                // stands (``CorrectionMemo``).
                if let known = workspace.corrections.find(window, budget: word) {
                    for index in known {
                        let correction = workspace.corrections.corrections[index]
                        found.append((correction.piece, Int32(position) + correction.column, correction.edits))
                    }
                    return
                }
                let first = found.count
                pieces.trie.fuzzyMatches(window, maxDistance: reach, minimumBudget: word, budget: { max(Int(pieces.budgets[Int($0)]), word) },
                                         accept: { _ in true }) { piece, column, distance in
                    if distance > 0 { found.append((piece, Int32(position + column), UInt8(distance))) }
                }
                workspace.corrections.insert(window, budget: word, found[first...].lazy.map { ($0.piece, $0.end - Int32(position), $0.edits) })
            }
        }
        workspace.fuzzyPieces[position] = found
        workspace.fuzzyKnown[position] = true
        return found
    }

    /// The edit budget of the word (unit) that `position` lies in.
    private func wordBudget(around position: Int) -> Int {
        var start = position, end = position
        while start > 0, !input.isBoundary[start] { start -= 1 }
        while end < input.count, end == position || !input.isBoundary[end] { end += 1 }
        return EditBudget.edits(forLetters: end - start)
    }

    /// Where the skip words starting at `position` end, as offsets in the workspace's
    /// `skipEnds.store`.
    private mutating func skipWordEnds(at position: Int) -> Range<Int> {
        if let known = workspace.skipEnds.entries(at: position) { return known }
        let (grammar, input) = (self.grammar, self.input)
        // No skip word or unit sign starts with the scalar here: nothing to walk or to keep.
        if position < input.count, !grammar.skipWordStarts.mayContain(input.scalars[position]),
           !MatchInput.isUnitSign(input.scalars[position]) { return 0..<0 }
        return workspace.skipEnds.computeEntries(at: position) { store in
            let start = store.count
            grammar.skipWords.matches(in: input.scalars, isBoundary: input.isBoundary, from: position) { _, end in
                if input.isBoundary[end], !store[start...].contains(Int32(end)) { store.append(Int32(end)) }
            }
            // A unit sign (``MatchInput/isUnitSign(_:)``) may be passed over like a skip word.
            if position < input.count, input.unitStarting[position] >= 0, MatchInput.isUnitSign(input.scalars[position]),
               input.isBoundary[position + 1], !store[start...].contains(Int32(position + 1)) {
                store.append(Int32(position + 1))
            }
        }
    }

    // MARK: Lists

    /// Whether list `list` may match at `position`: false when no value of it begins with
    /// the scalar there (``CompiledGrammar/listStarts``), as written; always true where this
    /// run corrects values (a correction may change the first letter).
    @inline(__always)
    private func listMayStart(_ list: Int, at position: Int) -> Bool {
        guard !fuzziness.values, position < input.count else { return true }
        let filter = grammar.listStarts[list] ?? external.firstScalars(forList: list, named: grammar.lists[list].name)
        return filter.mayContain(input.scalars[position])
    }

    /// What a list matches at `position`, computed once per list and position: a range of
    /// the workspace's `listStore` (a range, not a slice: a slice holds a reference).
    private mutating func matches(ofList list: Int, at position: Int) -> Range<Int> {
        let key = list * (input.count + 1) + position
        if let range = workspace.listRange(key) { return range }
        var begin = workspace.listStore.count
        let compiled = grammar.lists[list]
        switch compiled.kind {
        case .values(let valueList):
            // Most lists cannot start at most positions: without corrections, a value's
            // first step is a word spelled here or a slot, so when the start state has no
            // slot and none of the words here, the simulation is not needed (in unspaced
            // scripts every character is a position, and lists are asked at each).
            if !fuzziness.values, valueList.automaton.slotRange(Automaton.start).isEmpty,
               !exactPieces(at: position).contains(where: { valueList.automaton.pieceTransition(Automaton.start, workspace.exactPieces.store[$0].piece) != nil }) {
                break
            }
            let completions = simulate(valueList.automaton, from: position, anywhere: true)
            begin = workspace.listStore.count  // after what the values' own lists matched
            for completion in completions where completion.end > position {
                let match = ListMatch(end: Int32(completion.end), kind: .exact, value: completion.accept, number: 0,
                                      edits: UInt8(clamping: completion.score.edits), nested: completion.captures)
                // The same value over the same span by another path: keep the fewer edits.
                if let existing = workspace.listStore[begin...].firstIndex(where: { $0.end == match.end && $0.value == match.value }) {
                    if match.edits < workspace.listStore[existing].edits { workspace.listStore[existing] = match }
                } else {
                    workspace.listStore.append(match)
                }
            }
        case .external:
            if let values = external.values(forList: list, named: compiled.name) { appendExternalMatches(values, at: position) }
        case .range(let rangeList):
            if rangeList.range.digits, let digits = digits(at: position) {
                // hassil reads a decimal only where the range has fractions.
                let (end, number) = rangeList.range.fractions != nil ? (digits.end, digits.value) : (digits.integerEnd, digits.integerValue)
                if let value = rangeList.range.accepts(number, spelledOut: false) {
                    workspace.listStore.append(ListMatch(end: Int32(end), kind: .number, value: 0, number: value, edits: 0, nested: -1))
                }
            }
            if rangeList.range.words {
                rangeList.spelledNumbers(in: input, at: position) { number, end in
                    guard let value = rangeList.range.accepts(number, spelledOut: true) else { return }
                    workspace.listStore.append(ListMatch(end: Int32(end), kind: .number, value: 0, number: value, edits: 0, nested: -1))
                }
                if let reader = rangeList.spelled.reader, input.isBoundary[position] {
                    for number in numbersInWords(reader)[position] ?? [] {
                        guard let value = rangeList.range.accepts(number.value, spelledOut: true) else { continue }
                        workspace.listStore.append(ListMatch(end: Int32(number.end), kind: .number, value: 0, number: value, edits: 0, nested: -1))
                    }
                }
            }
        case .wildcard:
            // Values the caller found here, then (unless the list is closed) free text.
            for index in found.entries(at: position) {
                let value = found.entry(index)
                guard value.list == list else { continue }
                workspace.listStore.append(ListMatch(end: value.end, kind: value.edits > 0 ? .fuzzy : .exact, value: value.index, number: 0,
                                                     edits: value.edits, nested: -1, group: value.group))
            }
            // A wildcard starts and ends where the template lets it: at a word edge, or inside
            // a word where the template joins it to text without a space (`[ال]{name}`
            // reads "البيتزا", `{name}timer` reads "pizzatimer"); the automaton's boundary
            // and inside transitions say which. (After the found values and in the order of
            // their ends: the simulation stops at the first one past ``maxUnexplained``.)
            guard !found.isClosed(list) else { break }
            // Free text that counts as explained is an exact match of no value (-1): only a
            // bound's simulation asks for it, and builds no hypothesis from it. Free text
            // ends at every later word edge: one entry says so (a list per end was most of
            // this function's time in unspaced scripts, where most readers want only the first).
            let explained = found.isExplained(list)
            workspace.listStore.append(ListMatch(end: ListMatch.anyWordEdge, kind: explained ? .exact : .wildcard, value: explained ? -1 : 0,
                                                 number: 0, edits: 0, nested: -1))
        }
        let range = begin..<workspace.listStore.count
        workspace.setListRange(key, range)
        return range
    }

    /// Appends to the workspace's list store what the external list `values` matches at
    /// `position`: the values spelled there exactly (straight into the store: most positions
    /// match one value or none, and an array and a set per position were most of this), then,
    /// where this run corrects values, those within their budget.
    private mutating func appendExternalMatches(_ values: PreparedValues, at position: Int) {
        let begin = workspace.listStore.count
        let (scalars, isBoundary) = (input.scalars, input.isBoundary)
        values.trie.matches(in: scalars, isBoundary: isBoundary, from: position) { value, end in
            guard end > position else { return }
            workspace.listStore.append(ListMatch(end: Int32(end), kind: .exact, value: value, number: 0, edits: 0, nested: -1))
        }
        let exactEnd = workspace.listStore.count
        let corrects = fuzziness.values && values.maxBudget > 0
        // The exact matches, by end and value (before the preference drops any): no
        // correction may find them again.
        var exact: Set<Int64> = []
        if corrects { for match in workspace.listStore[begin..<exactEnd] { exact.insert(Int64(match.end) << 32 | Int64(match.value)) } }
        if exactEnd - begin > 1 {
            let preferred = preferringSurface(Array(workspace.listStore[begin..<exactEnd]), values, at: position)
            workspace.listStore.replaceSubrange(begin..<exactEnd, with: preferred)
        }
        guard corrects else { return }
        workspace.listStore += correctedExternalMatches(values, at: position, exact: exact)
    }

    /// The values of an external list within their edit budget of the text at `position`,
    /// other than `exact` (end << 32 | value).
    private func correctedExternalMatches(_ values: PreparedValues, at position: Int, exact: Set<Int64>) -> [ListMatch] {
        // Corrected values start where exact ones may: at a word's start, or inside a word
        // where template text is written onto them (`ال{name}`); the automaton asks only there.
        let width = min(input.count - position, values.trie.longestKey + values.maxBudget)
        guard width > 0 else { return [] }
        var fuzzyFound: [Int64: UInt8] = [:]
        input.scalars.withUnsafeBufferPointer { scalars in
            let window = UnsafeBufferPointer(rebasing: scalars[position..<(position + width)])
            // A corrected value may end inside a word, as an exact one may ("Hadnyakku" for
            // `{name}[ ]akku`): what follows in the template decides.
            values.trie.fuzzyMatches(window, maxDistance: values.maxBudget, budget: { Int(values.budgets[Int($0)]) },
                                     accept: { _ in true }) { value, column, distance in
                let key = Int64(position + column) << 32 | Int64(value)
                guard !exact.contains(key), !correctsDigits(values.keys[Int(value)], position..<(position + column)) else { return }
                // Letters equal but boundaries not: still a correction.
                let edits = UInt8(max(distance, 1))
                if let known = fuzzyFound[key], known <= edits { return }
                fuzzyFound[key] = edits
            }
        }
        var corrected: [ListMatch] = []
        for (key, edits) in fuzzyFound.sorted(by: { $0.key < $1.key }) {
            corrected.append(ListMatch(end: Int32(key >> 32), kind: .fuzzy, value: Int32(truncatingIfNeeded: key), number: 0, edits: edits, nested: -1))
        }
        return closestSurfaces(corrected, values, at: position)
    }

    /// Whether a correction would take digits for letters: digits in the span the value
    /// lacks, or a span ending between two digits ("lampe de cheve 50%" is not "lampe de
    /// chevet" with "5" for "t" and 0%).
    private func correctsDigits(_ key: [UInt32], _ span: Range<Int>) -> Bool {
        let scalars = input.scalars
        if span.upperBound < scalars.count, MatchRun.digitValue(scalars[span.upperBound]) != nil,
           MatchRun.digitValue(scalars[span.upperBound - 1]) != nil { return true }
        let spanDigits = span.filter { MatchRun.digitValue(scalars[$0]) != nil }.count
        return spanDigits > key.filter { MatchRun.digitValue($0) != nil }.count
    }

    /// Of corrected values with equal keys over the same span, those whose spelling
    /// (apostrophes kept) is closest to what was said: "tradef joes" is "Trader Joes", not
    /// "Trader Joe's".
    private func closestSurfaces(_ matches: [ListMatch], _ values: PreparedValues, at position: Int) -> [ListMatch] {
        var result: [ListMatch] = []
        var groups: [[UInt32]: [ListMatch]] = [:]
        var order: [[UInt32]] = []
        for match in matches {
            let group = values.keys[Int(match.value)] + [UInt32.max, UInt32(match.end)]
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(match)
        }
        for group in order {
            let members = groups[group]!
            guard members.count > 1 else {
                result += members
                continue
            }
            let said = Array(grammar.tokenizer.normalizer.normalize(input.text(position..<Int(members[0].end))).unicodeScalars.map(\.value))
            let distances = members.map { EditDistance.optimalStringAlignment(Array(values.surfaces[Int($0.value)].unicodeScalars.map(\.value)), said) }
            let best = distances.min()!
            result += zip(members, distances).filter { $0.1 == best }.map(\.0)
        }
        return result
    }

    /// Of values with equal keys matching the same span, those written as said (the
    /// apostrophe the key drops included), when any is.
    private func preferringSurface(_ matches: [ListMatch], _ values: PreparedValues, at position: Int) -> [ListMatch] {
        var result: [ListMatch] = []
        for end in Set(matches.map(\.end)).sorted() {
            let group = matches.filter { $0.end == end }
            guard group.count > 1 else {
                result += group
                continue
            }
            let said = grammar.tokenizer.normalizer.normalize(input.text(position..<Int(end)))
            let same = group.filter { values.surfaces[Int($0.value)] == said }
            result += same.isEmpty ? group : same
        }
        return result
    }

    // MARK: Numbers

    /// A number in digits starting at `position`: its integer part, and the decimal when a
    /// separator (either, as hassil reads them) and digits follow.
    /// The numbers in words above ``SpelledNumbers/spelledLimit`` that `reader` reads in the
    /// utterance, by the position where each starts; read once per utterance and language of
    /// number words (a reader reads its language's, whichever reader of it asks).
    private mutating func numbersInWords(_ reader: NumberReader) -> [Int: [(end: Int, value: Double)]] {
        let key = reader.language
        if let known = workspace.readNumbers[key] { return known }
        var byStart: [Int: [(end: Int, value: Double)]] = [:]
        let limit = Double(SpelledNumbers.spelledLimit)
        // The grammar's tokenization is the reader's when both tokenizers are the language's
        // (a tokenizer is its language's) and no apostrophe was read as a space: then the
        // utterance is not rebuilt and tokenized again, which was half this call.
        let numbers = input.tokenized.language == reader.language && !input.utterance.contains(where: Normalizer.isApostrophe)
            ? reader.numbers(in: input.tokenized)
            : reader.numbers(in: String(String.UnicodeScalarView(input.utterance)))
        if numbers.contains(where: { $0.isSpelledOut && $0.value > limit }) {
            // Utterance offsets → positions: a number must start and end at unit edges.
            var startAt: [Int32: Int] = [:], endAt: [Int32: Int] = [:]
            for position in 0..<input.count where input.isBoundary[position] { startAt[input.origin[position].start] = startAt[input.origin[position].start] ?? position }
            for position in 1...max(1, input.count) where position <= input.count && input.isBoundary[position] { endAt[input.origin[position - 1].end] = position }
            for number in numbers where number.isSpelledOut && number.value > limit && (number.kind == .cardinal || number.kind == .decimal) {
                guard let start = startAt[Int32(number.scalarRange.lowerBound)], let end = endAt[Int32(number.scalarRange.upperBound)], end > start else { continue }
                byStart[start, default: []].append((end, number.value))
            }
        }
        workspace.readNumbers[key] = byStart
        return byStart
    }

    private mutating func digits(at position: Int) -> DigitReading? {
        if let cached = workspace.digits[position] { return cached.integerEnd > position ? cached : nil }
        var reading = DigitReading(integerEnd: position, integerValue: 0, end: position, value: 0)
        var cursor = position
        // Digits written together only: "1/2" and "5 10" are two numbers, not 12 and 510,
        // as hassil reads digits in the text.
        while cursor < input.count, cursor == position || input.isAdjacent(cursor), let digit = MatchRun.digitValue(input.scalars[cursor]) {
            reading.integerValue = reading.integerValue * 10 + Double(digit)
            cursor += 1
        }
        reading.integerEnd = cursor
        reading.end = cursor
        reading.value = reading.integerValue
        if cursor > position, cursor + 1 < input.count, input.isAdjacent(cursor), input.scalars[cursor] == 0x2E || input.scalars[cursor] == 0x2C,
           MatchRun.digitValue(input.scalars[cursor + 1]) != nil {
            var fraction = 0.0
            var scale = 1.0
            cursor += 1
            while cursor < input.count, input.isAdjacent(cursor), let digit = MatchRun.digitValue(input.scalars[cursor]) {
                scale /= 10
                fraction += Double(digit) * scale
                cursor += 1
            }
            reading.end = cursor
            reading.value = reading.integerValue + fraction
        }
        workspace.digits[position] = reading
        return reading.integerEnd > position ? reading : nil
    }

    /// The value of a decimal digit of any script ("5", "٥", "５" after normalization).
    static func digitValue(_ scalar: UInt32) -> Int? {
        if scalar >= 0x30, scalar <= 0x39 { return Int(scalar - 0x30) }
        guard scalar >= 0x80, let value = Unicode.Scalar(scalar), value.properties.numericType == .decimal,
              let number = value.properties.numericValue else { return nil }
        return Int(number)
    }
}

/// How a thread of the main simulation was reached: what its last step consumed.
struct TraceStep {
    enum Kind: UInt8 {
        case start, word, slot, skip
    }

    var kind: Kind
    /// The piece (a word) or slot symbol; -1 for skip words and the start.
    var symbol: Int32
    /// The input range consumed (positions in ``MatchInput/scalars``).
    var start: Int32
    var end: Int32
    var edits: UInt8
    /// The slot's capture in the arena (its head, nested captures before it).
    var capture: Int32
}

/// The main simulation's threads, recorded for explanations: each thread's last step,
/// predecessor, state, position and score, by thread id.
struct MatchTrace {
    var steps: [TraceStep] = []
    var parents: [Int32] = []
    var states: [Int32] = []
    var positions: [Int32] = []
    var scores: [MatchRun.Score] = []

    /// The steps from the start to `thread`, in order (the start itself left out).
    func path(to thread: Int32) -> [TraceStep] {
        var result: [TraceStep] = []
        var current = thread
        while current >= 0 {
            if steps[Int(current)].kind != .start { result.append(steps[Int(current)]) }
            current = parents[Int(current)]
        }
        return result.reversed()
    }
}

/// A number in digits: its integer part and, when written, its decimal.
struct DigitReading {
    var integerEnd: Int
    var integerValue: Double
    var end: Int
    var value: Double
}

/// What a list matched at a position.
struct ListMatch {
    /// Where the match ends, or ``anyWordEdge``.
    var end: Int32
    var kind: Capture.Kind
    /// The value's index in its list (values and external lists).
    var value: Int32
    /// The number (range lists), before the multiplier.
    var number: Double
    var edits: UInt8
    /// Slots filled inside the value's own template: the head of their chain in the pass's
    /// ``CaptureArena`` (-1 for none).
    var nested: Int32
    /// The found value's group (see ``FoundValues/Value/group``); -1 for none.
    var group: Int32 = -1

    /// The ``end`` of free text: every later word edge, in order (free text comes after a
    /// list's other matches).
    static let anyWordEdge: Int32 = -1
}

extension NumberRange {
    /// The slot value for `number` when the range holds it: the number times the
    /// multiplier; nil when the number is outside the range, off its steps, a fraction the
    /// range does not allow, or written in a way the range excludes (digits or words).
    func accepts(_ number: Double, spelledOut: Bool) -> Double? {
        guard spelledOut ? words : digits else { return nil }
        let integer = number.rounded(.down)
        let fraction = number - integer
        guard integer >= Double(lowerBound), integer <= Double(upperBound) else { return nil }
        guard Int(integer - Double(lowerBound)) % step == 0 else { return nil }
        if fraction != 0 {
            guard let parts = fractions?.parts, parts.contains(where: { abs($0 - fraction) < 1e-9 })
            else { return nil }
        }
        return number * (multiplier ?? 1)
    }
}

/// A filled slot on a thread's path, in a persistent list: each capture points to the one
/// before it, so threads that share a prefix share its captures.
struct Capture: Hashable {
    enum Kind: UInt8 {
        case exact, fuzzy, number, wildcard
    }

    var parent: Int32
    /// The slot symbol (``SlotSymbol``) by id.
    var symbol: Int32
    var kind: Kind
    var value: Int32
    var number: Double
    var start: Int32
    var end: Int32
    var edits: UInt8
}

extension UInt8 {
    /// The count with `more` added, held at 255: a path may pass more skip words (or take
    /// more wildcards or edits) than a byte counts; such paths tie on that count rather
    /// than trap (300 skip words crashed `grammar match`).
    @inline(__always)
    func counting(_ more: UInt8) -> UInt8 {
        let (sum, overflow) = addingReportingOverflow(more)
        return overflow ? .max : sum
    }
}

/// Captures of one matching, hash-consed: the same capture on the same parent is one
/// entry, so threads with equal captures have equal heads and merge.
struct CaptureArena {
    private(set) var captures: [Capture] = []
    private var ids = ProbeTable()

    mutating func append(_ capture: Capture, parent: Int32) -> Int32 {
        var capture = capture
        capture.parent = parent
        var fingerprint = UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(UInt32(bitPattern: capture.symbol))
        fingerprint = (fingerprint &* 0x100_0000_01B3) ^ (UInt64(UInt32(bitPattern: capture.start)) << 32 | UInt64(UInt32(bitPattern: capture.end)))
        fingerprint = (fingerprint &* 0x100_0000_01B3) ^ UInt64(UInt32(bitPattern: capture.value)) ^ capture.number.bitPattern
        if let found = ids.find(fingerprint, matches: { captures[Int($0)] == capture }) { return found }
        captures.append(capture)
        ids.insert(fingerprint, Int32(captures.count - 1))
        return Int32(captures.count - 1)
    }

    /// The captures of the chain ending at `head`, appended in order onto `parent`; the new
    /// head.
    mutating func append(chain head: Int32, onto parent: Int32) -> Int32 {
        guard head >= 0 else { return parent }
        let capture = captures[Int(head)]
        return append(capture, parent: append(chain: capture.parent, onto: parent))
    }

    /// Forgets every capture, keeping the capacity.
    mutating func removeAll() {
        captures.removeAll(keepingCapacity: true)
        ids.removeAll()
    }

    /// The captures from the root to `head`, in order.
    func chain(_ head: Int32) -> [Capture] {
        var result: [Capture] = []
        var current = head
        while current >= 0 {
            result.append(captures[Int(current)])
            current = captures[Int(current)].parent
        }
        return result.reversed()
    }
}
