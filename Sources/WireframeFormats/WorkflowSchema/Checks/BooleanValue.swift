import WireframeModel

/// P06: text for a YES/NO parameter that is not recognisably yes or no. The original reads it
/// with `boolValue` (§1.8), so for example `on` or `enabled` reads as NO.
enum BooleanValueCheck {
    static let code: DiagnosticCode = "WF1206"

    /// The YES/NO parameters of §2 (and `value` of `bool`).
    static let parameters = NameSet([
        "hidesBottomBarWhenPushed", "shouldForwardAllMessages", "navigationBarHidden", "toolbarHidden", "hidden",
        "translucent", "enablesReturnKeyAutomatically", "secureTextEntry", "adjustsFontSizeToFitWidth",
        "clearsOnBeginEditing", "editable", "on", "continuous", "apportionsSegmentWidthsByContent", "momentary",
        "showsBookmarkButton", "showsCancelButton", "showsSearchResultsButton", "selectable", "hidesBackButton",
        "leftItemsSupplementBackButton", "enabled", "transient", "rightAlignLastColumn",
    ])

    static func run(_ object: SchemaObject, into diagnostics: inout [Diagnostic]) {
        let isBool = object.tag == "bool"
        let names = parameters
        object.forEachText(where: { names.contains($0) || (isBool && $0 == "value") }) { parameter, text, location in
            guard !BooleanText.isBooleanLike(text), !text.isEmpty else { return }
            diagnostics.append(Diagnostic(
                .warning, code, message(text, parameter: parameter, isTrue: BooleanText.isTrue(text)), at: location))
        }
    }

    static func message(_ text: String, parameter: String, isTrue: Bool) -> String {
        "'\(text)' is not a yes/no value for '\(parameter)'; it reads as \(isTrue ? "YES" : "NO")"
    }
}
