import ParlanceText

/// The words of several grammars written in the same scripts (en, de, es and fr all write
/// Latin), in one trie read with one grammar's input of the utterance: the evidence of
/// all of them (``CompiledGrammar/languageEvidence(of:in:utterances:lexicons:ratio:)``)
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
    /// Its index among the grammars the lexicon was made from.
    public let hostIndex: Int
    /// Every member's words; a key's payloads are the positions in ``members`` of the
    /// grammars spelling it.
    let trie: KeyTrie

    /// - Parameters:
    ///   - grammars: the grammars the member indices refer to;
    ///   - members: grammars written in the same scripts;
    ///   - host: the grammar whose tokenizer reads the utterance: best a member whose
    ///     ``Utterance`` the reads of other members share;
    ///   - names: texts whose words are no evidence of any member (the apps' names: a
    ///     Japanese request "RideNowで空港まで…" names an app, it does not speak a language
    ///     whose grammar happens to hold "RideNow"): their words count as spelled by every
    ///     member, as words every member's grammar holds do;
    ///   - words: more words of a member's language than its templates spell, by the
    ///     member's index among `grammars` (the words its date reader knows: "Sunday",
    ///     "übermorgen", 「明後日」), each text tokenized as that member tokenizes.
    public init(grammars: [CompiledGrammar], members: [Int], host: Int, names: [String] = [], words: [Int: [String]] = [:]) {
        self.members = members
        self.host = grammars[host]
        hostIndex = host
        let normalizer = self.host.tokenizer.normalizer
        var keys: [[UInt32]] = []
        var owners: [Int32] = []
        for (position, member) in members.enumerated() {
            let grammar = grammars[member]
            let renormalizes = grammar.tokenizer.normalizer.folds != normalizer.folds
            func add(_ written: [UInt32]) {
                var key = written
                // (Normalized ASCII is lowercase, which every normalizer leaves as it is.)
                if renormalizes, key.contains(where: { $0 >= 0x80 }) {
                    var text = String.UnicodeScalarView()
                    text.append(contentsOf: key.compactMap(Unicode.Scalar.init))
                    key = normalizer.normalize(String(text)).unicodeScalars.compactMap { $0.value == MatchText.apostrophe ? nil : $0.value }
                }
                // A key with a boundary inside is several words; evidence counts single words.
                guard !key.isEmpty, !key.contains(KeyTrie.boundary) else { return }
                keys.append(key)
                owners.append(Int32(position))
            }
            for key in grammar.pieces.keys { add(key) }
            grammar.skipWords.forEachKey { key, _ in add(key) }
            for text in words[member] ?? [] {
                let tokenized = grammar.tokenizer.tokenize(text)
                for unit in tokenized.units {
                    add(tokenized.normalizedScalars(of: unit).compactMap { $0.value == MatchText.apostrophe ? nil : $0.value })
                }
            }
        }
        // The names' words, as the host's input reads them, for every member.
        for name in names {
            let text = self.host.tokenizer.tokenize(name)
            for unit in text.units {
                let key = text.normalizedScalars(of: unit).compactMap { $0.value == MatchText.apostrophe ? nil : $0.value }
                guard !key.isEmpty else { continue }
                for position in members.indices {
                    keys.append(key)
                    owners.append(Int32(position))
                }
            }
        }
        trie = KeyTrie(keys: keys, payload: { owners[$0] })
    }

    /// For each member (in the order of ``members``), the bits of the utterance's scalars
    /// it spells, as ``CompiledGrammar/spelledCharacters(of:in:)`` gives them; and the number
    /// of the utterance's characters written in `scripts` (the members').
    func spelledCharacters(of utterance: Utterance, in scripts: WritingScripts) -> (spelled: [[UInt64]], letters: Int) {
        let trie = self.trie
        let input = utterance.input
        return input.spelledCharacters(in: scripts, readers: members.count) { scalars, isBoundary, start, reach in
            // One descent: each member's longest word from here that ends at a word edge.
            var node: Int32 = 0
            var position = start
            while position < scalars.count, let next = trie.child(node, scalars[position]) {
                node = next
                position += 1
                guard isBoundary[position] else { continue }
                for member in trie.payloads(of: node) { reach[Int(member)] = Swift.max(reach[Int(member)], position) }
            }
        }
    }
}
