import ArgumentParser
import WireframeStore
import WireframeSync

extension WFS {
    /// `wfs verify`: checks the store.
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Check the store: SQLite integrity, every stored hash, every revision's source.",
            discussion: "Exit status 1 when a problem is found."
        )

        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            var problems = false
            try storeOptions.withStore { store in
                let report = try Verifier(history: History(store: store)).run()
                for problem in report.problems { Terminal.error("wfs: error: \(problem)") }
                for warning in try SessionName.numberedSessionWarnings(in: store) { Terminal.error("wfs: warning: \(warning)") }
                problems = !report.problems.isEmpty
                Terminal.outputLine(
                    "checked \(report.revisions) revisions and \(report.screenVersions) screen versions: "
                        + (problems ? "\(report.problems.count) problem\(report.problems.count == 1 ? "" : "s")" : "no problems"))
            }
            if problems { throw ExitCode.failure }
        }
    }
}
