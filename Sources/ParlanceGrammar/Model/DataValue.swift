/// A plain value read from YAML: slot values, context values, metadata, fixture attributes.
///
/// Scalars keep the type YAML's core schema gives them (`on` stays the string "on", as in
/// PyYAML, which the corpus is written for; `42` is an int, `0.5` a double).
public enum DataValue: Sendable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([DataValue])
    case map([String: DataValue])

    /// The string, for a string value.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements of a list, or the value itself as the only element.
    public var elements: [DataValue] {
        if case .list(let values) = self { return values }
        return [self]
    }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .list(let values): "[\(values.map(\.description).joined(separator: ", "))]"
        case .map(let values):
            "{\(values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))}"
        }
    }
}

extension DataValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(arrayLiteral elements: DataValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, DataValue)...) {
        self = .map(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}
