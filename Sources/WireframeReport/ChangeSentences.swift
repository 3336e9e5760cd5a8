public import WireframeAnalysis
public import WireframeModel

/// A diff told screen by screen in ``ChangeWords``' sentences: what the customer report, the web
/// app's comparison and `wfs diff` say about the same two versions.
public struct ChangeSentences: Sendable {
    /// One changed screen and what is said of it.
    public struct ScreenSentences: Sendable {
        /// The change, as the diff has it.
        public var change: ScreenChange
        /// The screen as a person names it: its title (the new one), else its key.
        public var name: String
        /// A sentence per changed field; for a rename, its edits besides the key.
        public var sentences: [String]
    }

    /// The sentences about the document's own fields.
    public var document: [String]
    /// The changed screens, in the diff's order.
    public var screens: [ScreenSentences]

    /// The sentences for `diff`, the comparison of `old` and `new`: wireframes that hold at least
    /// the screens the diff names (screens that did not change may be missing; links to them are
    /// then named by key).
    public init(_ diff: WireframeDiff, old: Wireframe?, new: Wireframe?) {
        var titles: [String: String] = [:]
        for screen in old?.screens ?? [] { titles[screen.key] = screen.title }
        for screen in new?.screens ?? [] { titles[screen.key] = screen.title }
        let words = ChangeWords(titles: titles)
        let oldScreens = Dictionary((old?.screens ?? []).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let newScreens = Dictionary((new?.screens ?? []).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        document = diff.documentFields.map { words.sentence($0, old: old, new: new) }
        screens = diff.screens.map { change in
            let sentences: [String]
            switch change.kind {
            case .added, .removed: sentences = []
            case .renamed, .modified:
                let before = oldScreens[change.previousKey ?? change.key]
                let after = newScreens[change.key]
                sentences = change.fields.filter { $0.field != "name" }.map { words.sentence($0, old: before, new: after) }
            }
            return ScreenSentences(change: change, name: words.screenName(change.key), sentences: sentences)
        }
    }
}
