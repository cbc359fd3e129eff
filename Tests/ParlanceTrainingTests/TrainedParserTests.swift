import Foundation
import ParlanceTestSupport
import Testing
@testable import ParlanceTraining

/// Training from the user's side: a real snips-nlu dataset (English) and a real Rasa NLU
/// file (German) read, trained, parsed, saved and read back.
struct TrainedParserTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// A smaller tagger than the default's, so that tests train in a second or two.
    static let quick = SlotTagger.Training(members: 2, epochs: 3, examplesPerIntent: 120)

    static func temporaryURL(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("parlance-training-\(UUID().uuidString)-\(name)")
    }

    static let lights = Result { try TrainingData.load(.snipsDataset, from: [fixtures.appendingPathComponent("lights-dataset.json")]) }
    static let wetter = Result { try TrainingData.load(.rasa, from: [fixtures.appendingPathComponent("wetter-nlu.yml")], language: "de") }

    @Test func readsASnipsNLUDataset() throws {
        let data = try Self.lights.get()
        #expect(data.language == "en")
        #expect(data.intents.map(\.name) == ["setTimer", "turnLightOff", "turnLightOn"])
        #expect(data.intents.map(\.utterances.count) == [5, 6, 7])
        let room = try #require(data.entities["room"])
        #expect(room.values.first == TrainingEntity.Value("living room", synonyms: ["lounge", "main room"]))
        #expect(room.usesSynonyms && room.isAutomaticallyExtensible && room.matchingStrictness == 1)
        #expect(data.entities["snips/duration"]?.isBuiltin == true)
        let switchOn = data.intents[2].utterances[1]
        #expect(switchOn.text == "switch on the bedroom light please")
        #expect(switchOn.slots == [SlotAnnotation(span: 14..<21, slot: "room", entity: "room")])
    }

    @Test func readsRasaNLUData() throws {
        let data = try Self.wetter.get()
        #expect(data.language == "de")
        #expect(data.intents.map(\.name) == ["wetter_abfragen", "zug_buchen", "begruessung"])
        let munich = data.intents[0].utterances[1]
        #expect(munich.text == "Regnet es morgen in München?")
        #expect(munich.slots.map { String(munich.text(of: $0.span)) } == ["morgen", "München"])
        #expect(munich.source == Self.fixtures.appendingPathComponent("wetter-nlu.yml").path + ":6")
        let hamburg = data.intents[0].utterances[5].slots[0]
        #expect(hamburg == SlotAnnotation(span: 18..<20, slot: "stadt", entity: "stadt", value: "Hamburg"))
        // A role names the slot; the entity stays.
        #expect(data.intents[1].utterances[0].slots.map(\.slot) == ["abfahrt", "ziel"])
        #expect(data.intents[1].utterances[0].slots.map(\.entity) == ["stadt", "stadt"])
        let city = try #require(data.entities["stadt"])
        #expect(city.values.contains(TrainingEntity.Value("München", synonyms: ["Muenchen", "MUC"])))
        #expect(city.values.contains(TrainingEntity.Value("Hamburg", synonyms: ["HH"])))
        #expect(city.values.contains(TrainingEntity.Value("Nürnberg")))
        #expect(data.patterns == [EntityPattern(name: "postleitzahl", expressions: [#"\d{5}"#],
                                                source: Self.fixtures.appendingPathComponent("wetter-nlu.yml").path + ":35")])
        #expect(data.warnings.count == 1 && data.warnings[0].contains("the synonym 'Wanne-Eickel' is the value of no annotated entity"))
    }

    @Test func parsesEnglishFromADataset() throws {
        let parser = try TrainedParser(training: Self.lights.get(), strategy: .templatesFirst, tagging: Self.quick)
        let on = try #require(parser.parse("turn on the lights in the kitchen"))
        #expect(on.intent == "turnLightOn")
        #expect(on.slots == [ParsedSlot(name: "room", text: "kitchen", value: "kitchen", span: 26..<33)])
        // A synonym resolves to its value.
        let off = try #require(parser.parse("lights off in the lounge"))
        #expect(off.intent == "turnLightOff")
        #expect(off.slots == [ParsedSlot(name: "room", text: "lounge", value: "living room", span: 18..<24)])
        let timer = try #require(parser.parse("set a timer for twenty minutes"))
        #expect(timer.intent == "setTimer")
        #expect(timer.slots.map(\.text) == ["twenty minutes"])
    }

    @Test func parsesGermanFromRasaData() throws {
        let parser = try TrainedParser(training: Self.wetter.get(), strategy: .templatesFirst, tagging: Self.quick)
        #expect(parser.language.tag == "de")
        let weather = try #require(parser.parse("Wie wird das Wetter in Hamburg?"))
        #expect(weather.intent == "wetter_abfragen")
        #expect(weather.slots == [ParsedSlot(name: "stadt", text: "Hamburg", value: "Hamburg", span: 23..<30)])
        let synonym = try #require(parser.parse("Regnet es morgen in MUC?"))
        #expect(synonym.intent == "wetter_abfragen")
        #expect(synonym.slots.last == ParsedSlot(name: "stadt", text: "MUC", value: "München", span: 20..<23))
        let train = try #require(parser.parse("Buche einen Zug von Berlin nach Dresden"))
        #expect(train.intent == "zug_buchen")
        #expect(train.slots.map(\.name) == ["abfahrt", "ziel"])
        #expect(parser.parse("Guten Morgen")?.intent == "begruessung")
    }

    /// A model read back parses exactly as the one saved, on training utterances and on
    /// others, and writes the same bytes again.
    @Test(arguments: ["lights", "wetter"]) func savedModelsParseAsTheyDidBeforeSaving(_ name: String) throws {
        let data = try (name == "lights" ? Self.lights : Self.wetter).get()
        let parser = try TrainedParser(training: data, strategy: .templatesFirst, tagging: Self.quick)
        let url = Self.temporaryURL("\(name).model")
        defer { try? FileManager.default.removeItem(at: url) }
        try parser.save(to: url)
        let read = try TrainedParser(contentsOf: url)
        #expect(read.statistics == parser.statistics && read.strategy == parser.strategy && read.language == parser.language)
        var utterances = data.utterances.map(\.utterance.text)
        utterances += ["turn off the basement light", "set a timer for 3 hours", "dim the study", "",
                       "Wie wird das Wetter in Nürnberg übermorgen?", "Fahrt von Mainz nach Bonn", "Moin", "¿qué?"]
        for utterance in utterances { #expect(read.parse(utterance) == parser.parse(utterance), "\(utterance)") }
        #expect(read.image() == parser.image())
    }

    @Test func trainingTwiceGivesTheSameModel() throws {
        let data = try Self.lights.get()
        let first = try TrainedParser(training: data, strategy: .templatesFirst, tagging: Self.quick)
        let second = try TrainedParser(training: data, strategy: .templatesFirst, tagging: Self.quick)
        #expect(first.image() == second.image())
    }

    @Test func drawsTheSameSampleForTheSameSeed() throws {
        let data = try Self.lights.get()
        let drawn = data.sampled(perIntent: 3, seed: 7)
        #expect(drawn.intents.map(\.utterances.count) == [3, 3, 3])
        #expect(drawn == data.sampled(perIntent: 3, seed: 7))
        #expect(drawn != data.sampled(perIntent: 3, seed: 8))
        #expect(data.sampled(perIntent: nil, seed: 7).utterances.count == 18)
    }
}
