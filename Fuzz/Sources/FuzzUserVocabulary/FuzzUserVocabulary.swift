import FuzzSupport
import ParlanceVocabulary

/// User vocabulary: the interchange JSON (UserVocabulary.json) and a list, one entry a line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUserVocabulary(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let input = FuzzInput(data, count)
    if let loaded = try? UserVocabulary.decode(interchangeJSON: input.bytes, file: "UserVocabulary.json", app: "com.example.fuzz") {
        // What was read writes back and reads again.
        _ = try? UserVocabulary.decode(interchangeJSON: loaded.vocabulary.interchangeJSON(), file: "again.json", app: "com.example.fuzz")
    }
    _ = try? VocabularyList.decode(input.bytes, file: "contacts.txt")
    return 0
}

/// The executable's entry (SwiftPM links `main` to it): libFuzzer's driver over ``fuzzUserVocabulary``.
@_cdecl("FuzzUserVocabulary_main")
public func fuzzUserVocabularyMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    return runFuzzer(argc, argv) { data, size in fuzzUserVocabulary(data, size) }
}
