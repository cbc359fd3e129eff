import ParlanceText

extension CompiledGrammar {
    /// The kind of a compiled grammar's image.
    package static let imageKind = "GRMR"
    /// The format version of a compiled grammar's image: bump it whenever what
    /// ``image(inputs:)`` writes changes or what a written field means, and whenever
    /// compiling would make something else of the same grammar (``GrammarCompiler``,
    /// ``AutomatonBuilder``, ``MatchText``, the spelling of numbers): an image made by the
    /// old code would otherwise be read as if the new code had made it.
    package static let imageVersion: UInt32 = 2

    /// The compiled grammar as an image (see `CompiledImage.swift`), from which
    /// ``init(image:source:inputs:)`` makes an equal grammar in a few milliseconds instead of
    /// compiling it again.
    ///
    /// ```swift
    /// let bytes = compiled.image(inputs: digest)         // once, after compiling
    /// let again = try CompiledGrammar(image: bytes, source: path, inputs: digest)
    /// ```
    ///
    /// The image holds everything compiling makes: the ``LanguageGrammar`` (every template
    /// with its expression and source positions, list, rule, data block and value), the
    /// main automaton, the template words with their trie and edit budgets, the slot
    /// symbols, every list as compiled (value automata, number ranges with their spelled
    /// numbers), the templates by accept id and the skip words' trie. What is cheap to make
    /// again is made again: the tokenizer (from the language), the matching buffers,
    /// whether any data block has context rules (one pass over the blocks), and the
    /// readers of numbers in words above ``SpelledNumbers/spelledLimit``, which are made
    /// when first needed (see ``DeferredNumberReader``). Equal grammars give equal bytes.
    ///
    /// - Parameter inputs: the digest of what the grammar was compiled from (its files,
    ///   the options, ``ImageDigest/combineEnvironment()``): reading asks for it.
    package func image(inputs: ImageDigest) -> [UInt8] {
        var image = GrammarImageWriter(inputs: inputs)
        grammar.write(to: &image)
        pieces.write(to: &image)
        image.append(slotSymbols.count)
        for symbol in slotSymbols {
            image.append(symbol.list)
            image.append(symbol.slotName)
        }
        image.append(lists.count)
        for list in lists { list.write(to: &image) }
        TemplateEntry.write(templates, grammar: grammar, to: &image)
        automaton.write(to: &image)
        skipWords.write(to: &image)
        return image.finished()
    }

    /// Reads a grammar from its image (see ``image(inputs:)``): the grammar compiled then,
    /// matching exactly as it did.
    ///
    /// - Parameters:
    ///   - image: the image's bytes; not used after the call.
    ///   - source: where the bytes come from, for messages.
    ///   - inputs: the digest of what the grammar would be compiled from now.
    /// - Throws: ``ImageError``: `.stale` for an image of other inputs, `.unsupported` for
    ///   another format version (or when ICU cannot tokenize the language), `.damaged` for
    ///   bytes that are not an image this code wrote. The caller then compiles.
    /// - Complexity: linear in the image's size, with one copy of each flat table.
    package convenience init(image: UnsafeRawBufferPointer, source: String, inputs: ImageDigest) throws(ImageError) {
        let read = try CompiledGrammar.read(image: image, source: source, inputs: inputs)
        self.init(grammar: read.grammar, language: read.language, tokenizer: read.tokenizer, parts: read.parts)
    }

    /// Reads a grammar from its image in `bytes` (see ``init(image:source:inputs:)``).
    package convenience init(image bytes: [UInt8], source: String, inputs: ImageDigest) throws(ImageError) {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(ImageError) in try CompiledGrammar.read(image: raw, source: source, inputs: inputs) }
        }
        let read = try result.get()
        self.init(grammar: read.grammar, language: read.language, tokenizer: read.tokenizer, parts: read.parts)
    }

    /// What an image holds, with what is made again from the language.
    private struct ImageParts {
        let grammar: LanguageGrammar
        let language: Language
        let tokenizer: Tokenizer
        let parts: GrammarCompiler.Output
    }

    private static func read(image bytes: UnsafeRawBufferPointer, source: String, inputs: ImageDigest) throws(ImageError) -> ImageParts {
        var image = GrammarImageReader(try ImageReader(bytes, source: source, kind: CompiledGrammar.imageKind,
                                                       version: CompiledGrammar.imageVersion, inputs: inputs),
                                       byteCount: bytes.count)
        let grammar = try LanguageGrammar(from: &image)
        let language: Language
        do {
            language = try Language(grammar.language)
        } catch {
            throw image.damaged("the grammar's language '\(grammar.language)' is not a language tag")
        }
        let tokenizer: Tokenizer
        do {
            tokenizer = try Tokenizer(language: language)
        } catch {
            throw ImageError(.unsupported, source: source, "ICU cannot tokenize \(language): \(error)")
        }
        let pieces = try PieceTable(from: &image)
        let slotCount = try image.readCount()
        var slotSymbols: [SlotSymbol] = []
        slotSymbols.reserveCapacity(min(slotCount, 1024))  // the count is not trusted yet
        for _ in 0..<slotCount {
            let list = try image.read(Int32.self)
            slotSymbols.append(SlotSymbol(list: list, slotName: try image.readString()))
        }
        let listCount = try image.readCount()
        var lists: [CompiledList] = []
        for _ in 0..<listCount {
            lists.append(try CompiledList(from: &image, grammar: grammar, language: language, pieceCount: pieces.keys.count,
                                          slotCount: slotSymbols.count))
        }
        for (index, symbol) in slotSymbols.enumerated() where symbol.list < 0 || Int(symbol.list) >= lists.count {
            throw image.damaged("slot symbol \(index) names list \(symbol.list) of \(lists.count)")
        }
        if let cycle = CompiledList.firstCycle(lists, slotLists: slotSymbols.map(\.list)) {
            throw image.damaged("the lists' values name each other in a cycle (one leads to list '\(lists[cycle].name)')")
        }
        let templates = try TemplateEntry.read(from: &image, grammar: grammar)
        let automaton = try Automaton(from: &image, pieceCount: pieces.keys.count, slotCount: slotSymbols.count,
                                      acceptCount: templates.count, "the main automaton")
        let skipWords = try KeyTrie(from: &image, payloadLimit: Int(Int32.max), "the skip words' trie")
        try image.finish()
        return ImageParts(grammar: grammar, language: language, tokenizer: tokenizer,
                          parts: GrammarCompiler.Output(automaton: automaton, pieces: pieces, slotSymbols: slotSymbols, lists: lists,
                                                        templates: templates, skipWords: skipWords))
    }
}

extension PieceTable {
    /// Writes the keys as one array of scalars with each key's length, then the budgets,
    /// the trie and the largest budget: nothing is derived again when reading.
    func write(to image: inout GrammarImageWriter) {
        image.append(contentsOf: keys.map { Int32($0.count) })
        image.append(contentsOf: keys.flatMap { $0 })
        image.append(contentsOf: budgets)
        trie.write(to: &image)
        image.append(maxBudget)
    }

    init(from image: inout GrammarImageReader) throws(ImageError) {
        let lengths = try image.readArray(of: Int32.self)
        let scalars = try image.readArray(of: UInt32.self)
        var keys: [[UInt32]] = []
        keys.reserveCapacity(lengths.count)
        var start = 0
        for length in lengths {
            guard length >= 0, start + Int(length) <= scalars.count else {
                throw image.damaged("template word \(keys.count) of \(length) scalars runs past the \(scalars.count) scalars")
            }
            keys.append(Array(scalars[start..<(start + Int(length))]))
            start += Int(length)
        }
        guard start == scalars.count else { throw image.damaged("the template words leave \(scalars.count - start) scalars unused") }
        let budgets = try image.readArray(of: UInt8.self)
        guard budgets.count == keys.count else { throw image.damaged("\(keys.count) template words with \(budgets.count) edit budgets") }
        let trie = try KeyTrie(from: &image, payloadLimit: keys.count, "the template words' trie")
        let maxBudget = try image.readInt()
        guard maxBudget >= 0 else { throw image.damaged("a largest edit budget of \(maxBudget)") }
        self.init(keys: keys, budgets: budgets, trie: trie, maxBudget: maxBudget)
    }

    /// A table from its parts as written.
    private init(keys: [[UInt32]], budgets: [UInt8], trie: KeyTrie, maxBudget: Int) {
        self.keys = keys
        self.budgets = budgets
        self.trie = trie
        self.maxBudget = maxBudget
    }
}

extension CompiledList {
    func write(to image: inout GrammarImageWriter) {
        image.append(name)
        switch kind {
        case .values(let list):
            image.append(ListTag.values.rawValue)
            SlotValue.write(list.values, to: &image)
            list.automaton.write(to: &image)
        case .range(let list):
            image.append(ListTag.range.rawValue)
            list.range.write(to: &image)
            list.spelled.write(to: &image)
        case .wildcard:
            image.append(ListTag.wildcard.rawValue)
        case .external:
            image.append(ListTag.external.rawValue)
        }
    }

    /// - Parameters:
    ///   - pieceCount, slotCount: the template words and slot symbols a value automaton may name.
    convenience init(from image: inout GrammarImageReader, grammar: LanguageGrammar, language: Language, pieceCount: Int,
                     slotCount: Int) throws(ImageError) {
        let name = try image.readString()
        let tag = try image.read(UInt8.self)
        let kind: Kind
        switch ListTag(rawValue: tag) {
        case .values:
            let values = try SlotValue.readAll(from: &image)
            let automaton = try Automaton(from: &image, pieceCount: pieceCount, slotCount: slotCount, acceptCount: values.count,
                                          "the automaton of list '\(name)'")
            kind = .values(ValueList(automaton: automaton, values: values))
        case .range:
            let range = try NumberRange(from: &image)
            kind = .range(RangeList(range: range, spelled: try SpelledNumbers(from: &image, grammar: grammar, language: language)))
        case .wildcard: kind = .wildcard
        case .external: kind = .external
        case nil: throw image.damaged("the compiled list '\(name)' of kind \(tag)")
        }
        self.init(name: name, kind: kind)
    }
}

extension CompiledList {
    /// A list on or after a cycle of lists whose values contain each other, if any. Compiling
    /// refuses such lists; matching one would recurse without end (a list's values are
    /// matched by running its automaton, whose slots match their lists).
    static func firstCycle(_ lists: [CompiledList], slotLists: [Int32]) -> Int? {
        // Kahn's algorithm on "list → the lists its values name": what is left is on a cycle.
        var named: [[Int]] = Array(repeating: [], count: lists.count)
        var namedBy = [Int](repeating: 0, count: lists.count)
        for (index, list) in lists.enumerated() {
            guard case .values(let valueList) = list.kind else { continue }
            named[index] = Array(Set(valueList.automaton.slots.map { Int(slotLists[Int($0.symbol)]) })).sorted()
            for target in named[index] { namedBy[target] += 1 }
        }
        var ready = lists.indices.filter { namedBy[$0] == 0 }
        var removed = 0
        while let list = ready.popLast() {
            removed += 1
            for target in named[list] {
                namedBy[target] -= 1
                if namedBy[target] == 0 { ready.append(target) }
            }
        }
        guard removed < lists.count else { return nil }
        return lists.indices.first { namedBy[$0] > 0 }
    }
}

extension SpelledNumbers {
    /// Writes the numbers, their trie, and the language of the reader of larger numbers
    /// (the reader itself is made again, when first needed).
    func write(to image: inout GrammarImageWriter) {
        image.append(contentsOf: values)
        trie.write(to: &image)
        image.append(deferredReader?.tag)
    }

    init(from image: inout GrammarImageReader, grammar: LanguageGrammar, language: Language) throws(ImageError) {
        let values = try image.readArray(of: Double.self)
        let trie = try KeyTrie(from: &image, payloadLimit: values.count, "the trie of spelled numbers")
        var reader: DeferredNumberReader?
        if let tag = try image.readOptionalString() {
            if let known = image.numberReaders[tag] {
                reader = known
            } else {
                // As compiling chooses: the grammar's own language, or the range's.
                let readerLanguage: Language
                do {
                    readerLanguage = tag == grammar.language ? language : try Language(tag)
                } catch {
                    throw image.damaged("numbers in words of '\(tag)', which is not a language tag")
                }
                reader = DeferredNumberReader(tag: tag, language: readerLanguage)
                image.numberReaders[tag] = reader
            }
        }
        self.init(values: values, trie: trie, deferredReader: reader)
    }
}

extension TemplateEntry {
    /// Writes each entry as its intent, data block and sentence (three `Int32`s): the
    /// template itself is the grammar's.
    static func write(_ entries: [TemplateEntry], grammar: LanguageGrammar, to image: inout GrammarImageWriter) {
        // The compiler numbers the sentences of each block in order.
        var next: [Int: Int32] = [:]
        var numbers: [Int32] = []
        numbers.reserveCapacity(entries.count * 3)
        for entry in entries {
            let block = entry.intent << 32 | entry.data
            let sentence = next[block, default: 0]
            next[block] = sentence + 1
            assert(grammar.intents[entry.intent].data[entry.data].sentences[Int(sentence)] == entry.template,
                   "template entries follow the sentences of their block in order")
            numbers += [Int32(entry.intent), Int32(entry.data), sentence]
        }
        image.append(contentsOf: numbers)
    }

    static func read(from image: inout GrammarImageReader, grammar: LanguageGrammar) throws(ImageError) -> [TemplateEntry] {
        let numbers = try image.readArray(of: Int32.self)
        guard numbers.count % 3 == 0 else { throw image.damaged("the templates: \(numbers.count) numbers, not entries of three") }
        var entries: [TemplateEntry] = []
        entries.reserveCapacity(numbers.count / 3)
        for start in stride(from: 0, to: numbers.count, by: 3) {
            let (intent, data, sentence) = (Int(numbers[start]), Int(numbers[start + 1]), Int(numbers[start + 2]))
            guard grammar.intents.indices.contains(intent), grammar.intents[intent].data.indices.contains(data),
                  grammar.intents[intent].data[data].sentences.indices.contains(sentence) else {
                throw image.damaged("template \(entries.count) is sentence \(sentence) of block \(data) of intent \(intent), which the grammar lacks")
            }
            entries.append(TemplateEntry(intent: intent, data: data, template: grammar.intents[intent].data[data].sentences[sentence]))
        }
        return entries
    }
}
