import ParlanceGrammar

/// A JSON value that keeps explicit nulls (what `parlance parse --json` prints).
public enum JSONValue: Sendable, Hashable, Encodable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .object(let fields):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in fields { try container.encode(value, forKey: Key(key)) }
        }
    }

    struct Key: CodingKey {
        let stringValue: String
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// A grammar value as JSON.
    public init(_ value: DataValue) {
        switch value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .list(let values): self = .array(values.map(JSONValue.init))
        case .map(let fields): self = .object(fields.mapValues(JSONValue.init))
        }
    }
}

extension ParseResult {
    /// The result as `parlance parse --json` prints it:
    /// `{"utterance", "language", "understood", "threshold", "hypotheses": [{"app", "appName", "appSelection", "domain",
    /// "intent", "confidence", "requiresUnlock", "parameters": {NAME: [{"value", "identifier",
    /// "span", "match", "edits", "resolution", "options"}]}}]}`, best first. `understood` is
    /// false when the best hypothesis's confidence is below `threshold` (or there is none):
    /// the hypotheses are still listed, for a caller that wants to see them.
    public var json: JSONValue {
        .object([
            "utterance": .string(utterance),
            "language": language.map(JSONValue.string) ?? .null,
            "understood": .bool(understood),
            "threshold": .double(threshold),
            "hypotheses": .array(hypotheses.map(\.json)),
        ])
    }
}

extension IntentHypothesis {
    /// One hypothesis as JSON (see ``ParseResult/json``).
    public var json: JSONValue {
        var parameters: [String: JSONValue] = [:]
        for parameter in self.parameters {
            parameters[parameter.name] = .array(parameter.values.map(\.json))
        }
        var selection: [String: JSONValue] = [:]
        switch appSelection {
        case .mentioned(let text): selection = ["kind": .string("mentioned"), "text": .string(text)]
        case .example: selection = ["kind": .string("example")]
        case .vocabulary(let matches): selection = ["kind": .string("vocabulary"), "matches": .int(matches)]
        case .ambiguous(let apps): selection = ["kind": .string("ambiguous"), "apps": .array(apps.map(JSONValue.string))]
        }
        return .object([
            "app": .string(app.bundleIdentifier),
            "appName": .string(app.displayName),
            "appSelection": .object(selection),
            "domain": .string(intent.domain.rawValue),
            "intent": .string(intent.name),
            "confidence": .double((confidence * 1000).rounded() / 1000),
            "requiresUnlock": .bool(requiresUnlock),
            "parameters": .object(parameters),
        ])
    }
}

extension ParameterValue {
    /// One value as JSON (see ``ParseResult/json``).
    public var json: JSONValue {
        .object([
            "value": value.map(JSONValue.init) ?? .null,
            "identifier": identifier.map(JSONValue.string) ?? .null,
            "span": span.map { .array([.int($0.lowerBound), .int($0.upperBound)]) } ?? .null,
            "match": match.map { .string($0.rawValue) } ?? .null,
            "edits": .int(edits),
            "resolution": .string(resolution.kind.rawValue),
            "options": .array(resolution.kind == .disambiguation || resolution.kind == .confirmationRequired
                ? resolution.options.map { .object(["value": .string($0.value), "identifier": $0.identifier.map(JSONValue.string) ?? .null]) }
                : []),
        ])
    }
}
