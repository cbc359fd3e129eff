/// The calibration of a parser's confidence: a reliability table of equal-width bins over
/// [0, 1] and the expected calibration error (Naeini, Cooper & Hauskrecht 2015; Guo et al.
/// 2017, "On Calibration of Modern Neural Networks").
///
/// A hypothesis counts as correct when it is an exact match (intent and every slot right):
/// the confidence is the parser's belief in the whole hypothesis.
public struct Calibration: Sendable, Hashable {
    /// One bin of the reliability table.
    public struct Bin: Sendable, Hashable {
        /// The confidences the bin holds: `lowerBound..<upperBound` (the last bin includes 1).
        public let lowerBound: Double
        /// See ``lowerBound``.
        public let upperBound: Double
        /// Hypotheses whose confidence fell here.
        public var count = 0
        /// The sum of their confidences.
        public var confidenceSum = 0.0
        /// How many of them were correct.
        public var correct = 0

        /// The mean confidence in the bin (0 when empty).
        public var meanConfidence: Double { count == 0 ? 0 : confidenceSum / Double(count) }
        /// The share of correct hypotheses in the bin (0 when empty).
        public var accuracy: Double { count == 0 ? 0 : Double(correct) / Double(count) }
    }

    /// The bins, lowest confidence first.
    public private(set) var bins: [Bin]

    /// An empty table of `binCount` equal-width bins.
    public init(binCount: Int = 10) {
        let count = max(1, binCount)
        bins = (0..<count).map { Bin(lowerBound: Double($0) / Double(count), upperBound: Double($0 + 1) / Double(count)) }
    }

    /// Records one hypothesis's confidence (clamped to [0, 1]) and whether it was correct.
    public mutating func record(confidence: Double, correct: Bool) {
        let clamped = confidence.isNaN ? 0 : min(1, max(0, confidence))
        let index = min(bins.count - 1, Int(clamped * Double(bins.count)))
        bins[index].count += 1
        bins[index].confidenceSum += clamped
        if correct { bins[index].correct += 1 }
    }

    /// Adds another table with the same bins.
    public mutating func merge(_ other: Calibration) {
        for index in bins.indices where index < other.bins.count {
            bins[index].count += other.bins[index].count
            bins[index].confidenceSum += other.bins[index].confidenceSum
            bins[index].correct += other.bins[index].correct
        }
    }

    /// The expected calibration error: Σ over bins of (n_b / N) × |accuracy_b − confidence_b|;
    /// 0 for an empty table.
    public var expectedCalibrationError: Double {
        let total = bins.reduce(0) { $0 + $1.count }
        guard total > 0 else { return 0 }
        return bins.reduce(0.0) { sum, bin in
            sum + Double(bin.count) / Double(total) * abs(bin.accuracy - bin.meanConfidence)
        }
    }
}

/// Latencies of single parses, with nearest-rank percentiles.
public struct LatencySamples: Sendable, Hashable {
    /// Each parse's duration in nanoseconds, in item order.
    public private(set) var nanoseconds: [UInt64] = []

    /// No samples.
    public init() {}

    /// Adds one duration.
    public mutating func record(nanoseconds value: UInt64) { nanoseconds.append(value) }

    /// The `p`-th percentile (0...100) in microseconds, nearest rank; 0 without samples.
    ///
    /// - Complexity: O(n log n) (sorts a copy).
    public func percentileMicros(_ p: Double) -> Double {
        percentilesMicros([p])[0]
    }

    /// Several percentiles at once, sorting once.
    public func percentilesMicros(_ ps: [Double]) -> [Double] {
        guard !nanoseconds.isEmpty else { return ps.map { _ in 0 } }
        let sorted = nanoseconds.sorted()
        return ps.map { p in
            let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
            return Double(sorted[min(sorted.count - 1, max(0, rank - 1))]) / 1000
        }
    }

    /// The total time of all parses, in seconds.
    public var totalSeconds: Double { Double(nanoseconds.reduce(0, &+)) / 1e9 }
}
