import WireframeModel

/// P06: text for a YES/NO parameter that is not recognisably yes or no. The original reads it
/// with `boolValue` (§1.8), so for example `on` or `enabled` reads as NO.
enum BooleanValueCheck {
    static let code: DiagnosticCode = "WF1206"
    static let definition = DiagnosticDefinition(
        code, [.warning], "YES/NO parameter (and `bool`) whose text is not yes/no-like; says what it reads as", check: "P06")

    /// The YES/NO parameters of §2 (and `value` of `bool`).
    static let parameters = NameSet([
        "hidesBottomBarWhenPushed", "shouldForwardAllMessages", "navigationBarHidden", "toolbarHidden", "hidden",
        "translucent", "enablesReturnKeyAutomatically", "secureTextEntry", "adjustsFontSizeToFitWidth",
        "clearsOnBeginEditing", "editable", "on", "continuous", "apportionsSegmentWidthsByContent", "momentary",
        "showsBookmarkButton", "showsCancelButton", "showsSearchResultsButton", "selectable", "hidesBackButton",
        "leftItemsSupplementBackButton", "enabled", "transient", "rightAlignLastColumn",
    ])

    /// The `bool` tag, whose `value` is a YES/NO parameter too.
    static let boolTag = KnownTag("bool")

    /// Checks one text of a YES/NO parameter: `ObjectChecks` reads every text value of an
    /// ordinary object once for P06, P07 and P09, and calls this for the parameters of
    /// `parameters` (and `value` of `bool`).
    @inline(__always)
    static func visit(_ text: String, parameter: () -> String, at location: SourceLocation, into diagnostics: inout [Diagnostic]) {
        guard !text.isEmpty, !BooleanText.isBooleanLike(text) else { return }
        diagnostics.append(
            Diagnostic(
                .warning, code, message(text, parameter: parameter(), isTrue: BooleanText.isTrue(text)), at: location))
    }

    static func message(_ text: String, parameter: String, isTrue: Bool) -> String {
        "'\(text)' is not a yes/no value for '\(parameter)'; it reads as \(isTrue ? "YES" : "NO")"
    }
}
