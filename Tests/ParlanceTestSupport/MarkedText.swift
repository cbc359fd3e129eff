/// Spans marked inline in a test string ("Call ⟦Anna⟧ tomorrow"), as swift-format's marked
/// text does: the text without the markers, and the marked spans as Unicode-scalar ranges.
public func unmark(_ marked: String) -> (text: String, spans: [Range<Int>]) {
    var text = String.UnicodeScalarView()
    var spans: [Range<Int>] = []
    var open: Int?
    for scalar in marked.unicodeScalars {
        switch scalar {
        case "⟦": open = text.count
        case "⟧":
            spans.append(open!..<text.count)
            open = nil
        default: text.append(scalar)
        }
    }
    return (String(text), spans)
}
