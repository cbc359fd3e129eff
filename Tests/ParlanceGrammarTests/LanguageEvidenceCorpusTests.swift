import Foundation
import ParlanceTestSupport
import ParlanceText
import Testing
@testable import ParlanceGrammar

/// The language evidence the engine chooses languages by when none is given
/// (``CompiledGrammar/languageEvidence(of:in:utterances:lexicons:ratio:)``), on a corpus it was not tuned on:
/// every test sentence of the Home Assistant corpus, with the six grammars as the languages
/// an utterance might be in. A sentence's own language must be among those read first.
@Suite(SharedData.required)
struct LanguageEvidenceCorpusTests {
    static let languages = ["en", "de", "es", "fr", "ja", "zh-cn"]
    /// The engine's default (``EngineOptions/languageEvidenceRatio``).
    static let ratio = 0.4

    /// With `sharedLexicon`, the four Latin-script grammars are read as the engine reads
    /// them: their words in one ``EvidenceLexicon`` read with English's input.
    @Test(arguments: [false, true]) func everySentencesOwnLanguageIsReadFirst(sharedLexicon: Bool) throws {
        let corpus = try SharedData.url("corpora/home-assistant-intents")
        let evaluations = try Self.languages.map { try CorpusEvaluation(corpus: corpus, language: $0) }
        let grammars = evaluations.map { ($0.compiled, $0.compiled.language.writingScripts) }
        let latin = grammars.indices.filter { grammars[$0].1 == grammars[0].1 }
        #expect(latin.count == 4)
        let lexicons = sharedLexicon ? [EvidenceLexicon(grammars: grammars.map(\.0), members: latin, host: 0)] : []
        var missed: [String] = []
        var total = 0
        var readFirst = 0
        for (own, evaluation) in evaluations.enumerated() {
            for sentence in evaluation.cases.flatMap(\.sentences) {
                total += 1
                let evidence = CompiledGrammar.languageEvidence(of: sentence, in: grammars, lexicons: lexicons, ratio: Self.ratio)
                readFirst += evidence.filter(\.readFirst).count
                guard evidence.contains(where: { $0.index == own && $0.readFirst }) else {
                    let spelled = evidence.map { "\(Self.languages[$0.index]) \($0.covered)/\($0.total)" }.joined(separator: ", ")
                    missed.append("\(Self.languages[own]): \"\(sentence)\" (\(spelled))")
                    continue
                }
            }
        }
        print("language evidence on the Home Assistant corpus\(sharedLexicon ? ", Latin words in one lexicon" : ""): \(total - missed.count)/\(total) sentences read first in their own "
              + "language, \(String(format: "%.2f", Double(readFirst) / Double(max(total, 1)))) languages read first per sentence")
        for line in missed.prefix(20) { print("  ✗ \(line)") }
        #expect(total > 5_000)
        // Three sentences of 6,230 miss (2026-11-22): "TV 10%", a name and a number, which
        // German spells nothing of; "pausar TV" and "continuar TV", whose verbs the Spanish
        // templates build from pieces ("paus(a|ar|e|á)"), which the evidence does not chain.
        // The engine still reads their languages when those read first read nothing.
        let rate = Double(total - missed.count) / Double(max(total, 1))
        #expect(rate >= 0.999, "\(missed.count) of \(total) sentences not read first in their own language")
    }
}
