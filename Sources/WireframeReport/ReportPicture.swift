/// A navigation picture as a report shows it: drawn by Graphviz, or the reason it was not.
///
/// A picture that Graphviz refuses (a label it cannot take, a layout it gives up on) never stops
/// the report, the comparison or the page around it: they are written without it, with a note.
public enum ReportPicture: Sendable, Equatable {
    /// The SVG Graphviz drew.
    case drawn([UInt8])
    /// Graphviz refused the picture; its message.
    case refused(String)

    /// Lays out `dot`. A refusal by Graphviz is ``refused(_:)``; `dot` missing is thrown
    /// (``Graphviz/Failure/notInstalled``), as the caller says what works without it.
    public static func laidOut(_ dot: String) throws -> ReportPicture {
        do {
            return .drawn(try Graphviz.svg(dot: dot))
        } catch Graphviz.Failure.failed(let status, let message) {
            return .refused(Graphviz.Failure.failed(status: status, message: message).description)
        }
    }

    /// The note a page shows in its place when Graphviz refused it.
    public var note: String? {
        guard case .refused(let message) = self else { return nil }
        return "No picture: Graphviz could not draw this one (\(message)). The changes are all listed in words."
    }

    /// An SVG to answer for the picture: the drawing, or a small picture of the note (a page's
    /// `<img>` then shows why rather than a broken image).
    public var svg: [UInt8] {
        switch self {
        case .drawn(let svg): return svg
        case .refused:
            let text = HTMLReport.escaped(String((note ?? "").prefix(300)))
            return Array(
                """
                <svg xmlns="http://www.w3.org/2000/svg" width="640" height="60" viewBox="0 0 640 60">
                <rect width="640" height="60" fill="#fff8c5" stroke="#9a6700"/>
                <foreignObject x="8" y="6" width="624" height="48"><p xmlns="http://www.w3.org/1999/xhtml" style="margin:0;font:12px sans-serif">\(text)</p></foreignObject>
                </svg>

                """.utf8)
        }
    }
}

extension MeetingReport {
    /// The picture of each changed document, by path; `dot` missing is thrown.
    public func pictures() throws -> [String: ReportPicture] {
        var pictures: [String: ReportPicture] = [:]
        for (path, detail) in details.sorted(by: { $0.key < $1.key }) {
            pictures[path] = try ReportPicture.laidOut(NavigationPicture().dot(old: detail.old, new: detail.new, diff: detail.diff))
        }
        return pictures
    }
}
