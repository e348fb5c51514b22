import Testing

@testable import LitmusMutation
@testable import LitmusRunning

@Suite("The schema puts every mutant behind its switch")
struct SchemaTests {
    @Test("An expression mutant becomes a ternary on its switch, the original last")
    func expression() {
        // Given
        let source = "func f(a: Bool) -> Bool { a && true }"
        let found = mutants(in: source)

        // When
        let sut = Schema(source: source, mutants: found, fileNumber: 2)

        // Then
        #expect(
            sut.text
                == "func f(a: Bool) -> Bool { (__litmusIsActive(1, 2) ? (a || true) : (a && "
                + "(__litmusIsActive(2, 2) ? (false) : (true)))) }")
    }

    @Test("A removed call becomes an if on its switch with an empty branch")
    func statement() {
        // Given
        let source = "func f(a: inout [Int]) {\n a.sort()\n a.reverse()\n}"
        let found = mutants(in: source)

        // When
        let sut = Schema(source: source, mutants: found, fileNumber: 1, excluding: [2])

        // Then
        #expect(
            sut.text
                == "func f(a: inout [Int]) {\n if __litmusIsActive(1, 1) {\n\n} else {\na.sort()\n}\n a.reverse()\n}")
    }

    @Test("An excluded mutant leaves its code as written")
    func excluded() {
        // Given
        let source = "func f() -> Bool { true }"
        let found = mutants(in: source)

        // When
        let sut = Schema(source: source, mutants: found, fileNumber: 1, excluding: [1])

        // Then
        #expect(sut.text == source)
    }

    @Test("A compiler error inside a mutated branch blames that mutant alone")
    func blameBranch() {
        // Given
        let source = "func f(a: Int) -> Int {\n  a + 1\n}"
        let sut = Schema(source: source, mutants: mutants(in: source), fileNumber: 1)
        // The text is: `  (__litmusIsActive(1, 1) ? (a - 1) : …` on line 2; `a - 1` starts at column 31.

        // When
        let blamed = sut.mutants(blamedFor: 2, column: 31)

        // Then
        #expect(blamed == [1])
    }

    @Test("A compiler error on a wrapper's own code blames every mutant of the wrapper")
    func blameWrapper() {
        // Given
        let source = "func f(a: Int) -> Int {\n  a + 1\n}"
        let sut = Schema(source: source, mutants: mutants(in: source), fileNumber: 1)

        // When
        let blamed = sut.mutants(blamedFor: 2, column: 3)

        // Then
        #expect(blamed == [1])
    }

    @Test("A type checker that gives up on a statement blames every mutant of that statement, no other's")
    func blameStatement() {
        // Given: two statements; the compiler's "unable to type-check this expression" points at the
        // first's `return` keyword, outside any wrapper.
        let source = "func f(a: String, b: String, n: Int) -> String {\n  let m = n + 1\n  return a + b + \"\\(m)\"\n}"
        let found = mutants(in: source)
        let sut = Schema(source: source, mutants: found, fileNumber: 1)
        let first = found.filter { $0.start.line == 2 }.map(\.id)
        let second = found.filter { $0.start.line == 3 }.map(\.id)

        // When
        let blamed = sut.mutants(inStatementAt: 3, column: 3)

        // Then
        #expect(!second.isEmpty && !first.isEmpty)
        #expect(blamed == Set(second))
        #expect(
            CompilerErrors(
                file: "f.swift", line: 3, column: 3,
                message:
                    "the compiler is unable to type-check this expression in reasonable time; try breaking up the expression into distinct sub-expressions"
            ).givesUp)
    }

    @Test("An error at a body's closing brace blames the mutants of that body, no other's")
    func blameBody() throws {
        // Given: a getter whose `while true` loop is its only way out, and a function after it; with `true`
        // behind its switch, the compiler says "missing return in getter" at the getter's closing brace
        let source = """
            struct S {
              var n: Int {
                var i = 0
                while true {
                  if i > 3 { return i }
                  i += 1
                }
              }
              func g(a: Int) -> Int { a + 1 }
            }
            """
        let found = mutants(in: source)
        let sut = Schema(source: source, mutants: found, fileNumber: 1)
        let getter = Set(found.filter { (3...7).contains($0.start.line) }.map(\.id))
        let function = Set(found.filter { $0.start.line == 9 }.map(\.id))
        let lines = sut.text.split(separator: "\n", omittingEmptySubsequences: false)
        let brace = try #require(lines.firstIndex { $0.hasPrefix("  func g") }) - 1
        try #require(lines[brace] == "  }")

        // When
        let blamed = sut.mutants(inBodyAt: brace + 1, column: 3)

        // Then
        #expect(!getter.isEmpty && !function.isEmpty)
        #expect(blamed == getter)
        #expect(sut.mutants(inStatementAt: brace + 1, column: 3).isEmpty)
    }

}
