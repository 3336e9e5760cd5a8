import FuzzHarness

/// libFuzzer's entry point: the input as a `.json` wireframe.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    readAsImportWould(data, size, path: "fuzz.json")
}

@_cdecl("FuzzJSON_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzz)
}
