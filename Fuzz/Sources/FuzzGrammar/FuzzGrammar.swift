import FuzzSupport
import ParlanceGrammar
import ParlanceText

nonisolated(unsafe) let language = try! Language("en")
nonisolated(unsafe) let loader = IntentsFileLoader(language: language)
nonisolated(unsafe) let common = try! loader.parse(yaml: """
    language: en
    lists:
      name:
        values: [kitchen light, hall]
      brightness:
        range: {type: percentage, from: 0, to: 100}
    expansion_rules:
      the: "(the|my)"
    """, path: "sentences/en/_common.yaml")

/// A grammar file (YAML with templates): loaded, assembled with a small _common.yaml and
/// compiled; a second file after a "\n--\n" line replaces the common one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGrammar(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let (first, second) = FuzzInput(data, count).split()
    let text = String(decoding: first, as: UTF8.self)
    do {
        let file = try loader.parse(yaml: text, path: "sentences/en/fuzz.yaml")
        let base = try second.map { try loader.parse(yaml: String(decoding: $0, as: UTF8.self), path: "sentences/en/_common.yaml") } ?? common
        let grammar = try GrammarLoader.assemble(language: "en", common: base, files: [file])
        let compiled = try CompiledGrammar(grammar)
        _ = compiled.match("turn on the kitchen light")
    } catch {}
    return 0
}

/// The executable's entry (SwiftPM links `main` to it): libFuzzer's driver over ``fuzzGrammar``.
@_cdecl("FuzzGrammar_main")
public func fuzzGrammarMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    return runFuzzer(argc, argv) { data, size in fuzzGrammar(data, size) }
}
