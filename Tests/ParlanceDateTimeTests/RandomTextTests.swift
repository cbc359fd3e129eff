import ParlanceTestSupport
import Testing
@testable import ParlanceDateTime

/// Random text over an alphabet of what trips readers (digits of several scripts, colons,
/// full stops, symbols, date characters, combining marks, emoji): no crash, and every span
/// slices its text from the input, in order and without overlap.
@Suite struct RandomTextTests {
    static let alphabet: [String] = [
        "0", "1", "2", "3", "5", "7", "9", "12", "25", "31", "99", "１", "２", "٣", " ", " ", " ", ":", ".", ",", "/", "^", "-", "'",
        "at ", "am ", "pm", "h", "uhr ", "heures ", "月", "日", "時", "点", "半", "后", "後", "分", "年", "号", "a", "e\u{301}", "\u{1F600}",
        "tomorrow ", "morgen ", "demain ", "mañana ", "明日", "明天", "from ", "to ", "bis ", "in ", "de ", "minutes ", "days ",
    ]

    @Test(arguments: ["en", "de", "fr", "es", "ja", "zh-Hans"])
    func randomTextIsReadSafely(_ tag: String) {
        let reader = Readers.reader(tag)
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<2_000 {
            let count = 1 + generator.next(below: 16)
            let text = (0..<count).map { _ in Self.alphabet[generator.next(below: Self.alphabet.count)] }.joined()
            let scalars = Array(text.unicodeScalars)
            var previousEnd = 0
            for match in reader.read(text, now: saturday) {
                #expect(match.scalarRange.lowerBound >= previousEnd && match.scalarRange.upperBound <= scalars.count, "\(tag) '\(text)': \(match)")
                guard match.scalarRange.lowerBound >= previousEnd, match.scalarRange.upperBound <= scalars.count else { break }
                var slice = String.UnicodeScalarView()
                slice.append(contentsOf: scalars[match.scalarRange])
                #expect(String(slice) == match.text, "\(tag) '\(text)': \(match)")
                previousEnd = match.scalarRange.upperBound
            }
        }
    }
}
