import WireframeAnalysis
import WireframeFormats

/// libFuzzer's entry point: one input, read as a .xml wireframe through the public reader, then
/// validated, canonicalized and written back, as an import would. Any crash, hang or leak is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let result = DocumentReader().read(bytes: bytes, path: "fuzz.xml")
    if let wireframe = result.wireframe {
        _ = Validator().validate(wireframe)
        let canonical = CanonicalForm.canonicalize(wireframe)
        _ = ContentHash.hex(of: JSONWireframeWriter().canonicalBytes(canonical))
    }
    return 0
}
