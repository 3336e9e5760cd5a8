// Times the stages of reading a wireframe (JSON or WorkflowSchema XML, by extension):
// parse + read, validate, canonicalize + hash; and the three-way merge of a save with another
// writer's revision (each retitles a screen of its own, both retitle a third one: a conflict).
//
//   wfs-bench [--iterations N] FILE...
//
// Prints one line per file and stage with the median, p10 and p90 in milliseconds, and a
// final `total` line per file. Every iteration starts from the bytes in memory (the file is
// read once). Times are the thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so that other work on
// a shared machine does not count; python_pipeline.py measures the same way.

import Foundation
import WireframeAnalysis
import WireframeFormats
import WireframeModel

/// CPU time of this thread, in milliseconds.
struct CPUClock {
    struct Instant {
        var milliseconds: Double
        static func - (lhs: Instant, rhs: Instant) -> Double { lhs.milliseconds - rhs.milliseconds }
    }

    var now: Instant {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Instant(milliseconds: Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6)
    }
}

/// Involuntary context switches of this thread so far: the times the scheduler took the core
/// away. A run that was interrupted comes back to caches that another process has filled.
func involuntarySwitches() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD, which Glibc does not export
    return usage.ru_nivcsw
}

struct Samples {
    var values: [Double] = []
    mutating func add(_ milliseconds: Double) {
        values.append(milliseconds)
    }

    func percentile(_ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let index = min(sorted.count - 1, max(0, Int((Double(sorted.count - 1) * fraction).rounded())))
        return sorted[index]
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
var iterations = 50
if let flag = arguments.firstIndex(of: "--iterations"), flag + 1 < arguments.count, let count = Int(arguments[flag + 1]) {
    iterations = count
    arguments.removeSubrange(flag...(flag + 1))
}
guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: wfs-bench [--iterations N] FILE...\n".utf8))
    exit(64)
}

let clock = CPUClock()
let reader = DocumentReader()
let validator = Validator()
print("file\tstage\tmedian_ms\tp10_ms\tp90_ms\tscreens\tdiagnostics")
for path in arguments {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("wfs-bench: cannot read \(path)\n".utf8))
        exit(2)
    }
    let bytes = [UInt8](data)
    var syntax = Samples()
    var parse = Samples()
    var validate = Samples()
    var canonical = Samples()
    var total = Samples()
    let isJSON = DocumentFormat(path: path) != .workflowSchema
    for _ in 0..<(isJSON ? iterations + 3 : 0) {
        let start = clock.now
        _ = JSONParser().parse(bytes)
        syntax.add(clock.now - start)
    }
    var screens = 0
    var diagnostics = 0
    var hash = ""
    // Totals of the runs that the scheduler did not interrupt, and of those it did.
    var quiet = Samples()
    var interrupted = Samples()
    for run in 0..<(iterations + 3) {
        let switches = involuntarySwitches()
        let start = clock.now
        let read = reader.read(bytes: bytes, path: path)
        let (wireframe, readDiagnostics) = (read.wireframe, read.diagnostics)
        let parsed = clock.now
        guard let wireframe else {
            FileHandle.standardError.write(Data("wfs-bench: \(path) is not a wireframe\n".utf8))
            exit(1)
        }
        let found = validator.validate(wireframe)
        let validated = clock.now
        hash = ContentHash.of(CanonicalForm.canonicalize(wireframe))
        let hashed = clock.now
        screens = wireframe.screens.count
        diagnostics = readDiagnostics.count + found.count
        parse.add(parsed - start)
        validate.add(validated - parsed)
        canonical.add(hashed - validated)
        total.add(hashed - start)
        if run >= 3 {
            if involuntarySwitches() == switches { quiet.add(hashed - start) } else { interrupted.add(hashed - start) }
        }
    }
    // The first three runs of each stage warm caches and are left out.
    func line(_ stage: String, _ samples: Samples) {
        var trimmed = samples
        trimmed.values.removeFirst(min(3, trimmed.values.count))
        print(
            String(
                format: "%@\t%@\t%.3f\t%.3f\t%.3f\t%d\t%d", path, stage, trimmed.percentile(0.5), trimmed.percentile(0.1),
                trimmed.percentile(0.9), screens, diagnostics))
    }
    // The merge of canonical wireframes, as a save made on an older revision is merged.
    var merge = Samples()
    if let read = reader.read(bytes: bytes, path: path).wireframe, read.screens.count >= 3 {
        let base = CanonicalForm.canonicalize(read)
        var theirs = base
        var ours = base
        theirs.screens[0].title = "Theirs"
        ours.screens[1].title = "Ours"
        theirs.screens[2].title = "Both, theirs"
        ours.screens[2].title = "Both, ours"
        for _ in 0..<(iterations + 3) {
            let start = clock.now
            let result = WireframeMerge().merge(base: base, theirs: theirs, ours: ours)
            merge.add(clock.now - start)
            precondition(result.conflicts.count == 1 && result.keptTheirs.count == 1)
        }
    }
    if isJSON { line("json-syntax-only", syntax) }
    line("parse+read", parse)
    line("validate", validate)
    line("canonicalize+hash", canonical)
    line("total", total)
    if !merge.values.isEmpty { line("merge", merge) }
    FileHandle.standardError.write(Data("\(path): sha256 \(hash)\n".utf8))
    FileHandle.standardError.write(
        Data(
            String(
                format: "%@: total of %d runs not interrupted: median %.3f ms; of %d interrupted by the scheduler: median %.3f ms\n",
                path, quiet.values.count, quiet.percentile(0.5), interrupted.values.count, interrupted.percentile(0.5)
            ).utf8))
}
