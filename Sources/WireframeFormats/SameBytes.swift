#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether two runs of bytes are the same: XML names and JSON keys are compared by their bytes.
///
/// With `memcmp`: the standard library's `elementsEqual` walks the bytes one at a time through an
/// iterator, and names are compared at every element (about 2% of a WorkflowSchema read).
func sameBytes(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
    guard lhs.count == rhs.count else { return false }
    // Only an empty buffer has no address.
    guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
    return memcmp(left, right, lhs.count) == 0
}

extension String {
    /// Whether both strings have the same UTF-8 bytes (`==` also holds for canonically
    /// equivalent spellings).
    func hasSameUTF8(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let same = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { sameBytes(mine, $0) }
        }
        return (same ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}
