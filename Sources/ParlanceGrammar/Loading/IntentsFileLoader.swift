import Foundation
import ParlanceText

/// Reads one intents YAML file into an ``IntentsFile``, parsing every template.
///
/// ```swift
/// let loader = IntentsFileLoader(language: try Language("en"))
/// let file = try loader.parse(yaml: """
///     language: en
///     intents:
///       HassTurnOn:
///         data:
///           - sentences: ["turn on [the] {name}"]
///     """, path: "inline.yaml")
/// file.intents[0].data[0].sentences[0].expression  // seq("turn on ", opt("the"), " ", {name})
/// ```
///
/// Checks the file's structure (unknown keys are errors, so typos fail here) and template
/// syntax; references between files are checked by ``GrammarLoader``.
public struct IntentsFileLoader: Sendable {
    /// The parser for templates, with the language's normalizer.
    public let parser: TemplateParser

    public init(language: Language) { self.parser = TemplateParser(language: language) }

    public init(parser: TemplateParser) { self.parser = parser }

    /// Keys of a file's top level.
    static let fileKeys = ["language", "intents", "lists", "expansion_rules", "skip_words", "settings", "responses", "data"]
    /// Keys of a data block.
    static let dataKeys = [
        "sentences", "slots", "requires_context", "excludes_context", "expansion_rules", "lists", "metadata", "response",
        "required_keywords", "inferred_domain", "name_domains", "settings",
    ]

    /// Reads a file. For a slot-combination file (`sentences/<lang>/<Intent>/<combination>.yaml`,
    /// whose top level is `data:`) give the intent and combination its folder and stem name.
    ///
    /// - Parameter path: the path shown in errors and locations.
    public func load(_ url: URL, path: String, slotCombination: SlotCombination? = nil) throws(GrammarError) -> IntentsFile {
        try read(YAMLDocument.read(url, path: path), slotCombination: slotCombination)
    }

    /// Parses YAML text as a file at `path`.
    public func parse(yaml: String, path: String, slotCombination: SlotCombination? = nil) throws(GrammarError) -> IntentsFile {
        try read(YAMLDocument.parse(yaml, path: path), slotCombination: slotCombination)
    }

    func read(_ document: YAMLDocument, slotCombination: SlotCombination?) throws(GrammarError) -> IntentsFile {
        var language: String?
        var intents: [Intent] = []
        var lists: [String: SlotList] = [:]
        var rules: [String: Template] = [:]
        var skipWords: [String] = []
        var settings: GrammarSettings?
        var warnings: [GrammarWarning] = []
        for (key, value) in try document.mapping(document.root, allowed: IntentsFileLoader.fileKeys, what: "the file") {
            switch key {
            case "language":
                language = try document.string(value, what: "language")
            case "intents":
                for (name, intentNode) in try document.mapping(value, what: "intents") {
                    let blocks = try document.mapping(intentNode, allowed: ["data"], what: "intent '\(name)'")
                    guard let dataNode = blocks.first(where: { $0.key == "data" })?.value else {
                        throw document.error(intentNode, "intent '\(name)' has no data", expected: "a 'data' list of sentence blocks")
                    }
                    intents.append(Intent(name: name, data: try readData(dataNode, document: document, slotCombination: nil, warnings: &warnings)))
                }
            case "data":
                guard let slotCombination else {
                    throw document.error(value, "top-level 'data' outside a slot-combination file",
                                         expected: "'intents:', or the file at sentences/<language>/<Intent>/<combination>.yaml")
                }
                intents.append(Intent(name: slotCombination.intent,
                                      data: try readData(value, document: document, slotCombination: slotCombination.combination,
                                                         warnings: &warnings)))
            case "lists":
                lists = try readLists(value, document: document)
            case "expansion_rules":
                rules = try readRules(value, document: document)
            case "skip_words":
                skipWords = try document.strings(value, what: "skip_words")
            case "settings":
                var read = GrammarSettings()
                for (name, setting) in try document.mapping(value, allowed: ["ignore_whitespace", "filter_with_regex"], what: "settings") {
                    if name == "ignore_whitespace" { read.ignoreWhitespace = try document.bool(setting, what: name) }
                    if name == "filter_with_regex" { read.filterWithRegex = try document.bool(setting, what: name) }
                }
                settings = read
            default:
                break  // responses: rendered by the application, not matched
            }
        }
        return IntentsFile(path: document.path, language: language, intents: intents, lists: lists, expansionRules: rules,
                           skipWords: skipWords, settings: settings, warnings: warnings)
    }

    func readData(_ node: YAMLNode, document: YAMLDocument, slotCombination: String?,
                  warnings: inout [GrammarWarning]) throws(GrammarError) -> [IntentData] {
        var blocks: [IntentData] = []
        for blockNode in try document.sequence(node, what: "data") {
            var sentences: [Template] = []
            var slots: [String: DataValue] = [:]
            var requires: [String: ContextConstraint] = [:]
            var excludes: [String: ContextConstraint] = [:]
            var rules: [String: Template] = [:]
            var lists: [String: SlotList] = [:]
            var metadata: [String: DataValue] = [:]
            var response: String?
            var keywords: [String]?
            var inferredDomain: String?
            var nameDomains: [String]?
            var hasSentences = false
            for (key, value) in try document.mapping(blockNode, allowed: IntentsFileLoader.dataKeys, what: "a data block") {
                switch key {
                case "sentences":
                    hasSentences = true
                    for sentence in try document.sequence(value, what: "sentences") {
                        sentences.append(try template(sentence, document: document))
                    }
                case "slots": slots = try document.valueMap(value, what: "slots")
                case "requires_context": requires = try readContext(value, document: document, what: "requires_context", warnings: &warnings)
                case "excludes_context": excludes = try readContext(value, document: document, what: "excludes_context", warnings: &warnings)
                case "expansion_rules": rules = try readRules(value, document: document)
                case "lists": lists = try readLists(value, document: document)
                case "metadata": metadata = try document.valueMap(value, what: "metadata")
                case "response": response = try document.string(value, what: "response")
                case "required_keywords": keywords = try document.strings(value, what: "required_keywords")
                case "inferred_domain": inferredDomain = try document.string(value, what: "inferred_domain")
                case "name_domains": nameDomains = try document.strings(value, what: "name_domains")
                default: break  // settings: hassil's regex pre-filter, no effect on what matches
                }
            }
            guard hasSentences else {
                throw document.error(blockNode, "data block without sentences", expected: "a 'sentences' list")
            }
            blocks.append(IntentData(
                sentences: sentences, slots: slots, requiresContext: requires, excludesContext: excludes, expansionRules: rules,
                lists: lists, metadata: metadata, response: response, requiredKeywords: keywords, inferredDomain: inferredDomain,
                nameDomains: nameDomains, slotCombination: slotCombination, location: document.location(of: blockNode)))
        }
        return blocks
    }

    /// `key: value`, `key: [values]`, `key:` (any value) or `key: {value: …, slot: true}`.
    /// Other keys of the last form are read by nothing upstream either: warned of, ignored.
    func readContext(_ node: YAMLNode, document: YAMLDocument, what: String,
                     warnings: inout [GrammarWarning]) throws(GrammarError) -> [String: ContextConstraint] {
        var result: [String: ContextConstraint] = [:]
        for (key, value) in try document.mapping(node, what: what) {
            if case .mapping = value.node {
                var values: [DataValue]?
                var fillsSlot = false
                for (name, entry) in try document.mapping(value, what: "\(what).\(key)") {
                    switch name {
                    case "value": values = entry.isNull ? nil : entry.value.elements
                    case "slot": fillsSlot = try document.bool(entry, what: "slot")
                    default: warnings.append(document.warning(entry, "unknown key '\(name)' in \(what).\(key), ignored; expected 'value' or 'slot'"))
                    }
                }
                result[key] = ContextConstraint(values: values, fillsSlot: fillsSlot)
            } else {
                result[key] = ContextConstraint(values: value.isNull ? nil : value.value.elements)
            }
        }
        return result
    }

    func readRules(_ node: YAMLNode, document: YAMLDocument) throws(GrammarError) -> [String: Template] {
        var rules: [String: Template] = [:]
        for (name, body) in try document.mapping(node, what: "expansion_rules") {
            rules[name] = try template(body, document: document)
        }
        return rules
    }

    func readLists(_ node: YAMLNode, document: YAMLDocument) throws(GrammarError) -> [String: SlotList] {
        var lists: [String: SlotList] = [:]
        for (name, listNode) in try document.mapping(node, what: "lists") {
            let entries = try document.mapping(listNode, allowed: ["values", "range", "wildcard"], what: "list '\(name)'")
            guard entries.count == 1, let (kind, value) = entries.first else {
                throw document.error(listNode, "list '\(name)' must have exactly one of values, range or wildcard",
                                     expected: "'values:', 'range:' or 'wildcard: true'")
            }
            let location = document.location(of: listNode)
            switch kind {
            case "values":
                var values: [SlotValue] = []
                for valueNode in try document.sequence(value, what: "values") {
                    values.append(try readValue(valueNode, document: document))
                }
                lists[name] = SlotList(name: name, kind: .values(values), location: location)
            case "range":
                lists[name] = SlotList(name: name, kind: .range(try readRange(value, document: document)), location: location)
            default:
                guard try document.bool(value, what: "wildcard") else {
                    throw document.error(value, "list '\(name)' has 'wildcard: false'", expected: "'wildcard: true', or values or a range")
                }
                lists[name] = SlotList(name: name, kind: .wildcard, location: location)
            }
        }
        return lists
    }

    func readValue(_ node: YAMLNode, document: YAMLDocument) throws(GrammarError) -> SlotValue {
        if node.node.scalar != nil {
            let text = try document.string(node, what: "a list value")
            // A plain string is its own output; written with template syntax it is a
            // template whose output is the matched text (hassil's rule).
            if TemplateParser.isTemplate(text) { return SlotValue(input: try template(node, document: document), output: nil) }
            return SlotValue(input: literal(node, text: text, document: document), output: .string(text))
        }
        var input: Template?
        var output: DataValue?
        var context: [String: DataValue] = [:]
        var metadata: [String: DataValue] = [:]
        for (key, value) in try document.mapping(node, allowed: ["in", "out", "context", "metadata"], what: "a list value") {
            switch key {
            case "in":
                let text = try document.string(value, what: "in")
                input = TemplateParser.isTemplate(text) ? try template(value, document: document) : literal(value, text: text, document: document)
            case "out": output = value.value
            case "context": context = try document.valueMap(value, what: "context")
            default: metadata = try document.valueMap(value, what: "metadata")
            }
        }
        guard let input else { throw document.error(node, "list value without 'in'", expected: "'in: <text or template>'") }
        return SlotValue(input: input, output: output, context: context, metadata: metadata)
    }

    func readRange(_ node: YAMLNode, document: YAMLDocument) throws(GrammarError) -> NumberRange {
        var from: Int?
        var to: Int?
        var step = 1
        var unit = NumberRange.Unit.number
        var fractions: NumberRange.Fractions?
        var multiplier: Double?
        var digits = true
        var words = true
        var wordsLanguage: String?
        let keys = ["from", "to", "step", "type", "fractions", "multiplier", "digits", "words", "words_language"]
        for (key, value) in try document.mapping(node, allowed: keys, what: "range") {
            switch key {
            case "from": from = try document.int(value, what: "from")
            case "to": to = try document.int(value, what: "to")
            case "step": step = try document.int(value, what: "step")
            case "type":
                let text = try document.string(value, what: "type")
                guard let parsed = NumberRange.Unit(rawValue: text) else {
                    throw document.error(value, "unknown range type '\(text)'",
                                         expected: NumberRange.Unit.allCases.map(\.rawValue).joined(separator: ", "))
                }
                unit = parsed
            case "fractions":
                let text = try document.string(value, what: "fractions")
                guard let parsed = NumberRange.Fractions(rawValue: text) else {
                    throw document.error(value, "unknown fractions '\(text)'",
                                         expected: NumberRange.Fractions.allCases.map(\.rawValue).joined(separator: ", "))
                }
                fractions = parsed
            case "multiplier": multiplier = try document.double(value, what: "multiplier")
            case "digits": digits = try document.bool(value, what: "digits")
            case "words": words = try document.bool(value, what: "words")
            default: wordsLanguage = try document.string(value, what: "words_language")
            }
        }
        guard let from, let to else { throw document.error(node, "range without 'from' and 'to'", expected: "'from:' and 'to:' integers") }
        guard from <= to else { throw document.error(node, "range from \(from) to \(to) is empty", expected: "from ≤ to") }
        guard step > 0 else { throw document.error(node, "range step \(step)", expected: "a positive step") }
        guard digits || words else { throw document.error(node, "range with neither digits nor words", expected: "digits, words or both") }
        return NumberRange(lowerBound: from, upperBound: to, step: step, unit: unit, fractions: fractions, multiplier: multiplier,
                           digits: digits, words: words, wordsLanguage: wordsLanguage)
    }

    /// Parses a template scalar; syntax errors point at the file's line and column.
    func template(_ node: YAMLNode, document: YAMLDocument) throws(GrammarError) -> Template {
        let text = try document.string(node, what: "a template")
        let start = document.location(of: node)
        let positions = document.positions(of: node)
        let located = Template(text: text, expression: .empty, location: start, positions: positions)
        do {
            let expression = try parser.parse(text)
            return Template(text: text, expression: expression, location: located.location(at: 0), positions: positions)
        } catch {
            throw GrammarError(
                .templateSyntax(error.reason), location: located.location(at: error.offset),
                keyPath: node.keyPath, text: text, message: error.message { located.location(at: $0).column },
                expected: error.expected)
        }
    }

    /// A literal slot value: the text as is, not parsed (hassil keeps plain values verbatim).
    func literal(_ node: YAMLNode, text: String, document: YAMLDocument) -> Template {
        let positions = document.positions(of: node)
        let located = Template(text: text, expression: .empty, location: document.location(of: node), positions: positions)
        return Template(text: text, expression: .literal(Literal(text, normalizer: parser.normalizer)),
                        location: located.location(at: 0), positions: positions)
    }
}

/// The intent and slot combination of a file at `sentences/<lang>/<Intent>/<combination>.yaml`.
public struct SlotCombination: Sendable, Hashable {
    /// The intent: the folder's name.
    public let intent: String
    /// The combination: the file's stem, e.g. "name_only".
    public let combination: String

    public init(intent: String, combination: String) {
        self.intent = intent
        self.combination = combination
    }
}
