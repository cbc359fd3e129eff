import CYaml

/// How much a YAML file may hold once its aliases are expanded. Checked on libyaml's events
/// before anything is composed: an alias is a reference, so nine aliases of nine aliases …
/// eight levels deep are 9^8 = 43 million nodes to whatever walks the tree (29 s before an
/// error), and a list nested 100,000 deep overflows the stack of a recursive composer.
///
/// The largest real files are far below every limit: Home Assistant's `intents.yaml` is
/// 73 KB, nests 7 deep and has no aliases; no grammar or test file of the corpora uses any.
package struct YAMLLimits: Sendable, Hashable {
    /// The most bytes of text.
    package var bytes: Int
    /// The most nodes, counting each alias as the nodes it stands for.
    package var expandedNodes: Int
    /// The most collections open inside one another.
    package var depth: Int

    /// 8 MiB, a million nodes, 64 levels.
    package static let standard = YAMLLimits(bytes: 8 << 20, expandedNodes: 1_000_000, depth: 64)

    package init(bytes: Int, expandedNodes: Int, depth: Int) {
        self.bytes = bytes
        self.expandedNodes = expandedNodes
        self.depth = depth
    }
}

/// A YAML text beyond ``YAMLLimits``: where (1-based line and column) and what.
package struct YAMLLimitExceeded: Error, Sendable, Hashable {
    package let line: Int
    package let column: Int
    /// What is wrong, e.g. "more than 1,000,000 nodes once its aliases are expanded".
    package let message: String
    /// What was expected instead.
    package let expected: String
}

extension YAMLLimits {
    /// Throws when `text` is beyond the limits. Reads libyaml's events, without composing:
    /// O(length of the text) whatever its aliases. Syntax errors are left to the composer,
    /// which reports them with their place; the scan stops there.
    package func check(_ text: String) throws(YAMLLimitExceeded) {
        let size = text.utf8.count
        if size > bytes {
            throw YAMLLimitExceeded(line: 1, column: 1, message: "a YAML file of \(size) bytes",
                                    expected: "at most \(bytes) bytes")
        }
        var copy = text
        let result: YAMLLimitExceeded? = copy.withUTF8 { buffer in scan(buffer) }
        if let result { throw result }
    }

    private func scan(_ buffer: UnsafeBufferPointer<UInt8>) -> YAMLLimitExceeded? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        // Nodes so far, aliases expanded; each open collection's count when it opened and its anchor.
        var expanded = 0
        var open: [(start: Int, anchor: String?)] = []
        var anchorSizes: [String: Int] = [:]
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return nil
            case YAML_SCALAR_EVENT:
                expanded += 1
                if let anchor = YAMLLimits.string(event.data.scalar.anchor) { anchorSizes[anchor] = 1 }
            case YAML_ALIAS_EVENT:
                // An unknown alias is the composer's error to report; count it as one node.
                expanded += YAMLLimits.string(event.data.alias.anchor).flatMap { anchorSizes[$0] } ?? 1
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard open.count < depth else {
                    return YAMLLimitExceeded(line: line, column: column, message: "lists and mappings nested more than \(depth) deep",
                                             expected: "at most \(depth) levels")
                }
                let anchor = event.type == YAML_SEQUENCE_START_EVENT ? event.data.sequence_start.anchor : event.data.mapping_start.anchor
                open.append((expanded, YAMLLimits.string(anchor)))
                expanded += 1
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                if let (start, anchor) = open.popLast(), let anchor { anchorSizes[anchor] = expanded - start }
            default:
                break
            }
            if expanded > expandedNodes {
                return YAMLLimitExceeded(line: line, column: column,
                                         message: "more than \(expandedNodes) nodes once its aliases are expanded",
                                         expected: "at most \(expandedNodes) nodes (an alias counts as the nodes it stands for)")
            }
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
