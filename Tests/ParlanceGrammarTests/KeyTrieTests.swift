import ParlanceTestSupport
import Testing
@testable import ParlanceGrammar

/// The trie walks against their definitions: exact walks against a scan of every key, the
/// fuzzy walk against the full optimal-string-alignment table over every key and prefix
/// (exhaustively on a small alphabet, then on seeded random keys).
struct KeyTrieTests {
    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    /// Seeded random keys: `count` of them, each of `length` scalars drawn from `alphabet`
    /// (the count first, then each key's length and scalars, in that order).
    static func randomKeys(_ random: inout SeededGenerator, alphabet: [UInt32], count: ClosedRange<Int>, length: ClosedRange<Int>) -> [[UInt32]] {
        (0..<(count.lowerBound + random.next(below: count.count))).map { _ in
            (0..<(length.lowerBound + random.next(below: length.count))).map { _ in alphabet[random.next(below: alphabet.count)] }
        }
    }

    @Test func prefixesFindEveryKeyThatStartsTheInput() {
        let keys = ["turn", "turnon", "tu", "on", "t"].map(Self.scalars)
        let trie = KeyTrie(keys: keys)
        var found: [(Int32, Int)] = []
        trie.prefixes(of: Self.scalars("turnon"), from: 0) { found.append(($0, $1)) }
        #expect(found.map(\.0) == [4, 2, 0, 1])
        #expect(found.map(\.1) == [1, 2, 4, 6])
        found = []
        trie.prefixes(of: Self.scalars("turnon"), from: 4) { found.append(($0, $1)) }
        #expect(found.map(\.0) == [3])
    }

    @Test func boundaryMarksNeedABoundaryAndConsumeNothing() {
        // "kitchen light" as a key; the input "kitchenlight" has no boundary inside.
        let trie = KeyTrie(keys: [Self.scalars("kitchen light"), Self.scalars("kitchen")])
        let input = Self.scalars("kitchenlight")
        var boundaries = [Bool](repeating: false, count: input.count + 1)
        boundaries[0] = true
        boundaries[input.count] = true
        var found: [(Int32, Int)] = []
        trie.matches(in: input, isBoundary: boundaries, from: 0) { found.append(($0, $1)) }
        #expect(found.map(\.0) == [1])
        boundaries[7] = true
        found = []
        trie.matches(in: input, isBoundary: boundaries, from: 0) { found.append(($0, $1)) }
        #expect(found.map(\.0) == [1, 0])
        #expect(found.map(\.1) == [7, 12])
    }

    /// The first scalars a trie reports are a filter the matcher skips walks by: it must
    /// say yes to the first scalar of every key (after a leading boundary mark), whatever the
    /// script; on seeded random keys over Latin, Cyrillic, Han, Arabic and digits.
    @Test func firstScalarsAcceptEveryKeysFirstScalar() {
        var random = SeededGenerator(seed: 23)
        let alphabet = Self.scalars("aZé ж東ال٣5\u{1F600}")
        for _ in 0..<300 {
            let keys = Self.randomKeys(&random, alphabet: alphabet, count: 0...29, length: 0...4)
            let filter = KeyTrie(keys: keys).firstScalars
            for key in keys {
                guard let first = key.first(where: { $0 != KeyTrie.boundary }) else { continue }
                #expect(filter.mayContain(first), "\(keys): \(first)")
            }
        }
        // And no to what no key starts with, here where nothing shares a filter bit.
        let filter = KeyTrie(keys: [Self.scalars("kitchen"), Self.scalars(" porch")]).firstScalars
        #expect(filter.mayContain(0x6B) && filter.mayContain(0x70))
        #expect(!filter.mayContain(0x74) && !filter.mayContain(0x4B))
    }

    @Test func emptyKeysAreIgnoredAndPayloadsShared() {
        let trie = KeyTrie(keys: [[], Self.scalars("ab"), Self.scalars("ab")])
        var found: [Int32] = []
        trie.prefixes(of: Self.scalars("ab"), from: 0) { payload, _ in found.append(payload) }
        #expect(found == [1, 2])
        #expect(trie.longestKey == 2)
    }

    /// The layout the walks assume, on seeded random keys with repeats: children after
    /// their parent, consecutive, sorted by label, in breadth-first order; and every key
    /// there once, with the payloads of its copies in their order.
    @Test func everyKeyLaidOutBreadthFirstWithItsPayloads() {
        var random = SeededGenerator(seed: 11)
        let alphabet = Self.scalars("abcü ")
        for _ in 0..<200 {
            let keys = Self.randomKeys(&random, alphabet: alphabet, count: 0...39, length: 0...6)
            let trie = KeyTrie(keys: keys, payload: { Int32($0 * 3) })
            var expected: [[UInt32]: [Int32]] = [:]
            for (index, key) in keys.enumerated() where !key.isEmpty { expected[key, default: []].append(Int32(index * 3)) }
            var found: [[UInt32]: [Int32]] = [:]
            trie.forEachKey { key, payloads in
                #expect(found[key] == nil, "key \(key) twice")
                found[key] = Array(payloads)
            }
            #expect(found == expected, "keys \(keys)")
            #expect(trie.longestKey == keys.map(\.count).max() ?? 0)
            var nextChild: Int32 = 1
            for (index, node) in trie.nodes.enumerated() {
                #expect(node.firstChild == nextChild && node.firstChild > Int32(index), "keys \(keys)")
                nextChild += node.childCount
                let labels = trie.labels[Int(node.firstChild)..<Int(node.firstChild + node.childCount)]
                #expect(zip(labels, labels.dropFirst()).allSatisfy { $0 < $1 }, "keys \(keys)")
            }
            #expect(Int(nextChild) == trie.nodes.count)
        }
    }

    /// Every (key, column, distance) the fuzzy walk reports, against the table.
    static func check(keys: [[UInt32]], input: [UInt32], maxDistance: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let trie = KeyTrie(keys: keys)
        var fast: Set<[Int]> = []
        input.withUnsafeBufferPointer { buffer in
            trie.fuzzyMatches(buffer, maxDistance: maxDistance, budget: { _ in maxDistance }, accept: { _ in true }) { key, column, distance in
                fast.insert([Int(key), column, distance])
            }
        }
        var reference: Set<[Int]> = []
        for (index, key) in keys.enumerated() where !key.isEmpty {
            let letters = key.filter { $0 != KeyTrie.boundary }
            for column in 1...max(input.count, 1) where column <= input.count {
                let distance = EditDistance.optimalStringAlignment(letters, Array(input[0..<column]))
                if distance <= maxDistance { reference.insert([index, column, distance]) }
            }
        }
        #expect(fast == reference, "keys \(keys) input \(input)", sourceLocation: sourceLocation)
    }

    @Test func fuzzyWalkAgreesWithTheTableExhaustively() {
        // Every key and input over {a, b, c} up to length 4, budgets 1 and 2.
        let alphabet: [UInt32] = [97, 98, 99]
        var words: [[UInt32]] = [[]]
        var frontier: [[UInt32]] = [[]]
        for _ in 1...4 {
            frontier = frontier.flatMap { word in alphabet.map { word + [$0] } }
            words += frontier
        }
        let keys = Array(words.dropFirst())  // 120 keys sharing prefixes
        for input in words where !input.isEmpty && input.count <= 4 {
            Self.check(keys: keys, input: input, maxDistance: 1)
            Self.check(keys: keys, input: input, maxDistance: 2)
        }
    }

    @Test func fuzzyWalkAgreesWithTheTableOnRandomKeys() {
        var random = SeededGenerator(seed: 42)
        let alphabet = Self.scalars("abcdeé ")
        for _ in 0..<200 {
            let keys = Self.randomKeys(&random, alphabet: alphabet, count: 1...12, length: 1...9).filter { $0.first != KeyTrie.boundary }
            let input = (0..<(1 + random.next(below: 10))).map { _ in alphabet[random.next(below: alphabet.count - 1)] }
            Self.check(keys: keys, input: input, maxDistance: 1 + random.next(below: 2))
        }
    }

    /// With budgets by length recorded in the trie (`assignBudgets`), the pruned walk still
    /// reports every (key, column, distance) within each key's own budget, and the
    /// whole-word reach (`largestEdits(forLength:)`) loses none of the corrections.
    @Test func budgetPrunedWalkFindsWhatEachKeyAffords() {
        var random = SeededGenerator(seed: 7)
        let alphabet = Self.scalars("abcdé ")
        for _ in 0..<300 {
            let keys = Self.randomKeys(&random, alphabet: alphabet, count: 1...16, length: 1...11)
                .filter { $0.first != KeyTrie.boundary && $0.last != KeyTrie.boundary }
            let budgets = keys.map { EditBudget.edits(forLetters: $0.letterCount) }
            var trie = KeyTrie(keys: keys)
            trie.assignBudgets { budgets[Int($0)] }
            let input = (0..<(1 + random.next(below: 11))).map { _ in alphabet[random.next(below: alphabet.count - 1)] }
            var fast: Set<[Int]> = []
            var whole: Set<[Int]> = []
            input.withUnsafeBufferPointer { buffer in
                trie.fuzzyMatches(buffer, maxDistance: 2, budget: { budgets[Int($0)] }, accept: { _ in true }) { key, column, distance in
                    fast.insert([Int(key), column, distance])
                }
                let reach = EditBudget.largestEdits(forLength: input.count)
                if reach > 0 {
                    trie.fuzzyMatches(buffer, maxDistance: reach, budget: { budgets[Int($0)] }, accept: { $0 == input.count }) { key, column, distance in
                        whole.insert([Int(key), column, distance])
                    }
                }
            }
            var reference: Set<[Int]> = []
            for (index, key) in keys.enumerated() where !key.isEmpty {
                let letters = key.filter { $0 != KeyTrie.boundary }
                for column in 1...input.count {
                    let distance = EditDistance.optimalStringAlignment(letters, Array(input[0..<column]))
                    if distance <= budgets[index] { reference.insert([index, column, distance]) }
                }
            }
            #expect(fast == reference, "keys \(keys) input \(input)")
            // Corrections only (exact words are found exactly): distance ≥ 1.
            #expect(whole.filter { $0[2] > 0 } == reference.filter { $0[1] == input.count && $0[2] > 0 }, "keys \(keys) input \(input)")
        }
    }

    @Test func transpositionsCostOneEdit() {
        #expect(EditDistance.optimalStringAlignment(Self.scalars("light"), Self.scalars("lihgt")) == 1)
        #expect(EditDistance.optimalStringAlignment(Self.scalars("kitchen"), Self.scalars("kitchn")) == 1)
        #expect(EditDistance.optimalStringAlignment(Self.scalars("ca"), Self.scalars("abc")) == 3)  // OSA, not Damerau
    }

    @Test func budgetsFollowTheLetterCount() {
        #expect(EditBudget.edits(forLetters: 3) == 0)
        #expect(EditBudget.edits(forLetters: 4) == 1)
        #expect(EditBudget.edits(forLetters: 7) == 1)
        #expect(EditBudget.edits(forLetters: 8) == 2)
        #expect(Self.scalars("tv light").letterCount == 7)
        #expect((0...2).map(EditBudget.largestEdits(forLength:)) == [0, 0, 0])
        #expect((3...5).map(EditBudget.largestEdits(forLength:)) == [1, 1, 1])
        #expect((6...12).map(EditBudget.largestEdits(forLength:)) == [2, 2, 2, 2, 2, 2, 2])
    }
}
