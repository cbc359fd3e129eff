/// A key written twice in one JSON object. Foundation's `JSONSerialization` keeps one of
/// the two values and says nothing, so a user's second `"contactName"` list silently
/// replaces the first; the readers of JSON files scan for this after the parse succeeds.
///
/// ```swift
/// DuplicateJSONKey.first(in: Array(#"{"a": [{"b": 1, "b": 2}]}"#.utf8))
/// // key "b", keyPath "a[0].b", line 1, firstLine 1
/// ```
package struct DuplicateJSONKey: Sendable, Hashable {
    /// The key, escapes decoded.
    package let key: String
    /// Where the second occurrence is, e.g. `contactName[1].phrase`.
    package let keyPath: String
    /// The 1-based line of the second occurrence.
    package let line: Int
    /// The 1-based line of the first.
    package let firstLine: Int

    /// "the key "b" appears twice in one object (lines 1 and 3)", for messages.
    package var message: String {
        let shown = key.count > 40 ? String(key.prefix(40)) + "…" : key
        let lines = firstLine == line ? "line \(line)" : "lines \(firstLine) and \(line)"
        return "the key \"\(shown)\" appears twice in one object (\(lines))"
    }

    /// The first key that repeats within one object of `bytes`, nil when none does.
    ///
    /// Meant for text that already parsed as JSON; on anything else it stops early and
    /// never traps.
    ///
    /// - Complexity: O(n) in the length of `bytes`.
    package static func first(in bytes: [UInt8]) -> DuplicateJSONKey? {
        var scanner = Scanner(bytes: bytes)
        return scanner.run()
    }

    private struct Frame {
        var isObject: Bool
        var path: String
        /// An object's keys so far, with their lines.
        var keys: [String: Int] = [:]
        /// The key whose value comes next; an array's position.
        var key = ""
        var index = 0
        var expectsKey = true
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        var line = 1
        var frames: [Frame] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// The path of the value that starts next.
        var valuePath: String {
            guard let top = frames.last else { return "" }
            if top.isObject { return top.path.isEmpty ? top.key : "\(top.path).\(top.key)" }
            return "\(top.path)[\(top.index)]"
        }

        mutating func run() -> DuplicateJSONKey? {
            while position < bytes.count {
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "\n"):
                    line += 1
                    position += 1
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    frames.append(Frame(isObject: byte == UInt8(ascii: "{"), path: valuePath))
                    position += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    _ = frames.popLast()
                    position += 1
                case UInt8(ascii: ","):
                    if let last = frames.indices.last {
                        if frames[last].isObject { frames[last].expectsKey = true } else { frames[last].index += 1 }
                    }
                    position += 1
                case UInt8(ascii: "\""):
                    let startLine = line
                    guard let text = readString() else { return nil }
                    guard let last = frames.indices.last, frames[last].isObject, frames[last].expectsKey else { continue }
                    if let firstLine = frames[last].keys[text] {
                        frames[last].key = text
                        return DuplicateJSONKey(key: text, keyPath: valuePath, line: startLine, firstLine: firstLine)
                    }
                    frames[last].keys[text] = startLine
                    frames[last].key = text
                    frames[last].expectsKey = false
                default:
                    position += 1
                }
            }
            return nil
        }

        /// The string at the cursor (on its opening quote), escapes decoded; nil if unterminated.
        mutating func readString() -> String? {
            position += 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush(_ raw: inout [UInt8], into scalars: inout String.UnicodeScalarView) {
                guard !raw.isEmpty else { return }
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll(keepingCapacity: true)
            }
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    flush(&raw, into: &scalars)
                    return String(scalars)
                }
                if byte == UInt8(ascii: "\n") { line += 1 }
                guard byte == UInt8(ascii: "\\") else {
                    raw.append(byte)
                    position += 1
                    continue
                }
                guard position + 1 < bytes.count else { return nil }
                let escaped = bytes[position + 1]
                position += 2
                switch escaped {
                case UInt8(ascii: "u"):
                    guard var unit = hex4() else { return nil }
                    flush(&raw, into: &scalars)
                    // A surrogate pair is two escapes.
                    if (0xD800..<0xDC00).contains(unit), position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                       bytes[position + 1] == UInt8(ascii: "u") {
                        position += 2
                        guard let low = hex4() else { return nil }
                        if (0xDC00..<0xE000).contains(low) {
                            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            scalars.append(Unicode.Scalar(0xFFFD)!)
                            unit = low
                        }
                    }
                    scalars.append(Unicode.Scalar(unit) ?? Unicode.Scalar(0xFFFD)!)
                case UInt8(ascii: "n"): raw.append(0x0A)
                case UInt8(ascii: "t"): raw.append(0x09)
                case UInt8(ascii: "r"): raw.append(0x0D)
                case UInt8(ascii: "b"): raw.append(0x08)
                case UInt8(ascii: "f"): raw.append(0x0C)
                default: raw.append(escaped)
                }
            }
            return nil
        }

        /// Four hexadecimal digits at the cursor.
        mutating func hex4() -> UInt32? {
            guard position + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[position..<(position + 4)] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
            }
            position += 4
            return value
        }
    }
}
