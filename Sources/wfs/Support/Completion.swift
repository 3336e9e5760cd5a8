import ArgumentParser
import Foundation
import WireframeStore
import WireframeSync

#if canImport(Glibc)
    import Glibc
#endif

/// Shell completions taken from the store: document paths, meeting names and REFs.
///
/// The shell runs `wfs ---completion …` at every press of Tab, so a lookup must be quick and
/// silent: it opens the store that `--store` on the line being completed names (else the one
/// `WFS_STORE` or the current folder leads to) as every command does, and only reads from it (the
/// one write opening can make is the schema upgrade a newer wfs makes of an older store, which
/// the next command would make anyway); it prints nothing but suggestions, and gives up with
/// none when there is no store, the store cannot be read, or the lookup takes longer than a
/// moment (a busy SQLite file, an unreachable PostgreSQL server).
extension CompletionKind {
    /// The paths of the store's documents.
    static var storeDocuments: CompletionKind {
        .custom { words, _, prefix in
            StoreCompletion.suggest(words: words, prefix: prefix) { store, _ in try StoreCompletion.documents(store) }
        }
    }

    /// The names of the store's sessions (meetings).
    static var storeSessions: CompletionKind {
        .custom { words, _, prefix in
            StoreCompletion.suggest(words: words, prefix: prefix) { store, _ in try StoreCompletion.sessions(store) }
        }
    }

    /// The names of the store's sessions, and `now`.
    static var storeSessionsOrNow: CompletionKind {
        .custom { words, _, prefix in
            StoreCompletion.suggest(words: words, prefix: prefix) { store, _ in try StoreCompletion.sessions(store) + ["now"] }
        }
    }

    /// A REF: a document path, or, after `@`, that document at one of the store's sessions.
    static var storeReferences: CompletionKind {
        .custom { words, _, prefix in
            StoreCompletion.suggest(words: words, prefix: prefix) { store, typed in try StoreCompletion.references(store, prefix: typed) }
        }
    }

    /// A wireframe file; with `--at` on the line, the path of a stored document instead.
    static var wireframeFileOrStoreDocument: CompletionKind {
        .custom { words, _, prefix in
            words.contains { $0 == "--at" || $0.hasPrefix("--at=") }
                ? StoreCompletion.suggest(words: words, prefix: prefix) { store, _ in try StoreCompletion.documents(store) }
                : StoreCompletion.forShell(StoreCompletion.wireframeFiles(prefix: StoreCompletion.unquoted(prefix)))
        }
    }
}

/// The lookups behind the store's completions (``CompletionKind/storeDocuments`` and its kin).
enum StoreCompletion {
    /// How long a lookup may take before the process ends, quietly and with no suggestions.
    static let secondsAllowed: UInt32 = 2

    /// The suggestions of `lookup` that start with the word typed so far (`prefix` as the shell
    /// has it, quotes and backslashes removed, which `lookup` is given too), sorted, as the
    /// requesting shell reads them; none when the store cannot be opened or read.
    static func suggest(words: [String], prefix: String, from lookup: (any Store, String) throws -> [String]) -> [String] {
        // A lookup that waits (a lock, a server that does not answer) would hold the shell; the
        // shell takes an ended process's empty output as no suggestions. Unblocked too: a blocked
        // signal is inherited, and some parents block it.
        signal(SIGALRM) { _ in _exit(0) }
        var alarmSignal = sigset_t()
        sigemptyset(&alarmSignal)
        sigaddset(&alarmSignal, SIGALRM)
        pthread_sigmask(SIG_UNBLOCK, &alarmSignal, nil)
        alarm(secondsAllowed)
        defer { alarm(0) }
        guard let location = try? StoreLocation.path(explicit: storeOption(in: words).map(unquoted)),
            let store = try? StoreLocation.open(location: location)
        else { return [] }
        defer { try? store.close() }
        let typed = unquoted(prefix)
        guard let all = try? lookup(store, typed) else { return [] }
        return forShell(all.filter { $0.hasPrefix(typed) }.sorted())
    }

    /// A word as the shell has it (`Kickoff\ w`, `'Kickoff w`) as the user means it (`Kickoff w`).
    static func unquoted(_ word: String) -> String {
        var result = ""
        var escaped = false
        for character in word {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character != "'" && character != "\"" {
                result.append(character)
            }
        }
        return result
    }

    /// Suggestions as the requesting shell's script reads them. bash's passes them through
    /// `compgen -W`, which expands each (removing one level of quoting, running a `$(…)`) before
    /// bash inserts it as it is: quoted twice, a meeting named "Kickoff with Acme" is inserted as
    /// `Kickoff\ with\ Acme`, one word. (compgen compares the typed word unquoted with the
    /// expanded, still quoted suggestion, so after a typed `\ ` bash offers nothing.) zsh's passes each to `_describe`, which quotes what it inserts but takes what
    /// follows a `:` for a description ("Review: Acme"). fish quotes what it inserts.
    static func forShell(_ suggestions: [String]) -> [String] {
        switch CompletionShell.requesting {
        case .bash?: return suggestions.map { escaped(escaped($0)) }
        case .zsh?: return suggestions.map { $0.replacingOccurrences(of: ":", with: "\\:") }
        default: return suggestions
        }
    }

    /// `word` with a backslash before every character the shell would otherwise read.
    static func escaped(_ word: String) -> String {
        var result = ""
        for character in word {
            if " \t\n\\'\"$`&;|<>()*?[]!{}#~".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// The value of `--store` on the command line being completed, if it has one.
    static func storeOption(in words: [String]) -> String? {
        var value: String?
        for (index, word) in words.enumerated() {
            if word == "--store", index + 1 < words.count {
                value = words[index + 1]
            } else if word.hasPrefix("--store=") {
                value = String(word.dropFirst("--store=".count))
            }
        }
        return value
    }

    /// Every document path the store knows.
    static func documents(_ store: any Store) throws -> [String] {
        try store.documentPaths()
    }

    /// Every session's name.
    static func sessions(_ store: any Store) throws -> [String] {
        try store.sessions().map(\.name)
    }

    /// Document paths; once the word has an `@`, that document at each session.
    static func references(_ store: any Store, prefix: String) throws -> [String] {
        guard let at = prefix.lastIndex(of: "@") else { return try documents(store) }
        let document = prefix[..<at]
        return try sessions(store).map { "\(document)@\($0)" }
    }

    /// The JSON and XML files and the folders that complete `prefix` as a path, folders with a
    /// trailing `/`; hidden ones only when the prefix asks for them.
    static func wireframeFiles(prefix: String) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let folder = slash.map { String(prefix[...$0]) } ?? ""
        let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return [] }
        var suggestions: [String] = []
        for name in names where name.hasPrefix(start) && (start.hasPrefix(".") || !name.hasPrefix(".")) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + name, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                suggestions.append(folder + name + "/")
            } else if name.hasSuffix(".json") || name.hasSuffix(".xml") {
                suggestions.append(folder + name)
            }
        }
        return forShell(suggestions.sorted())
    }
}
