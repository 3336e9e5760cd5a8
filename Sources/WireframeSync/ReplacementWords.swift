public import WireframeStore

extension Replacement {
    /// What of the replaced writer's change the revision lacks, in words: "bob's changes to cart,
    /// checkout are not in it", or "bob's changes are all in it". The empty key is the document's
    /// own fields (app name, root, navigation bars).
    public var missingChanges: String {
        let keys = screens.filter { !$0.isEmpty }
        var parts: [String] = []
        if screens.contains("") { parts.append("the document's own fields") }
        if !keys.isEmpty { parts.append(keys.joined(separator: ", ")) }
        guard !parts.isEmpty else { return "\(author)'s changes are all in it" }
        return "\(author)'s changes to " + parts.joined(separator: " and to ") + " are not in it"
    }

    /// The replacement in one sentence, as `wfs log`, `show` and `status` print it under the
    /// revision: "replaces revision 27 by bob: bob's changes to cart, checkout are not in it".
    public var sentence: String { "replaces revision \(id) by \(author): \(missingChanges)" }
}
