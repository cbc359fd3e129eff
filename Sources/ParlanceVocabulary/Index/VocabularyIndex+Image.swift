import ParlanceText

/// Vocabulary index images: the compiled structures of a ``VocabularyIndex`` saved as bytes
/// (see ParlanceText's `ImageWriter`) and read back in a few milliseconds, instead of
/// tokenizing every phrase and building the tries again (0.3 s for 100,000 entries).
///
/// The items are not in the image: the caller has them (they are the input), and the
/// image's input digest (``imageInputs(items:tokenizer:)``) covers everything of them the
/// build reads, so an image is only ever read back for the items it was built from.
extension VocabularyIndex {
    /// The format version of the images; any change to what they hold bumps it.
    static let imageVersion: UInt32 = 3
    static let imageKind = "VIDX"

    /// The digest of everything an index of `items` depends on: each item's phrases,
    /// pronunciations, priority and source (the keys and their ranking), the tokenizer's
    /// language and folds, the build parameters, the format version and the ICU version.
    ///
    /// - Complexity: linear in the phrases' UTF-8 bytes (about 5 ms for 100,000 items).
    package static func imageInputs(items: [VocabularyItem], tokenizer: Tokenizer) -> ImageDigest {
        imageInputs(itemsDigest: itemsDigest(items), tokenizer: tokenizer)
    }

    /// ``imageInputs(items:tokenizer:)`` from the ``itemsDigest(_:)`` of the items: the
    /// same items indexed for several tokenizers are digested once.
    package static func imageInputs(itemsDigest: ImageDigest, tokenizer: Tokenizer) -> ImageDigest {
        var digest = ImageDigest()
        digest.combine(imageKind)
        digest.combine(Int(imageVersion))
        digest.combineEnvironment()
        digest.combine(tokenizer.language.tag)
        digest.combine(tokenizer.language.icuLocale)
        digest.combine(Int(tokenizer.language.folds.rawValue))
        digest.combine(tokenizer.language.isSpaceDelimited ? 1 : 0)
        digest.combine(itemsDigest)
        return digest
    }

    /// What of `items` an index depends on, whatever the tokenizer.
    package static func itemsDigest(_ items: [VocabularyItem]) -> ImageDigest {
        var digest = ImageDigest()
        digest.combine(items.count)
        for item in items {
            digest.combine(item.priority)
            digest.combine(Int(item.source.rawValue))
            digest.combine(item.phrases.count)
            for phrase in item.phrases { digest.combine(phrase) }
            digest.combine(item.pronunciations.count)
            for pronunciation in item.pronunciations { digest.combine(pronunciation) }
        }
        return digest
    }

    /// The image of the compiled structures, stamped with `inputs` (the
    /// ``imageInputs(items:tokenizer:)`` of the items it was built from).
    package func image(inputs: ImageDigest) -> [UInt8] {
        var writer = ImageWriter(kind: VocabularyIndex.imageKind, version: VocabularyIndex.imageVersion, inputs: inputs)
        writer.append(items.count)
        writer.append(entryCount)
        switch storage {
        case .narrow(let core):
            writer.append(UInt8(16))
            core.write(to: &writer)
        case .wide(let core):
            writer.append(UInt8(32))
            core.write(to: &writer)
        }
        return writer.finished()
    }

    /// Reads an index of `items` back from its image.
    ///
    /// - Parameters:
    ///   - image: the bytes ``image(inputs:)`` made.
    ///   - source: where they came from (a file name), for messages.
    ///   - inputs: ``imageInputs(items:tokenizer:)`` of `items` and `tokenizer`.
    /// - Throws: `ImageError`: `.stale` when the image was built from other items or
    ///   another tokenizer, `.unsupported` for another format version, `.damaged` for a
    ///   truncated or altered file or sizes that do not fit together.
    /// - Complexity: a digest and a copy of the image's bytes (about 3 ms for 100,000 items).
    package convenience init(image: UnsafeRawBufferPointer, source: String, items: [VocabularyItem], tokenizer: Tokenizer,
                             inputs: ImageDigest) throws(ImageError) {
        var reader = try ImageReader(image, source: source, kind: VocabularyIndex.imageKind,
                                     version: VocabularyIndex.imageVersion, inputs: inputs)
        guard try reader.readInt() == items.count else {
            throw ImageError(.stale, source: source, "built for another number of items")
        }
        let entryCount = try reader.readCount()
        let storage: IndexStorage
        switch try reader.read(UInt8.self) {
        case 16: storage = .narrow(try IndexCore(from: &reader, items: items))
        case 32: storage = .wide(try IndexCore(from: &reader, items: items))
        case let width: throw ImageError(.damaged, source: source, "labels of \(width) bits, expected 16 or 32")
        }
        try reader.finish()
        self.init(items: items, tokenizer: tokenizer, entryCount: entryCount, storage: storage)
    }
}

extension FrozenBuffer where Element: BitwiseCopyable {
    /// Reads the elements with one copy.
    convenience init(from reader: inout ImageReader) throws(ImageError) {
        let (count, base) = try reader.withArray(of: Element.self) { count, raw in
            let base = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(count, 1))
            if count > 0 { UnsafeMutableRawPointer(base).copyMemory(from: raw.baseAddress!, byteCount: raw.count) }
            return (count, base)
        }
        self.init(adopting: base, count: count)
    }

    func write(to writer: inout ImageWriter) {
        writer.append(contentsOf: buffer)
    }
}

extension Alphabet {
    init(from reader: inout ImageReader) throws(ImageError) {
        let pageOfBlock = try FrozenBuffer<UInt16>(from: &reader)
        let codes = try FrozenBuffer<UInt16>(from: &reader)
        let scalars = try FrozenBuffer<UInt32>(from: &reader)
        // `LabelEncoder` reads pageOfBlock below its count, codes[page << 8 | low byte] and
        // scalars unchecked; codes are places in `scalars`, ascending after its unused 0.
        let pages = codes.count >> 8
        guard pageOfBlock.count >= 1, pageOfBlock.count <= 0x110000 >> 8, codes.count >= 256, codes.count % 256 == 0,
              scalars.count >= 1, scalars.count <= Alphabet.capacity + 1, scalars[0] == 0,
              (1..<scalars.count).allSatisfy({ ($0 == 1 || scalars[$0 - 1] < scalars[$0]) && scalars[$0] < 0x110000 }),
              (0..<pageOfBlock.count).allSatisfy({ pageOfBlock[$0] == Alphabet.searchedBlock || Int(pageOfBlock[$0]) < pages }),
              (0..<codes.count).allSatisfy({ Int(codes[$0]) < scalars.count }) else {
            throw ImageError(.damaged, source: reader.source, "an alphabet whose tables do not fit together")
        }
        self.init(pageOfBlock: pageOfBlock, codes: codes, scalars: scalars)
    }

    func write(to writer: inout ImageWriter) {
        pageOfBlock.write(to: &writer)
        codes.write(to: &writer)
        scalars.write(to: &writer)
    }
}

extension RadixTrie {
    init(from reader: inout ImageReader) throws(ImageError) {
        nodes = try FrozenBuffer(from: &reader)
        labels = try FrozenBuffer(from: &reader)
        readsBackward = try reader.readBool()
        jumpNodes = try FrozenBuffer(from: &reader)
        jumpStarts = try FrozenBuffer(from: &reader)
        jumpLabels = try FrozenBuffer(from: &reader)
        jumpChildLabels = try FrozenBuffer(from: &reader)
        jumpTargets = try FrozenBuffer(from: &reader)
        jumpConsumed = try FrozenBuffer(from: &reader)
        jump2Starts = try FrozenBuffer(from: &reader)
        jump2Labels = try FrozenBuffer(from: &reader)
        jump2NextLabels = try FrozenBuffer(from: &reader)
        jump2ChildLabels = try FrozenBuffer(from: &reader)
        jump2Targets = try FrozenBuffer(from: &reader)
        jump2Consumed = try FrozenBuffer(from: &reader)
        guard nodes.count >= 1, labels.count == nodes.count,
              jumpStarts.count == jumpNodes.count + 1, jump2Starts.count == jumpNodes.count + 1,
              jumpChildLabels.count == jumpLabels.count, jumpTargets.count == jumpLabels.count,
              jumpConsumed.count == jumpLabels.count, jump2Labels.count == jump2Targets.count,
              jump2NextLabels.count == jump2Targets.count, jump2ChildLabels.count == jump2Targets.count,
              jump2Consumed.count == jump2Targets.count else {
            throw ImageError(.damaged, source: reader.source, "a trie whose tables do not fit together")
        }
    }

    func write(to writer: inout ImageWriter) {
        nodes.write(to: &writer)
        labels.write(to: &writer)
        writer.append(readsBackward)
        for buffer in [jumpNodes, jumpStarts] { buffer.write(to: &writer) }
        jumpLabels.write(to: &writer)
        jumpChildLabels.write(to: &writer)
        jumpTargets.write(to: &writer)
        jumpConsumed.write(to: &writer)
        jump2Starts.write(to: &writer)
        jump2Labels.write(to: &writer)
        jump2NextLabels.write(to: &writer)
        jump2ChildLabels.write(to: &writer)
        jump2Targets.write(to: &writer)
        jump2Consumed.write(to: &writer)
    }
}

extension IndexCore {
    /// Reads the tables and checks every index in them: the searches read them through raw
    /// pointers, and the payload's digest tells damage, not a file forged with a matching one.
    convenience init(from reader: inout ImageReader, items: [VocabularyItem]) throws(ImageError) {
        let itemCount = items.count
        let alphabet = try reader.readBool() ? try Alphabet(from: &reader) : nil
        guard (alphabet != nil) == (Label.bitWidth == 16) else {
            throw ImageError(.damaged, source: reader.source, "\(Label.bitWidth)-bit labels \(alphabet == nil ? "without" : "with") an alphabet")
        }
        let pool = try FrozenBuffer<Label>(from: &reader)
        let keyStarts = try FrozenBuffer<UInt32>(from: &reader)
        let keyPostingStarts = try FrozenBuffer<UInt32>(from: &reader)
        let postingItems = try FrozenBuffer<UInt32>(from: &reader)
        let postingVariants = try FrozenBuffer<UInt16>(from: &reader)
        let postingRanks = try FrozenBuffer<UInt32>(from: &reader)
        let forwardSubtreeRanks = try FrozenBuffer<UInt32>(from: &reader)
        let forward = try RadixTrie<Label>(from: &reader)
        let backward = try RadixTrie<Label>(from: &reader)
        let slots = try FrozenBuffer<UInt32>(from: &reader)
        let jumpFanOut = try reader.readCount()
        let maxKeyLength = try reader.readCount()
        // The sizes that tie the tables together, and the postings' items and phrases: what
        // ties the image to the caller's items.
        let keyCount = keyStarts.count - 1
        guard keyCount >= 0, keyPostingStarts.count == keyStarts.count, keyStarts.buffer.last.map({ Int($0) == pool.count }) ?? false,
              postingVariants.count == postingItems.count, postingRanks.count == postingItems.count,
              keyPostingStarts.buffer.last.map({ Int($0) == postingItems.count }) ?? false,
              forwardSubtreeRanks.count == forward.nodeCount, slots.count.nonzeroBitCount == 1,
              postingItems.buffer.allSatisfy({ Int($0) < itemCount }) else {
            throw ImageError(.damaged, source: reader.source, "index tables whose sizes do not fit together")
        }
        func ascending(_ starts: FrozenBuffer<UInt32>) -> Bool { zip(starts.buffer, starts.buffer.dropFirst()).allSatisfy { $0 <= $1 } }
        guard ascending(keyStarts), ascending(keyPostingStarts), slots.buffer.allSatisfy({ Int($0) <= keyCount }),
              maxKeyLength <= pool.count else {
            throw ImageError(.damaged, source: reader.source, "keys, postings or slots outside their tables")
        }
        for posting in 0..<postingItems.count {
            let item = items[Int(postingItems[posting])]
            guard Int(postingVariants[posting]) < item.variantCount else {
                throw ImageError(.damaged, source: reader.source, "posting \(posting) names phrase \(postingVariants[posting]) of an item with fewer")
            }
        }
        for (name, trie) in [("forward", forward), ("backward", backward)] {
            if let problem = trie.layoutProblem(poolCount: pool.count, keyCount: keyCount, maxKeyLength: maxKeyLength) {
                throw ImageError(.damaged, source: reader.source, "the \(name) trie: \(problem)")
            }
        }
        self.init(alphabet: alphabet, pool: pool, keyStarts: keyStarts, keyPostingStarts: keyPostingStarts,
                  postingItems: postingItems, postingVariants: postingVariants, postingRanks: postingRanks,
                  forwardSubtreeRanks: forwardSubtreeRanks, forward: forward, backward: backward, slots: slots,
                  jumpFanOut: jumpFanOut, maxKeyLength: maxKeyLength)
    }

    func write(to writer: inout ImageWriter) {
        writer.append(alphabet != nil)
        alphabet?.write(to: &writer)
        pool.write(to: &writer)
        keyStarts.write(to: &writer)
        keyPostingStarts.write(to: &writer)
        postingItems.write(to: &writer)
        postingVariants.write(to: &writer)
        postingRanks.write(to: &writer)
        forwardSubtreeRanks.write(to: &writer)
        forward.write(to: &writer)
        backward.write(to: &writer)
        slots.write(to: &writer)
        writer.append(jumpFanOut)
        writer.append(maxKeyLength)
    }
}
