import Foundation
import Testing
import WireframeTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Tab completion of document paths, meeting names and REFs, asked of the built binary as the
/// generated shell scripts ask it: `wfs ---completion SUBCOMMAND… -- ARGUMENT WORD_INDEX CURSOR WORDS…`,
/// where ARGUMENT is the option (`--session`) or the positional (`positional@0`) being completed
/// and WORDS the whole command line, the word being completed last.
@Suite struct CompletionTests {
    /// A project with two documents and two meetings, one with spaces in its name.
    static func project() throws -> StoreCLI {
        let cli = try StoreCLI()
        #expect(try cli.run("init").status == 0)
        try cli.write("app.json", StoreCLI.wireframe([("home", "Home")]))
        try cli.write("screens/tabs.json", StoreCLI.wireframe([("home", "Tabs")]))
        #expect(try cli.run("session", "start", "Kickoff with Acme").status == 0)
        #expect(try cli.run("import", "app.json", "screens").status == 0)
        #expect(try cli.run("session", "end").status == 0)
        #expect(try cli.run("session", "add", "Review", "--start", "2020-01-01T10:00", "--end", "2020-01-01T11:00").status == 0)
        return cli
    }

    /// The suggestions for the last of `line` (the words after `wfs`), completing `argument` of
    /// the command `subcommands` names; the run must succeed and print nothing else.
    static func suggestions(
        _ cli: StoreCLI, _ subcommands: [String], _ argument: String, _ line: [String], environment: [String: String] = [:]
    ) throws -> [String] {
        let words = ["wfs"] + line
        let current = words[words.count - 1]
        let run = try cli.run(
            arguments: ["---completion"] + subcommands + ["--", argument, String(words.count - 1), String(current.count)] + words,
            environment: environment)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.isEmpty, "\(run.error)")
        return run.output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    @Test func meetingNamesComeFromTheStore() throws {
        let cli = try Self.project()
        defer { cli.remove() }
        let sessions = ["Kickoff with Acme", "Review"]
        #expect(try Self.suggestions(cli, ["log"], "--session", ["log", "--session", ""]) == sessions)
        #expect(try Self.suggestions(cli, ["log"], "--session", ["log", "--session", "Kick"]) == ["Kickoff with Acme"])
        #expect(try Self.suggestions(cli, ["audit"], "--from", ["audit", "--from", ""]) == sessions)
        #expect(try Self.suggestions(cli, ["report"], "--to", ["report", "--from", "Review", "--to", ""]) == sessions + ["now"])
        #expect(try Self.suggestions(cli, ["export"], "--at", ["export", "--at", "R"]) == ["Review"])
        #expect(try Self.suggestions(cli, ["path"], "--at", ["path", "--at", ""]) == sessions)
        for command in ["show", "edit", "delete", "rename"] {
            #expect(try Self.suggestions(cli, ["session", command], "positional@0", ["session", command, ""]) == sessions)
        }
    }

    @Test func documentPathsAndReferencesComeFromTheStore() throws {
        let cli = try Self.project()
        defer { cli.remove() }
        let documents = ["app.json", "screens/tabs.json"]
        #expect(try Self.suggestions(cli, ["log"], "--document", ["log", "--document", ""]) == documents)
        #expect(try Self.suggestions(cli, ["export"], "--document", ["export", "--document", "scr"]) == ["screens/tabs.json"])
        #expect(try Self.suggestions(cli, ["show"], "positional@0", ["show", ""]) == documents)
        #expect(try Self.suggestions(cli, ["diff"], "positional@1", ["diff", "app.json@Review", "app"]) == ["app.json"])
        // After '@', the document at each meeting.
        #expect(
            try Self.suggestions(cli, ["show"], "positional@0", ["show", "app.json@"]) == [
                "app.json@Kickoff with Acme", "app.json@Review",
            ])
        #expect(try Self.suggestions(cli, ["diff"], "positional@0", ["diff", "screens/tabs.json@Re"]) == ["screens/tabs.json@Review"])
        // `path` reads a file, or with --at a stored document.
        try cli.write("notes.txt", "not a wireframe")
        #expect(try Self.suggestions(cli, ["path"], "positional@0", ["path", ""]) == ["app.json", "screens/"])
        #expect(try Self.suggestions(cli, ["path"], "positional@0", ["path", "screens/"]) == ["screens/tabs.json"])
        #expect(try Self.suggestions(cli, ["path"], "positional@0", ["path", "--at", "Review", ""]) == documents)
    }

    /// `--store` on the line being completed names the store, as it does for the command.
    @Test func theStoreOptionOnTheLineIsFollowed() throws {
        let cli = try Self.project()
        defer { cli.remove() }
        let elsewhere = try StoreCLI()
        defer { elsewhere.remove() }
        let store = cli.root + "/.wfs/store.sqlite"
        #expect(try Self.suggestions(elsewhere, ["log"], "--session", ["log", "--session", ""]).isEmpty)
        #expect(
            try Self.suggestions(elsewhere, ["log"], "--session", ["log", "--store", store, "--session", ""]) == [
                "Kickoff with Acme", "Review",
            ])
        #expect(try Self.suggestions(elsewhere, ["show"], "positional@0", ["show", "--store=\(store)", "scr"]) == ["screens/tabs.json"])
        #expect(
            try Self.suggestions(elsewhere, ["log"], "--session", ["log", "--session", ""], environment: ["WFS_STORE": store]).count == 2)
    }

    /// zsh's script reads a `:` as the start of a description, and drops the last line (a
    /// placeholder wfs adds for it): a name with a colon comes escaped, and every name survives.
    @Test func zshGetsColonsEscaped() throws {
        let cli = try Self.project()
        defer { cli.remove() }
        #expect(try cli.run("session", "add", "Review: Acme", "--start", "2020-02-01T10:00", "--end", "2020-02-01T11:00").status == 0)
        let zsh = ["SAP_SHELL": "zsh"]
        #expect(
            try Self.suggestions(cli, ["log"], "--session", ["log", "--session", "Rev"], environment: zsh) == [
                "Review", "Review\\: Acme", " ",
            ])
        #expect(try Self.suggestions(cli, ["log"], "--session", ["log", "--session", "Rev"]) == ["Review", "Review: Acme"])
    }

    /// What bash puts on the command line, through the script wfs generates for it: a meeting
    /// name with spaces as one word, whatever was typed of it; a name that looks like a command
    /// substitution is never run.
    @Test func bashInsertsNamesAsOneWord() throws {
        let cli = try Self.project()
        defer { cli.remove() }
        let marker = cli.root + "/ran"
        #expect(try cli.run("session", "add", "$(touch \(marker))", "--start", "2020-03-01T10:00", "--end", "2020-03-01T11:00").status == 0)
        let script = NSTemporaryDirectory() + "wfs-completion-\(UUID().uuidString).bash"
        try Data(try cli.run("--generate-completion-script", "bash").output.utf8).write(to: URL(fileURLWithPath: script))
        defer { try? FileManager.default.removeItem(atPath: script) }

        /// COMPREPLY after Tab at the end of `words`, as bash calls the completion function.
        func complete(_ words: [String]) throws -> [String] {
            let program = """
                source "$1"; shift
                COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
                _wfs wfs "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let run = try ChildProcess.run(
                "/bin/bash", ["-c", program, "bash", script, StoreCLI.binary] + words, in: cli.root,
                environment: ChildProcess.environment(["WFS_STORE": nil]))
            #expect(run.status == 0 && run.error.isEmpty, "\(run.error)")
            return run.output.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["log", "--session", "Kick"]) == ["Kickoff\\ with\\ Acme"])
        #expect(try complete(["session", "delete", ""]) == ["\\$\\(touch\\ \(marker)\\)", "Kickoff\\ with\\ Acme", "Review"])
        #expect(try complete(["show", "scr"]) == ["screens/tabs.json"])
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    /// No store, or one that cannot be read: no suggestions, no message, exit status 0.
    @Test func withoutAStoreThereAreNoSuggestionsAndNoErrors() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        #expect(try Self.suggestions(cli, ["log"], "--session", ["log", "--session", ""]).isEmpty)
        #expect(try Self.suggestions(cli, ["show"], "positional@0", ["show", "app.json@"]).isEmpty)
        #expect(try Self.suggestions(cli, ["session", "delete"], "positional@0", ["session", "delete", ""]).isEmpty)
        try cli.write("garbage.sqlite", String(repeating: "not a database\n", count: 100))
        #expect(try Self.suggestions(cli, ["log"], "--document", ["log", "--store", "garbage.sqlite", "--document", ""]).isEmpty)
        #expect(try Self.suggestions(cli, ["log"], "--document", ["log", "--store", "missing.sqlite", "--document", ""]).isEmpty)
    }

    /// A store that does not answer (a server that takes the connection and says nothing) is
    /// given up in a moment, with no suggestions and no message, instead of holding the shell for
    /// the whole of libpq's connect timeout (10 seconds, after which the command itself fails).
    @Test func aStoreThatDoesNotAnswerIsGivenUp() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        try #require(bound && listen(listener, 8) == 0)
        let url = "postgresql://nobody@127.0.0.1:\(UInt16(bigEndian: address.sin_port))/none"

        let cli = try StoreCLI()
        defer { cli.remove() }
        let line = ["wfs", "log", "--store", url, "--session", ""]
        let run = try ChildProcess.run(
            StoreCLI.binary, ["---completion", "log", "--", "--session", String(line.count - 1), "0"] + line, in: cli.root,
            environment: ChildProcess.environment(["WFS_STORE": nil]), timeout: 8)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.isEmpty && run.error.isEmpty, "\(run.output)\(run.error)")
    }

    /// The scripts the shells load call back into wfs for exactly these arguments.
    @Test func theCompletionScriptsAskTheStore() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        for shell in ["bash", "zsh", "fish"] {
            let script = try cli.run("--generate-completion-script", shell)
            #expect(script.status == 0)
            for call in [
                "---completion log -- --session", "---completion show -- positional@0", "---completion session delete -- positional@0",
            ] {
                #expect(script.output.contains(call), "\(shell) script lacks '\(call)'")
            }
        }
    }
}
