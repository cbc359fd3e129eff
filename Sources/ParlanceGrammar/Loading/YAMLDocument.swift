import Foundation
import Yams

/// A YAML file composed into nodes, with its source lines for locating characters inside
/// scalars. The only place that talks to Yams (ParlanceTraining reads Rasa's YAML through it).
package struct YAMLDocument {
    /// The path shown in errors.
    package let path: String
    /// The root node.
    package let root: YAMLNode
    /// The source, line by line, as Unicode scalars (libyaml counts columns in scalars).
    package let lines: [[Unicode.Scalar]]

    /// Reads and composes a file.
    package static func read(_ url: URL, path: String) throws(GrammarError) -> YAMLDocument {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw GrammarError(.unreadable, location: SourceLocation(file: path, line: 1, column: 1),
                               message: "cannot read the file (\(error.localizedDescription))",
                               expected: "a readable UTF-8 YAML file")
        }
        return try parse(text, path: path)
    }

    /// Composes YAML text; `path` names it in errors.
    package static func parse(_ text: String, path: String) throws(GrammarError) -> YAMLDocument {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var scalars = Array(line.unicodeScalars)
            if scalars.last == "\r" { scalars.removeLast() }
            return scalars
        }
        do {
            try YAMLLimits.standard.check(text)
        } catch {
            throw GrammarError(.invalidYAML, location: SourceLocation(file: path, line: error.line, column: error.column),
                               message: error.message, expected: error.expected)
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw YAMLDocument.grammarError(error, path: path)
        } catch {
            throw GrammarError(.invalidYAML, location: SourceLocation(file: path, line: 1, column: 1),
                               message: "invalid YAML (\(error))", expected: "valid YAML")
        }
        let document = YAMLDocument(path: path, root: YAMLNode(node: node ?? Node.mapping(Node.Mapping([])), keyPath: ""), lines: lines)
        return document
    }

    private static func grammarError(_ error: YamlError, path: String) -> GrammarError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let contextText = context.map { " \($0.text)" } ?? ""
            return GrammarError(.invalidYAML, location: SourceLocation(file: path, line: mark.line, column: mark.column),
                                message: "invalid YAML: \(problem)\(contextText)", expected: "valid YAML")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return GrammarError(.invalidYAML, location: SourceLocation(file: path, line: context.mark.line, column: context.mark.column),
                                message: "duplicate key\(duplicates.count == 1 ? "" : "s") \(duplicates.map { "'\($0)'" }.joined(separator: ", "))",
                                expected: "each key once per mapping")
        default:
            return GrammarError(.invalidYAML, location: SourceLocation(file: path, line: 1, column: 1),
                                message: "invalid YAML (\(error))", expected: "valid YAML")
        }
    }

    /// The location of a node's start.
    package func location(of node: YAMLNode) -> SourceLocation {
        let mark = node.node.mark
        return SourceLocation(file: path, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    /// An error about a node: its location and key path.
    package func error(_ node: YAMLNode, _ message: String, expected: String, text: String? = nil) -> GrammarError {
        GrammarError(.invalidStructure, location: location(of: node), keyPath: node.keyPath.isEmpty ? nil : node.keyPath,
                     text: text, message: message, expected: expected)
    }

    /// A warning about a node: its location and key path.
    package func warning(_ node: YAMLNode, _ message: String) -> GrammarWarning {
        GrammarWarning(location: location(of: node), keyPath: node.keyPath.isEmpty ? nil : node.keyPath, message: message)
    }

    /// Where each scalar of a single-line scalar node's value stands in the file (one entry
    /// per scalar of the value, plus one for its end); empty when the source does not map
    /// one to one (block scalars, folded lines).
    func positions(of node: YAMLNode) -> [SourcePosition] {
        guard let scalar = node.node.scalar, let mark = scalar.mark, mark.line >= 1, mark.line <= lines.count else { return [] }
        let line = lines[mark.line - 1]
        let value = Array(scalar.string.unicodeScalars)
        var column = mark.column - 1  // 0-based index into the line
        var positions: [SourcePosition] = []
        positions.reserveCapacity(value.count + 1)
        func record(_ index: Int) { positions.append(SourcePosition(line: Int32(mark.line), column: Int32(index + 1))) }

        switch scalar.style {
        case .plain:
            guard column + value.count <= line.count, Array(line[column..<(column + value.count)]) == value else { return [] }
            for index in 0...value.count { record(column + index) }
        case .singleQuoted:
            column += 1
            for expected in value {
                guard column < line.count else { return [] }
                record(column)
                if line[column] == "'" {
                    guard column + 1 < line.count, line[column + 1] == "'", expected == "'" else { return [] }
                    column += 2
                } else {
                    guard line[column] == expected else { return [] }
                    column += 1
                }
            }
            record(column)
        case .doubleQuoted:
            column += 1
            for expected in value {
                guard column < line.count else { return [] }
                record(column)
                if line[column] == "\\" {
                    guard column + 1 < line.count else { return [] }
                    let length: Int
                    switch line[column + 1] {
                    case "x": length = 4
                    case "u": length = 6
                    case "U": length = 10
                    default: length = 2
                    }
                    column += length
                } else {
                    guard line[column] == expected else { return [] }
                    column += 1
                }
            }
            record(column)
        default:
            return []
        }
        return positions
    }
}

/// A node with its key path in the document, e.g. `intents.HassTurnOn.data[0]`.
package struct YAMLNode {
    package let node: Node
    package let keyPath: String

    package func child(_ key: String, _ node: Node) -> YAMLNode {
        YAMLNode(node: node, keyPath: keyPath.isEmpty ? key : "\(keyPath).\(key)")
    }

    package func element(_ index: Int, _ node: Node) -> YAMLNode {
        YAMLNode(node: node, keyPath: "\(keyPath)[\(index)]")
    }

    /// True for an explicit or implicit null (`key:` with nothing after it).
    package var isNull: Bool {
        guard let scalar = node.scalar else { return false }
        return scalar.style == .plain && node.null != nil
    }

    /// A short rendering of the node for error messages.
    var excerpt: String {
        switch node {
        case .scalar(let scalar): return scalar.string
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    /// The node as a plain value, scalars typed as PyYAML types them.
    var value: DataValue {
        switch node {
        case .scalar(let scalar):
            if scalar.style != .plain { return .string(scalar.string) }
            if node.null != nil { return .null }
            if let value = node.bool { return .bool(value) }
            if let value = node.int { return .int(value) }
            if let value = node.float { return .double(value) }
            return .string(scalar.string)
        case .sequence(let sequence):
            return .list(sequence.map { YAMLNode(node: $0, keyPath: keyPath).value })
        case .mapping(let mapping):
            var result: [String: DataValue] = [:]
            for (key, value) in mapping { result[key.string ?? "\(key)"] = YAMLNode(node: value, keyPath: keyPath).value }
            return .map(result)
        case .alias:
            return .null
        }
    }
}
