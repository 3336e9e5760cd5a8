import Foundation
import WireframeFormats
import WireframeModel
import Yams

/// The keys a configuration file may hold, and the ones it holds that are none of them.
///
/// The configuration reader looks keys up by name, so a misspelt key (`settleMiliseconds`) would
/// otherwise be ignored without a word and its default used: every key of the file is checked
/// against the known ones, with its line and column and the nearest known key.
enum ConfigurationKeys {
    /// Every key of `Config/wfsd.yaml`.
    static let known = [
        "store", "root", "include", "exclude", "settleMilliseconds", "author", "logLevel", "importWorkLimit", "importTimeLimitSeconds",
        "sync",
    ]

    /// A key of the file that is not a configuration key.
    struct Unknown: Equatable {
        var key: String
        /// `line:column` of the key in the file, when the parser gives it.
        var position: String?
    }

    /// The top-level keys of a YAML or JSON configuration file that are not configuration keys,
    /// in file order. A file that does not parse, or whose top level is not a mapping, gives none
    /// here: the configuration reader reports it.
    static func unknown(inFile path: String, bytes: [UInt8]) -> [Unknown] {
        let keys = path.hasSuffix(".json") ? jsonKeys(bytes) : yamlKeys(bytes)
        return keys.filter { !known.contains($0.key) }
    }

    private static func yamlKeys(_ bytes: [UInt8]) -> [Unknown] {
        guard let text = String(validating: bytes, as: UTF8.self),
            let node = try? Yams.compose(yaml: text), let mapping = node.mapping
        else { return [] }
        return mapping.keys.map { key in
            Unknown(key: key.string ?? String(describing: key), position: key.mark.map { "\($0.line):\($0.column)" })
        }
    }

    private static func jsonKeys(_ bytes: [UInt8]) -> [Unknown] {
        guard let members = JSONParser().parse(bytes).root?.members else { return [] }
        return members.map { Unknown(key: $0.key, position: "\($0.keyLocation.line):\($0.keyLocation.column)") }
    }

    /// The message for an unknown key, with the nearest known key when there is a plausible one.
    static func message(for key: String) -> String {
        let suggestion = Suggestions.closest(to: key, in: known).map { "; did you mean '\($0)'?" } ?? ""
        return "is not a configuration key (known keys: \(known.joined(separator: ", ")))\(suggestion)"
    }
}
