/// Where a file stops being UTF-8: the first byte that does not decode, for messages such
/// as `tests.yaml:3:7: not UTF-8 (byte 0xFF at offset 41)`.
package struct InvalidUTF8: Sendable, Hashable {
    /// The 1-based line and column (in Unicode scalars) of the byte.
    package let line: Int
    package let column: Int
    /// Its 0-based offset in the file.
    package let offset: Int
    /// The byte, nil when the file ends inside a character.
    package let byte: UInt8?

    /// "byte 0xFF at offset 41" or "a character cut off at offset 41 (the end)".
    package var description: String {
        if let byte {
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(offset)"
        }
        return "a character cut off at offset \(offset) (the end)"
    }

    /// The first byte of `bytes` that is not UTF-8, nil when all of them are.
    ///
    /// - Complexity: O(n).
    package static func first(in bytes: [UInt8]) -> InvalidUTF8? {
        var line = 1, column = 1, offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            case .emptyInput:
                return nil
            case .error:
                // The decoder consumed the bad sequence; the first bad byte is at `offset`,
                // unless the file ended inside a character.
                let byte: UInt8? = offset < bytes.count && !InvalidUTF8.endsInsideACharacter(bytes, from: offset) ? bytes[offset] : nil
                return InvalidUTF8(line: line, column: column, offset: offset, byte: byte)
            }
        }
    }

    /// True when the bytes from `offset` are a valid start of a character cut off by the end.
    private static func endsInsideACharacter(_ bytes: [UInt8], from offset: Int) -> Bool {
        let lead = bytes[offset]
        let width = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xC2 && lead <= 0xDF ? 2 : 0
        guard width > 0, offset + width > bytes.count else { return false }
        return bytes[(offset + 1)...].allSatisfy { $0 & 0xC0 == 0x80 }
    }
}
