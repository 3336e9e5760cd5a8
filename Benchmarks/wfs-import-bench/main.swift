// Times `ImportPipeline.importFile`, the in-process import that `wfs import` and the daemon share,
// on a generated edit history:
//
//   python3 Benchmarks/wiregen.py history 1000 50 /tmp/history
//   wfs-import-bench [--rounds N] [--no-memory] /tmp/history
//
// Creates a store in a temporary project, then, for each round, writes every version of the
// history over `app.json` (in order) and imports it. The first import of the first round (every
// screen new) is reported apart; the rest are revisions that edit 1–3 screens, the daemon's case.
// Prints the median, p10 and p90 wall-clock milliseconds (an import writes and syncs the
// store, so wall time is what a save costs). The pipeline keeps what the daemon keeps between
// saves (`SaveMemory`); `--no-memory` imports as `wfs import` does.

import Foundation
import WireframeSQLite
import WireframeStore
import WireframeSync

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let index = min(sorted.count - 1, max(0, Int((Double(sorted.count - 1) * fraction).rounded())))
    return sorted[index]
}

func format(_ value: Double) -> String { String(format: "%.3f", value) }

var arguments = Array(CommandLine.arguments.dropFirst())
var rounds = 3
if let index = arguments.firstIndex(of: "--rounds"), index + 1 < arguments.count, let value = Int(arguments[index + 1]) {
    rounds = value
    arguments.removeSubrange(index...(index + 1))
}
var memory: SaveMemory? = SaveMemory()
if let index = arguments.firstIndex(of: "--no-memory") {
    memory = nil
    arguments.remove(at: index)
}
guard let folder = arguments.first else {
    FileHandle.standardError.write(Data("usage: wfs-import-bench [--rounds N] [--no-memory] HISTORY_FOLDER\n".utf8))
    exit(2)
}

do {
    let versions = try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { $0.hasSuffix(".json") }.sorted()
        .map { try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)) }
    guard versions.count >= 2 else {
        FileHandle.standardError.write(Data("wfs-import-bench: need at least two versions in \(folder)\n".utf8))
        exit(2)
    }
    let project = FileManager.default.temporaryDirectory.appendingPathComponent("wfs-import-bench-\(getpid())").path
    try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: project) }
    let store = try SQLiteStore.create(path: project + "/.wfs/store.sqlite", root: project)
    // As the daemon imports: one pipeline that keeps what it remembers from one save to the next.
    let pipeline = ImportPipeline(store: store, root: project, author: "bench", origin: .daemon, memory: memory)
    let file = project + "/app.json"
    let clock = ContinuousClock()
    var first = 0.0
    var samples: [Double] = []
    var outcomes: [ImportOutcome: Int] = [:]
    for round in 0..<rounds {
        for (index, bytes) in versions.enumerated() {
            try bytes.write(to: URL(fileURLWithPath: file))
            let started = clock.now
            let result = try pipeline.importFile(absolutePath: file, relativePath: "app.json")
            let duration = clock.now - started
            let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
            outcomes[result.outcome, default: 0] += 1
            if round == 0 && index == 0 { first = milliseconds } else { samples.append(milliseconds) }
        }
    }
    print("first import (every screen new): \(format(first)) ms")
    print(
        "revision import: median \(format(percentile(samples, 0.5))) ms, p10 \(format(percentile(samples, 0.1))) ms, p90 \(format(percentile(samples, 0.9))) ms (\(samples.count) imports)"
    )
    print("outcomes: " + outcomes.map { "\($0.key.rawValue) \($0.value)" }.sorted().joined(separator: ", "))
} catch {
    FileHandle.standardError.write(Data("wfs-import-bench: \(error)\n".utf8))
    exit(1)
}
