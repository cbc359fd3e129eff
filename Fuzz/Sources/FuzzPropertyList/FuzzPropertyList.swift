import FuzzSupport
import ParlanceVocabulary

/// An AppIntentVocabulary.plist, binary or XML: any bytes load or fail with an error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPropertyList(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let input = FuzzInput(data, count)
    _ = try? AppVocabulary(propertyList: input.bytes, file: "AppIntentVocabulary.plist")
    return 0
}

/// The executable's entry (SwiftPM links `main` to it): libFuzzer's driver over ``fuzzPropertyList``.
@_cdecl("FuzzPropertyList_main")
public func fuzzPropertyListMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    return runFuzzer(argc, argv) { data, size in fuzzPropertyList(data, size) }
}
