extension Array where Element == UInt64 {
    /// Sorts the values ascending, as `sort()` does, by dealing them into buckets by their
    /// leading bits (the bits below the highest one any value sets; about as many buckets
    /// as values) in one counting pass and one scatter, then sorting each bucket: by
    /// insertion when it holds a few values, by comparison when it holds more.
    ///
    /// What the word index of a user's vocabulary sorts (``ItemWordIndex``: thousands of
    /// pairs of a 32-bit hash and an item) leads with uniform bits, so a bucket holds one or
    /// two values and the sort takes about four passes over them, where a radix sort on bytes
    /// took eight and a comparison sort n log n comparisons. Values alike in their leading
    /// bits (many pairs of one word) share a bucket and are sorted by comparison: never much
    /// worse than `sort()`. Short arrays are sorted by comparison.
    mutating func bucketSort() {
        let count = self.count
        guard count > 64 else {
            sort()
            return
        }
        var union: UInt64 = 0
        for value in self { union |= value }
        let significantBits = UInt64.bitWidth - union.leadingZeroBitCount
        guard significantBits > 0 else { return }  // all zero
        let bucketBits = Swift.min(significantBits, Int.bitWidth - count.leadingZeroBitCount, 22)
        let shift = UInt64(significantBits - bucketBits)
        let bucketCount = 1 << bucketBits
        var sorted = [UInt64](repeating: 0, count: count)
        var starts = [Int](repeating: 0, count: bucketCount + 1)
        withUnsafeBufferPointer { values in
            sorted.withUnsafeMutableBufferPointer { sorted in
                starts.withUnsafeMutableBufferPointer { starts in
                    for value in values { starts[Int(value >> shift) + 1] += 1 }
                    for bucket in 0..<bucketCount { starts[bucket + 1] += starts[bucket] }
                    // Scatter: starts[b] advances through bucket b, ending where b ends.
                    for value in values {
                        let bucket = Int(value >> shift)
                        sorted[starts[bucket]] = value
                        starts[bucket] += 1
                    }
                    var start = 0
                    for bucket in 0..<bucketCount {
                        let end = starts[bucket]
                        if end - start > 16 {
                            var bucket = UnsafeMutableBufferPointer(rebasing: sorted[start..<end])
                            bucket.sort()
                        } else if end - start > 1 {
                            for index in (start + 1)..<end {
                                let value = sorted[index]
                                var place = index
                                while place > start, sorted[place - 1] > value {
                                    sorted[place] = sorted[place - 1]
                                    place -= 1
                                }
                                sorted[place] = value
                            }
                        }
                        start = end
                    }
                }
            }
        }
        self = sorted
    }
}
