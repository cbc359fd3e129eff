import ParlanceText

// Templates in a compiled grammar's image: the text, the parsed expression, where it stands.

extension SourceLocation {
    func write(to image: inout GrammarImageWriter) {
        image.append(file)
        image.append(line)
        image.append(column)
    }

    init(from image: inout GrammarImageReader) throws(ImageError) {
        let file = try image.readString()
        self.init(file: file, line: try image.readInt(), column: try image.readInt())
    }
}

extension Template {
    /// Writes the text, the expression, the location and the position of each scalar. The
    /// positions (one per scalar of a single-line template, plus its end) are written as
    /// runs of consecutive columns on one line, which a template is but where an escape
    /// stands: one run for most templates instead of one entry per scalar.
    func write(to image: inout GrammarImageWriter) {
        image.append(text)
        expression.write(to: &image)
        location.write(to: &image)
        var runs: [Int32] = []  // (line, first column, length) each
        for position in positions {
            let count = runs.count
            if count > 0, runs[count - 3] == position.line, runs[count - 2] &+ runs[count - 1] == position.column, runs[count - 1] < .max {
                runs[count - 1] += 1
            } else {
                runs += [position.line, position.column, 1]
            }
        }
        // As numbers, not an array: a template has a run or two, and an array costs an
        // allocation to read.
        image.append(runs.count / 3)
        for number in runs { image.append(Int(number)) }
    }

    init(from image: inout GrammarImageReader) throws(ImageError) {
        let text = try image.readString()
        let expression = try Expression(from: &image)
        let location = try SourceLocation(from: &image)
        let runCount = try image.readCount()
        guard runCount > 0 else {
            self.init(text: text, expression: expression, location: location, positions: [])
            return
        }
        // The loader records one position per scalar and one for the end, or none.
        let limit = text.unicodeScalars.count + 1
        var positions: [SourcePosition] = []
        positions.reserveCapacity(limit)
        for _ in 0..<runCount {
            let line = try image.readInt32()
            let column = try image.readInt32()
            let length = Int(try image.readInt32())
            guard length > 0, positions.count + length <= limit else {
                throw image.damaged("the positions of \"\(text)\": a run of \(length) after \(positions.count), of \(limit) at most")
            }
            for step in 0..<Int32(length) { positions.append(SourcePosition(line: line, column: column &+ step)) }
        }
        self.init(text: text, expression: expression, location: location, positions: positions)
    }
}

/// The kinds of expression node, as an image writes them.
private enum ExpressionTag: UInt8 {
    case literal, sequence, alternative, optional, permutation, list, rule
}

extension Expression {
    /// Writes the number of nodes, then the nodes in post-order: each node after its
    /// children, a composite one with how many of the nodes before it are its children.
    /// Reading builds each node from those before it on a stack: no recursion that a deeply
    /// nested (or forged) template could overflow.
    func write(to image: inout GrammarImageWriter) {
        var count = 0
        visit { _ in count += 1 }
        image.append(count)
        writeNodes(to: &image)
    }

    private func writeNodes(to image: inout GrammarImageWriter) {
        switch self {
        case .literal(let literal):
            image.append(ExpressionTag.literal.rawValue)
            image.append(literal.original)
            image.append(literal.text)
            image.append(literal.normalized)
        case .sequence(let items), .alternative(let items), .permutation(let items):
            for item in items { item.writeNodes(to: &image) }
            let tag: ExpressionTag = switch self {
            case .sequence: .sequence
            case .alternative: .alternative
            default: .permutation
            }
            image.append(tag.rawValue)
            image.append(items.count)
        case .optional(let item):
            item.writeNodes(to: &image)
            image.append(ExpressionTag.optional.rawValue)
        case .list(let reference):
            image.append(ExpressionTag.list.rawValue)
            image.append(reference.listName)
            image.append(reference.slotName)
            image.append(reference.offset)
            image.append(reference.inlineRange != nil)
            if let range = reference.inlineRange {
                image.append(range.lowerBound)
                image.append(range.upperBound)
                image.append(range.step)
            }
        case .rule(let reference):
            image.append(ExpressionTag.rule.rawValue)
            image.append(reference.ruleName)
            image.append(reference.offset)
        }
    }

    init(from image: inout GrammarImageReader) throws(ImageError) {
        let count = try image.readCount()
        var stack: [Expression] = []
        // The height of each tree on the stack: a composite node is one more than its highest child.
        var heights: [Int] = []
        for _ in 0..<count {
            let tag = try image.read(UInt8.self)
            switch ExpressionTag(rawValue: tag) {
            case .literal:
                let original = try image.readString()
                let text = try image.readString()
                stack.append(.literal(Literal(original: original, text: text, normalized: try image.readString())))
                heights.append(1)
            case .sequence, .alternative, .permutation, .optional:
                let items = tag == ExpressionTag.optional.rawValue ? 1 : try image.readCount()
                guard items <= stack.count else { throw image.damaged("an expression of \(items) items after \(stack.count) nodes") }
                let children = Array(stack[(stack.count - items)...])
                let height = (heights[(heights.count - items)...].max() ?? 0) + 1
                guard height <= GrammarImageReader.nestingLimit else {
                    throw image.damaged("an expression nested more than \(GrammarImageReader.nestingLimit) deep")
                }
                stack.removeLast(items)
                heights.removeLast(items)
                switch ExpressionTag(rawValue: tag) {
                case .sequence: stack.append(.sequence(children))
                case .alternative: stack.append(.alternative(children))
                case .optional: stack.append(.optional(children[0]))
                default: stack.append(.permutation(children))
                }
                heights.append(height)
            case .list:
                let listName = try image.readString()
                let slotName = try image.readString()
                let offset = try image.readInt()
                var range: InlineRange?
                if try image.readBool() {
                    let lowerBound = try image.readInt()
                    let upperBound = try image.readInt()
                    let step = try image.readInt()
                    // Matching strides by the step.
                    guard step > 0 else { throw image.damaged("the inline range of {\(listName)} has step \(step)") }
                    range = InlineRange(lowerBound: lowerBound, upperBound: upperBound, step: step)
                }
                stack.append(.list(ListReference(listName: listName, slotName: slotName, inlineRange: range, offset: offset)))
                heights.append(1)
            case .rule:
                let ruleName = try image.readString()
                stack.append(.rule(RuleReference(ruleName: ruleName, offset: try image.readInt())))
                heights.append(1)
            case nil:
                throw image.damaged("an expression node of kind \(tag)")
            }
        }
        guard stack.count == 1 else { throw image.damaged("an expression of \(count) nodes that leaves \(stack.count) on the stack") }
        self = stack[0]
    }
}
