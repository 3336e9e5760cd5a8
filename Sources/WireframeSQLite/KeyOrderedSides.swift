/// The screens of two revisions side by side, gathered from the interval rows of one document in
/// key order (the rows of one key one after the other): every key that either revision holds,
/// with each revision's version id, nil where it has no such screen (``SQLiteStore/screenComparison(oldId:newId:)``).
struct KeyOrderedSides {
    let numbers: (old: Int64, new: Int64)
    private(set) var keys: [String] = []
    private(set) var old: [Int64?] = []
    private(set) var new: [Int64?] = []

    init(numbers: (old: Int64, new: Int64)) {
        self.numbers = numbers
        keys.reserveCapacity(1024)
        old.reserveCapacity(1024)
        new.reserveCapacity(1024)
    }

    /// Adds one interval row `[from, until)` of version `id`; `key` is read only for a row that
    /// holds either number.
    @inline(__always)
    mutating func add(from: Int64, until: Int64?, id: Int64, key: () throws -> String) rethrows {
        func holds(_ number: Int64) -> Bool { from <= number && (until.map { $0 > number } ?? true) }
        let inOld = holds(numbers.old)
        let inNew = holds(numbers.new)
        guard inOld || inNew else { return }
        // A key's second row starts where its first ended.
        let key = try key()
        if keys.last != key {
            keys.append(key)
            old.append(nil)
            new.append(nil)
        }
        if inOld { old[old.count - 1] = id }
        if inNew { new[new.count - 1] = id }
    }
}
