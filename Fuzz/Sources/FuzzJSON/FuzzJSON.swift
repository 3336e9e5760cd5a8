import WireframeAnalysis
import WireframeFormats

/// libFuzzer's entry point: one input, read as a .json wireframe through the public reader, then
/// validated, canonicalized and written back, as an import would. Any crash, hang or leak is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let result = DocumentReader().read(bytes: bytes, path: "fuzz.json")
    if let wireframe = result.wireframe {
        _ = Validator().validate(wireframe)
        let canonical = CanonicalForm.canonicalize(wireframe)
        _ = ContentHash.hex(of: JSONWireframeWriter().canonicalBytes(canonical))
    }
    return 0
}

/// libFuzzer's driver (in the runtime that `-sanitize=fuzzer` links).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// SwiftPM links an executable's `main` to `<module>_main`; with `-parse-as-library` there is
/// no Swift `main`, so this one hands the command line to libFuzzer's driver.
@_cdecl("FuzzJSON_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzz)
}
