#if canImport(Glibc)
    import Glibc
#endif

/// This machine's name as the kernel reports it (`uname`'s node name), independently of how the
/// programs ask for it: what revisions made here must name as their machine.
public enum HostName {
    /// The node name.
    public static let current: String = {
        var names = utsname()
        uname(&names)
        return withUnsafeBytes(of: &names.nodename) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }()
}
