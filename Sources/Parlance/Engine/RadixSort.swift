extension Array where Element == UInt64 {
    /// Sorts the values ascending, as `sort()` does, by a least-significant-digit radix sort
    /// on bytes: one pass counts the digits of every byte, then one stable scatter per byte
    /// whose digit is not the same in every value (the unused high bytes of small numbers
    /// cost nothing). What the word index of a user's vocabulary sorts (``ItemWordIndex``:
    /// thousands of hash and item pairs) takes O(n) passes this way against n log n
    /// comparisons. Short arrays are sorted by comparison.
    mutating func radixSort() {
        let count = self.count
        guard count > 256 else {
            sort()
            return
        }
        var counts = [Int](repeating: 0, count: 8 * 256)
        var buffer = [UInt64](repeating: 0, count: count)
        var sortedInSelf = true
        withUnsafeMutableBufferPointer { values in
            buffer.withUnsafeMutableBufferPointer { other in
                counts.withUnsafeMutableBufferPointer { counts in
                    for value in values {
                        var rest = value
                        for byte in 0..<8 {
                            counts[byte << 8 | Int(rest & 0xFF)] += 1
                            rest >>= 8
                        }
                    }
                    for byte in 0..<8 {
                        let digits = UnsafeMutableBufferPointer(rebasing: counts[(byte << 8)..<(byte << 8 + 256)])
                        // A byte every value has the same moves nothing.
                        if digits.contains(count) { continue }
                        // Counts become where each digit's values start.
                        var start = 0
                        for digit in 0..<256 {
                            let here = digits[digit]
                            digits[digit] = start
                            start += here
                        }
                        let (source, destination) = sortedInSelf ? (values, other) : (other, values)
                        let shift = UInt64(byte * 8)
                        for value in source {
                            let digit = Int((value >> shift) & 0xFF)
                            destination[digits[digit]] = value
                            digits[digit] += 1
                        }
                        sortedInSelf.toggle()
                    }
                }
            }
        }
        if !sortedInSelf { self = buffer }
    }
}
