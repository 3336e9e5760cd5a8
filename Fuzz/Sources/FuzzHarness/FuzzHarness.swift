import WireframeAnalysis
import WireframeFormats

/// One fuzz input, read through the public reader as a file at `path` (its extension picks the
/// format), then validated, canonicalized and hashed, as an import would. Any crash, hang or leak
/// is a finding.
public func readAsImportWould(_ data: UnsafePointer<UInt8>?, _ size: Int, path: String) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let result = DocumentReader().read(bytes: bytes, path: path)
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

/// Hands the command line to libFuzzer's driver with `LLVMFuzzerTestOneInput` as the callback.
/// SwiftPM links an executable's `main` to `<module>_main`; with `-parse-as-library` there is no
/// Swift `main`, so each target defines that symbol and calls this.
public func runFuzzer(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, testOneInput)
}
