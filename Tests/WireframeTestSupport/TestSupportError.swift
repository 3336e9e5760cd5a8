/// A failure of the test support itself (a child process that hung, a missing tool), thrown so
/// that the test running it fails with this text. The support target does not import a test
/// framework: it is an ordinary target, which `swift build -c release` builds too.
public struct TestSupportError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
