import ArgumentParser
import WireframeStore
import WireframeSync

extension WFS {
    /// `wfs init`: creates the store of a project.
    struct Init: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a store for a project folder.",
            discussion: "The store is .wfs/store.sqlite in the project root unless --store or WFS_STORE names another file."
        )

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: "The project root (default: the current folder).")
        var root: String = "."

        func run() async throws {
            try runReportingErrors {
                let root = StoreLocation.absolute(self.root)
                let path = StoreLocation.forInit(explicit: storeOptions.store, root: root)
                _ = try WireframeStore.create(path: path, root: root)
                Terminal.outputLine("created store \(path) for project \(root)")
            }
        }
    }
}
