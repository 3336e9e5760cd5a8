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
/// `WFS_STORE` or the current folder leads to) only to read, prints nothing but suggestions, and
/// gives up with no suggestions when there is no store, the store cannot be read, or the lookup
/// takes longer than a moment (a busy SQLite file, an unreachable PostgreSQL server).
extension CompletionKind {
    /// The paths of the store's documents.
    static var storeDocuments: CompletionKind {
        .custom { words, _, prefix in StoreCompletion.suggest(words: words, prefix: prefix, from: StoreCompletion.documents) }
    }

    /// The names of the store's sessions (meetings).
    static var storeSessions: CompletionKind {
        .custom { words, _, prefix in StoreCompletion.suggest(words: words, prefix: prefix, from: StoreCompletion.sessions) }
    }

    /// The names of the store's sessions, and `now`.
    static var storeSessionsOrNow: CompletionKind {
        .custom { words, _, prefix in
            StoreCompletion.suggest(words: words, prefix: prefix) { store in try StoreCompletion.sessions(store) + ["now"] }
        }
    }

    /// A REF: a document path, or, after `@`, that document at one of the store's sessions.
    static var storeReferences: CompletionKind {
        .custom { words, _, prefix in
            StoreCompletion.suggest(words: words, prefix: prefix) { store in try StoreCompletion.references(store, prefix: prefix) }
        }
    }

    /// A wireframe file; with `--at` on the line, the path of a stored document instead.
    static var wireframeFileOrStoreDocument: CompletionKind {
        .custom { words, _, prefix in
            words.contains { $0 == "--at" || $0.hasPrefix("--at=") }
                ? StoreCompletion.suggest(words: words, prefix: prefix, from: StoreCompletion.documents)
                : StoreCompletion.wireframeFiles(prefix: prefix)
        }
    }
}

/// The lookups behind the store's completions (``CompletionKind/storeDocuments`` and its kin).
enum StoreCompletion {
    /// How long a lookup may take before the process ends, quietly and with no suggestions.
    static let secondsAllowed: UInt32 = 2

    /// The suggestions of `lookup` that start with `prefix`, sorted; none when the store cannot
    /// be opened or read.
    static func suggest(words: [String], prefix: String, from lookup: (any Store) throws -> [String]) -> [String] {
        // A lookup that waits (a lock, a server that does not answer) would hold the shell; the
        // shell takes an ended process's empty output as no suggestions.
        // Unblocked too: a blocked signal is inherited, and some parents block it.
        signal(SIGALRM) { _ in _exit(0) }
        var alarmSignal = sigset_t()
        sigemptyset(&alarmSignal)
        sigaddset(&alarmSignal, SIGALRM)
        pthread_sigmask(SIG_UNBLOCK, &alarmSignal, nil)
        alarm(secondsAllowed)
        defer { alarm(0) }
        guard let location = try? StoreLocation.path(explicit: storeOption(in: words)),
            let store = try? StoreLocation.open(location: location)
        else { return [] }
        defer { try? store.close() }
        guard let all = try? lookup(store) else { return [] }
        return forShell(all.filter { $0.hasPrefix(prefix) }.sorted())
    }

    /// Suggestions as the requesting shell reads them: zsh's script passes each to `_describe`,
    /// which takes what follows a `:` for a description (a meeting named "Review: Acme").
    static func forShell(_ suggestions: [String]) -> [String] {
        guard CompletionShell.requesting == .zsh else { return suggestions }
        return suggestions.map { $0.replacingOccurrences(of: ":", with: "\\:") }
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
