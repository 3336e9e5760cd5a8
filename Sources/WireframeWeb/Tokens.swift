import Crypto
import Foundation

/// The tokens that may write (and, with `--require-token-for-reads`, read): `--tokens FILE`, one
/// `name token` per line; the name becomes the author of what the token writes.
///
/// Only each token's SHA-256 is kept, and a presented token is hashed and compared with every
/// entry in constant time, so neither the comparison's time nor a memory dump gives a token away.
public struct TokenBook: Sendable {
    struct Entry: Sendable {
        var name: String
        var digest: [UInt8]
    }

    private let entries: [Entry]

    /// No tokens: nothing can be written.
    public static let empty = TokenBook(entries: [])

    private init(entries: [Entry]) {
        self.entries = entries
    }

    /// Whether any token exists.
    public var isEmpty: Bool { entries.isEmpty }

    /// How many tokens there are.
    public var count: Int { entries.count }

    /// Reads a tokens file. Blank lines and lines starting with `#` are skipped.
    ///
    /// - Throws: ``StartFailure`` naming the file and line of a malformed entry (a name without a
    ///   token, a token shorter than 16 characters, a name used twice), or the file unreadable.
    public static func read(file path: String) throws -> TokenBook {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw StartFailure("cannot read the tokens file \(path): \(error.localizedDescription)")
        }
        return try parse(text, file: path)
    }

    /// Parses the text of a tokens file (``read(file:)``).
    public static func parse(_ text: String, file: String) throws -> TokenBook {
        var entries: [Entry] = []
        var names = Set<String>()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let place = "\(file):\(index + 1)"
            guard fields.count == 2 else {
                throw StartFailure("\(place): expected 'name token' (two fields separated by spaces)")
            }
            let name = String(fields[0])
            guard fields[1].count >= 16 else {
                throw StartFailure("\(place): the token of '\(name)' is shorter than 16 characters")
            }
            guard names.insert(name).inserted else { throw StartFailure("\(place): '\(name)' has a token already") }
            entries.append(Entry(name: name, digest: Array(SHA256.hash(data: Data(fields[1].utf8)))))
        }
        return TokenBook(entries: entries)
    }

    /// The name of the token `presented`, or nil when it is none of them.
    public func name(of presented: String) -> String? {
        let digest = Array(SHA256.hash(data: Data(presented.utf8)))
        var found: String?
        for entry in entries {
            var difference: UInt8 = 0
            for index in 0..<digest.count { difference |= digest[index] ^ entry.digest[index] }
            if difference == 0 { found = entry.name }
        }
        return found
    }

    /// The name of the token in an `Authorization: Bearer TOKEN` header, or nil.
    public func name(ofAuthorization header: String?) -> String? {
        guard let header, header.lowercased().hasPrefix("bearer ") else { return nil }
        return name(of: String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces))
    }
}
