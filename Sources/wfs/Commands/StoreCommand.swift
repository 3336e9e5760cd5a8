import ArgumentParser

extension WFS {
    /// `wfs store`: the store as a whole.
    struct StoreCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "store",
            abstract: "Work on a store as a whole.",
            discussion: "'wfs store copy' moves a history between SQLite and PostgreSQL, or makes a backup of it.",
            subcommands: [Copy.self]
        )
    }
}
