public import WireframeModel

/// A message that reaches the app's root delegate, which the host app must handle (M07).
public struct WorkflowSchemaAppMessage: Hashable, Sendable {
    /// How it reaches the app.
    public enum Kind: String, Hashable, Sendable {
        /// A message with destination `rootDelegate`.
        case rootDelegate
        /// A message whose receiver chain leaves the file at its root (a delegate message of the
        /// root controller, or one forwarded past it).
        case fromRoot
        /// A `loadSchema` request (name `loadSchema`, with the path).
        case loadSchema
    }

    /// The message name (`loadSchema` for loads).
    public var name: String
    /// How it reaches the app.
    public var kind: Kind
    /// The `destinationName` passed to the app, if any.
    public var destinationName: String?
    /// The load path of a `loadSchema` request.
    public var path: String?
    /// Where the message (or the load path) is written.
    public var location: SourceLocation
}

/// M07: the inventory of messages that reach the app's root delegate. It is a list, not
/// diagnostics: every `loadSchema` and every server request is such a message, and reporting each
/// one as a finding would put a remark on every correct file that loads another file or asks the
/// app for data.
enum AppMessagesInventory {
    static func list(_ graph: SchemaGraph) -> [WorkflowSchemaAppMessage] {
        var result: [WorkflowSchemaAppMessage] = []
        for send in graph.sends {
            let message = send.message
            if message.destination == .rootDelegate {
                result.append(
                    WorkflowSchemaAppMessage(
                        name: message.name, kind: .rootDelegate, destinationName: message.destinationName, location: message.location))
                continue
            }
            let first: Int?
            switch send.sender {
            case .element: first = send.owner
            case .action:
                guard message.destination == .delegate else { continue }
                first = graph.controllers[send.owner].creator
            }
            if first.flatMap({ RoutingChecks.receiver(from: $0, in: graph) }) == nil {
                result.append(WorkflowSchemaAppMessage(name: message.name, kind: .fromRoot, location: message.location))
            }
        }
        for load in graph.loads {
            result.append(WorkflowSchemaAppMessage(name: "loadSchema", kind: .loadSchema, path: load.path, location: load.location))
        }
        return result.sorted { $0.location < $1.location }
    }
}
