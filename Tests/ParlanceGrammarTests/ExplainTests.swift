import Foundation
import ParlanceTestSupport
import Testing
@testable import ParlanceGrammar

/// `CompiledGrammar.explain` on real corpus sentences: golden text for a few (re-record only
/// on purpose, after checking it by eye: a mismatch prints the new text), and agreement with
/// `match` on every test sentence.
@Suite(SharedData.required)
struct ExplainTests {
    static func evaluation(_ language: String) throws -> CorpusEvaluation {
        try CorpusEvaluation(corpus: try SharedData.url("corpora/home-assistant-intents"), language: language)
    }

    static func explain(_ utterance: String, _ evaluation: CorpusEvaluation, limit: Int, context: [String: DataValue] = [:]) -> String {
        var options = CorpusEvaluation.options
        options.limit = limit
        return evaluation.compiled.explain(utterance, lists: evaluation.lists, context: context, options: options).description
    }

    static func expectGolden(_ actual: String, _ golden: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(actual == golden, sourceLocation: sourceLocation)
        if actual != golden { print("--- new text ---\n\(actual)--- end ---") }
    }

    @Test func englishPathsRankingsAndWhyEachLost() throws {
        let english = try Self.evaluation("en")
        Self.expectGolden(Self.explain("cancel kitchen timer", english, limit: 3), """
            utterance "cancel kitchen timer" (20 scalars)
            #1 HassCancelTimer  confidence 0.92
              template  sentences/en/homeassistant_HassCancelTimer.yaml:10:14  <timer_cancel> [the|my] {area} timer
              path      0..<6    word  cancel  "cancel"   exact
                        7..<14   slot  {area}  "kitchen"  exact → "Kitchen"
                        15..<20  word  timer   "timer"    exact
              ranking   word edits 0, wildcards 0 (0 chars), value edits 0, preferred slot missing, literal 11, requirements met 0, skipped 0, template #7
            #2 HassCancelTimer  confidence 0.83
              template  sentences/en/homeassistant_HassCancelTimer.yaml:12:14  <timer_cancel> [the|my] {timer_name:name} timer
              path      0..<6    word  cancel             "cancel"   exact
                        7..<14   slot  {timer_name:name}  "kitchen"  wildcard → "kitchen"
                        15..<20  word  timer              "timer"    exact
              ranking   word edits 0, wildcards 1 (7 chars), value edits 0, preferred slot missing, literal 11, requirements met 0, skipped 0, template #9
              lost to #1 on wildcards: 1 against 0 (fewer ranks first)

            """)
        Self.expectGolden(Self.explain("remove 5 minutes from pizza timer", english, limit: 1), """
            utterance "remove 5 minutes from pizza timer" (33 scalars)
            #1 HassDecreaseTimer  confidence 0.86
              template  sentences/en/homeassistant_HassDecreaseTimer.yaml:13:14  remove <timer_duration> from [the|my] {timer_name:name} timer
              path      0..<6    word  remove                   "remove"  exact
                        7..<8    slot  {timer_minutes:minutes}  "5"       number → 5
                        9..<15   word  minute                   "minute"  exact
                        15..<16  word  s                        "s"       exact
                        17..<21  word  from                     "from"    exact
                        22..<27  slot  {timer_name:name}        "pizza"   wildcard → "pizza"
                        28..<33  word  timer                    "timer"   exact
              ranking   word edits 0, wildcards 1 (5 chars), value edits 0, preferred slot missing, literal 22, requirements met 0, skipped 0, template #30

            """)
    }

    @Test func germanCompoundsAndSkipWords() throws {
        let german = try Self.evaluation("de")
        Self.expectGolden(Self.explain("Schalte bitte das Licht in der Küche an", german, limit: 2), """
            utterance "Schalte bitte das Licht in der Küche an" (39 scalars)
            #1 HassTurnOn  confidence 0.84
              template  sentences/de/light_HassTurnOn.yaml:6:14  <schalten> (<licht>|<lichter>|<alle_lichter>) <area> <an>
              path      0..<6    word       schalt  "Schalt"  exact
                        6..<7    word       e       "e"       exact
                        8..<13   skip word  bitte   "bitte"   exact
                        14..<17  word       das     "das"     exact
                        18..<23  word       licht   "Licht"   exact
                        24..<26  word       in      "in"      exact
                        27..<30  word       der     "der"     exact
                        31..<36  slot       {area}  "Küche"   exact → "Küche"
                        37..<39  word       an      "an"      exact
              slots     domain="light" (fixed)
              ranking   word edits 0, wildcards 0 (0 chars), value edits 0, preferred slot missing, literal 22, requirements met 0, skipped 1, template #501

            """)
    }

    @Test func japaneseCharacterLevelPath() throws {
        let japanese = try Self.evaluation("ja")
        Self.expectGolden(Self.explain("リビングのエアコン点けて", japanese, limit: 2), """
            utterance "リビングのエアコン点けて" (12 scalars)
            #1 HassTurnOn  confidence 0.85
              template  sentences/ja/homeassistant_HassTurnOn.yaml:6:14  <name>[を]<turn_on>
              path      0..<9    slot  {name}  "リビングのエアコン"  exact → "リビングのエアコン"
                        9..<11   word  点け      "点け"         exact
                        11..<12  word  て       "て"          exact
              ranking   word edits 0, wildcards 0 (0 chars), value edits 0, preferred slot 9 chars, literal 3, requirements met 0, skipped 0, template #1

            """)
    }

    @Test func aFailedMatchShowsHowFarItGot() throws {
        let english = try Self.evaluation("en")
        Self.expectGolden(Self.explain("turn on the kitchn lihgt please now", english, limit: 3), """
            utterance "turn on the kitchn lihgt please now" (35 scalars)
            no match
            best partial path: read 31 of 35 scalars, "now" left
              path      0..<4    word       turn    "turn"    exact
                        5..<7    word       on      "on"      exact
                        8..<11   word       the     "the"     exact
                        12..<18  slot       {area}  "kitchn"  fuzzy (1 edit) → "Kitchen"
                        19..<24  slot       {name}  "lihgt"   fuzzy (1 edit) → "Light"
                        25..<31  skip word  please  "please"  exact
              following 4 templates, the first 3:
                        HassTurnOn  sentences/en/homeassistant_HassTurnOn.yaml:6:14  <turn> on (<area> <name>|<name> [in <area>])
                        HassTurnOn  sentences/en/light_HassTurnOn.yaml:8:14  <turn> on <area_floor> <name> <light>
                        HassTurnOn  sentences/en/light_HassTurnOn.yaml:24:14  <turn> on [<all>] <area> <light>
              expected  end of the utterance, light, lights, lighting, lamp, lamps, scene

            """)
        let explanation = english.compiled.explain("turn on the kitchn lihgt please now", lists: english.lists, options: CorpusEvaluation.options)
        let partial = try #require(explanation.partial)
        #expect(partial.left == "now")
        #expect(partial.path.map(\.expected) == ["turn", "on", "the", "{area}", "{name}", "please"])
        #expect(partial.expected.first == "end of the utterance")
    }

    /// The hypotheses `explain` gives are those of `match`, and each path accounts for its
    /// hypothesis: steps in order without overlap, every slot said in the utterance on the
    /// path with its span, template words adding up to the ranking's literal text.
    @Test(arguments: ["en", "de", "es", "fr", "ja", "zh-cn"])
    func explainAgreesWithMatch(_ language: String) throws {
        let evaluation = try Self.evaluation(language)
        let sentences = evaluation.cases.flatMap { testCase in testCase.sentences.map { ($0, testCase.context) } }
        // Every sentence in the small languages, a deterministic sample in the large ones (debug builds are slow).
        let stride = sentences.count > 1000 ? 5 : 1
        for (index, (sentence, context)) in sentences.enumerated() where index % stride == 0 {
            let result = evaluation.compiled.match(sentence, lists: evaluation.lists, context: context, options: CorpusEvaluation.options)
            let explanation = evaluation.compiled.explain(sentence, lists: evaluation.lists, context: context, options: CorpusEvaluation.options)
            #expect(explanation.result.hypotheses.map(\.intent) == result.hypotheses.map(\.intent), "\(sentence)")
            #expect(explanation.result.hypotheses.map(\.ranking) == result.hypotheses.map(\.ranking), "\(sentence)")
            #expect(explanation.result.hypotheses.map(\.slotValues) == result.hypotheses.map(\.slotValues), "\(sentence)")
            for item in explanation.hypotheses {
                // In order; spans of steps inside one word may coincide where normalization
                // changed the word's length ("heiß" read as "heiss": every piece spans the word).
                for (before, after) in zip(item.path, item.path.dropFirst()) {
                    #expect(before.span.lowerBound <= after.span.lowerBound && before.span.upperBound <= after.span.upperBound,
                            "\(sentence): \(before) is not before \(after)")
                    #expect(before.span.upperBound <= after.span.lowerBound || before.span == after.span || before.kind == .word && after.kind == .word,
                            "\(sentence): \(before) overlaps \(after)")
                }
                for slot in item.hypothesis.slots {
                    guard let span = slot.span else { continue }
                    #expect(item.path.contains { $0.kind == .slot && $0.span == span }, "\(sentence): slot \(slot) not on the path \(item.path)")
                }
                let words = item.path.filter { $0.kind == .word }
                #expect(words.reduce(0) { $0 + $1.expected.unicodeScalars.count } == item.hypothesis.ranking.literalScalars, "\(sentence): \(item.path)")
            }
            #expect((explanation.partial == nil) == (result.best != nil), "\(sentence)")
        }
    }
}
