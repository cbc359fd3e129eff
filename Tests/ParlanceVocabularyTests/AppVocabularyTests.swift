import Foundation
import ParlanceText
import Testing
@testable import ParlanceVocabulary

/// The English vocabulary of a yoga app, as Apple's documentation models it: workout names
/// for every workout intent, with synonyms, a pronunciation and examples.
let yogaEnglishXML = """
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
    <key>ParameterVocabularies</key>
    <array>
        <dict>
            <key>ParameterNames</key>
            <array>
                <string>INStartWorkoutIntent.workoutName</string>
                <string>INEndWorkoutIntent.workoutName</string>
            </array>
            <key>ParameterVocabulary</key>
            <array>
                <dict>
                    <key>VocabularyItemIdentifier</key>
                    <string>deep_relaxation</string>
                    <key>VocabularyItemSynonyms</key>
                    <array>
                        <dict>
                            <key>VocabularyItemPhrase</key>
                            <string>Deep Relaxation</string>
                            <key>VocabularyItemPronunciation</key>
                            <string>deep ree-lak-say-shun</string>
                            <key>VocabularyItemExamples</key>
                            <array>
                                <string>Start a Deep Relaxation workout with Yoga</string>
                            </array>
                        </dict>
                        <dict>
                            <key>VocabularyItemPhrase</key>
                            <string>Deep Relax</string>
                        </dict>
                    </array>
                </dict>
                <dict>
                    <key>VocabularyItemIdentifier</key>
                    <string>sun_salutation</string>
                    <key>VocabularyItemSynonyms</key>
                    <array>
                        <dict>
                            <key>VocabularyItemPhrase</key>
                            <string>Sun Salutation</string>
                        </dict>
                    </array>
                </dict>
            </array>
        </dict>
    </array>
    <key>IntentPhrases</key>
    <array>
        <dict>
            <key>IntentName</key>
            <string>INStartWorkoutIntent</string>
            <key>IntentExamples</key>
            <array>
                <string>Start my Deep Relaxation workout with Yoga</string>
                <string>Do a Sun Salutation in Yoga</string>
            </array>
        </dict>
    </array>
</dict>
</plist>
"""

/// The same items in Japanese, sharing the identifiers, as a binary property list.
func yogaJapaneseBinary() throws -> [UInt8] {
    let plist: [String: Any] = [
        "ParameterVocabularies": [[
            "ParameterNames": ["INStartWorkoutIntent.workoutName"],
            "ParameterVocabulary": [
                ["VocabularyItemIdentifier": "deep_relaxation",
                 "VocabularyItemSynonyms": [["VocabularyItemPhrase": "ディープリラクゼーション",
                                             "VocabularyItemExamples": ["寝たまんまヨガでディープリラクゼーションを開始"]]]],
                ["VocabularyItemIdentifier": "sun_salutation",
                 "VocabularyItemSynonyms": [["VocabularyItemPhrase": "太陽礼拝"]]],
            ],
        ]],
        "IntentPhrases": [["IntentName": "INStartWorkoutIntent", "IntentExamples": ["ヨガでディープリラクゼーションを開始"]]],
    ]
    return Array(try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0))
}

func infoPlist(developmentRegion: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>com.example.yoga</string>
        <key>CFBundleDevelopmentRegion</key><string>\(developmentRegion)</string>
    </dict></plist>
    """
}

/// A plist document with `body` as the only ParameterVocabularies entry's ParameterVocabulary items.
func plist(items body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>ParameterVocabularies</key><array><dict>
        <key>ParameterNames</key><array><string>INStartWorkoutIntent.workoutName</string></array>
        <key>ParameterVocabulary</key><array>\(body)</array>
    </dict></array>
    </dict></plist>
    """
}

func item(_ identifier: String, _ phrase: String) -> String {
    "<dict><key>VocabularyItemIdentifier</key><string>\(identifier)</string><key>VocabularyItemSynonyms</key><array><dict><key>VocabularyItemPhrase</key><string>\(phrase)</string></dict></array></dict>"
}

@Suite struct AppVocabularyPlistTests {
    @Test func readsAppleXMLPlist() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write(yogaEnglishXML, to: "Yoga.app", "en.lproj", "AppIntentVocabulary.plist")
        let vocabulary = try AppVocabulary(contentsOf: file, language: "en")

        #expect(vocabulary.warnings.isEmpty)
        #expect(vocabulary.parameterNames == ["INStartWorkoutIntent.workoutName", "INEndWorkoutIntent.workoutName"])
        let start = vocabulary.items(forParameter: "INStartWorkoutIntent.workoutName")
        #expect(start.map(\.phrases) == [["Deep Relaxation", "Deep Relax"], ["Sun Salutation"]])
        #expect(start.map(\.identifier) == ["deep_relaxation", "sun_salutation"])
        #expect(start.map(\.priority) == [0, 1])
        #expect(start.allSatisfy { $0.source == .app && $0.language == "en" && $0.type == .parameter("INStartWorkoutIntent.workoutName") })
        #expect(start[0].pronunciations == ["deep ree-lak-say-shun"])
        #expect(start[0].examples == ["Start a Deep Relaxation workout with Yoga"])
        // One entry, two target parameters: the items appear once for each.
        #expect(vocabulary.items.count == 4)
        #expect(vocabulary.items(forParameter: "INEndWorkoutIntent.workoutName").map(\.type) ==
                [.parameter("INEndWorkoutIntent.workoutName"), .parameter("INEndWorkoutIntent.workoutName")])
        #expect(vocabulary.intentPhrases == [IntentPhrase(intentName: "INStartWorkoutIntent",
                                                          examples: ["Start my Deep Relaxation workout with Yoga", "Do a Sun Salutation in Yoga"])])
    }

    @Test func readsBinaryPlist() throws {
        let vocabulary = try AppVocabulary(propertyList: yogaJapaneseBinary(), file: "ja.lproj/AppIntentVocabulary.plist", language: "ja")
        #expect(vocabulary.items.map(\.phrases) == [["ディープリラクゼーション"], ["太陽礼拝"]])
        #expect(vocabulary.items[0].examples == ["寝たまんまヨガでディープリラクゼーションを開始"])
        #expect(vocabulary.intentPhrases.first?.examples == ["ヨガでディープリラクゼーションを開始"])
    }

    @Test func wrongTypeNamesTheExactKeyPath() throws {
        let items = item("a", "A") + item("b", "B") + item("c", "C")
            + "<dict><key>VocabularyItemIdentifier</key><string>d</string><key>VocabularyItemSynonyms</key><array><dict><key>VocabularyItemPhrase</key><integer>42</integer></dict></array></dict>"
        let error = #expect(throws: VocabularyLoadError.self) {
            try AppVocabulary(propertyList: Array(plist(items: items).utf8), file: "en.lproj/AppIntentVocabulary.plist")
        }
        #expect(error?.keyPath == "ParameterVocabularies[0].ParameterVocabulary[3].VocabularyItemSynonyms[0].VocabularyItemPhrase")
        #expect(error?.problem == .wrongType)
        #expect(error?.expected == "a string")
        #expect(error?.found == "an integer (42)")
        #expect(error?.description == "en.lproj/AppIntentVocabulary.plist: ParameterVocabularies[0].ParameterVocabulary[3].VocabularyItemSynonyms[0].VocabularyItemPhrase: expected a string, found an integer (42)")
    }

    @Test func wrongContainerTypes() throws {
        let namesNotArray = """
            <plist version="1.0"><dict><key>ParameterVocabularies</key><array><dict>
            <key>ParameterNames</key><string>INStartWorkoutIntent.workoutName</string>
            <key>ParameterVocabulary</key><array/></dict></array></dict></plist>
            """
        let error = #expect(throws: VocabularyLoadError.self) {
            try AppVocabulary(propertyList: Array(namesNotArray.utf8), file: "names.plist")
        }
        #expect(error?.keyPath == "ParameterVocabularies[0].ParameterNames")
        #expect(error?.expected == "an array")
        #expect(error?.found == "a string (\"INStartWorkoutIntent.workoutName\")")

        let synonymsDictionary = plist(items: "<dict><key>VocabularyItemIdentifier</key><string>a</string><key>VocabularyItemSynonyms</key><dict/></dict>")
        let synonymsError = #expect(throws: VocabularyLoadError.self) {
            try AppVocabulary(propertyList: Array(synonymsDictionary.utf8), file: "synonyms.plist")
        }
        #expect(synonymsError?.keyPath == "ParameterVocabularies[0].ParameterVocabulary[0].VocabularyItemSynonyms")
        #expect(synonymsError?.expected == "an array")
        #expect(synonymsError?.found == "a dictionary")

        let rootArray = #"<plist version="1.0"><array><string>x</string></array></plist>"#
        let rootError = #expect(throws: VocabularyLoadError.self) {
            try AppVocabulary(propertyList: Array(rootArray.utf8), file: "root.plist")
        }
        #expect(rootError?.keyPath == "")
        #expect(rootError?.expected == "a dictionary")
        #expect(rootError?.description == "root.plist: expected a dictionary, found an array of 1 element")
    }

    @Test func missingRequiredKey() throws {
        let noIdentifier = plist(items: item("a", "A") + "<dict><key>VocabularyItemSynonyms</key><array/></dict>")
        let error = #expect(throws: VocabularyLoadError.self) {
            try AppVocabulary(propertyList: Array(noIdentifier.utf8), file: "missing.plist")
        }
        #expect(error?.problem == .missingKey)
        #expect(error?.keyPath == "ParameterVocabularies[0].ParameterVocabulary[1].VocabularyItemIdentifier")
        #expect(error?.description == "missing.plist: ParameterVocabularies[0].ParameterVocabulary[1].VocabularyItemIdentifier: missing required key; expected a string")
    }

    @Test func malformedPlistNamesTheFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("<?xml version=\"1.0\"?>\n<plist>\n<dict>\n<key>ParameterVocabularies</key>\n<array>\n</dict></plist>",
                                       to: "AppIntentVocabulary.plist")
        let error = #expect(throws: VocabularyLoadError.self) { try AppVocabulary(contentsOf: file) }
        #expect(error?.problem == .malformed)
        #expect(error?.file == file)
        #expect(error?.description.hasPrefix("\(file)") == true && error?.description.contains("not an XML property list (") == true)

        let missing = #expect(throws: VocabularyLoadError.self) { try AppVocabulary(contentsOf: directory.path("nope.plist")) }
        #expect(missing?.problem == .unreadable)
    }

    @Test func emptyPhrasesAreSkippedWithWarnings() throws {
        let items = """
            <dict><key>VocabularyItemIdentifier</key><string>a</string><key>VocabularyItemSynonyms</key><array>
              <dict><key>VocabularyItemPhrase</key><string>  </string></dict>
              <dict><key>VocabularyItemPhrase</key><string>Alpha</string></dict>
            </array></dict>
            """ + item("b", "")
        let vocabulary = try AppVocabulary(propertyList: Array(plist(items: items).utf8), file: "empty.plist")
        #expect(vocabulary.items.map(\.phrases) == [["Alpha"]])
        #expect(vocabulary.warnings.map(\.keyPath) == [
            "ParameterVocabularies[0].ParameterVocabulary[0].VocabularyItemSynonyms[0].VocabularyItemPhrase",
            "ParameterVocabularies[0].ParameterVocabulary[1].VocabularyItemSynonyms[0].VocabularyItemPhrase",
            "ParameterVocabularies[0].ParameterVocabulary[1]",
        ])
        #expect(vocabulary.warnings[0].description == "empty.plist: ParameterVocabularies[0].ParameterVocabulary[0].VocabularyItemSynonyms[0].VocabularyItemPhrase: empty phrase skipped")
    }

    @Test func unknownKeysAreWarnedAbout() throws {
        let misspelt = #"<plist version="1.0"><dict><key>ParameterVocabulary</key><array/></dict></plist>"#
        let vocabulary = try AppVocabulary(propertyList: Array(misspelt.utf8), file: "typo.plist")
        #expect(vocabulary.items.isEmpty)
        #expect(vocabulary.warnings.map(\.keyPath) == ["ParameterVocabulary"])
    }
}

@Suite struct AppVocabularyBundleTests {
    /// Yoga.app with en.lproj (XML), ja.lproj (binary) and an Info.plist.
    func yogaApp(in directory: TemporaryDirectory, developmentRegion: String = "en", extra: [String: String] = [:]) throws -> String {
        try directory.write(yogaEnglishXML, to: "Yoga.app", "en.lproj", "AppIntentVocabulary.plist")
        try directory.write(bytes: yogaJapaneseBinary(), to: "Yoga.app", "ja.lproj", "AppIntentVocabulary.plist")
        try directory.write(infoPlist(developmentRegion: developmentRegion), to: "Yoga.app", "Info.plist")
        for (lproj, contents) in extra {
            try directory.write(contents, to: "Yoga.app", "\(lproj).lproj", "AppIntentVocabulary.plist")
        }
        return directory.path("Yoga.app")
    }

    @Test func picksTheLocalizationForALanguage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try AppVocabularyBundle(contentsOf: yogaApp(in: directory))

        #expect(bundle.developmentRegion == "en")
        #expect(bundle.localizations.map(\.name) == ["en", "ja"])
        #expect(bundle.localization(for: try Language("ja-JP"))?.name == "ja")
        #expect(bundle.vocabulary(for: try Language("ja"))?.items.first?.phrases == ["ディープリラクゼーション"])
        #expect(bundle.localization(for: try Language("en-GB"))?.name == "en")
        // No French: the development region's localization.
        #expect(bundle.localization(for: try Language("fr-FR"))?.name == "en")
        #expect(bundle.vocabulary(for: try Language("fr"))?.language == "en")
    }

    @Test func identifiersTieSynonymsAcrossLanguages() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try AppVocabularyBundle(contentsOf: yogaApp(in: directory))
        let items = bundle.items(withIdentifier: "deep_relaxation")
        #expect(items.map(\.phrases) == [["Deep Relaxation", "Deep Relax"], ["ディープリラクゼーション"]])
        #expect(items.map(\.language) == ["en", "ja"])
    }

    @Test func prefersExactRegionThenLanguageThenBase() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let simplified = plist(items: item("deep_relaxation", "深度放松"))
        let traditional = plist(items: item("deep_relaxation", "深度放鬆"))
        let base = plist(items: item("deep_relaxation", "Deep Relaxation (Base)"))
        let app = try yogaApp(in: directory, developmentRegion: "English",
                              extra: ["zh_CN": simplified, "zh-Hant": traditional, "en_GB": base, "Base": base])
        let bundle = try AppVocabularyBundle(contentsOf: app)

        #expect(bundle.localization(for: try Language("zh-Hans-CN"))?.name == "zh_CN")
        #expect(bundle.localization(for: try Language("zh-CN"))?.name == "zh_CN")
        #expect(bundle.localization(for: try Language("zh-TW"))?.name == "zh-Hant")
        #expect(bundle.localization(for: try Language("zh-HK"))?.name == "zh-Hant")
        #expect(bundle.localization(for: try Language("en-GB"))?.name == "en_GB")
        #expect(bundle.localization(for: try Language("en-AU"))?.name == "en")
        // A language the app lacks goes to Base before the development region.
        #expect(bundle.localization(for: try Language("de"))?.name == "Base")
        // Base takes the development region's language, even from a legacy name.
        #expect(bundle.localization(for: try Language("de"))?.vocabulary.language == "en")
    }

    @Test func readsLegacyLprojNames() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(yogaEnglishXML, to: "Old.app", "English.lproj", "AppIntentVocabulary.plist")
        try directory.write(bytes: yogaJapaneseBinary(), to: "Old.app", "Japanese.lproj", "AppIntentVocabulary.plist")
        try directory.write(yogaEnglishXML, to: "Old.app", "Klingon-ish.lproj", "AppIntentVocabulary.plist")
        try directory.write(infoPlist(developmentRegion: "Japanese"), to: "Old.app", "Info.plist")
        let bundle = try AppVocabularyBundle(contentsOf: directory.path("Old.app"))

        #expect(bundle.localization(for: try Language("ja-JP"))?.name == "Japanese")
        #expect(bundle.localization(for: try Language("en-US"))?.name == "English")
        // A modern name wins over a legacy one for the same language.
        try directory.write(yogaEnglishXML, to: "Old.app", "en.lproj", "AppIntentVocabulary.plist")
        #expect(try AppVocabularyBundle(contentsOf: directory.path("Old.app")).localization(for: try Language("en"))?.name == "en")
        // Development region "Japanese" is the fallback.
        #expect(bundle.localization(for: try Language("ko"))?.name == "Japanese")
        #expect(bundle.warnings.count == 1)
    }

    @Test func noMatchWithoutBaseOrDevelopmentRegion() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(yogaEnglishXML, to: "Yoga.app", "en.lproj", "AppIntentVocabulary.plist")
        let bundle = try AppVocabularyBundle(contentsOf: directory.path("Yoga.app"))
        #expect(bundle.developmentRegion == nil)
        #expect(bundle.localization(for: try Language("ja")) == nil)
    }

    @Test func aBadFileFailsTheWholeApp() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let app = try yogaApp(in: directory, extra: ["fr": plist(items: item("a", "A") + "<string>oops</string>")])
        let error = #expect(throws: VocabularyLoadError.self) { try AppVocabularyBundle(contentsOf: app) }
        #expect(error?.file.hasSuffix("fr.lproj/AppIntentVocabulary.plist") == true)
        #expect(error?.keyPath == "ParameterVocabularies[0].ParameterVocabulary[1]")
        #expect(error?.expected == "a dictionary")

        try directory.write("<plist><dict><key>CFBundleDevelopmentRegion</key><integer>1</integer></dict></plist>", to: "Bad.app", "Info.plist")
        let infoError = #expect(throws: VocabularyLoadError.self) { try AppVocabularyBundle(contentsOf: directory.path("Bad.app")) }
        #expect(infoError?.keyPath == "CFBundleDevelopmentRegion")
    }
}
