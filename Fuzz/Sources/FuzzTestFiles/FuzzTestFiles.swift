import Foundation
import FuzzSupport
import Parlance
import ParlanceTraining

/// Test files: the bytes as a Snips JSON file (UTF-8 only, then UTF-8 or Latin-1) and as a
/// Parlance YAML test file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestFiles(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let input = FuzzInput(data, count)
    _ = try? SnipsBenchmark.parse(Data(input.bytes), path: "test_X.json", encoding: .utf8)
    _ = try? SnipsBenchmark.parse(Data(input.bytes), path: "train_X.json", encoding: .utf8OrLatin1)
    let path = Scratch.write(input.bytes, to: "tests.yaml")
    _ = try? UtteranceTest.load(path)
    return 0
}

/// The executable's entry (SwiftPM links `main` to it): libFuzzer's driver over ``fuzzTestFiles``.
@_cdecl("FuzzTestFiles_main")
public func fuzzTestFilesMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    return runFuzzer(argc, argv) { data, size in fuzzTestFiles(data, size) }
}
