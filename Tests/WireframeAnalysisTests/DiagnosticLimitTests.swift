import Testing
import WireframeModel

/// ``DiagnosticLimit``: which diagnostics a file keeps, and the summary of the others.
struct DiagnosticLimitTests {
    /// `count` diagnostics in source order, one a line, every `warningEvery`th a warning.
    static func diagnostics(_ count: Int, warningEvery: Int, from firstLine: Int = 1) -> [Diagnostic] {
        (0..<count).map { index in
            Diagnostic(
                index % warningEvery == 0 ? .warning : .error, "WF0011", "problem \(index)",
                at: SourceLocation(line: firstLine + index, column: 1))
        }
    }

    @Test func keepsTheFirstErrorsThenWarningsAndCountsTheRest() {
        let all = Self.diagnostics(30, warningEvery: 3)  // 20 errors, 10 warnings
        let capped = DiagnosticLimit.capped(all, limit: 25)
        #expect(capped.count == 26)
        let kept = capped.dropLast()
        #expect(kept.filter { $0.severity == .error }.count == 20)
        #expect(kept.map(\.location.line) == kept.map(\.location.line).sorted())
        // The warnings kept are the first five; the summary sits at the first one left out.
        #expect(kept.filter { $0.severity == .warning }.map(\.location.line) == [1, 4, 7, 10, 13])
        let summary = capped.last
        #expect(summary?.code == DiagnosticLimit.code && summary?.severity == .warning && summary?.location.line == 16)
        #expect(summary?.message == "5 more diagnostics not listed: 0 errors, 5 warnings, 0 notes (a file lists at most 25)")
        #expect(capped.count(of: .error) == 20 && capped.count(of: .warning) == 10)
    }

    @Test func cappingInStepsKeepsWhatCappingOnceKeeps() {
        let first = Self.diagnostics(40, warningEvery: 2)
        let second = Self.diagnostics(40, warningEvery: 5, from: 100)
        let once = DiagnosticLimit.capped(first + second, limit: 30)
        var steps = DiagnosticLimit.capped(first, limit: 30) + second
        steps.sortInSourceOrder()
        let inSteps = DiagnosticLimit.capped(steps, limit: 30)
        #expect(inSteps == once)
        #expect(once.count(of: .error) == 52 && once.count(of: .warning) == 28)
        #expect(once.last?.severity == .error)
    }

    @Test func fewerThanTheLimitAreKeptAsTheyAre() {
        let all = Self.diagnostics(10, warningEvery: 2)
        #expect(DiagnosticLimit.capped(all, limit: 10) == all)
        #expect(DiagnosticLimit.perFile == 1000)
    }
}
