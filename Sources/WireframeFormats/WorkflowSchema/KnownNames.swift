/// The names a WorkflowSchema file repeats on almost every line (the registry's tags, every
/// parameter name, the attributes an object tag may carry), each kept as one string: the reader
/// looks a name up by its bytes and reuses the string instead of decoding a new one per element.
///
/// An open-addressing table hashed like `NameHash` (length and first, second and last bytes); the
/// names' bytes are kept in one array and compared in place.
struct KnownNames: Sendable {
    private let slots: [Int16]
    /// The names, by position: a read's storage starts its table of names with them.
    let names: [String]
    /// The registry's definition of each name that is a tag (looked up once, not per element).
    private let definitions: [TagDefinition?]
    /// The position in `TagRegistry.lookup.definitions` of each name that is a tag, else -1.
    private let registryEntries: [Int32]
    /// For each definition of `TagRegistry.lookup.all`, where its parameters' names start in
    /// `parameterNames`.
    private let parameterNameStarts: [Int32]
    /// The positions among the names of the parameter names of every definition of
    /// `TagRegistry.lookup.all`, one after the other (-1 for a name that is not known).
    private let parameterNames: [Int32]
    /// For each definition of `TagRegistry.lookup.all` (rows) and each name (columns), the
    /// position of the definition's first parameter of that name, or -1.
    private let parameterIndices: [Int16]
    /// Whether each name has a colon (a namespace prefix): the builder asks of every tag that is
    /// not registered.
    private let colons: [Bool]
    /// Where each name's bytes start in `bytes`; the name's end is the next start.
    private let starts: [Int]
    /// The names' bytes one after the other, and eight zero bytes.
    private let bytes: [UInt8]

    init(_ candidates: [String]) {
        var size = 64
        while size < candidates.count * 4 { size *= 2 }
        var slots = [Int16](repeating: -1, count: size)
        var names: [String] = []
        var starts: [Int] = []
        var bytes: [UInt8] = []
        for name in candidates where !name.utf8.isEmpty && names.count < Int(Int16.max) {
            let utf8 = Array(name.utf8)
            var slot = Self.hash(utf8.count, utf8[0], utf8.count > 1 ? utf8[1] : 0, utf8[utf8.count - 1]) & (size - 1)
            var duplicate = false
            while slots[slot] >= 0 {
                if names[Int(slots[slot])] == name { duplicate = true; break }
                slot = (slot + 1) & (size - 1)
            }
            if duplicate { continue }
            slots[slot] = Int16(names.count)
            names.append(name)
            starts.append(bytes.count)
            bytes += utf8
        }
        starts.append(bytes.count)
        // Eight bytes past the last name, so that a word can be read at any byte of a name.
        bytes += [UInt8](repeating: 0, count: 8)
        self.slots = slots
        self.names = names
        self.definitions = names.map { TagRegistry.lookup.definition(of: $0) }
        self.registryEntries = names.map { TagRegistry.lookup.entry(ofTag: $0).map { Int32($0) } ?? -1 }
        self.colons = names.map(\.containsColon)
        self.starts = starts
        self.bytes = bytes
        var parameterNameStarts: [Int32] = []
        var parameterNames: [Int32] = []
        for definition in TagRegistry.lookup.all {
            parameterNameStarts.append(Int32(parameterNames.count))
            for parameter in definition.parameters {
                let utf8 = Array(parameter.name.utf8)
                parameterNames.append(utf8.withUnsafeBufferPointer {
                    Self.find($0, readable: $0.count, slots: slots, starts: starts, bytes: bytes)
                }.map { Int32($0) } ?? -1)
            }
        }
        self.parameterNameStarts = parameterNameStarts
        self.parameterNames = parameterNames
        var parameterIndices = [Int16](repeating: -1, count: TagRegistry.lookup.all.count * names.count)
        for (row, definition) in TagRegistry.lookup.all.enumerated() {
            let start = Int(parameterNameStarts[row])
            for index in definition.parameters.indices where index < Int(Int16.max) {
                let name = parameterNames[start + index]
                // The first parameter of a name wins, as with the definition's own table.
                if name >= 0, parameterIndices[row * names.count + Int(name)] < 0 {
                    parameterIndices[row * names.count + Int(name)] = Int16(index)
                }
            }
        }
        self.parameterIndices = parameterIndices
    }

    /// The position of the first parameter named by the name at `name` (a position among the
    /// names) in the definition at that position of `TagRegistry.lookup.all`: one load instead
    /// of hashing and comparing the name.
    @inline(__always)
    func parameterIndex(ofDefinitionAt position: Int32, name: Int32) -> Int? {
        let index = parameterIndices[Int(position) &* names.count &+ Int(name)]
        return index < 0 ? nil : Int(index)
    }

    /// Whether the name at a position `entry(of:)` gave has a colon.
    @inline(__always)
    func hasColon(at entry: Int) -> Bool { colons[entry] }

    /// How many names there are: positions below are known names.
    var count: Int { names.count }

    /// The position in `TagRegistry.lookup.definitions` of the tag at a position `entry(of:)`
    /// gave, or -1 when it is no registered tag.
    func registryEntry(at entry: Int) -> Int32 { registryEntries[entry] }

    /// Where the parameter names of the definition at that position of `TagRegistry.lookup.all`
    /// start in the table `parameterName(at:)` reads.
    func parameterNameStart(ofDefinitionAt position: Int) -> Int32 { parameterNameStarts[position] }

    /// The position among the names of a parameter name: `start` from `parameterNameStart`, plus
    /// the parameter's position in its definition (-1 when the name is not known).
    @inline(__always)
    func parameterName(at position: Int) -> Int32 { parameterNames[position] }

    /// The known name with exactly these bytes, if there is one.
    func name(_ candidate: UnsafeBufferPointer<UInt8>) -> String? {
        entry(candidate).map { names[$0] }
    }

    /// The position of the known name with exactly these bytes, if there is one: its string and
    /// definition are then read with `name(at:)` and `definition(at:)` (a tuple of both was
    /// copied and destroyed out of line at every element).
    func entry(of candidate: UnsafeBufferPointer<UInt8>) -> Int? { entry(candidate) }

    /// The same, where `readable` bytes (at least the candidate's) can be read from the
    /// candidate's start: the candidate is then compared a word at a time.
    func entry(of candidate: UnsafeBufferPointer<UInt8>, readable: Int) -> Int? {
        Self.find(candidate, readable: max(readable, candidate.count), slots: slots, starts: starts, bytes: bytes)
    }

    /// The name at a position `entry(of:)` gave.
    func name(at entry: Int) -> String { names[entry] }

    /// The registry's definition of the name at a position `entry(of:)` gave, when it is a tag.
    func definition(at entry: Int) -> TagDefinition? { definitions[entry] }

    private func entry(_ candidate: UnsafeBufferPointer<UInt8>) -> Int? {
        Self.find(candidate, readable: candidate.count, slots: slots, starts: starts, bytes: bytes)
    }

    @inline(__always)
    private static func find(
        _ candidate: UnsafeBufferPointer<UInt8>, readable: Int, slots: [Int16], starts: [Int], bytes: [UInt8]
    ) -> Int? {
        let count = candidate.count
        guard count > 0 else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(count, candidate[0], count > 1 ? candidate[1] : 0, candidate[count - 1]) & mask
        return bytes.withUnsafeBufferPointer { known -> Int? in
            while true {
                let entry = Int(slots[slot])
                if entry < 0 { return nil }
                let start = starts[entry]
                if starts[entry + 1] - start == count, Self.same(known, from: start, candidate, count: count, readable: readable) {
                    return entry
                }
                slot = (slot + 1) & mask
            }
        }
    }

    @inline(__always)
    private static func same(
        _ known: UnsafeBufferPointer<UInt8>, from start: Int, _ candidate: UnsafeBufferPointer<UInt8>, count: Int, readable: Int
    ) -> Bool {
        var offset = 0
        // A word at a time where eight bytes can be read at the candidate (`known` has eight
        // bytes past its last name), the bytes past the name masked off.
        if let knownBase = known.baseAddress, let candidateBase = candidate.baseAddress {
            while offset < count, offset &+ 8 <= readable {
                let remaining = count &- offset
                let mask: UInt64 = remaining >= 8 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: remaining &* 8)) &- 1
                let difference = UInt64(littleEndian: UnsafeRawPointer(knownBase + start + offset).loadUnaligned(as: UInt64.self))
                    ^ UInt64(littleEndian: UnsafeRawPointer(candidateBase + offset).loadUnaligned(as: UInt64.self))
                if difference & mask != 0 { return false }
                offset &+= 8
            }
        }
        while offset < count {
            if known[start + offset] != candidate[offset] { return false }
            offset += 1
        }
        return true
    }

    @inline(__always)
    private static func hash(_ count: Int, _ first: UInt8, _ second: UInt8, _ last: UInt8) -> Int {
        (count &* 97) ^ (Int(first) &* 31) ^ (Int(second) &* 7) ^ (Int(last) &* 131)
    }

    /// The registry's tags, every parameter name of the registry and its pseudo-classes, and the
    /// attributes of object tags.
    static let workflowSchema = KnownNames(
        TagRegistry.tagNames + TagRegistry.allParameterNames.sorted() + AttributeCheck.known)
}
