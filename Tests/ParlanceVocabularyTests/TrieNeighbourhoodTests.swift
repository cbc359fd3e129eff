import ParlanceTestSupport
import Testing
@testable import ParlanceVocabulary

/// A walk started from the one-edit neighbourhood of a depth must accept exactly what the
/// walk from the root accepts, whenever the caps and finals allow it (``TrieNeighbourhood``).
struct TrieNeighbourhoodTests {
    /// Records what a walk accepts: every key with its automaton row.
    final class Accepted {
        var entries: [String] = []
    }

    struct RecordingSink: TrieWalkSink {
        let accepted: Accepted
        mutating func accept(keys: UnsafeBufferPointer<UInt32>, state: OSAState<UInt32>) {
            for key in keys {
                accepted.entries.append("\(key) at \(state.depth): \(state.c0) \(state.c1) \(state.c2) \(state.c3) \(state.c4)")
            }
        }
    }

    /// Random keys over three labels (repeats and swaps are what deletion variants get
    /// wrong), random queries over four, random caps and finals within the guarantees.
    @Test(arguments: [2, 12])
    func seededWalksAcceptWhatRootWalksAccept(jumpFanOut: Int) {
        var generator = SeededGenerator(seed: 4242 &+ UInt64(jumpFanOut))
        var pool: [UInt32] = [], keys: [RawKey] = []
        for item in 0..<400 {
            let length = Int.random(in: 1...9, using: &generator)
            keys.append(RawKey(start: UInt32(pool.count), length: UInt32(length), item: UInt32(item), variant: 0))
            for _ in 0..<length { pool.append(UInt32.random(in: 1...3, using: &generator)) }
        }
        let core = IndexCore<UInt32>(rawPool: pool, keys: keys, ranks: keys.map { $0.item }, alphabet: nil,
                                     jumpFanOut: jumpFanOut)
        let trie = RadixTrieView(core.backward, pool: core.pool.base)
        let padding = CappedOSAAutomaton<UInt32>.padding
        let seen = ScratchTable(capacity: 16)
        defer { seen.deallocate() }
        var seededWalks = 0
        for neighbourhood in core.backwardNeighbourhoods {
            let depth = neighbourhood.depth
            for _ in 0..<300 {
                let length = Int.random(in: (depth + 2)...12, using: &generator)
                var query = [UInt32](repeating: UInt32.padding, count: length + 2 * padding + 8)
                var limits = [UInt8](repeating: 0, count: query.count)
                var finals = [UInt8](repeating: 0, count: query.count)
                for column in 0..<length { query[padding + column] = UInt32.random(in: 1...4, using: &generator) }
                for column in 0...length {
                    // Cap 1 at column 0, at most 1 up to depth + 2, anything after.
                    let cap = column == 0 ? 1 : Int.random(in: 0...(column <= depth + 2 ? 1 : 2), using: &generator)
                    limits[padding + column] = UInt8(cap + 1)
                    if column > depth + 1, Int.random(in: 0..<3, using: &generator) == 0 { finals[padding + column] = 1 }
                }
                let fromRoot = Accepted(), seeded = Accepted()
                query.withUnsafeBufferPointer { query in
                    limits.withUnsafeBufferPointer { limits in
                        finals.withUnsafeBufferPointer { finals in
                            let automaton = CappedOSAAutomaton<UInt32>(query: query.baseAddress!, limits: limits.baseAddress!,
                                                                       finals: finals.baseAddress!)
                            var walk = TrieWalk(trie: trie, automaton: automaton, sink: RecordingSink(accepted: fromRoot),
                                                jumpFanOut: jumpFanOut)
                            walk.run()
                            var seededWalk = TrieWalk(trie: trie, automaton: automaton, sink: RecordingSink(accepted: seeded),
                                                      jumpFanOut: jumpFanOut)
                            seededWalk.run(from: neighbourhood, query: query.baseAddress! + padding, seen: seen)
                        }
                    }
                }
                if !fromRoot.entries.isEmpty { seededWalks += 1 }
                #expect(fromRoot.entries.sorted() == seeded.entries.sorted(),
                        "depth \(depth) query \(query[padding..<(padding + length)]) limits \(limits[padding...(padding + length)])")
            }
        }
        // The test means something only if the walks accept keys.
        #expect(seededWalks > 50)
    }
}
