import Foundation

/// A property list value as plain Swift data: what ``BinaryPropertyList`` builds.
///
/// Binary property lists are read by Parlance itself rather than by Foundation, whose
/// binary reader on Linux trusts the file's offsets and crashes on a damaged one.
package enum PropertyListValue: Hashable, Sendable {
    case dictionary([String: PropertyListValue])
    case array([PropertyListValue])
    case string(String)
    case integer(Int)
    case real(Double)
    case boolean(Bool)
    case date(Date)
    case data([UInt8])

    /// The value as Foundation's property-list types (`[String: Any]`, `[Any]`, `String`,
    /// `Int`, `Double`, `Bool`, `Date`, `Data`), for ``DocumentNode`` and the app loader,
    /// which read XML property lists through Foundation too.
    package var foundationValue: Any {
        switch self {
        case .dictionary(let members): return members.mapValues(\.foundationValue) as [String: Any]
        case .array(let elements): return elements.map(\.foundationValue) as [Any]
        case .string(let string): return string
        case .integer(let integer): return integer
        case .real(let real): return real
        case .boolean(let boolean): return boolean
        case .date(let date): return date
        case .data(let bytes): return Data(bytes)
        }
    }
}
