import WireframeModel

/// L04: a cycle in the loadSchema graph (a file that loads, directly or through others, a file
/// that loads it). Legal, since loads happen on demand, but worth knowing. Reported at the load
/// that closes the cycle, with the files of the cycle in the message.
enum LoadCycleCheck {
    static let code: DiagnosticCode = "WF1604"
    static let definition = DiagnosticDefinition(code, [.note], "cycle in the loadSchema graph (at the load that closes it)", check: "L04")

    static func run(
        order: [String], loads: [String: [SchemaLoad]], resolved: [String: [String: String]], into extra: inout [String: [Diagnostic]]
    ) {
        var state: [String: Bool] = [:]  // false: on the current path; true: finished
        for start in order where state[start] == nil {
            var path: [String] = [start]
            var positions: [Int] = [0]
            state[start] = false
            while let file = path.last, let position = positions.last {
                let fileLoads = loads[file] ?? []
                guard position < fileLoads.count else {
                    state[file] = true
                    path.removeLast()
                    positions.removeLast()
                    continue
                }
                positions[positions.count - 1] += 1
                let load = fileLoads[position]
                guard let target = resolved[file]?[load.path] else { continue }
                switch state[target] {
                case false?:
                    let cycle = path[(path.lastIndex(of: target) ?? 0)...] + [target]
                    extra[file, default: []].append(Diagnostic(.note, code, message(cycle.map { $0 }), at: load.location))
                case true?:
                    continue
                case nil:
                    state[target] = false
                    path.append(target)
                    positions.append(0)
                }
            }
        }
    }

    static func message(_ cycle: [String]) -> String {
        "loading '\(cycle.last ?? "")' closes a cycle of loads: " + cycle.map { "'\($0)'" }.joined(separator: " → ")
    }
}
