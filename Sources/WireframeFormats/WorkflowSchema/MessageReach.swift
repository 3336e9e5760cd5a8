import WireframeModel

/// Which message names reach each controller of a file (spec §3.3, §3.4), after forwarding.
struct MessageReach {
    /// Names that reach each controller, by index.
    var names: [MessageNames]
    /// Names that reach each controller from a sendMessage with response actions (its result is used).
    var answered: [MessageNames]
    /// Whether a controller may receive messages the file does not show: it is named (a
    /// `descendant` target from anywhere), creates a controller taken from data or another file, or
    /// owns a message whose name is data.
    var unknown: [Bool]
    /// Every message name sent in the file.
    var allNames: Set<String>

    init(_ graph: SchemaGraph) {
        let count = graph.controllers.count
        names = Array(repeating: MessageNames(), count: count)
        answered = Array(repeating: MessageNames(), count: count)
        unknown = Array(repeating: false, count: count)
        // Room made once: growing a set rehashes its names (`init(minimumCapacity:)`: the
        // set's `reserveCapacity` went through a generic, unspecialized path).
        allNames = Set(minimumCapacity: graph.sends.count)
        var named: [String: [Int]] = [:]
        for (index, controller) in graph.controllers.enumerated() {
            if let name = controller.object.workflowName, !name.isEmpty { named[name, default: []].append(index) }
        }
        // The sends read in place (a copy of each counted its strings and object), and a
        // send's one target kept as a number: a list of targets was made for every send, and
        // only a `descendant` send can have several (the controllers of its name).
        for at in graph.sends.indices {
            let name = graph.sends[at].message.name
            let owner = graph.sends[at].owner
            allNames.insert(name)
            var target: Int?
            var targets: [Int] = []
            var hasResponses = false
            switch graph.sends[at].sender {
            case .element:
                if graph.sends[at].message.destination != .rootDelegate { target = owner }
            case .action(let action):
                hasResponses = action.hasObject(in: "actions")
                switch graph.sends[at].message.destination {
                case .delegate: target = graph.controllers[owner].creator
                case .self: target = owner
                case .descendant: targets = graph.sends[at].message.destinationName.flatMap { named[$0] } ?? []
                default: break
                }
            }
            if let target { deliver(name, from: target, answered: hasResponses, in: graph) }
            for target in targets { deliver(name, from: target, answered: hasResponses, in: graph) }
        }
        for index in graph.controllers.indices {
            let node = graph.controllers[index]
            guard node.receivesUnknownMessages || !(node.object.workflowName ?? "").isEmpty else { continue }
            unknown[index] = true
            if let receiver = RoutingChecks.receiver(from: index, in: graph) { unknown[receiver] = true }
        }
    }

    /// Enters a name sent to a controller in the names of the controller that receives it.
    private mutating func deliver(_ name: String, from target: Int, answered isAnswered: Bool, in graph: SchemaGraph) {
        guard let receiver = RoutingChecks.receiver(from: target, in: graph) else { return }
        names[receiver].insert(name)
        if isAnswered { answered[receiver].insert(name) }
    }

    /// Whether a name reaches the controller, implicit names and lifecycle events included.
    func reaches(_ name: String, _ index: Int, in graph: SchemaGraph) -> Bool {
        if unknown[index] || names[index].contains(name) { return true }
        switch graph.controllers[index].object.schemaClass {
        case .screen, .navigation, .tabs: return NamedAction.lifecycleNames.contains(name)
        case .form: return name == "didSubmit" || name == "didNotSubmit"
        case .table: return name == "didSelectCell"
        default: return false
        }
    }
}

/// The names that reach one controller: most receive a few, compared in order (length first)
/// instead of hashed into a set per controller; past 16 they go to a set.
struct MessageNames {
    private var few: [String] = []
    private var many: Set<String>?

    static let keptInOrder = 16

    mutating func insert(_ name: String) {
        if many != nil {
            many?.insert(name)
        } else if !few.contains(where: { $0.utf8.count == name.utf8.count && $0 == name }) {
            few.append(name)
            if few.count > Self.keptInOrder {
                many = Set(few)
                few = []
            }
        }
    }

    func contains(_ name: String) -> Bool {
        if let many { return many.contains(name) }
        let count = name.utf8.count
        return few.contains { $0.utf8.count == count && $0 == name }
    }
}
