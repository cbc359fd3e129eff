import ParlanceText

/// The words of several grammars written in the same scripts (en, de, es and fr all write
/// Latin), in one trie read with one grammar's input of the utterance: the evidence of
/// all of them (``CompiledGrammar/languageEvidence(of:in:readsAlike:lexicons:ratio:)``)
/// for one tokenization and one descent per word, instead of one of each per grammar.
///
/// The words are each grammar's template words and skip words, normalized anew as the
/// host grammar normalizes text: German keeps its umlauts, English folds them, so "für"
/// is kept under "fur" here. A grammar's evidence read this way is what its own input
/// would give, except where the host's folds merge two of its words (which only an
/// utterance spelling one of them can tell, and both count as the grammar's either way).
/// That is all evidence asks: which languages spell a fair share of the utterance.
public struct EvidenceLexicon: Sendable {
    /// The member grammars, as indices into the list the lexicon was made from.
    public let members: [Int]
    /// The grammar whose input reads the utterance.
    let host: CompiledGrammar
    /// Every member's words; a key's payloads are the positions in ``members`` of the
    /// grammars spelling it.
    let trie: KeyTrie

    /// - Parameters:
    ///   - grammars: the grammars the member indices refer to;
    ///   - members: at most 32 of them, written in the same scripts;
    ///   - host: the member whose tokenizer reads the utterance (best one whose input the
    ///     reads of other members share, ``CompiledGrammar/lendInput(of:to:)``).
    public init(grammars: [CompiledGrammar], members: [Int], host: Int) {
        precondition(members.count <= 32 && members.contains(host), "an evidence lexicon's host is one of at most 32 members")
        self.members = members
        self.host = grammars[host]
        let normalizer = self.host.tokenizer.normalizer
        var keys: [[UInt32]] = []
        var owners: [Int32] = []
        for (position, member) in members.enumerated() {
            let grammar = grammars[member]
            let renormalizes = grammar.tokenizer.normalizer.folds != normalizer.folds
            func add(_ key: [UInt32]) {
                // Keys that require a boundary inside span words: evidence counts single words.
                guard !key.isEmpty, !key.contains(KeyTrie.boundary) else { return }
                // (Normalized ASCII is lowercase, which every normalizer leaves as it is.)
                guard renormalizes, key.contains(where: { $0 >= 0x80 }) else {
                    keys.append(key)
                    owners.append(Int32(position))
                    return
                }
                var text = String.UnicodeScalarView()
                text.append(contentsOf: key.compactMap(Unicode.Scalar.init))
                let normalized = normalizer.normalize(String(text)).unicodeScalars
                    .compactMap { $0.value == MatchText.apostrophe ? nil : $0.value }
                guard !normalized.isEmpty, !normalized.contains(KeyTrie.boundary) else { return }
                keys.append(normalized)
                owners.append(Int32(position))
            }
            for key in grammar.pieces.keys { add(key) }
            grammar.skipWords.forEachKey { key, _ in add(key) }
        }
        trie = KeyTrie(keys: keys, payload: { owners[$0] })
    }

    /// For each member (in the order of ``members``), the bits of the utterance's scalars
    /// it spells, as ``CompiledGrammar/spelledCharacters(of:in:)`` gives them; and the number
    /// of the utterance's characters written in `scripts` (the members').
    func spelledCharacters(of utterance: String, in scripts: WritingScripts) -> (spelled: [[UInt64]], letters: Int) {
        let input = host.workspaces.input(for: utterance, tokenizer: host.tokenizer)
        let words = (input.utterance.count + 63) / 64
        var spelled = [[UInt64]](repeating: [UInt64](repeating: 0, count: words), count: members.count)
        var letters = 0
        var lastOrigin = -1
        var coveredUpTo = [Int](repeating: 0, count: members.count)
        let trie = self.trie
        input.scalars.withUnsafeBufferPointer { scalars in
            input.isBoundary.withUnsafeBufferPointer { isBoundary in
                for range in input.unitRanges {
                    // One descent: each member's longest word from here that ends at a word edge.
                    var node: Int32 = 0
                    var position = range.lowerBound
                    while position < scalars.count, let next = trie.child(node, scalars[position]) {
                        node = next
                        position += 1
                        guard isBoundary[position] else { continue }
                        for member in trie.payloads(of: node) {
                            coveredUpTo[Int(member)] = Swift.max(coveredUpTo[Int(member)], position)
                        }
                    }
                    for position in range {
                        if !scripts.isEmpty {
                            guard let scalar = Unicode.Scalar(scalars[position]), scripts.contains(scalar) else { continue }
                        }
                        let origin = Int(input.origin[position].start)
                        if origin != lastOrigin { letters += 1 }
                        lastOrigin = origin
                        for member in coveredUpTo.indices where position < coveredUpTo[member] {
                            spelled[member][origin >> 6] |= 1 << UInt64(origin & 63)
                        }
                    }
                }
            }
        }
        return (spelled, letters)
    }
}
