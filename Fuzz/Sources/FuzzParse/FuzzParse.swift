import FuzzSupport
import Parlance

/// The engine over every built-in grammar and the sample apps, made once.
nonisolated(unsafe) let engine: Engine = {
    let apps = AppLoader.load(GrammarSource.sampleApps.path).apps
    return try! Engine(apps: apps)
}()
nonisolated(unsafe) let languages = ["en", "de", "es", "fr", "ja", "zh-Hans"]

/// parse on arbitrary bytes: the first byte picks the language (and whether the device is
/// locked), the rest is the utterance.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParse(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let input = FuzzInput(data, count)
    guard let first = input.bytes.first else { return 0 }
    let utterance = String(decoding: input.bytes.dropFirst(), as: UTF8.self)
    _ = engine.parse(utterance, language: languages[Int(first) % languages.count], locked: first & 0x80 != 0)
    return 0
}

/// The executable's entry (SwiftPM links `main` to it): libFuzzer's driver over ``fuzzParse``.
@_cdecl("FuzzParse_main")
public func fuzzParseMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    // Built before the first input: under the sanitizers it takes longer than the timeout.
    _ = engine
    return runFuzzer(argc, argv) { data, size in fuzzParse(data, size) }
}
