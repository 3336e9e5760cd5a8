import ArgumentParser
import WireframeStore
import WireframeSync

extension WFS {
    /// `wfs init`: creates the store of a project.
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Create a store for a project folder.",
            discussion: """
                The store is .wfs/store.sqlite in the project root unless --store or WFS_STORE names \
                another file. Running it again for the same project changes nothing.
                """
        )

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: "The project root (default: the current folder).")
        var root: String = "."

        func run() throws {
            try runReportingErrors {
                let root = StoreLocation.absolute(self.root)
                let path = StoreLocation.forInit(explicit: storeOptions.store, root: root)
                do {
                    _ = try StoreLocation.create(location: path, root: root)
                    Terminal.outputLine("created store \(path) for project \(root)")
                } catch StoreError.alreadyExists {
                    // Like `git init` in a repository: the same project's store is fine as it is;
                    // another project's store at this path is an error.
                    let existing = try StoreLocation.projectRoot(of: StoreLocation.open(location: path))
                    guard existing == root else { throw StoreError.alreadyExists(path: path) }
                    Terminal.outputLine("store \(path) for project \(root) exists already")
                }
            }
        }
    }
}
