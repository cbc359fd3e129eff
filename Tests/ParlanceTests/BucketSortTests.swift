import ParlanceTestSupport
import Testing
@testable import Parlance

/// The word index's bucket sort sorts as `sort()` does, whatever the values: random 64-bit
/// values, pairs of a hash and an item as the index packs them, many equal values, values
/// that differ only in their high byte or only in their low byte (one bucket), and lengths
/// on both sides of the length below which it sorts by comparison.
struct BucketSortTests {
    @Test func sortsAsSortDoes() {
        var generator = SeededGenerator(seed: 0x5047)
        let draws: [(Int, (inout SeededGenerator) -> UInt64)] = [
            (1_000, { UInt64.random(in: .min ... .max, using: &$0) }),
            (5_000, { UInt64.random(in: 0..<(1 << 32), using: &$0) << 24 | UInt64.random(in: 0..<2_000, using: &$0) }),
            (3_000, { UInt64.random(in: 0..<4, using: &$0) }),
            (700, { UInt64.random(in: 0..<256, using: &$0) << 56 | 42 }),
            (700, { 0xFFFF_FFFF_FFFF_FF00 | UInt64.random(in: 0..<256, using: &$0) }),
            (4_000, { UInt64.random(in: 0..<3, using: &$0) << 40 | UInt64.random(in: 0..<2_000, using: &$0) }),
            (65, { UInt64.random(in: 0..<100, using: &$0) }),
            (64, { UInt64.random(in: .min ... .max, using: &$0) }),
            (300, { _ in .max }),
            (0, { _ in 0 }),
            (2_000, { _ in 7 }),
        ]
        for (count, draw) in draws {
            var values = (0..<count).map { _ in draw(&generator) }
            let expected = values.sorted()
            values.bucketSort()
            #expect(values == expected, "\(count) values")
        }
    }
}
