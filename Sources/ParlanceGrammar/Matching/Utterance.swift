import ParlanceText

/// An utterance as one tokenizer reads it, made once and handed to every stage that reads
/// it: the vocabulary search takes its ``tokens``, the grammar its input (the units the
/// automaton walks), the language evidence both. Nothing downstream tokenizes the text
/// again or looks its tokens up in a cache.
///
/// Languages whose tokenizers read text alike (the same script, word breaking and
/// normalization folds) can share one; which ones do is the caller's to know (the engine
/// groups its languages by ``KeyForm``). Immutable, so any number of threads may read one.
///
/// ```swift
/// let utterance = Utterance("turn on the kitchen light", grammar: compiled)
/// let spans = index.allSpans(in: utterance.tokens, policy: .fixed(0))
/// let result = compiled.match(utterance, found: found)
/// ```
public struct Utterance: Sendable {
    /// The text as given.
    public let text: String
    /// The text's tokens, apostrophes kept: what vocabulary is found in ("O'Brien" is one word).
    public let tokens: TokenizedText
    /// The automaton's input: the text tokenized with apostrophes read as spaces ("d'une"
    /// is "d" and "une", as the template `d'{hours}` writes it), its units' normalized
    /// scalars back to back. Its tokens are ``tokens`` when the text has no apostrophe.
    let input: MatchInput
    /// The text tokenized with apostrophes read as spaces (the automaton's words), when an
    /// apostrophe splits a word: what finds a name elided onto an article or a possessive
    /// ("d'Excite Yoga", "Emma's": `VocabularySpan.adding(_:to:in:)`). Nil otherwise.
    public let apostrophesSplit: TokenizedText?

    /// `text` as `tokenizer` reads it.
    public init(_ text: String, tokenizer: Tokenizer) {
        self.text = text
        if let split = Normalizer.apostrophesAsSpaces(text) {
            input = MatchInput(utterance: Array(text.unicodeScalars), tokenized: tokenizer.tokenize(split))
            tokens = tokenizer.tokenize(text)
            // (Apostrophes outside words, as quotation marks, split nothing.)
            apostrophesSplit = input.tokenized.units.count == tokens.units.count ? nil : input.tokenized
        } else {
            input = MatchInput(utterance: Array(text.unicodeScalars), tokenized: tokenizer.tokenize(text))
            tokens = input.tokenized
            apostrophesSplit = nil
        }
    }

    /// `text` as `grammar`'s tokenizer reads it.
    public init(_ text: String, grammar: CompiledGrammar) {
        self.init(text, tokenizer: grammar.tokenizer)
    }
}
