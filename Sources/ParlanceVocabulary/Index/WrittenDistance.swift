import ParlanceText

/// The optimal-string-alignment distance between the query *as written* and a phrase as
/// written (Unicode scalars, case and marks included): the tie-breaker between matches
/// at the same normalized distance.
///
/// Normalization merges what the person may not have meant to merge: "Television" and
/// "Televisión", "Taylor Garcia" and "Taylor-Garcia", "Mühle" and "Muhle" all share keys.
/// Among equally near keys, the one nearer to what was typed is the better guess.
///
/// Bit-parallel (Hyyrö 2003, "A bit-vector algorithm for computing Levenshtein and
/// Damerau edit distances", Nordic Journal of Computing 10; Myers 1999 for the
/// Levenshtein core): one pass over the phrase with a handful of word operations per
/// scalar, for queries of up to 64 scalars; longer ones use the plain three-row table.
/// A handle to manually managed storage, like ``ScratchTable``.
struct WrittenDistance {
    private struct Storage {
        /// The query's scalars.
        var pattern: UnsafeMutablePointer<UInt32>
        var patternCapacity: Int
        var length: Int
        /// Pattern-match masks: scalar + 1 → bit i set where pattern[i] is the scalar.
        var maskKeys: UnsafeMutablePointer<UInt32>
        var masks: UnsafeMutablePointer<UInt64>
        /// Rows of the table for long queries.
        var rows: UnsafeMutablePointer<Int32>
    }

    private static let slots = 128
    private let storage: UnsafeMutablePointer<Storage>

    init() {
        storage = .allocate(capacity: 1)
        let keys = UnsafeMutablePointer<UInt32>.allocate(capacity: WrittenDistance.slots)
        keys.initialize(repeating: 0, count: WrittenDistance.slots)
        storage.initialize(to: Storage(pattern: .allocate(capacity: 64), patternCapacity: 64, length: 0, maskKeys: keys,
                                       masks: .allocate(capacity: WrittenDistance.slots), rows: .allocate(capacity: 3 * 65)))
    }

    func deallocate() {
        storage.pointee.pattern.deallocate()
        storage.pointee.maskKeys.deallocate()
        storage.pointee.masks.deallocate()
        storage.pointee.rows.deallocate()
        storage.deallocate()
    }

    /// The query's length in scalars (0: no written query).
    var length: Int { storage.pointee.length }

    /// Sets the written query.
    func setQuery(_ text: String) { setQuery(text.unicodeScalars) }

    /// Sets the written query.
    func setQuery(_ text: Substring) { setQuery(text.unicodeScalars) }

    /// Sets the written query.
    func setQuery<Scalars: Sequence<Unicode.Scalar>>(_ text: Scalars) {
        // Clear the masks of the previous query (512 bytes: cheaper than tracking slots).
        storage.pointee.maskKeys.update(repeating: 0, count: WrittenDistance.slots)
        var count = 0
        for scalar in text {
            if count == storage.pointee.patternCapacity {
                let grown = UnsafeMutablePointer<UInt32>.allocate(capacity: count * 2)
                grown.moveInitialize(from: storage.pointee.pattern, count: count)
                storage.pointee.pattern.deallocate()
                storage.pointee.pattern = grown
                storage.pointee.patternCapacity = count * 2
                storage.pointee.rows.deallocate()
                storage.pointee.rows = .allocate(capacity: 3 * (count * 2 + 1))
            }
            storage.pointee.pattern[count] = scalar.value
            count += 1
        }
        storage.pointee.length = count
        guard count <= 64 else { return }
        for index in 0..<count {
            let scalar = storage.pointee.pattern[index]
            let slot = slot(of: scalar)
            if storage.pointee.maskKeys[slot] == 0 {
                storage.pointee.maskKeys[slot] = scalar &+ 1
                storage.pointee.masks[slot] = 0
            }
            storage.pointee.masks[slot] |= 1 << UInt64(index)
        }
    }

    /// Sets the written query to the UTF-8 text `bytes[range]` (valid UTF-8: a string's).
    func setQuery(utf8 bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
        setQuery(sequence(state: UTF8ScalarDecoder(bytes, from: range.lowerBound, to: range.upperBound)) { $0.next()?.0 })
    }

    /// Forgets the written query.
    func clear() { setQuery("") }

    /// The slot of `scalar` in the mask table (its own, or the empty one where it would go).
    @inline(__always)
    private func slot(of scalar: UInt32) -> Int {
        let mask = WrittenDistance.slots - 1
        var slot = Int((scalar &* 0x9E37_79B1) >> 25) & mask
        while true {
            let key = storage.pointee.maskKeys[slot]
            if key == 0 || key == scalar &+ 1 { return slot }
            slot = (slot + 1) & mask
        }
    }

    @inline(__always)
    private func mask(of scalar: UInt32) -> UInt64 {
        let slot = slot(of: scalar)
        return storage.pointee.maskKeys[slot] == 0 ? 0 : storage.pointee.masks[slot]
    }

    /// The distance from the query to `text`.
    func distance(to text: String) -> Int { distanceAndLength(to: text).distance }

    /// The distance from the query to `text`, and `text`'s length in scalars.
    func distanceAndLength(to text: String) -> (distance: Int, length: Int) {
        let length = storage.pointee.length
        if length == 0 { return (text.unicodeScalars.count, text.unicodeScalars.count) }
        if length > 64 { return tableDistance(to: text) }
        // Hyyrö's OSA extension of Myers' algorithm, as in rapidfuzz's osa_hyrroe2003.
        var vp: UInt64 = ~0, vn: UInt64 = 0, d0: UInt64 = 0, previousMatches: UInt64 = 0
        let last: UInt64 = 1 << UInt64(length - 1)
        var distance = length
        var textLength = 0
        for scalar in text.unicodeScalars {
            textLength += 1
            let matches = mask(of: scalar.value)
            let transposed = (((~d0) & matches) << 1) & previousMatches
            d0 = (((matches & vp) &+ vp) ^ vp) | matches | vn | transposed
            var hp = vn | ~(d0 | vp)
            var hn = d0 & vp
            if hp & last != 0 { distance += 1 }
            if hn & last != 0 { distance -= 1 }
            hp = (hp << 1) | 1
            hn = hn << 1
            vp = hn | ~(d0 | hp)
            vn = hp & d0
            previousMatches = matches
        }
        return (distance, textLength)
    }

    /// The full table, three rows at a time, for queries longer than a word.
    private func tableDistance(to text: String) -> (distance: Int, length: Int) {
        let pattern = storage.pointee.pattern
        let length = storage.pointee.length
        let width = length + 1
        var twoUp = storage.pointee.rows, up = twoUp + width, row = up + width
        for j in 0...length { up[j] = Int32(j) }
        var previous: UInt32 = 0xFFFF_FFFF
        var i = 0
        for scalar in text.unicodeScalars {
            i += 1
            row[0] = Int32(i)
            for j in 1...length {
                let cost: Int32 = pattern[j - 1] == scalar.value ? 0 : 1
                var best = Swift.min(up[j] + 1, row[j - 1] + 1, up[j - 1] + cost)
                if i > 1, j > 1, pattern[j - 1] == previous, pattern[j - 2] == scalar.value {
                    best = Swift.min(best, twoUp[j - 2] + 1)
                }
                row[j] = best
            }
            (twoUp, up, row) = (up, row, twoUp)
            previous = scalar.value
        }
        return (Int(up[length]), i)
    }
}

