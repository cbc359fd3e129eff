/// An utterance split into tokens, with the normalized form of each.
///
/// Two views of the same text:
/// - ``tokens``: words as ICU's word-break rules see them.
/// - ``units``: the units matching works on: the same words in space-delimited scripts,
///   single characters (grapheme clusters) in unspaced scripts (Han, kana, Thai, Lao,
///   Khmer, Myanmar), where dictionary segmentation is a hint and not the truth (ICU 72
///   splits the unknown loanword ディープ into four characters and would merge others).
///   Latin runs inside such text stay whole words ("UnicornChatで" → "unicornchat", "で").
///
/// Both views share one buffer of normalized scalars, so a word token's normalized form
/// is exactly the concatenation of its characters' forms.
public struct TokenizedText: Sendable {
    /// The original text.
    public let text: String
    /// The language the text was tokenized as.
    public let language: Language
    /// The words.
    public let tokens: [Token]
    /// The matching units: words, and characters of unspaced scripts.
    public let units: [Token]
    /// The normalized forms of all tokens, back to back.
    public let normalizedScalars: [Unicode.Scalar]

    init(text: String, language: Language, tokens: [Token], units: [Token], normalizedScalars: [Unicode.Scalar]) {
        self.text = text
        self.language = language
        self.tokens = tokens
        self.units = units
        self.normalizedScalars = normalizedScalars
    }

    /// The token's range in ``text``.
    public func range(of token: Token) -> Range<String.Index> {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: token.utf8Range.lowerBound)
        let end = utf8.index(start, offsetBy: token.utf8Range.count)
        return start..<end
    }

    /// The token as written in ``text``.
    public func original(_ token: Token) -> Substring { text[range(of: token)] }

    /// The token's normalized form as scalars (no copy).
    @inline(__always)
    public func normalizedScalars(of token: Token) -> ArraySlice<Unicode.Scalar> {
        normalizedScalars[token.normalizedRange]
    }

    /// The token's normalized form as a string.
    public func normalized(_ token: Token) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: normalizedScalars[token.normalizedRange])
        return String(view)
    }

    /// The original text between two scalar offsets (as produced by ``Token/scalarRange``).
    public func original(scalars: Range<Int>) -> Substring {
        let view = text.unicodeScalars
        let start = view.index(view.startIndex, offsetBy: scalars.lowerBound)
        let end = view.index(start, offsetBy: scalars.count)
        return text[start..<end]
    }
}
