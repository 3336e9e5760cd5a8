import ArgumentParser
import WireframeAnalysis
import WireframeJSON
import WireframeStore
import WireframeReport
import WireframeSync

extension WFS {
    /// `wfs diff`: what changed between two revisions.
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Compare two revisions screen by screen and field by field.",
            discussion: "Screens are matched by key; runs of unchanged screens are summarised."
        )

        @OptionGroup var storeOptions: StoreOptions

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, svg, html
        }

        @Option(help: "Output format.")
        var format: Format = .text

        @Argument(help: "The older revision.", completion: .storeReferences)
        var old: String

        @Argument(help: "The newer revision.", completion: .storeReferences)
        var new: String

        func run() throws {
            try runReportingErrors {
                let store = try StoreOptions.open(storeOptions.store)
                defer { try? store.close() }
                let history = History(store: store, documentPaths: try storeOptions.documentPaths(of: store))
                let oldRevision = try history.resolve(old)
                let newRevision = try history.resolve(new)
                let comparison = try history.comparison(oldRevision, newRevision)
                let diff = comparison.diff
                let allKeys = comparison.screenKeys
                // The changes come sorted by key, as the keys do: found by walking beside the keys
                // (which are asked for in order) rather than by a map, unless their keys are not
                // strictly increasing.
                let screens = diff.screens
                var ordered = true
                for index in screens.indices.dropFirst() where !(screens[index - 1].key < screens[index].key) { ordered = false }
                let changed =
                    ordered ? [:] : Dictionary(diff.screens.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
                var nextChange = 0
                func change(_ key: String) -> ScreenChange? {
                    guard ordered else { return changed[key] }
                    while nextChange < screens.count, screens[nextChange].key < key { nextChange += 1 }
                    return nextChange < screens.count && screens[nextChange].key == key ? screens[nextChange] : nil
                }
                let renamedFrom = Set(diff.screens.compactMap(\.previousKey))
                switch format {
                case .svg:
                    let oldWireframe = try history.wireframe(of: oldRevision)
                    let newWireframe = try history.wireframe(of: newRevision)
                    Terminal.outputBytes(try layOut(NavigationPicture().dot(old: oldWireframe, new: newWireframe, diff: diff)))
                case .html:
                    let oldWireframe = try history.wireframe(of: oldRevision)
                    let newWireframe = try history.wireframe(of: newRevision)
                    let picture = try pictureOrNote(NavigationPicture().dot(old: oldWireframe, new: newWireframe, diff: diff))
                    let title = "\(TextForm.revisionLine(oldRevision)) → \(TextForm.revisionLine(newRevision))"
                    let unchanged = allKeys.count - allKeys.count(where: { change($0) != nil || renamedFrom.contains($0) })
                    Terminal.output(
                        HTMLReport.comparisonPage(
                            title: title, changes: ChangeSentences(diff, old: oldWireframe, new: newWireframe), unchanged: unchanged,
                            picture: picture))
                case .json:
                    Terminal.output(
                        try JSONOutput.text(DiffAnswer(old: oldRevision, new: newRevision, diff: diff, screenKeys: allKeys)))
                case .text:
                    // Written as bytes: a diff of 1,000 screens is some 6,000 pieces, which cost
                    // three times as much appended to a `String`.
                    var text: [UInt8] = []
                    text.reserveCapacity(64 * allKeys.count + 256)
                    // One piece a call (a variadic list is an array allocated per call), and
                    // quoted values written in place rather than built as strings first.
                    func put(_ piece: String) {
                        // Copied from the string's contiguous UTF-8 (the generic append of a
                        // `UTF8View` goes a byte at a time).
                        var piece = piece
                        piece.withUTF8 { text.append(contentsOf: $0) }
                    }
                    // What changed is said in the report's words ("Added the button 'Wish list'
                    // (element 5 of 6)."), from the screens the comparison read.
                    let told = ChangeSentences(diff, old: comparison.old, new: comparison.new)
                    var toldScreens: [String: [String]] = [:]
                    for screen in told.screens where !screen.sentences.isEmpty { toldScreens[screen.change.key] = screen.sentences }
                    func putSentence(indent: String, _ sentence: String) {
                        put(indent)
                        put(sentence.escapingControlCharacters)
                        put("\n")
                    }
                    put("--- ")
                    put(TextForm.revisionLine(oldRevision))
                    put("\n+++ ")
                    put(TextForm.revisionLine(newRevision))
                    put("\n")
                    for sentence in told.document { putSentence(indent: "  ", sentence) }
                    var unchangedRun = 0
                    func flush() {
                        if unchangedRun > 0 {
                            put("  … ")
                            put(String(unchangedRun))
                            put(unchangedRun == 1 ? " unchanged screen\n" : " unchanged screens\n")
                        }
                        unchangedRun = 0
                    }
                    for key in allKeys {
                        guard let change = change(key) else {
                            if !renamedFrom.contains(key) { unchangedRun += 1 }
                            continue
                        }
                        flush()
                        switch change.kind {
                        case .added: put("+ ")
                        case .removed: put("- ")
                        case .modified: put("~ ")
                        case .renamed:
                            put("> ")
                            put(change.previousKey ?? "?")
                            put(" → ")
                        }
                        put(key)
                        put("\n")
                        // A rename's key is on its line; its sentences are the edits made with it.
                        for sentence in toldScreens[key] ?? [] { putSentence(indent: "    ", sentence) }
                    }
                    flush()
                    if diff.isEmpty { put("no differences\n") }
                    Terminal.outputBytes(text)
                }
            }
        }
    }
}
