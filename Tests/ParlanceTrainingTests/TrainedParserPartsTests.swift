import Foundation
import ParlanceTestSupport
import ParlanceText
import Testing
@testable import ParlanceTraining

/// The trained parser's parts on hand-made data: feature hashing and tables, the gazetteer's
/// leave-one-out marks, augmentation, and training and tagging end to end.
struct TrainedParserPartsTests {
    static let tokenizer = try! Tokenizer(language: Language("en"))
    static let numbers = try! NumberReader(language: Language("en"))

    static func tokens(_ text: String) -> SlotTagger.Tokens {
        let tokenized = tokenizer.tokenize(text)
        return SlotTagger.Tokens(tokenized, numbers: numbers.numbers(in: tokenized))
    }

    /// An utterance of chunks, some of them values of the slot (and entity) they name.
    static func utterance(_ parts: [(String, String?)]) -> AnnotatedUtterance {
        AnnotatedUtterance(chunks: parts.map { ($0.0, $0.1, nil) })
    }

    /// Feature ids must not depend on the process: a per-process seeded hash would train a
    /// different model each run.
    @Test func featureHashesAreFixedFunctions() {
        #expect(FeatureHash.string("play") == 0x546f_fc83_b260_2253)
        #expect(FeatureHash.combine(1, 2) != FeatureHash.combine(2, 1))
    }

    /// The open-addressing table against a dictionary, on seeded keys with repeats and keys
    /// that probe into each other's slots.
    @Test func featureTableAgreesWithADictionary() {
        var generator = SeededGenerator(seed: 42)
        var table = FeatureTable(capacity: 4)
        var reference: [UInt64: Int32] = [:]
        for round in 0..<5000 {
            // Small keys collide on the low bits the table indexes with; large ones are spread.
            let key = round % 3 == 0 ? UInt64(generator.next(below: 64)) << 20 : generator.next() % 2000
            let expected = reference[key] ?? Int32(reference.count)
            reference[key] = expected
            #expect(table.insert(key) == expected)
        }
        #expect(table.count == reference.count)
        for (key, id) in reference { #expect(table.id(key) == id) }
        for _ in 0..<1000 {
            let key = generator.next() | 1 << 63
            #expect(table.id(key) == (reference[key] ?? -1))
        }
        // Keeping the even ids renumbers them in order.
        let (even, mapping) = table.filtered { $0 % 2 == 0 }
        #expect(even.count == (reference.count + 1) / 2)
        for (key, id) in reference {
            #expect(mapping[Int(id)] == (id % 2 == 0 ? id / 2 : -1))
            #expect(even.id(key) == mapping[Int(id)])
        }
    }

    /// A training query's own values are counted out of its marks: a value said once is
    /// unknown to its own query, a value said twice is known.
    @Test func gazetteerLeavesOutAQuerysOwnValues() {
        let tokens = Self.tokens("weather in New York and Paris")
        let newYork = SlotGazetteer.Value(words: Array(tokens.words[2..<4]), slot: 0)
        let paris = SlotGazetteer.Value(words: [tokens.words[5]], slot: 1)
        let gazetteer = SlotGazetteer([newYork, paris, paris])
        var marks = SlotGazetteer.Marks()

        gazetteer.mark(tokens, excluding: [], into: &marks)
        #expect(Array(marks.spans(at: 2)) == [0] && Array(marks.spans(at: 3)) == [1])
        #expect(Array(marks.spans(at: 5)) == [2])
        #expect(marks.spans(at: 0).isEmpty && marks.spans(at: 4).isEmpty)
        #expect(Array(marks.members(at: 3)) == [0])

        gazetteer.mark(tokens, excluding: [newYork, paris], into: &marks)
        #expect(marks.spans(at: 2).isEmpty && marks.spans(at: 3).isEmpty && marks.members(at: 2).isEmpty)
        #expect(Array(marks.spans(at: 5)) == [2])
    }

    /// Augmented examples keep their frame's words and fill each gap with a value said for
    /// the same slot, with tags to match; the same seed draws the same examples.
    @Test func augmentationRefillsFramesWithValuesOfTheSameSlot() {
        let sentences: [(String, [Int])] = [
            ("weather in Paris", [0, 0, 1]),
            ("weather in New York tomorrow", [0, 0, 1, 2, 3]),
            ("book a table in Rome", [0, 0, 0, 0, 1]),
        ]
        let examples = sentences.enumerated().map { index, sentence in
            SlotTagger.Example(tokens: Self.tokens(sentence.0), intent: index < 2 ? 0 : 1, tags: sentence.1, values: [])
        }
        let augmented = SlotTagger.augmented(examples, perIntent: 50, seed: 7)
        #expect(augmented.count == 48 + 49)
        let cities: Set<[UInt64]> = [[Self.tokens("Paris").words[0]], Self.tokens("New York").words, [Self.tokens("Rome").words[0]]]
        let weather = Self.tokens("weather in").words
        for example in augmented {
            #expect(example.tags.count == example.tokens.count && example.tokens.shapes.count == example.tokens.count)
            let spans = SlotTagger.spans(example.tags)
            for span in spans where span.slot == 0 {
                #expect(cities.contains(Array(example.tokens.words[span.words])))
            }
            #expect(example.values.map(\.words) == spans.map { Array(example.tokens.words[$0.words]) })
            if example.intent == 0 { #expect(Array(example.tokens.words.prefix(2)) == weather) }
        }
        #expect(augmented.map(\.tags) == SlotTagger.augmented(examples, perIntent: 50, seed: 7).map(\.tags))
    }

    /// Trained on a few frames, the model tags values it never saw from their frame, and
    /// training twice gives the same model.
    @Test func modelTagsUnseenValuesFromTheirFrames() throws {
        var weather: [AnnotatedUtterance] = [], music: [AnnotatedUtterance] = []
        for city in ["Paris", "London", "Berlin", "Madrid", "Oslo", "New York", "San Diego"] {
            weather.append(Self.utterance([("what is the weather in ", nil), (city, "city")]))
            weather.append(Self.utterance([("will it rain in ", nil), (city, "city"), (" tomorrow", nil)]))
        }
        for artist in ["Adele", "Queen", "Miles Davis", "Nina Simone", "Bob Marley", "Prince"] {
            music.append(Self.utterance([("play something by ", nil), (artist, "artist")]))
            music.append(Self.utterance([("put on ", nil), (artist, "artist"), (" please", nil)]))
        }
        let training = TrainingData(language: "en", intents: [TrainingIntent(name: "GetWeather", utterances: weather),
                                                              TrainingIntent(name: "PlayMusic", utterances: music)])
        let model = try TrainedParser(training: training)
        let rain = try #require(model.parse("will it rain in Lisbon tomorrow"))
        #expect(rain.intent == "GetWeather")
        #expect(rain.slots == [ParsedSlot(name: "city", text: "Lisbon", value: "Lisbon", span: 16..<22)])
        let play = try #require(model.parse("play something by Aretha Franklin"))
        #expect(play.intent == "PlayMusic")
        #expect(play.slots == [ParsedSlot(name: "artist", text: "Aretha Franklin", value: "Aretha Franklin", span: 18..<33)])

        let again = try TrainedParser(training: training)
        #expect(again.tagger.weights == model.tagger.weights && again.tagger.transitions == model.tagger.transitions)
        #expect(again.classifier.weights == model.classifier.weights)
    }

    /// A trained tagger's sparse rows hold exactly the dense matrix's non-zero weights, row
    /// by row, columns ascending: what the decoder sums in the dense row's order.
    @Test func sparseRowsKeepExactlyTheNonZeroWeights() {
        var generator = SeededGenerator(seed: 0x5A)
        for (rows, width) in [(0, 5), (1, 1), (40, 79), (300, 3)] {
            let dense = (0..<(rows * width)).map { _ -> Float in
                Int.random(in: 0..<5, using: &generator) == 0 ? Float(Int.random(in: -9...9, using: &generator)) / 4 : 0
            }
            let sparse = SparseRows(dense: dense, columns: width)
            #expect(sparse.starts.count == rows + 1 && sparse.starts.first == 0)
            var rebuilt = [Float](repeating: 0, count: dense.count)
            for row in 0..<rows {
                let entries = Int(sparse.starts[row])..<Int(sparse.starts[row + 1])
                #expect(zip(entries.dropLast(), entries.dropFirst()).allSatisfy { sparse.columns[$0] < sparse.columns[$1] })
                for j in entries {
                    #expect(sparse.values[j] != 0)
                    rebuilt[row * width + Int(sparse.columns[j])] = sparse.values[j]
                }
            }
            #expect(rebuilt == dense, "\(rows) × \(width)")
        }
    }
}
