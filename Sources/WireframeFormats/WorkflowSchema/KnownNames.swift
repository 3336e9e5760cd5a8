/// The names a WorkflowSchema file repeats on almost every line (the registry's tags, every
/// parameter name, the attributes an object tag may carry), each kept as one string: the reader
/// looks a name up by its bytes and reuses the string instead of decoding a new one per element.
/// A name's position among them is the number a read's storage gives it.
struct KnownNames: Sendable {
    /// The position of each name.
    private let positions: [String: Int]
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

    init(_ candidates: [String]) {
        var positions: [String: Int] = [:]
        var names: [String] = []
        for name in candidates where !name.isEmpty && names.count < Int(Int16.max) && positions[name] == nil {
            positions[name] = names.count
            names.append(name)
        }
        self.positions = positions
        self.names = names
        self.definitions = names.map { TagRegistry.lookup.definition(of: $0) }
        self.registryEntries = names.map { TagRegistry.lookup.entry(ofTag: $0).map { Int32($0) } ?? -1 }
        self.colons = names.map(\.containsColon)
        var parameterNameStarts: [Int32] = []
        var parameterNames: [Int32] = []
        for definition in TagRegistry.lookup.all {
            parameterNameStarts.append(Int32(parameterNames.count))
            for parameter in definition.parameters {
                parameterNames.append(positions[parameter.name].map { Int32($0) } ?? -1)
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
        entry(of: candidate).map { names[$0] }
    }

    /// The position of the known name with exactly these bytes, if there is one: its string and
    /// definition are then read with `name(at:)` and `definition(at:)`.
    func entry(of candidate: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let position = positions[String(decoding: candidate, as: UTF8.self)] else { return nil }
        // A canonically equivalent spelling finds the name too: only the same bytes are it.
        let same = names[position].utf8.withContiguousStorageIfAvailable { sameBytes($0, candidate) }
        return (same ?? names[position].utf8.elementsEqual(candidate)) ? position : nil
    }

    /// The name at a position `entry(of:)` gave.
    func name(at entry: Int) -> String { names[entry] }

    /// The registry's definition of the name at a position `entry(of:)` gave, when it is a tag.
    func definition(at entry: Int) -> TagDefinition? { definitions[entry] }

    /// The registry's tags, every parameter name of the registry and its pseudo-classes, and the
    /// attributes of object tags.
    static let workflowSchema = KnownNames(
        TagRegistry.tagNames + TagRegistry.allParameterNames.sorted() + AttributeCheck.known)
}
