import Foundation
import LitmusModel
import Testing

@testable import LitmusMutation
@testable import LitmusRunning

@Suite("What each surviving mutant needs: the check that would kill it, and the test that came closest")
struct SurvivorHintTests {
    /// The check of the one mutant of `mutationOperator` in `source` whose replacement is `replacement`
    /// (any when nil).
    private func check(
        _ source: String, _ mutationOperator: MutationOperator, replacement: String? = nil
    ) throws -> String {
        let all = mutants(in: source)
        let mutant = try #require(
            all.first {
                $0.mutationOperator == mutationOperator && (replacement == nil || $0.replacement == replacement)
            })
        return try #require(SurvivorChecks.checks(for: [mutant], source: source)[mutant.id])
    }

    @Test("A relational boundary against a literal names the boundary value from the code")
    func boundaryValue() throws {
        let sut = "func isAdult(age: Int) -> Bool {\n    age >= 18\n}\n"

        let found = try check(sut, .relationalBoundary)

        #expect(
            found
                == "No test checks `age` at the boundary 18, the only value where `age >= 18` and `age > 18` differ: add a case where `age` is 18."
        )
    }

    @Test("A relational boundary between two variables names the equal case, and invents no number")
    func boundaryBetweenVariables() throws {
        let sut = "func fits(size: Int, limit: Int) -> Bool { size < limit }"

        let found = try check(sut, .relationalBoundary)

        #expect(found.contains("the case where `size` equals `limit`"))
        #expect(found.rangeOfCharacter(from: .decimalDigits) == nil)
    }

    @Test("A literal on the left is the boundary of the right side")
    func boundaryOnTheLeft() throws {
        let sut = "func f(x: Int) -> Bool { 0 < x }"

        let found = try check(sut, .relationalBoundary)

        #expect(found.contains("No test checks `x` at the boundary 0"))
    }

    @Test("A negated comparison asks for both outcomes")
    func negatedRelational() throws {
        let sut = "func same(a: Int, b: Int) -> Bool { a == b }"

        let found = try check(sut, .negatedRelational)

        #expect(found.contains("depends on `a == b`: the tests pass with `a != b` instead"))
    }

    @Test("An arithmetic mutant says where the two operators agree")
    func arithmeticCondition() throws {
        let sut = "func total(price: Int, tax: Int) -> Int { price + tax }"

        let found = try check(sut, .arithmetic)

        #expect(found.contains("No test checks the value of `price + tax`: the tests pass with `price - tax`"))
        #expect(found.contains("whenever `tax` is not 0"))
    }

    @Test("Adding zero is an equivalent mutant, said as such: no test can kill it")
    func equivalentArithmetic() throws {
        let sut = "func f(a: Int) -> Int { a * 1 }"

        let found = try check(sut, .arithmetic)

        #expect(found.hasPrefix("No test can kill this mutant"))
        #expect(found.contains("equivalent"))
    }

    @Test("A compound assignment names the variable to check afterwards")
    func compoundAssignment() throws {
        let sut = "func sum(_ values: [Int]) -> Int {\n    var s = 0\n    for v in values { s += v }\n    return s\n}\n"

        let found = try check(sut, .compoundAssignment)

        #expect(found.contains("No test checks `s` after `s += v` in `sum(_:)` with `v` other than 0"))
    }

    @Test("A swapped connector asks for exactly one side true")
    func logicalConnector() throws {
        let sut = "func both(a: Bool, b: Bool) -> Bool { a && b }"

        let found = try check(sut, .logicalConnector)

        #expect(found.contains("exactly one of `a` and `b` true"))
    }

    @Test("A negated condition names its statement, guard or if")
    func negatedCondition() throws {
        let sut = "func f(x: Int) -> Int {\n    guard x > 0 else { return 0 }\n    return x\n}\n"

        let found = try check(sut, .negatedCondition)

        #expect(found.contains("the `guard` on `x > 0` in `f(x:)` decides"))
    }

    @Test("Literals name the value and its place, not a local variable's name")
    func literals() throws {
        let sut = """
            struct Settings {
                var retries: Int { 3 }
                func greeting() -> String {
                    let text = "Hello"
                    return text
                }
            }
            """

        let integer = try check(sut, .integerLiteral, replacement: "4")
        let string = try check(sut, .stringLiteral)

        #expect(
            integer
                == "No test checks an outcome that depends on the value 3 in `retries`: the tests pass with 4 instead.")
        #expect(string.contains("the text \"Hello\" in `greeting()`"))
    }

    @Test("A return value mutant names the function and the empty value")
    func returnValue() throws {
        let sut = "func count(of values: [Int]) -> Int {\n    return values.count\n}\n"

        let found = try check(sut, .returnValue)

        #expect(found.contains("No test checks that `count(of:)` returns something other than 0"))
    }

    @Test("A removed call names the side effect no test observes")
    func removedCall() throws {
        let sut = "func record(_ line: String) {\n    let s = line\n    lines.append(s)\n}\n"

        let found = try check(sut, .removedCall)

        #expect(found.contains("No test observes the side effect of `lines.append(s)` in `record(_:)`"))
    }

    @Test("Ranges, nil-coalescing and swapped calls say what differs")
    func rangesDefaultsAndSwaps() throws {
        let sut = """
            func f(n: Int, name: String?, xs: [Int]) -> Int {
                let a = Array(1...n)
                let b = name ?? "Anonymous"
                return min(a.count, b.count) + (xs.first ?? 0)
            }
            """

        let range = try check(sut, .rangeOperator)
        let coalescing = try check(sut, .nilCoalescing)
        let swapped = try check(sut, .swappedCall, replacement: "max")
        let first = try check(sut, .swappedCall, replacement: "last")

        #expect(range.contains("`1...n` in `f(n:name:xs:)` stopping before `n`"))
        #expect(coalescing.contains("No test gives `name` a value (other than `\"Anonymous\"`)"))
        #expect(swapped.contains("`min(a.count, b.count)` with arguments that differ"))
        #expect(first.contains("`xs.first` on values whose first and last elements differ"))
    }

    @Test("Code that is no longer where the mutant was gives no invented check")
    func movedCode() throws {
        let sut = "func f(a: Int) -> Bool { a > 1 }"
        var mutant = try #require(mutants(in: sut).first { $0.mutationOperator == .relationalBoundary })
        mutant.node = 0..<3

        let found = SurvivorChecks.checks(for: [mutant], source: sut)[mutant.id]

        #expect(found?.hasPrefix("No check can be derived") == true)
    }

    @Test("The closest covering test is the one that ran the mutant's code most often")
    func closestTest() {
        func coverage(_ name: String, _ hits: [Int: Int]?) -> Coverage {
            Coverage(
                test: TestIdentity(library: .xctest, id: TestID(rawValue: "M.T/\(name)")), seconds: 0.01,
                reached: Set((hits ?? [:]).keys), hits: hits)
        }
        let covering = [coverage("testA", [7: 2]), coverage("testB", [7: 9]), coverage("testC", [8: 50])]

        let closest = SurvivorHint.closest(to: 7, among: covering)
        let none = SurvivorHint.closest(to: 7, among: [coverage("testD", nil)])

        #expect(closest?.test.rawValue == "M.T/testB")
        #expect(closest?.executions == 9)
        #expect(none == nil)
    }

    @Test("The switch's counts are read as id and count, and a bare id counts once")
    func countsFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("counts-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try "3 12\n5\n3 4\nnoise\n".write(to: file, atomically: true, encoding: .utf8)

        let counts = Coverage.counted(in: file)

        #expect(counts == [3: 16, 5: 1])
        #expect(Coverage.recorded(in: file) == [3, 5])
    }

    @Test("A survivor's hint reaches the JSON's statusReason, the terminal and SARIF's message")
    func hintInReports() throws {
        let source = "func f(a: Int) -> Bool {\n    a > 1\n}\n"
        let mutant = try #require(mutants(in: source).first { $0.mutationOperator == .relationalBoundary })
        var result = MutantResult(
            mutant: mutant, status: .survived, reason: nil, coveredBy: [TestID(rawValue: "M.T/testF")], killedBy: [],
            testsCompleted: 1, durationMilliseconds: 3)
        result.hint = SurvivorHint(
            check: "No test checks `a` at the boundary 1.", closestTest: result.coveredBy[0], executions: 2)
        let report = MutationReport(
            package: "/p", sources: [mutant.file: source], results: [result], tests: [], notes: [], wallSeconds: 1,
            buildSeconds: 1)

        let stryker = report.stryker()
        let terminal = MutationTerminalReport().render(report)

        let reason = stryker.files[mutant.file]?.mutants.first?.statusReason
        #expect(
            reason
                == "No test checks `a` at the boundary 1. Closest test: T.testF (ran this code 2 times and still passed)."
        )
        #expect(terminal.contains("      hint: No test checks `a` at the boundary 1. Closest test: T.testF"))
    }
}
