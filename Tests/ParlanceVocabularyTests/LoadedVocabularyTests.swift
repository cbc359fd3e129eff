import Foundation
import ParlanceText
import Testing
@testable import ParlanceVocabulary

/// Reading "a vocabulary" from each kind of path a user may pass.
struct LoadedVocabularyTests {
    @Test func tsvUsesTheFirstColumnAfterTheHeader() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write("entry\tlocale\tcategory\nFrank Barrett\ten_US\tperson\n村上 拓真\tja_JP\tperson\n", to: "vocab.tsv")
        let loaded = try LoadedVocabulary.load(path: path, language: Language("en"), listType: .contactName)
        #expect(loaded.items.map(\.phrases) == [["Frank Barrett"], ["村上 拓真"]])
        #expect(loaded.items.map(\.priority) == [0, 1])
        #expect(loaded.items.allSatisfy { $0.type == .user(.contactName) && $0.source == .user })
    }

    @Test func plainListKeepsOrderAsPriority() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write("Morning Flow\n\nSunset Stretch\nMorning Flow\n", to: "list.txt")
        let loaded = try LoadedVocabulary.load(path: path, language: Language("en"), listType: .workoutActivityName)
        #expect(loaded.items.map(\.phrases) == [["Morning Flow"], ["Sunset Stretch"]])
        #expect(loaded.items.first?.type == .user(.workoutActivityName))
    }

    @Test func appFolderCombinesLocalizedPlistAndUserVocabulary() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>ParameterVocabularies</key><array><dict>
                <key>ParameterNames</key><array><string>INStartWorkoutIntent.workoutName</string></array>
                <key>ParameterVocabulary</key><array><dict>
                  <key>VocabularyItemIdentifier</key><string>deep_relaxation</string>
                  <key>VocabularyItemSynonyms</key><array><dict>
                    <key>VocabularyItemPhrase</key><string>ディープリラクゼーション</string>
                  </dict></array>
                </dict></array>
              </dict></array>
            </dict></plist>
            """, to: "ja.lproj", "AppIntentVocabulary.plist")
        try folder.write(#"{"contactName": ["Sparkle Sparkly"]}"#, to: "UserVocabulary.json")
        let loaded = try LoadedVocabulary.load(path: folder.url.path, language: Language("ja"))
        #expect(loaded.items.count == 2)
        #expect(loaded.items.contains { $0.identifier == "deep_relaxation" && $0.type == .parameter("INStartWorkoutIntent.workoutName") })
        #expect(loaded.items.contains { $0.phrases == ["Sparkle Sparkly"] && $0.source == .user })
    }

    @Test func missingPathIsNamed() throws {
        #expect {
            try LoadedVocabulary.load(path: "/nonexistent/vocab.txt", language: Language("en"))
        } throws: { error in
            "\(error)".contains("/nonexistent/vocab.txt")
        }
    }
}
