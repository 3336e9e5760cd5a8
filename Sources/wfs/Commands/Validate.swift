import ArgumentParser
import Foundation
import WireframeAnalysis
import WireframeFormats
import WireframeModel

extension WFS {
    /// `wfs validate`: diagnostics for wireframe files, for editors and CI.
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check wireframe files and print what is wrong, with its location.",
            discussion: """
                Folders are searched for .json and .xml wireframes. Exit status: 0 when no file has \
                errors, 1 when one has (with --strict, warnings count too), 2 when a path cannot be read.
                """
        )

        @Option(help: "Output format: text diagnostics on standard error, or a JSON report on standard output.")
        var format: OutputFormat = .text

        @Flag(help: "Treat warnings as errors.")
        var strict = false

        @Argument(help: "Wireframe files or folders to check.")
        var paths: [String]

        func run() throws {
            let validation = FileValidation()
            var reports: [FileReport] = []
            var missingCount = 0
            var unreadableFolders = 0
            for path in paths {
                // A link that leads nowhere (a loop), or a path in a folder that denies a look, is a
                // file that cannot be read (the reader says why), not a missing path.
                let presence = ProjectFiles.presence(path)
                guard presence != .gone else {
                    Terminal.error("\(path.escapingControlCharacters): error: no such file or folder")
                    missingCount += 1
                    continue
                }
                if presence == .folder {
                    let search = ProjectFiles.search(path)
                    let files = search.files
                    if files.isEmpty && search.unreadableFolders.isEmpty {
                        Terminal.error("\(path.escapingControlCharacters): warning: no .json or .xml wireframes in this folder")
                    }
                    // Reports name a file below "." without "./" (`FileValidation.join`): so must
                    // the files skipped as loaded ones, or each would be validated again per loader.
                    let listed = Set(files.map { path == "." && $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 })
                    for file in files {
                        reports += validation.validate(path: file, projectRoot: path, skipping: listed)
                    }
                    // A name that is not UTF-8 cannot be a document path: said, not passed by.
                    for name in search.undecodableNames {
                        reports.append(FileReport(path: name, diagnostics: [ProjectFiles.undecodableNameDiagnostic], wireframe: nil))
                    }
                    // A folder that cannot be listed is reported like a file that cannot be read.
                    for folder in search.unreadableFolders {
                        let diagnostic = Diagnostic(.error, FormatCodes.unreadable, "cannot list the folder: \(folder.reason)", at: .start)
                        reports.append(FileReport(path: folder.path, diagnostics: [diagnostic], wireframe: nil))
                        unreadableFolders += 1
                    }
                } else {
                    let inside = !path.hasPrefix("/") && !path.hasPrefix("../")
                    reports += validation.validate(path: path, projectRoot: inside ? "." : nil)
                }
            }

            let errors = reports.reduce(0) { $0 + $1.diagnostics.count(of: .error) }
            let warnings = reports.reduce(0) { $0 + $1.diagnostics.count(of: .warning) }
            switch format {
            case .text:
                let colour = Terminal.colourOnStandardError
                for report in reports {
                    for diagnostic in report.diagnostics {
                        Terminal.error(diagnostic.rendered(path: report.path, colour: colour))
                    }
                }
                Terminal.error(
                    Self.summary(errors: errors, warnings: warnings, files: reports.count - unreadableFolders, missing: missingCount))
            case .json:
                Terminal.output(try JSONOutput.text(Report(reports: reports, errorCount: errors, warningCount: warnings)))
            }
            let unreadable = reports.contains { $0.diagnostics.contains { $0.code == FormatCodes.unreadable } }
            if missingCount > 0 || unreadable { throw ExitCode(2) }
            if errors > 0 || (strict && warnings > 0) { throw ExitCode.failure }
        }

        static func summary(errors: Int, warnings: Int, files: Int, missing: Int = 0) -> String {
            func count(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
            let checked = count(files, "file") + " checked"
            let notFound = missing > 0 ? ", \(count(missing, "path")) not found" : ""
            if errors == 0 && warnings == 0 { return checked + (notFound.isEmpty ? ", no problems" : notFound) }
            return "\(checked): \(count(errors, "error")), \(count(warnings, "warning"))\(notFound)"
        }

        /// The JSON report: `{"files":[{"path","diagnostics":[…]}],"errorCount","warningCount"}`.
        struct Report: Encodable {
            struct File: Encodable {
                var path: String
                var diagnostics: [DiagnosticJSON]
            }

            var files: [File]
            var errorCount: Int
            var warningCount: Int

            init(reports: [FileReport], errorCount: Int, warningCount: Int) {
                files = reports.map { File(path: $0.path, diagnostics: $0.diagnostics.map(DiagnosticJSON.init)) }
                self.errorCount = errorCount
                self.warningCount = warningCount
            }
        }
    }
}
