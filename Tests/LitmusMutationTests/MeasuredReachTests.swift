import LitmusAudit
import Testing

@testable import LitmusMutation
@testable import LitmusRunning

@Suite("Which mutants a test reaches, read from the lines the audit saw it execute alone")
struct MeasuredReachTests {
    /// Two functions on lines 1-3 and 5-7 of Sources/M/File.swift, each with mutants.
    private let source = "func f(a: Int) -> Bool {\n    a > 1\n}\n\nfunc g(b: Int) -> Int {\n    b + 2\n}\n"

    private func measured(_ lines: [String: LineSet], passed: Bool = true) -> MeasuredTest {
        MeasuredTest(
            test: TestIdentity(library: .swiftTesting, id: "M.t()/T.swift:1:1", file: "Tests/T.swift", line: 1),
            passed: passed, seconds: 0.01, lines: lines)
    }

    @Test("A test reaches the mutants on lines it executed, in that file only")
    func reachesItsLines() {
        // Given: the mutants of f (line 2) and of g (line 6)
        let all = mutants(in: source)
        let inF = Set(all.filter { $0.start.line == 2 }.map(\.id))
        let inG = Set(all.filter { $0.start.line == 6 }.map(\.id))
        #expect(!inF.isEmpty && !inG.isEmpty)

        // When: one test executed lines 1-3, another line 6, a third the same lines of another file
        let reachesF = measured(["Sources/M/File.swift": "1-3"]).reaches(all)
        let reachesG = measured(["Sources/M/File.swift": "5,6"]).reaches(all)
        let elsewhere = measured(["Sources/M/Other.swift": "1-7"]).reaches(all)

        // Then
        #expect(reachesF == inF)
        #expect(reachesG == inG)
        #expect(elsewhere.isEmpty)
    }

    @Test("A mutant spanning several lines is reached when any of them ran")
    func spanningMutant() {
        // Given: a call statement on lines 3-4 (removing it is one mutant over both), a line-2 mutant, and
        // a test that ran line 4 only
        let all = mutants(in: "func h(c: Int) {\n    let d = c * 2\n    record(\n        d)\n}\n")
        let spanning = all.filter { $0.start.line == 3 && $0.end.line == 4 }
        let onLine2 = all.filter { $0.start.line == 2 && $0.end.line == 2 }
        #expect(!spanning.isEmpty && !onLine2.isEmpty)

        // When
        let reached = measured(["Sources/M/File.swift": "4"]).reaches(all)

        // Then
        #expect(spanning.allSatisfy { reached.contains($0.id) })
        #expect(onLine2.allSatisfy { !reached.contains($0.id) })
    }
}
