import Yams

/// Typed reading with errors that name the file, line, column, key path and what was expected.
extension YAMLDocument {
    /// The entries of a mapping, in file order. Keys outside `allowed` are errors, so a
    /// misspelt key (`sentence:`) fails at load instead of being silently ignored.
    package func mapping(_ node: YAMLNode, allowed: [String]? = nil, what: String) throws(GrammarError) -> [(key: String, value: YAMLNode)] {
        if node.isNull { return [] }
        guard case .mapping(let mapping) = node.node else {
            throw error(node, "\(what) is \(node.excerptDescription)", expected: "a mapping")
        }
        var entries: [(key: String, value: YAMLNode)] = []
        for (keyNode, valueNode) in mapping {
            guard let key = keyNode.scalar?.string else {
                throw error(node, "a key of \(what) is not a string", expected: "string keys")
            }
            if let allowed, !allowed.contains(key) {
                throw error(node.child(key, valueNode), "unknown key '\(key)' in \(what)",
                            expected: "one of \(allowed.map { "'\($0)'" }.joined(separator: ", "))")
            }
            entries.append((key, node.child(key, valueNode)))
        }
        return entries
    }

    /// The elements of a sequence (an absent or null value is empty).
    package func sequence(_ node: YAMLNode, what: String) throws(GrammarError) -> [YAMLNode] {
        if node.isNull { return [] }
        guard case .sequence(let sequence) = node.node else {
            throw error(node, "\(what) is \(node.excerptDescription)", expected: "a list")
        }
        return sequence.enumerated().map { node.element($0.offset, $0.element) }
    }

    /// A string scalar (numbers and booleans are read as written, as YAML keys and names
    /// often are).
    package func string(_ node: YAMLNode, what: String) throws(GrammarError) -> String {
        guard let scalar = node.node.scalar, !node.isNull else {
            throw error(node, "\(what) is \(node.excerptDescription)", expected: "a string")
        }
        return scalar.string
    }

    /// A list of strings; a single string is a list of one.
    package func strings(_ node: YAMLNode, what: String) throws(GrammarError) -> [String] {
        if node.node.scalar != nil, !node.isNull { return [try string(node, what: what)] }
        var result: [String] = []
        for element in try sequence(node, what: what) { result.append(try string(element, what: "an element of \(what)")) }
        return result
    }

    /// A boolean.
    package func bool(_ node: YAMLNode, what: String) throws(GrammarError) -> Bool {
        guard case .bool(let value) = node.value else {
            throw error(node, "\(what) is \(node.excerptDescription)", expected: "true or false")
        }
        return value
    }

    /// An integer.
    func int(_ node: YAMLNode, what: String) throws(GrammarError) -> Int {
        guard case .int(let value) = node.value else {
            throw error(node, "\(what) is \(node.excerptDescription)", expected: "an integer")
        }
        return value
    }

    /// A number, integer or not.
    func double(_ node: YAMLNode, what: String) throws(GrammarError) -> Double {
        switch node.value {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: throw error(node, "\(what) is \(node.excerptDescription)", expected: "a number")
        }
    }

    /// A mapping of plain values.
    func valueMap(_ node: YAMLNode, what: String) throws(GrammarError) -> [String: DataValue] {
        var result: [String: DataValue] = [:]
        for (key, value) in try mapping(node, what: what) { result[key] = value.value }
        return result
    }
}

extension YAMLNode {
    /// "'text'", "a list", "a mapping" or "empty", for messages.
    package var excerptDescription: String {
        if isNull { return "empty" }
        switch node {
        case .scalar(let scalar): return "'\(scalar.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        default: return "an alias"
        }
    }
}
