import ParlanceTestSupport
@testable import ParlanceVocabulary
import Testing

/// The span search walks with ``BitParallelOSAAutomaton`` where a query fits a word and
/// with ``CappedOSAAutomaton`` elsewhere; a walk follows the paths its automaton's answers
/// choose, so the two must answer every question alike. Checked here on random queries,
/// caps, finals and paths, question by question: the reference tests of the span search
/// (`VocabularySpanTests`) then hold for both.
@Suite struct BitParallelAutomatonTests {
    typealias Label = UInt16
    static let padding = CappedOSAAutomaton<Label>.padding

    /// The padded buffers both automata read, and the bit-parallel one's match table.
    final class Buffers {
        let query: UnsafeMutablePointer<Label>
        let limits: UnsafeMutablePointer<UInt8>
        let finals: UnsafeMutablePointer<UInt8>
        let matches: UnsafeMutablePointer<UInt64>
        let size: Int
        static let alphabet = 8  // labels 1…7; entry 8 is the zero entry past the last

        init(columns: Int) {
            size = columns + 2 * padding + 8
            query = .allocate(capacity: size)
            limits = .allocate(capacity: size)
            finals = .allocate(capacity: size)
            matches = .allocate(capacity: Buffers.alphabet + 1)
            query.update(repeating: Label.padding, count: size)
            limits.update(repeating: 0, count: size)
            finals.update(repeating: 0, count: size)
            matches.update(repeating: 0, count: Buffers.alphabet + 1)
        }

        deinit {
            query.deallocate()
            limits.deallocate()
            finals.deallocate()
            matches.deallocate()
        }
    }

    @Test func answersEveryQuestionAsTheBandAutomatonDoes() {
        var random = SeededGenerator(seed: 0x5EED_B175)
        var exactRuns = 0, transpositionsPending = 0
        for trial in 0..<4000 {
            // Short queries mostly, some up to the word's last column.
            let columns = trial % 10 == 0 ? 40 + random.next(below: 23) : 1 + random.next(below: 16)
            let buffers = Buffers(columns: columns)
            for position in 0..<columns { buffers.query[Self.padding + position] = Label(1 + random.next(below: 5)) }
            for column in 0...columns {
                // Caps of every shape the searches use (0 to 2, rising, falling), now and then none.
                buffers.limits[Self.padding + column] = random.next(below: 20) == 0 ? 0 : UInt8(1 + random.next(below: 3))
                buffers.finals[Self.padding + column] = random.next(below: 3) == 0 ? 1 : 0
            }
            let band = CappedOSAAutomaton<Label>(query: buffers.query, limits: buffers.limits, finals: buffers.finals)
            BitParallelOSAAutomaton<Label>.fill(buffers.matches, query: buffers.query, columns: columns, lastLabel: Buffers.alphabet, set: true)
            let masks = ColumnMasks(columns: columns, limits: buffers.limits, finals: buffers.finals, padding: Self.padding)
            let bits = BitParallelOSAAutomaton<Label>(query: buffers.query, masks: masks, matches: buffers.matches, lastLabel: Buffers.alphabet)
            for column in 0...(columns + 3) {
                for value: UInt8 in 0...2 {
                    #expect(band.staysExact(value: value, column: column) == bits.staysExact(value: value, column: column),
                            "staysExact(\(value), \(column)), trial \(trial)")
                }
            }
            var old = band.start, new = bits.start
            for depth in 0...(columns + 3) {
                let context = "trial \(trial), depth \(depth)"
                #expect(band.canMatch(old) == bits.canMatch(new), "canMatch, \(context)")
                guard band.canMatch(old) else { break }
                #expect(band.isMatch(old) == bits.isMatch(new), "isMatch, \(context)")
                #expect(band.acceptsAnyLabel(old) == bits.acceptsAnyLabel(new), "acceptsAnyLabel, \(context)")
                #expect(Set(band.expectedLabels(old)) == Set(bits.expectedLabels(new)), "expectedLabels, \(context)")
                for column in 0...(columns + 2) {
                    #expect(band.distance(old, column: column) == new.distance(atColumn: column), "column \(column), \(context)")
                }
                let column = band.exactColumn(old)
                #expect(column == bits.exactColumn(new), "exactColumn, \(context)")
                if column >= 0 {
                    exactRuns += 1
                    #expect(band.exactValue(old, column: column) == bits.exactValue(new, column: column))
                    // An exact run of one to three query labels, as the walk takes it.
                    var count = 0, last = Label.wildcard
                    while count < 3, column + count < columns, band.staysExact(value: band.exactValue(old, column: column), column: column + count) {
                        last = band.queryLabel(atColumn: column + count)
                        count += 1
                    }
                    if count > 0 {
                        old = band.advanceExactly(old, column: column, count: count, last: last)
                        new = bits.advanceExactly(new, column: column, count: count, last: last)
                        continue
                    }
                }
                // (Alive with every cell dead: only a transposition can complete.)
                if (0...(columns + 2)).allSatisfy({ new.distance(atColumn: $0) == nil }) { transpositionsPending += 1 }
                // The next label: mostly one the query holds near here, sometimes any, now and
                // then the wildcard (the state every unexpected child of a wide node shares).
                let next: Label = switch random.next(below: 10) {
                case 0: .wildcard
                case 1, 2: Label(1 + random.next(below: 7))
                default: band.queryLabel(atColumn: Swift.max(0, Swift.min(columns - 1, depth - 1 + random.next(below: 3))))
                }
                old = band.step(old, next)
                new = bits.step(new, next)
            }
            BitParallelOSAAutomaton<Label>.fill(buffers.matches, query: buffers.query, columns: columns, lastLabel: Buffers.alphabet, set: false)
            #expect((0...Buffers.alphabet).allSatisfy { buffers.matches[$0] == 0 }, "the table is clear after a walk")
        }
        // The paths took exact runs and reached rows alive only through a transposition.
        #expect(exactRuns > 100 && transpositionsPending > 10, "exact runs \(exactRuns), pending transpositions \(transpositionsPending)")
    }
}

/// The walk's small label set against an array: insertion order kept, repeats and padding
/// dropped, nothing past its capacity, for both label widths and every fill.
struct ExpectedLabelsTests {
    func check<Label: TrieLabel>(_ type: Label.Type, seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for round in 0..<2000 {
            var labels = ExpectedLabels<Label>()
            var reference: [Label] = []
            // Few distinct values (repeats), values with every lane bit pattern near the
            // edges (0, 1, high bits), padding and wildcard.
            let pool: [Label] = [0, 1, 2, Label.padding, Label.wildcard, Label.max >> 1, (Label.max >> 1) + 1]
                + (0..<40).map { _ in Label.random(in: 0...Label.max, using: &generator) }
            for _ in 0..<Int.random(in: 0...(round % 3 == 0 ? 80 : 20), using: &generator) {
                let label = pool.randomElement(using: &generator)!
                labels.insert(label)
                if label != Label.padding, !reference.contains(label), reference.count < ExpectedLabels<Label>.capacity { reference.append(label) }
                #expect(labels.count == reference.count)
            }
            #expect(Array(labels) == reference)
            for probe in pool { #expect(labels.contains(probe) == reference.contains(probe), "\(probe) in \(reference)") }
        }
    }

    @Test func narrowLabels() { check(UInt16.self, seed: 0xE1AB_0016) }
    @Test func wideLabels() { check(UInt32.self, seed: 0xE1AB_0032) }
}
