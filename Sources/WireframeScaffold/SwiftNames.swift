/// Swift identifiers made from screen keys, dependency names and titles: deterministic, valid,
/// never a keyword, unique where a scope asks (``SwiftNames/Scope``).
enum SwiftNames {
    /// The words of a name: runs of ASCII letters and digits, split where a lower-case letter or
    /// digit meets an upper-case one (`productId` → product, Id) and at everything else (`-`, `_`,
    /// `/`, `[`, spaces, letters outside ASCII).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in text {
            guard character.isASCII, character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, character.isUppercase, previous.isLowercase || previous.isNumber, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// UpperCamelCase of `text` between `prefix` and `suffix`: `product-detail` → `ProductDetail`;
    /// `fallback` when it has no usable letters; a leading digit gets an underscore before it.
    static func typeName(_ text: String, suffix: String = "", fallback: String = "Screen") -> String {
        let joined = words(text).map(capitalized).joined()
        return safe((joined.isEmpty ? fallback : joined) + suffix)
    }

    /// lowerCamelCase of `text` (`Product Detail` → `productDetail`) and `suffix`; with a
    /// `prefix`, the prefix and the UpperCamelCase of `text` (`open` → `openProductDetail`).
    static func memberName(_ text: String, prefix: String = "", suffix: String = "", fallback: String = "value") -> String {
        let parts = words(text)
        if !prefix.isEmpty {
            let joined = parts.map(capitalized).joined()
            return safe(prefix + (joined.isEmpty ? capitalized(fallback) : joined) + suffix)
        }
        guard let first = parts.first else { return safe(fallback + suffix) }
        return safe(first.prefix(1).lowercased() + first.dropFirst() + parts.dropFirst().map(capitalized).joined() + suffix)
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// A leading digit gets `_`; a keyword gets back-quotes (valid, and still the word people chose).
    private static func safe(_ name: String) -> String {
        if let first = name.first, first.isNumber { return "_" + name }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// Swift's keywords, and the names the generated code gives itself meaning to.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is",
        "nil", "self", "Self", "super", "throws", "true", "try", "async", "some", "any", "Type", "Protocol",
    ]

    /// Names given in one scope (the types of a file, the members of a struct): a second use of
    /// a name gets `2`, `3`, … after it.
    struct Scope {
        private var taken: Set<String>

        /// A scope where `reserved` are taken already.
        init(reserved: Set<String> = []) { taken = reserved }

        /// `name`, or the first of `name2`, `name3`, … not taken; taken from now on.
        mutating func unique(_ name: String) -> String {
            let bare = name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
            if taken.insert(bare).inserted { return name }
            var counter = 2
            while !taken.insert(bare + String(counter)).inserted { counter += 1 }
            return bare + String(counter)
        }
    }
}
