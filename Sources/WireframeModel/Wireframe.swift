/// The format a wireframe was written in.
public enum SourceFormat: String, Sendable, Codable, Hashable, CaseIterable {
    /// The JSON wireframe format (seed 000 and this project's extensions).
    case json
    /// WorkflowSchema XML.
    case workflowSchema = "xml"
}

/// A whole wireframe: the screens of one app, how they link, and what they show.
///
/// Format-neutral: JSON and WorkflowSchema XML both read into this type. Every node keeps
/// its source location beside it; locations never take part in the canonical form.
public struct Wireframe: Hashable, Sendable {
    /// The app's name (`appName`).
    public var appName: String
    /// The key of the screen shown first (`root`).
    public var root: String
    /// The version of the format the file declares (`formatVersion`, 1 when absent).
    public var formatVersion: Int
    /// Every screen, inline definitions included, in the order the reader met them.
    public var screens: [Screen]
    /// Named navigation bars (`navigations`) that screens refer to by name.
    public var navigationBars: [NavigationBar]
    /// The locale of the document (WorkflowSchema `lang`), if given.
    public var locale: String?
    /// The format the wireframe was read from.
    public var sourceFormat: SourceFormat
    /// Where each top-level value sits in the source.
    public var locations: WireframeLocations

    /// Creates a wireframe.
    public init(
        appName: String, root: String, formatVersion: Int = 1, screens: [Screen] = [],
        navigationBars: [NavigationBar] = [], locale: String? = nil,
        sourceFormat: SourceFormat = .json, locations: WireframeLocations = WireframeLocations()
    ) {
        self.appName = appName
        self.root = root
        self.formatVersion = formatVersion
        self.screens = screens
        self.navigationBars = navigationBars
        self.locale = locale
        self.sourceFormat = sourceFormat
        self.locations = locations
    }

    /// The first screen with the given key.
    public func screen(_ key: String) -> Screen? { screens.first { $0.key == key } }

    /// The first navigation bar with the given name.
    public func navigationBar(_ name: String) -> NavigationBar? { navigationBars.first { $0.name == name } }
}

/// Source locations of a wireframe's top-level values.
public struct WireframeLocations: Hashable, Sendable {
    /// The document's opening token.
    public var document: SourceLocation
    /// The `appName` value.
    public var appName: SourceLocation?
    /// The `root` value (the string that names the root screen).
    public var root: SourceLocation?
    /// The `routes` array.
    public var screens: SourceLocation?

    /// Creates locations; unknown ones are nil.
    public init(
        document: SourceLocation = .start, appName: SourceLocation? = nil,
        root: SourceLocation? = nil, screens: SourceLocation? = nil
    ) {
        self.document = document
        self.appName = appName
        self.root = root
        self.screens = screens
    }
}
