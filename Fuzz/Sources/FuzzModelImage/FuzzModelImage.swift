import Foundation
import FuzzSupport
import ParlanceTraining

/// A trained model's image: read, and when it reads, asked to parse.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModelImage(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let input = FuzzInput(data, count)
    if let parser = try? TrainedParser(image: Data(input.bytes), source: "model.image") {
        _ = parser.parse("add this song to my playlist")
    }
    return 0
}

/// The executable's entry (SwiftPM links `main` to it): libFuzzer's driver over ``fuzzModelImage``.
@_cdecl("FuzzModelImage_main")
public func fuzzModelImageMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    return runFuzzer(argc, argv) { data, size in fuzzModelImage(data, size) }
}
