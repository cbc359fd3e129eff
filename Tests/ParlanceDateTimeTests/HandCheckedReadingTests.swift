import ParlanceTestSupport
import Foundation
import Testing
import Yams
@testable import ParlanceDateTime

/// Readings checked by hand, alone and inside requests: `Readings/<language>.yaml`, one file
/// per language (a reading is added by adding a line).
@Suite struct HandCheckedReadingTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Readings")

    struct Case {
        let text: String
        let readings: [String]
        let line: Int
    }

    /// The reference moment and the cases of one language's file.
    static func load(_ tag: String) throws -> (now: LocalDateTime, cases: [Case]) {
        let path = folder.appendingPathComponent("\(tag).yaml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let root = try #require(try Yams.compose(yaml: text)?.mapping, "\(path): not a mapping")
        let now = try #require(root["now"]?.string.flatMap(LocalDateTime.init(iso:)), "\(path): 'now' is not YYYY-MM-DDTHH:MM:SS")
        let list = try #require(root["readings"]?.sequence, "\(path): no 'readings' list")
        let cases = try list.map { node in
            let item = try #require(node.mapping, "\(path):\(node.mark?.line ?? 0): not a mapping")
            let text = try #require(item["text"]?.string, "\(path):\(node.mark?.line ?? 0): no text")
            let readings = try #require(item["readings"]?.sequence, "\(path):\(node.mark?.line ?? 0): no readings").compactMap(\.string)
            return Case(text: text, readings: readings, line: node.mark?.line ?? 0)
        }
        return (now, cases)
    }

    @Test(arguments: ["en", "de", "fr", "es", "ja", "zh-Hans"])
    func readingsOfTheLanguageFile(_ tag: String) throws {
        let (now, cases) = try Self.load(tag)
        #expect(cases.count >= 12, "\(tag): \(cases.count) readings")
        for item in cases {
            let (_, spans) = unmark(item.text)
            guard spans.count == item.readings.count else {
                Issue.record("Readings/\(tag).yaml:\(item.line): \(spans.count) spans, \(item.readings.count) readings")
                continue
            }
            expectReadings(tag, item.text, item.readings, now: now)
        }
    }
}
