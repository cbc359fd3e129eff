import ParlanceText

// A language's grammar in a compiled grammar's image: everything the loader read, which
// hypotheses, explanations and callers of ``CompiledGrammar/grammar`` read after compiling.

extension LanguageGrammar {
    func write(to image: inout GrammarImageWriter) {
        image.append(language)
        image.append(intents.count)
        for intent in intents { intent.write(to: &image) }
        image.append(lists) { list, image in list.write(to: &image) }
        image.append(expansionRules) { rule, image in rule.write(to: &image) }
        image.append(skipWords)
        settings.write(to: &image)
        image.append(files)
    }

    init(from image: inout GrammarImageReader) throws(ImageError) {
        let language = try image.readString()
        let intentCount = try image.readCount()
        var intents: [Intent] = []
        for _ in 0..<intentCount { intents.append(try Intent(from: &image)) }
        let lists = try image.readDictionary("the lists") { image throws(ImageError) in try SlotList(from: &image) }
        let rules = try image.readDictionary("the expansion rules") { image throws(ImageError) in try Template(from: &image) }
        let skipWords = try image.readStrings()
        let settings = try GrammarSettings(from: &image)
        self.init(language: language, intents: intents, lists: lists, expansionRules: rules, skipWords: skipWords,
                  settings: settings, files: try image.readStrings())
    }
}

extension Intent {
    func write(to image: inout GrammarImageWriter) {
        image.append(name)
        image.append(data.count)
        for block in data { block.write(to: &image) }
    }

    init(from image: inout GrammarImageReader) throws(ImageError) {
        let name = try image.readString()
        let count = try image.readCount()
        var data: [IntentData] = []
        for _ in 0..<count { data.append(try IntentData(from: &image)) }
        self.init(name: name, data: data)
    }
}

extension IntentData {
    func write(to image: inout GrammarImageWriter) {
        image.append(sentences.count)
        for sentence in sentences { sentence.write(to: &image) }
        image.append(slots) { value, image in value.write(to: &image) }
        image.append(requiresContext) { constraint, image in constraint.write(to: &image) }
        image.append(excludesContext) { constraint, image in constraint.write(to: &image) }
        image.append(expansionRules) { rule, image in rule.write(to: &image) }
        image.append(lists) { list, image in list.write(to: &image) }
        image.append(metadata) { value, image in value.write(to: &image) }
        image.append(response)
        image.append(requiredKeywords)
        image.append(inferredDomain)
        image.append(nameDomains)
        image.append(slotCombination)
        location.write(to: &image)
    }

    init(from image: inout GrammarImageReader) throws(ImageError) {
        let count = try image.readCount()
        var sentences: [Template] = []
        for _ in 0..<count { sentences.append(try Template(from: &image)) }
        let slots = try image.readDictionary("the slots of a data block") { image throws(ImageError) in try DataValue(from: &image) }
        let requires = try image.readDictionary("requires_context") { image throws(ImageError) in try ContextConstraint(from: &image) }
        let excludes = try image.readDictionary("excludes_context") { image throws(ImageError) in try ContextConstraint(from: &image) }
        let rules = try image.readDictionary("the expansion rules of a data block") { image throws(ImageError) in try Template(from: &image) }
        let lists = try image.readDictionary("the lists of a data block") { image throws(ImageError) in try SlotList(from: &image) }
        let metadata = try image.readDictionary("the metadata of a data block") { image throws(ImageError) in try DataValue(from: &image) }
        let response = try image.readOptionalString()
        let requiredKeywords = try image.readOptionalStrings()
        let inferredDomain = try image.readOptionalString()
        let nameDomains = try image.readOptionalStrings()
        let slotCombination = try image.readOptionalString()
        self.init(sentences: sentences, slots: slots, requiresContext: requires, excludesContext: excludes, expansionRules: rules,
                  lists: lists, metadata: metadata, response: response, requiredKeywords: requiredKeywords, inferredDomain: inferredDomain,
                  nameDomains: nameDomains, slotCombination: slotCombination, location: try SourceLocation(from: &image))
    }
}

extension ContextConstraint {
    func write(to image: inout GrammarImageWriter) {
        image.append(values != nil)
        if let values {
            image.append(values.count)
            for value in values { value.write(to: &image) }
        }
        image.append(fillsSlot)
    }

    init(from image: inout GrammarImageReader) throws(ImageError) {
        var values: [DataValue]?
        if try image.readBool() {
            let count = try image.readCount()
            var read: [DataValue] = []
            for _ in 0..<count { read.append(try DataValue(from: &image)) }
            values = read
        }
        self.init(values: values, fillsSlot: try image.readBool())
    }
}

extension GrammarSettings {
    func write(to image: inout GrammarImageWriter) {
        image.append(ignoreWhitespace)
        image.append(filterWithRegex)
    }

    init(from image: inout GrammarImageReader) throws(ImageError) {
        let ignoreWhitespace = try image.readBool()
        self.init(ignoreWhitespace: ignoreWhitespace, filterWithRegex: try image.readBool())
    }
}

/// The kinds of slot list, as an image writes them (``SlotList/Kind`` and ``CompiledList/Kind``).
enum ListTag: UInt8 {
    case values, range, wildcard, external
}

extension SlotList {
    func write(to image: inout GrammarImageWriter) {
        image.append(name)
        switch kind {
        case .values(let values):
            image.append(ListTag.values.rawValue)
            SlotValue.write(values, to: &image)
        case .range(let range):
            image.append(ListTag.range.rawValue)
            range.write(to: &image)
        case .wildcard:
            image.append(ListTag.wildcard.rawValue)
        case .external:
            image.append(ListTag.external.rawValue)
        }
        image.append(location != nil)
        location?.write(to: &image)
    }

    init(from image: inout GrammarImageReader) throws(ImageError) {
        let name = try image.readString()
        let tag = try image.read(UInt8.self)
        let kind: Kind
        switch ListTag(rawValue: tag) {
        case .values:
            kind = .values(try SlotValue.readAll(from: &image))
        case .range: kind = .range(try NumberRange(from: &image))
        case .wildcard: kind = .wildcard
        case .external: kind = .external
        case nil: throw image.damaged("the list '\(name)' of kind \(tag)")
        }
        self.init(name: name, kind: kind, location: try image.readBool() ? try SourceLocation(from: &image) : nil)
    }
}

extension SlotValue {
    /// A list's values: their count, then each.
    static func write(_ values: [SlotValue], to image: inout GrammarImageWriter) {
        image.append(values.count)
        for value in values { value.write(to: &image) }
    }

    /// The values ``write(_:to:)`` wrote.
    static func readAll(from image: inout GrammarImageReader) throws(ImageError) -> [SlotValue] {
        let count = try image.readCount()
        var values: [SlotValue] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try SlotValue(from: &image)) }
        return values
    }

    func write(to image: inout GrammarImageWriter) {
        input.write(to: &image)
        image.append(output != nil)
        output?.write(to: &image)
        image.append(context) { value, image in value.write(to: &image) }
        image.append(metadata) { value, image in value.write(to: &image) }
    }

    init(from image: inout GrammarImageReader) throws(ImageError) {
        let input = try Template(from: &image)
        let output = try image.readBool() ? try DataValue(from: &image) : nil
        let context = try image.readDictionary("the context of a list value") { image throws(ImageError) in try DataValue(from: &image) }
        let metadata = try image.readDictionary("the metadata of a list value") { image throws(ImageError) in try DataValue(from: &image) }
        self.init(input: input, output: output, context: context, metadata: metadata)
    }
}

extension NumberRange {
    func write(to image: inout GrammarImageWriter) {
        image.append(lowerBound)
        image.append(upperBound)
        image.append(step)
        image.append(UInt8(Unit.allCases.firstIndex(of: unit)!))
        image.append(UInt8(fractions.map { Fractions.allCases.firstIndex(of: $0)! + 1 } ?? 0))
        image.append(multiplier != nil)
        if let multiplier { image.append(multiplier) }
        image.append(digits)
        image.append(words)
        image.append(wordsLanguage)
    }

    init(from image: inout GrammarImageReader) throws(ImageError) {
        let lowerBound = try image.readInt()
        let upperBound = try image.readInt()
        let step = try image.readInt()
        // Matching strides by the step and takes remainders by it.
        guard step > 0 else { throw image.damaged("a number range with step \(step)") }
        let unitIndex = Int(try image.read(UInt8.self))
        guard unitIndex < Unit.allCases.count else { throw image.damaged("a number range of unit \(unitIndex)") }
        let fractionsIndex = Int(try image.read(UInt8.self))
        guard fractionsIndex <= Fractions.allCases.count else { throw image.damaged("a number range with fractions \(fractionsIndex)") }
        let multiplier = try image.readBool() ? try image.read(Double.self) : nil
        let digits = try image.readBool()
        let words = try image.readBool()
        self.init(lowerBound: lowerBound, upperBound: upperBound, step: step, unit: Unit.allCases[unitIndex],
                  fractions: fractionsIndex == 0 ? nil : Fractions.allCases[fractionsIndex - 1], multiplier: multiplier, digits: digits,
                  words: words, wordsLanguage: try image.readOptionalString())
    }
}

/// The kinds of ``DataValue``, as an image writes them.
private enum DataValueTag: UInt8 {
    case null, bool, int, double, string, list, map
}

extension DataValue {
    /// Writes the number of nodes, then the nodes in post-order (as ``Expression`` does): a
    /// list after its elements, a map after its values with its keys, in key order.
    func write(to image: inout GrammarImageWriter) {
        var count = 0
        countNodes(&count)
        image.append(count)
        writeNodes(to: &image)
    }

    private func countNodes(_ count: inout Int) {
        count += 1
        switch self {
        case .list(let values): for value in values { value.countNodes(&count) }
        case .map(let values): for value in values.values { value.countNodes(&count) }
        default: break
        }
    }

    private func writeNodes(to image: inout GrammarImageWriter) {
        switch self {
        case .null:
            image.append(DataValueTag.null.rawValue)
        case .bool(let value):
            image.append(DataValueTag.bool.rawValue)
            image.append(value)
        case .int(let value):
            image.append(DataValueTag.int.rawValue)
            image.append(value)
        case .double(let value):
            image.append(DataValueTag.double.rawValue)
            image.append(value)
        case .string(let value):
            image.append(DataValueTag.string.rawValue)
            image.append(value)
        case .list(let values):
            for value in values { value.writeNodes(to: &image) }
            image.append(DataValueTag.list.rawValue)
            image.append(values.count)
        case .map(let values):
            let sorted = values.sorted { $0.key < $1.key }
            for (_, value) in sorted { value.writeNodes(to: &image) }
            image.append(DataValueTag.map.rawValue)
            image.append(sorted.count)
            for (key, _) in sorted { image.append(key) }
        }
    }

    init(from image: inout GrammarImageReader) throws(ImageError) {
        let count = try image.readCount()
        var stack: [DataValue] = []
        // The height of each value on the stack, as for expressions.
        var heights: [Int] = []
        for _ in 0..<count {
            let tag = try image.read(UInt8.self)
            switch DataValueTag(rawValue: tag) {
            case .null: stack.append(.null)
            case .bool: stack.append(.bool(try image.readBool()))
            case .int: stack.append(.int(try image.readInt()))
            case .double: stack.append(.double(try image.read(Double.self)))
            case .string: stack.append(.string(try image.readString()))
            case .list, .map:
                let items = try image.readCount()
                guard items <= stack.count else { throw image.damaged("a value of \(items) items after \(stack.count) values") }
                let children = Array(stack[(stack.count - items)...])
                let height = (heights[(heights.count - items)...].max() ?? 0) + 1
                guard height <= GrammarImageReader.nestingLimit else {
                    throw image.damaged("a value nested more than \(GrammarImageReader.nestingLimit) deep")
                }
                stack.removeLast(items)
                heights.removeLast(items)
                heights.append(height)
                guard tag == DataValueTag.map.rawValue else {
                    stack.append(.list(children))
                    continue
                }
                var map: [String: DataValue] = [:]
                map.reserveCapacity(items)
                for child in children {
                    let key = try image.readString()
                    guard map.updateValue(child, forKey: key) == nil else { throw image.damaged("a map with the key '\(key)' twice") }
                }
                stack.append(.map(map))
                continue
            case nil:
                throw image.damaged("a value of kind \(tag)")
            }
            heights.append(1)
        }
        guard stack.count == 1 else { throw image.damaged("a value of \(count) nodes that leaves \(stack.count) on the stack") }
        self = stack[0]
    }
}
