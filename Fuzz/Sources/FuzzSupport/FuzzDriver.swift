import CFuzzDriver

/// libFuzzer's driver over `testOneInput`, for a harness's entry point.
///
/// SwiftPM renames an executable's `main` to `<Target>_main` and links `main` to it, so the
/// `main` libFuzzer brings never runs: each harness defines its `<Target>_main` (a
/// `@_cdecl` of its own name) to call this with its `LLVMFuzzerTestOneInput`.
///
/// ```swift
/// @_cdecl("FuzzGrammar_main")
/// public func fuzzGrammarMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
///     runFuzzer(argc, argv) { data, size in fuzzGrammar(data, size) }
/// }
/// ```
public func runFuzzer(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                      _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
}
