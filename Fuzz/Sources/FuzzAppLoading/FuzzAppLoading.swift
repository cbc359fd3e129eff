import FuzzSupport
import Parlance

/// An app folder: the input's Info.plist and, after a "\n--\n" line, its
/// en.lproj/AppIntentVocabulary.plist. A bad app is an issue, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppLoading(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let (info, vocabulary) = FuzzInput(data, count).split()
    Scratch.remove("App.app")
    Scratch.write(info, to: "App.app/Info.plist")
    if let vocabulary { Scratch.write(vocabulary, to: "App.app/en.lproj/AppIntentVocabulary.plist") }
    _ = AppLoader.load(Scratch.folder.appendingPathComponent("App.app").path)
    return 0
}

/// The executable's entry (SwiftPM links `main` to it): libFuzzer's driver over ``fuzzAppLoading``.
@_cdecl("FuzzAppLoading_main")
public func fuzzAppLoadingMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    return runFuzzer(argc, argv) { data, size in fuzzAppLoading(data, size) }
}
