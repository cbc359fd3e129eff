import Foundation
import Testing
@testable import ParlanceVocabulary

@Suite struct UserVocabularySemanticsTests {
    @Test func keepsOrderAndDropsLaterDuplicates() {
        var vocabulary = UserVocabulary(app: "com.example.messages", user: "alice")
        let warnings = vocabulary.setVocabularyStrings(["Celestra", "Ada Lovelace", "Celestra", "Grace Hopper", "Ada Lovelace"], of: .contactName)
        #expect(warnings.isEmpty)
        let items = vocabulary.items(of: .contactName)
        #expect(items.map(\.phrases) == [["Celestra"], ["Ada Lovelace"], ["Grace Hopper"]])
        #expect(items.map(\.priority) == [0, 1, 2])
        #expect(items.allSatisfy { $0.source == .user && $0.type == .user(.contactName) && $0.identifier == nil })
    }

    @Test func canonicallyEquivalentStringsAreOneEntry() {
        var vocabulary = UserVocabulary(app: "com.example.music")
        vocabulary.setVocabularyStrings(["Caf\u{E9} del Mar", "Cafe\u{301} del Mar"], of: .mediaPlaylistTitle)
        #expect(vocabulary.items(of: .mediaPlaylistTitle).count == 1)
    }

    @Test func settingATypeReplacesOnlyThatType() {
        var vocabulary = UserVocabulary(app: "com.example.yoga")
        vocabulary.setVocabularyStrings(["Morning Flow", "Sunset Stretch"], of: .workoutActivityName)
        vocabulary.setVocabularyStrings(["Yoga Friends"], of: .contactGroupName)
        vocabulary.setVocabularyStrings(["Evening Calm"], of: .workoutActivityName)
        #expect(vocabulary.items(of: .workoutActivityName).map(\.phrases) == [["Evening Calm"]])
        #expect(vocabulary.items(of: .contactGroupName).map(\.phrases) == [["Yoga Friends"]])
        #expect(vocabulary.types == [.contactGroupName, .workoutActivityName])

        vocabulary.setVocabularyStrings([], of: .workoutActivityName)
        #expect(vocabulary.items(of: .workoutActivityName).isEmpty)

        vocabulary.removeAllVocabularyStrings()
        #expect(vocabulary.types.isEmpty)
        #expect(vocabulary.items.isEmpty)
    }

    @Test func speakableStringsKeepIdentifierAndPronunciation() {
        var vocabulary = UserVocabulary(app: "com.example.messages", user: "bob")
        vocabulary.setVocabulary([
            SpeakableString(vocabularyIdentifier: "contact-42", spokenPhrase: "Celestra", pronunciationHint: "seh-lest-ra"),
            SpeakableString(vocabularyIdentifier: "contact-7", spokenPhrase: "Xiao Ming"),
        ], of: .contactName)
        let items = vocabulary.items(of: .contactName)
        #expect(items.map(\.identifier) == ["contact-42", "contact-7"])
        #expect(items[0].pronunciations == ["seh-lest-ra"])
        #expect(items[1].pronunciations == [])
    }

    /// SiriKit discards "any string longer than 1024 bytes in UTF-16": 512 code units.
    @Test func stringsOverTheSizeLimitAreDroppedWithAWarning() {
        let atLimit = String(repeating: "a", count: 512)
        let overLimit = String(repeating: "b", count: 513)
        let emojiAtLimit = String(repeating: "🧘", count: 256)    // 2 code units each
        let emojiOverLimit = String(repeating: "🧘", count: 257)
        var vocabulary = UserVocabulary(app: "com.example.yoga")
        let warnings = vocabulary.setVocabularyStrings([atLimit, overLimit, emojiAtLimit, emojiOverLimit, "", "Short"], of: .notebookItemTitle)
        #expect(vocabulary.items(of: .notebookItemTitle).map(\.phrases) == [[atLimit], [emojiAtLimit], ["Short"]])
        #expect(warnings.map(\.keyPath) == ["notebookItemTitle[1]", "notebookItemTitle[3]", "notebookItemTitle[4]"])
        #expect(warnings[0].message.contains("513 UTF-16 code units (1026 bytes)"))
        #expect(warnings[2].message == "empty string skipped")
    }

    /// A NUL or other control character in a phrase, identifier or pronunciation is no part
    /// of anything said: the entry is dropped with a warning, not stored as it is.
    @Test func entriesWithControlCharactersAreDroppedWithAWarning() {
        var vocabulary = UserVocabulary(app: "com.example.chat")
        let warnings = vocabulary.setVocabulary([
            SpeakableString(spokenPhrase: "Ada\u{0}Lovelace"),
            SpeakableString(vocabularyIdentifier: "c\u{1B}2", spokenPhrase: "Grace Hopper"),
            SpeakableString(spokenPhrase: "Katherine Johnson", pronunciationHint: "kath\nerine"),
            SpeakableString(spokenPhrase: "Tab\tand Dorothy Vaughan"),
        ], of: .contactName)
        #expect(vocabulary.items(of: .contactName).map(\.phrases) == [["Tab\tand Dorothy Vaughan"]])
        #expect(warnings.map(\.keyPath) == ["contactName[0]", "contactName[1]", "contactName[2]"])
        #expect(warnings[0].message == "the phrase holds the control character U+0000 at character 4; discarded")
        #expect(warnings[1].message.hasPrefix("the identifier holds the control character U+001B"))
        #expect(warnings[2].message.hasPrefix("the pronunciation holds the control character U+000A"))
    }

    /// DEL and the C1 controls are control characters too; letters whose UTF-8 shares bytes
    /// with them (a continuation byte 80...9F after another lead byte, NO-BREAK SPACE) are not.
    @Test func c1ControlsAndDeleteAreFoundAndNeighboursAreNot() {
        var vocabulary = UserVocabulary(app: "com.example.chat")
        let warnings = vocabulary.setVocabulary([
            SpeakableString(spokenPhrase: "Zoë Ā\u{A0}Ŀuna Ÿ"),
            SpeakableString(spokenPhrase: "José\u{85}Martí"),
            SpeakableString(spokenPhrase: "Renée"),
            SpeakableString(vocabularyIdentifier: "id\u{7F}", spokenPhrase: "Del"),
            SpeakableString(spokenPhrase: "Łukasz", pronunciationHint: "wu\u{9F}kash"),
        ], of: .contactName)
        #expect(vocabulary.items(of: .contactName).map(\.phrases) == [["Zoë Ā\u{A0}Ŀuna Ÿ"], ["Renée"]])
        #expect(warnings.map(\.keyPath) == ["contactName[1]", "contactName[3]", "contactName[4]"])
        #expect(warnings[0].message == "the phrase holds the control character U+0085 at character 5; discarded")
        #expect(warnings[1].message == "the identifier holds the control character U+007F at character 3; discarded")
        #expect(warnings[2].message == "the pronunciation holds the control character U+009F at character 3; discarded")
    }
}

@Suite struct InterchangeFileTests {
    @Test func roundTrips() throws {
        var vocabulary = UserVocabulary(app: "com.example.messages", user: "alice")
        vocabulary.setVocabulary([
            SpeakableString(spokenPhrase: "Ada Lovelace"),
            SpeakableString(vocabularyIdentifier: "c-42", spokenPhrase: "Celestra", pronunciationHint: "seh-lest-ra"),
        ], of: .contactName)
        vocabulary.setVocabularyStrings(["ディープリラクゼーション"], of: .workoutActivityName)
        vocabulary.setVocabularyStrings([], of: .photoTag)
        let json = vocabulary.interchangeJSON()
        #expect(String(decoding: json, as: UTF8.self) == """
            {
              "contactName" : [
                "Ada Lovelace",
                {
                  "identifier" : "c-42",
                  "phrase" : "Celestra",
                  "pronunciation" : "seh-lest-ra"
                }
              ],
              "photoTag" : [

              ],
              "workoutActivityName" : [
                "ディープリラクゼーション"
              ]
            }

            """)
        let loaded = try UserVocabulary.decode(interchangeJSON: json, file: "UserVocabulary.json", app: "com.example.messages", user: "alice")
        #expect(loaded.vocabulary == vocabulary)
        #expect(loaded.warnings.isEmpty)
    }

    @Test func writesAndReadsAFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var vocabulary = UserVocabulary(app: "com.example.music")
        vocabulary.setVocabularyStrings(["Road Trip", "Focus"], of: .mediaPlaylistTitle)
        let file = directory.path(UserVocabulary.interchangeFileName)
        try vocabulary.writeInterchangeFile(to: file)
        #expect(try UserVocabulary.load(interchangeFile: file, app: "com.example.music").vocabulary == vocabulary)
    }

    @Test func unknownTypeListsTheValidOnes() throws {
        let error = #expect(throws: VocabularyLoadError.self) {
            try UserVocabulary.decode(interchangeJSON: Array(#"{"contactNames": ["Ada"]}"#.utf8), file: "UserVocabulary.json", app: "a")
        }
        #expect(error?.keyPath == "contactNames")
        #expect(error?.problem == .invalidValue)
        #expect(error?.description.contains("unknown vocabulary type 'contactNames'; expected one of contactName, contactGroupName, photoTag") == true)
    }

    @Test func acceptsSiriKitTypeNames() throws {
        let loaded = try UserVocabulary.decode(interchangeJSON: Array(#"{"INVocabularyStringTypeContactName": ["Ada"]}"#.utf8), file: "f.json", app: "a")
        #expect(loaded.vocabulary.items(of: .contactName).map(\.phrases) == [["Ada"]])
    }

    /// A number of 100,000 digits is not echoed whole: the message says what is wrong in a
    /// few hundred characters.
    @Test func aHugeNumberIsNotEchoedWhole() {
        let json = Array(("{\"contactName\": [" + String(repeating: "9", count: 100_000) + "]}").utf8)
        let error = #expect(throws: VocabularyLoadError.self) {
            try UserVocabulary.decode(interchangeJSON: json, file: "f.json", app: "a")
        }
        #expect(error?.problem == .malformed)
        #expect((error?.description.count ?? .max) < 500, "\(error?.description.prefix(200) ?? "")")
        #expect(error?.description.contains("characters left out") == true)
    }

    @Test func wrongTypesNameTheKeyPath() throws {
        let badEntry = #expect(throws: VocabularyLoadError.self) {
            try UserVocabulary.decode(interchangeJSON: Array(#"{"contactName": ["Ada", {"phrase": 7}]}"#.utf8), file: "f.json", app: "a")
        }
        #expect(badEntry?.keyPath == "contactName[1].phrase")
        #expect(badEntry?.found == "an integer (7)")

        let missingPhrase = #expect(throws: VocabularyLoadError.self) {
            try UserVocabulary.decode(interchangeJSON: Array(#"{"contactName": [{"identifier": "c1"}]}"#.utf8), file: "f.json", app: "a")
        }
        #expect(missingPhrase?.keyPath == "contactName[0].phrase")
        #expect(missingPhrase?.problem == .missingKey)

        let notArray = #expect(throws: VocabularyLoadError.self) {
            try UserVocabulary.decode(interchangeJSON: Array(#"{"contactName": "Ada"}"#.utf8), file: "f.json", app: "a")
        }
        #expect(notArray?.description == #"f.json: contactName: expected an array, found a string ("Ada")"#)

        let syntax = #expect(throws: VocabularyLoadError.self) {
            try UserVocabulary.decode(interchangeJSON: Array("{\n\"contactName\": [\n\"Ada\",\n}".utf8), file: "f.json", app: "a")
        }
        #expect(syntax?.problem == .malformed)
        #expect(syntax?.line != nil)
    }

    @Test func aKeyWrittenTwiceIsAnErrorWithItsKeyPath() throws {
        // Foundation keeps one of the two values and says nothing (issue 41): Ada was lost.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-duplicate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("UserVocabulary.json")
        try Data("{\n  \"contactName\": [\"Ada\"],\n  \"workoutActivityName\": [\"Yoga\"],\n  \"contactName\": [\"Bob\"]\n}\n".utf8).write(to: file)
        let topLevel = #expect(throws: VocabularyLoadError.self) {
            try UserVocabulary.load(interchangeFile: file.path, app: "a")
        }
        #expect(topLevel?.description == """
            \(file.path):4: contactName: the key "contactName" appears twice in one object (lines 2 and 4); \
            expected each key once in an object (merge the two)
            """)

        // Inside an entry, and spelled with an escape.
        let nested = #expect(throws: VocabularyLoadError.self) {
            try UserVocabulary.decode(interchangeJSON: Array(#"{"contactName": ["Ada", {"phrase": "Celestra", "phr\u0061se": "Bob"}]}"#.utf8),
                                      file: "f.json", app: "a")
        }
        #expect(nested?.description == """
            f.json:1: contactName[1].phrase: the key "phrase" appears twice in one object (line 1); \
            expected each key once in an object (merge the two)
            """)
        // The same key in two objects is fine.
        let fine = try UserVocabulary.decode(interchangeJSON: Array(#"{"contactName": [{"phrase": "Ada"}, {"phrase": "Bob"}]}"#.utf8),
                                             file: "f.json", app: "a")
        #expect(fine.vocabulary.speakableStrings(of: .contactName).map(\.spokenPhrase) == ["Ada", "Bob"])
    }

    @Test func tooLongEntriesWarnWithTheFile() throws {
        let long = String(repeating: "x", count: 600)
        let loaded = try UserVocabulary.decode(interchangeJSON: Array(#"{"carName": ["\#(long)", "Blue Car"]}"#.utf8), file: "cars.json", app: "a")
        #expect(loaded.vocabulary.items(of: .carName).map(\.phrases) == [["Blue Car"]])
        #expect(loaded.warnings.map(\.file) == ["cars.json"])
        #expect(loaded.warnings.map(\.keyPath) == ["carName[0]"])
    }
}

@Suite struct VocabularyListTests {
    @Test func readsLinesInOrder() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("Morning Flow\r\n\n  Sunset Stretch  \n   \nディープリラクゼーション".utf8)
        #expect(try VocabularyList.decode(bytes, file: "list.txt") == ["Morning Flow", "Sunset Stretch", "ディープリラクゼーション"])
    }

    @Test func bytesThatAreNotUTF8NameTheLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes: [UInt8] = Array("Ada\nGrace\nCaf".utf8) + [0xE9] + Array(" (Latin-1)\nLinus\n".utf8)
        let file = try directory.write(bytes: bytes, to: "contacts.txt")
        let error = #expect(throws: VocabularyLoadError.self) { try VocabularyList.load(contentsOf: file) }
        #expect(error?.line == 3)
        #expect(error?.problem == .invalidUTF8)
        #expect(error?.description == "\(file):3: bytes that are not UTF-8 at byte 4 of the line; expected UTF-8 text")
    }

    @Test func badLineFarIntoABigFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Past the first 1 MB chunk, so the line count carries across chunks.
        var bytes: [UInt8] = []
        for number in 1...200_000 { bytes += Array("entry \(number)\n".utf8) }
        bytes += [0xFF, 0xFE, 0x0A]
        let file = try directory.write(bytes: bytes, to: "big.txt")
        let error = #expect(throws: VocabularyLoadError.self) { try VocabularyList.load(contentsOf: file) }
        #expect(error?.line == 200_001)
    }

    /// A million lines load and set whole, in order. (How long they take is measured in
    /// Benchmarks/, not asserted here: a timing bound in a unit test fails on a busy machine.)
    @Test func loadsAMillionLines() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var text = ""
        text.reserveCapacity(20_000_000)
        for number in 0..<1_000_000 { text += "Playlist \(number)\n" }
        let file = try directory.write(text, to: "playlists.txt")

        let entries = try VocabularyList.load(contentsOf: file)
        #expect(entries.count == 1_000_000)
        #expect(entries.first == "Playlist 0")
        #expect(entries.last == "Playlist 999999")

        var vocabulary = UserVocabulary(app: "com.example.music")
        _ = vocabulary.setVocabularyStrings(entries, of: .mediaPlaylistTitle)
        let set = vocabulary.speakableStrings(of: .mediaPlaylistTitle)
        #expect(set.count == 1_000_000)
        #expect(set.last?.spokenPhrase == "Playlist 999999")
    }
}

/// A vocabulary item reads and writes as the plain value it was, however it is stored.
struct VocabularyItemTests {
    @Test func propertiesReadBackAsWritten() {
        var item = VocabularyItem(phrases: ["Celestra"], type: .user(.contactName), source: .user, priority: 3)
        #expect(item.phrases == ["Celestra"] && item.phraseCount == 1 && item.firstPhrase == "Celestra")
        #expect(item.pronunciations.isEmpty && item.examples.isEmpty && item.language == nil && item.priority == 3)
        item.pronunciations = ["seh-lest-ra"]
        item.phrases.append("Celeste")
        item.language = "en"
        #expect(item.phrases == ["Celestra", "Celeste"] && item.pronunciations == ["seh-lest-ra"] && item.language == "en")
        #expect(item.variantCount == 3)
        #expect((0..<3).map { item.text(ofVariant: $0) } == ["Celestra", "Celeste", "seh-lest-ra"])
        item.phrases = []
        #expect(item.firstPhrase == nil && item.phraseCount == 0 && item.text(ofVariant: 0) == "seh-lest-ra")
        item.priority = Int.max
        #expect(item.priority == Int(Int32.max))
        item.type = .parameter("INStartWorkoutIntent.workoutName")
        #expect(item.type == .parameter("INStartWorkoutIntent.workoutName") && item.pronunciations == ["seh-lest-ra"])
        item.pronunciations = []
        item.type = .user(.contactName)
        #expect(item.type == .user(.contactName) && item.language == "en")
    }

    @Test func equalItemsAreEqualHoweverTheyWereMade() {
        var built = VocabularyItem(phrases: ["A", "B"], pronunciations: ["ay"], type: .user(.contactName), source: .user)
        built.phrases = ["A"]
        built.pronunciations = []
        let plain = VocabularyItem(phrases: ["A"], type: .user(.contactName), source: .user)
        #expect(built == plain)
        #expect(Set([built, plain]).count == 1)
        let copy = built
        built.examples = ["Call A"]
        #expect(copy.examples.isEmpty && copy == plain && built != plain)
    }

    @Test func aUserItemIsSmall() {
        #expect(MemoryLayout<VocabularyItem>.stride <= 48)
    }
}
