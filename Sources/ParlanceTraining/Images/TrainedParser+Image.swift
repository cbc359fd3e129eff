import Foundation
import ParlanceGrammar
import ParlanceText

/// Saving a trained parser and reading it back: a compiled image (`CompiledImage.swift`)
/// holding the induced grammar's own image and every table the classifier, tagger and
/// resolver read, so that reading is a few copies instead of seconds of training.
extension TrainedParser {
    /// The kind of a trained parser's image.
    static let imageKind = "TPRS"
    /// The format version: bump it whenever what ``image()`` writes changes, or what
    /// training makes of the same data (a model saved by the old code would otherwise be
    /// read as if the new code had trained it).
    static let imageVersion: UInt32 = 2

    /// What every model's image is checked against: the format and the ICU version, whose
    /// normalization and word breaking made the feature keys. (Not the program's build: a
    /// model outlives it.)
    static var imageInputs: ImageDigest {
        var digest = ImageDigest()
        digest.combine("Parlance trained parser")
        digest.combine(Int(imageVersion))
        digest.combine(Int(CompiledGrammar.imageVersion))
        digest.combineICUVersion()
        return digest
    }

    /// Saves the parser to a file (written whole to a temporary file, then moved in place).
    ///
    /// - Throws: ``TrainingError`` naming the file when it cannot be written.
    public func save(to url: URL) throws(TrainingError) {
        let bytes = image()
        do {
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw TrainingError(path: url.path, message: "cannot write the model (\(error.localizedDescription))")
        }
    }

    /// Reads a parser saved with ``save(to:)``: it parses exactly as the one saved.
    ///
    /// - Throws: ``TrainingError`` naming the file: it cannot be read, is not a model, was
    ///   saved by another format version or with another ICU (train it again), or is
    ///   truncated or damaged.
    /// - Complexity: linear in the file's size (about 17 MB for the 13,784 queries of the
    ///   full Snips files): one read, one digest, one copy of each table.
    public init(contentsOf url: URL) throws(TrainingError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TrainingError(path: url.path, message: "cannot read the model (\(error.localizedDescription))",
                                expected: "a model saved by 'parlance train' or TrainedParser.save(to:)")
        }
        try self.init(image: data, source: url.path)
    }

    /// Reads a parser from the bytes of its image (see ``init(contentsOf:)``).
    public init(image data: Data, source: String) throws(TrainingError) {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(ImageError) in try TrainedParser.read(raw, source: source) }
        }
        switch result {
        case .success(let parser): self = parser
        case .failure(let error): throw TrainingError(error)
        }
    }

    /// The parser as the bytes of an image.
    func image() -> [UInt8] {
        var writer = ImageWriter(kind: Self.imageKind, version: Self.imageVersion, inputs: Self.imageInputs)
        writer.append(language.tag)
        writer.append(strategy.rawValue)
        for count in [statistics.queries, statistics.templates, statistics.openLists, statistics.closedLists] { writer.append(count) }
        writer.append(contentsOf: grammar.image(inputs: Self.imageInputs))
        classifier.write(to: &writer)
        tagger.write(to: &writer)
        writer.append(contentsOf: taggerIntents.map(Int32.init))
        resolver.write(to: &writer)
        return writer.finished()
    }

    private static func read(_ bytes: UnsafeRawBufferPointer, source: String) throws(ImageError) -> TrainedParser {
        var reader = try ImageReader(bytes, source: source, kind: imageKind, version: imageVersion, inputs: imageInputs)
        let tag = try reader.readString()
        let language: Language, tokenizer: Tokenizer
        do {
            language = try Language(tag)
            tokenizer = try Tokenizer(language: language)
        } catch {
            throw ImageError(.unsupported, source: source, "ICU cannot tokenize the model's language '\(tag)': \(error)")
        }
        let strategyName = try reader.readString()
        guard let strategy = Strategy(rawValue: strategyName) else { throw ImageError(.damaged, source: source, "an unknown strategy '\(strategyName)'") }
        let statistics = Statistics(queries: try reader.readCount(), templates: try reader.readCount(), openLists: try reader.readCount(),
                                    closedLists: try reader.readCount())
        let grammarResult = try reader.withArray(of: UInt8.self) { _, raw in
            Result { () throws(ImageError) in try CompiledGrammar(image: raw, source: source, inputs: imageInputs) }
        }
        let grammar = try grammarResult.get()
        let classifier = try IntentClassifier(from: &reader)
        let tagger = try SlotTagger(from: &reader)
        let taggerIntents = try reader.readArray(of: Int32.self).map(Int.init)
        guard taggerIntents.count == classifier.intents.count, taggerIntents.allSatisfy({ $0 >= 0 && $0 < tagger.intents.count }) else {
            throw ImageError(.damaged, source: source, "the classifier's intents do not map to the tagger's")
        }
        let resolver = try SlotResolver(from: &reader, normalizer: tokenizer.normalizer)
        try reader.finish()
        return TrainedParser(statistics: statistics, strategy: strategy, language: language, grammar: grammar, classifier: classifier,
                             tagger: tagger, taggerIntents: taggerIntents, resolver: resolver, tokenizer: tokenizer,
                             numberReader: DeferredNumberReader(tag: tag, language: language))
    }
}

extension TrainingError {
    /// An image that cannot be read as a training error: the file and why.
    init(_ error: ImageError) {
        let expected = "a model saved by this version of Parlance (train it again)"
        switch error.kind {
        case .stale:
            self.init(path: error.source, message: "the model was saved with another ICU version or model format", expected: expected)
        case .unsupported:
            self.init(path: error.source, message: error.message, expected: expected)
        case .damaged:
            self.init(path: error.source, message: "not a model, or a truncated or damaged one: \(error.message)",
                      expected: "a model saved by 'parlance train' or TrainedParser.save(to:)")
        }
    }
}

extension ImageReader {
    /// Reads a table written as a count and its elements' bytes, checking every element.
    mutating func readChecked<T: BitwiseCopyable>(_ type: T.Type, _ what: String, _ isValid: (T) -> Bool) throws(ImageError) -> [T] {
        let values = try readArray(of: T.self)
        guard values.allSatisfy(isValid) else { throw ImageError(.damaged, source: source, "\(what) holds a value out of range") }
        return values
    }

    /// Reads an array that must have `count` elements.
    mutating func readArray<T: BitwiseCopyable>(of type: T.Type, count: Int, _ what: String) throws(ImageError) -> [T] {
        let values = try readArray(of: T.self)
        guard values.count == count else { throw ImageError(.damaged, source: source, "\(what): \(values.count) entries, expected \(count)") }
        return values
    }
}

extension FeatureTable {
    func write(to writer: inout ImageWriter) {
        writer.append(count)
        writer.append(contentsOf: keys)
        writer.append(contentsOf: ids)
    }

    init(from reader: inout ImageReader) throws(ImageError) {
        let count = try reader.readCount()
        let keys = try reader.readArray(of: UInt64.self)
        let ids = try reader.readArray(of: Int32.self, count: keys.count, "a feature table's ids")
        // A power of two at least twice the count, or probing would never end.
        let used = ids.withUnsafeBufferPointer { ids in
            var used = 0
            for id in ids {
                guard id >= -1, Int(id) < count else { return -1 }
                if id >= 0 { used += 1 }
            }
            return used
        }
        guard keys.count >= 16, keys.count & (keys.count - 1) == 0, 2 * count <= keys.count, used == count else {
            throw ImageError(.damaged, source: reader.source, "a feature table of \(keys.count) slots and \(count) keys is inconsistent")
        }
        self.init(keys: keys, ids: ids, count: count)
    }
}

extension IntentClassifier {
    func write(to writer: inout ImageWriter) {
        writer.append(intents)
        vocabulary.write(to: &writer)
        writer.append(contentsOf: idf)
        writer.append(contentsOf: weights)
        writer.append(contentsOf: bias)
    }

    init(from reader: inout ImageReader) throws(ImageError) {
        intents = try reader.readStrings()
        vocabulary = try FeatureTable(from: &reader)
        idf = try reader.readArray(of: Float.self, count: vocabulary.count, "the classifier's idf")
        weights = try reader.readArray(of: Float.self, count: vocabulary.count * intents.count, "the classifier's weights")
        bias = try reader.readArray(of: Float.self, count: intents.count, "the classifier's bias")
    }
}

extension SlotTagger {
    func write(to writer: inout ImageWriter) {
        writer.append(slotNames)
        writer.append(intents)
        features.write(to: &writer)
        writer.append(contentsOf: weights.starts)
        writer.append(contentsOf: weights.columns)
        writer.append(contentsOf: weights.values)
        writer.append(contentsOf: transitions)
        gazetteer.write(to: &writer)
        writer.append(allowedTags.count)
        for tags in allowedTags { writer.append(contentsOf: tags.map(Int32.init)) }
        writer.append(contentsOf: intentSalts)
    }

    init(from reader: inout ImageReader) throws(ImageError) {
        slotNames = try reader.readStrings()
        intents = try reader.readStrings()
        features = try FeatureTable(from: &reader)
        let tags = 1 + 2 * slotNames.count
        let starts = try reader.readArray(of: UInt32.self, count: features.count + 1, "the tagger's weight rows")
        let columns = try reader.readChecked(UInt16.self, "the tagger's weight columns") { Int($0) < tags }
        let values = try reader.readArray(of: Float.self, count: columns.count, "the tagger's weights")
        // Rows in order, within the entries, each row's columns ascending.
        let ordered = starts.withUnsafeBufferPointer { starts in
            columns.withUnsafeBufferPointer { columns in
                guard starts[0] == 0, Int(starts[starts.count - 1]) == columns.count else { return false }
                for row in 0..<(starts.count - 1) {
                    let start = Int(starts[row]), end = Int(starts[row + 1])
                    guard start <= end else { return false }
                    for j in start..<end where j > start && columns[j - 1] >= columns[j] { return false }
                }
                return true
            }
        }
        guard ordered else { throw ImageError(.damaged, source: reader.source, "the tagger's weight rows are out of order") }
        weights = SparseRows(starts: starts, columns: columns, values: values)
        transitions = try reader.readArray(of: Float.self, count: (tags + 1) * tags, "the tagger's transitions")
        gazetteer = try SlotGazetteer(from: &reader, slots: slotNames.count)
        let intentCount = try reader.readCount()
        guard intentCount == intents.count else { throw ImageError(.damaged, source: reader.source, "tags for \(intentCount) intents of \(intents.count)") }
        var allowedTags: [[Int]] = []
        for _ in 0..<intentCount {
            allowedTags.append(try reader.readChecked(Int32.self, "an intent's tags") { $0 >= 0 && Int($0) < tags }.map(Int.init))
        }
        self.allowedTags = allowedTags
        intentSalts = try reader.readArray(of: UInt64.self, count: intents.count, "the intents' salts")
    }
}

extension SlotGazetteer {
    func write(to writer: inout ImageWriter) {
        values.write(to: &writer)
        lengths.write(to: &writer)
        members.write(to: &writer)
    }

    init(from reader: inout ImageReader, slots: Int) throws(ImageError) {
        let valid = { (entry: SlotCount) in entry.slot >= 0 && Int(entry.slot) < slots && entry.count > 0 }
        self.init(values: try KeyedLists(from: &reader, "the gazetteer's values", valid),
                  lengths: try KeyedLists(from: &reader, "the gazetteer's lengths") { $0 > 0 },
                  members: try KeyedLists(from: &reader, "the gazetteer's members", valid))
    }
}

extension KeyedLists {
    func write(to writer: inout ImageWriter) {
        keys.write(to: &writer)
        writer.append(contentsOf: starts)
        writer.append(contentsOf: elements)
    }

    init(from reader: inout ImageReader, _ what: String, _ isValid: (Element) -> Bool) throws(ImageError) {
        let keys = try FeatureTable(from: &reader)
        let starts = try reader.readArray(of: Int32.self, count: keys.count + 1, what)
        let elements = try reader.readChecked(Element.self, what, isValid)
        // Every list in order, none empty, together all the elements.
        let consistent = starts.withUnsafeBufferPointer { starts in
            guard starts[0] == 0, Int(starts[starts.count - 1]) == elements.count else { return false }
            for index in 1..<starts.count where starts[index] <= starts[index - 1] { return false }
            return true
        }
        guard consistent else { throw ImageError(.damaged, source: reader.source, "\(what): lists out of order or empty") }
        self.init(keys: keys, starts: starts, elements: elements)
    }
}

extension SlotResolver {
    func write(to writer: inout ImageWriter) {
        let slots = entityOfSlot.keys.sorted()
        writer.append(slots)
        writer.append(slots.map { entityOfSlot[$0]! })
        let entities = values.keys.sorted()
        writer.append(entities)
        for entity in entities {
            let table = values[entity]!
            let keys = table.keys.sorted()
            writer.append(keys)
            writer.append(keys.map { table[$0]! })
        }
    }

    init(from reader: inout ImageReader, normalizer: Normalizer) throws(ImageError) {
        let slots = try reader.readStrings()
        let slotEntities = try reader.readStrings()
        guard slots.count == slotEntities.count else { throw ImageError(.damaged, source: reader.source, "slots and entities differ in number") }
        var values: [String: [String: String]] = [:]
        for entity in try reader.readStrings() {
            let keys = try reader.readStrings()
            let resolved = try reader.readStrings()
            guard keys.count == resolved.count else { throw ImageError(.damaged, source: reader.source, "entity '\(entity)': texts and values differ in number") }
            values[entity] = Dictionary(zip(keys, resolved), uniquingKeysWith: { first, _ in first })
        }
        self.init(entityOfSlot: Dictionary(zip(slots, slotEntities), uniquingKeysWith: { first, _ in first }), values: values, normalizer: normalizer)
    }
}
