/// A path pattern of the configuration's `include` and `exclude` lists, matched against paths
/// relative to the project root: `*` any characters but `/`, `?` one character but `/`, `**` any
/// number of folders (`**/` also matches no folder at all), anything else itself.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    private let characters: [Character]

    /// Creates a glob from its text.
    public init(_ pattern: String) {
        self.pattern = pattern
        self.characters = Array(pattern)
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Whether `path` (relative, `/`-separated) matches the whole pattern.
    public func matches(_ path: String) -> Bool {
        Self.match(characters[...], Array(path)[...])
    }

    private static func match(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        var pattern = pattern
        var text = text
        while let first = pattern.first {
            switch first {
            case "*":
                let isDouble = pattern.dropFirst().first == "*"
                if isDouble {
                    var rest = pattern.dropFirst(2)
                    if rest.first == "/" {
                        // `**/`: zero folders, or any prefix ending in `/`.
                        rest = rest.dropFirst()
                        if match(rest, text) { return true }
                        var index = text.startIndex
                        while index < text.endIndex {
                            if text[index] == "/", match(rest, text[(index + 1)...]) { return true }
                            index += 1
                        }
                        return false
                    }
                    var index = text.startIndex
                    while true {
                        if match(rest, text[index...]) { return true }
                        if index == text.endIndex { return false }
                        index += 1
                    }
                }
                let rest = pattern.dropFirst()
                var index = text.startIndex
                while true {
                    if match(rest, text[index...]) { return true }
                    if index == text.endIndex || text[index] == "/" { return false }
                    index += 1
                }
            case "?":
                guard let character = text.first, character != "/" else { return false }
                pattern = pattern.dropFirst()
                text = text.dropFirst()
            default:
                guard text.first == first else { return false }
                pattern = pattern.dropFirst()
                text = text.dropFirst()
            }
        }
        return text.isEmpty
    }
}
