/// Where a pass reads the files that WorkflowSchema documents load, when not from the disk below
/// the project root: a git commit's tree, so that a version of a commit is checked against that
/// commit's loaded files (see ``WorkflowSchemaFiles/init(source:)``).
public protocol WorkflowSchemaFileSource: Sendable {
    /// What is at `path`, relative to the project root.
    func file(at path: String) -> WorkflowSchemaSourceFile
}

/// What a ``WorkflowSchemaFileSource`` holds at a path.
public enum WorkflowSchemaSourceFile: Sendable {
    /// A file, with its bytes.
    case file([UInt8])
    /// No file (nothing, a folder, a link that leads nowhere): a missing loaded file.
    case missing
    /// A symbolic link that leads out of the project to `target`: not followed.
    case linkOutside(target: String)
    /// A file that cannot be read, and why.
    case unreadable(DocumentLoadFailure)
}
