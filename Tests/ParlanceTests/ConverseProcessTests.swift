import Foundation
import ParlanceTestSupport
import Testing

/// `parlance converse` as a user drives it: lines typed on standard input, the dialogue
/// read on standard output. (Serialized: each run builds an engine, and they share one cache.)
@Suite(.serialized, .enabled(if: ParlanceExecutable.url != nil || SharedData.isCI,
                             "the parlance executable is not built next to the test bundle; run 'swift build' to include the command tests"))
struct ConverseProcessTests {
    static let cache: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-converse-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    static let arguments = ["converse", "--cache", cache.path, "--apps", ParseProcessTests.sampleApps, "--grammars", ParseProcessTests.grammars]

    static func converse(_ input: String, language: String? = nil,
                         environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        try ParlanceExecutable.run(arguments + (language.map { ["--language", $0] } ?? []), input: input, environment: environment)
    }

    /// A whole dialogue: a choice by number, the payment confirmed, handled; then an empty
    /// line ends the command, and what follows it is never read.
    @Test func anEmptyLineEndsConverse() throws {
        let run = try Self.converse("Pay my bill\n2\nyes\n\nCall Sparkel Sparkly\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Which account do you want to pay? 1. 12 Oak Street  2. 48 Elm Avenue"))
        #expect(run.stdout.contains("Pay a bill with BillPay (account: 48 Elm Avenue). Shall I go ahead?"))
        #expect(run.stdout.contains("→ success: BillPay would handle INPayBillIntent with billPayee=48 Elm Avenue [account:city-power:48-elm]"))
        #expect(!run.stdout.contains("INStartCallIntent"))
    }

    /// The end of input in the middle of a question ends the command too, quietly.
    @Test func theEndOfInputEndsConverse() throws {
        let run = try Self.converse("Pay my bill\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("48 Elm Avenue\n? "))
        let nothing = try Self.converse("")
        #expect(nothing.status == 0)
        #expect(nothing.stdout == "> ")
    }

    /// Cancel ends the dialogue and the command, in the dialogue's language.
    @Test func cancelEndsConverse() throws {
        let run = try Self.converse("Pay my bill\nnever mind\nCall Sparkel Sparkly\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("OK, cancelled.\n"))
        #expect(!run.stdout.contains("INStartCallIntent"))
        let german = try Self.converse("Bezahle meine Rechnung\nvergiss es\n")
        #expect(german.stdout.hasSuffix("Okay, abgebrochen.\n"))
        // At the first prompt, too.
        let atOnce = try Self.converse("算了\nPay my bill\n")
        #expect(atOnce.stdout == "> 好的，已取消。\n")
    }

    /// A Japanese dialogue is asked in Japanese, and answered in Japanese.
    @Test func aJapaneseDialogue() throws {
        let run = try Self.converse("請求書を支払って\n2番目\nはい\nSparkel Sparklyに電話して\nいいえ\nセレストラ\nCelestra\n", language: "ja")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("どの口座の支払いをしますか？1. 12 Oak Street、2. 48 Elm Avenue"))
        #expect(run.stdout.contains("BillPayで請求書の支払い（口座：48 Elm Avenue）。実行してもよろしいですか？"))
        #expect(run.stdout.contains("billPayee=48 Elm Avenue"))
        #expect(run.stdout.contains("Sparkle Sparklyのことですか？"))
        #expect(run.stdout.contains("誰に電話しますか？"))
        #expect(run.stdout.contains("contacts=Celestra [user:1002]"))
    }

    /// A value the app does not know: a way out, and no endless loop.
    @Test func anUnsupportedValueStopsAfterFourAsks() throws {
        let run = try Self.converse("Play lights on Tempo\nlights\nlights\nlights\nlights\nPay my bill\n1\nno\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Sorry, “lights” doesn’t work for title. Which title then? You can also say “cancel”."))
        #expect(run.stdout.contains("Sorry, I still have nothing that works for the title, so I’ll stop here."))
        // The command goes on with the next request; no to the payment declines it.
        #expect(run.stdout.contains("Which account do you want to pay?"))
        #expect(run.stdout.hasSuffix("OK, I won’t.\n> "))
    }

    /// A 10,000-character answer is answered, not a crash or a hang.
    @Test func aTenThousandCharacterAnswer() throws {
        let long = String(repeating: "elm oak city ", count: 800).prefix(10_000)
        let run = try Self.converse("Pay my bill\n\(long)\n2\nyes\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("billPayee=48 Elm Avenue"))
    }

    /// A broken dialogue file (through $PARLANCE_CORPORA) is an error before the first
    /// question, naming the file and key.
    @Test func aBrokenDialogueFileIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-dialogue-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dialogue = folder.appendingPathComponent("dialogue")
        try FileManager.default.createDirectory(at: dialogue, withIntermediateDirectories: true)
        let source = EngineFixture.corpora.appendingPathComponent("dialogue")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".yaml") {
            var text = try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)
            if name == "de.yaml" { text = text.replacingOccurrences(of: "  confirm: \"Meinst du {value}?\"", with: "  confirm: \"Meinst du {wert}?\"") }
            try text.write(to: dialogue.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let run = try Self.converse("Pay my bill\n", environment: ["PARLANCE_CORPORA": folder.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("dialogue/de.yaml:"))
        #expect(run.stderr.contains("prompts.confirm: unknown placeholder {wert}"))
    }
}
