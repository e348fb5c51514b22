import LitmusModel
import Testing

@testable import LitmusMutation
@testable import LitmusRunning

@Suite("Mutants go only where code runs and nobody turned them off")
struct ExclusionTests {
    @Test("Declarations get no mutant: stored properties, default arguments, enum raw values, attributes")
    func declarations() {
        // Given
        let sut = """
            struct S { var a = 1; let b = true }
            enum E: Int { case one = 1 }
            func f(x: Int = 3) {}
            @available(*, deprecated, message: "old") func g() {}
            """

        // When
        let found = mutants(in: sut)

        // Then
        #expect(found.isEmpty)
    }

    @Test("A #if branch that is not compiled gets no mutant, the compiled one does")
    func inactiveIfConfig() {
        // Given
        let sut = """
            func f() -> Int {
                #if os(Windows)
                    return 7
                #else
                    return 8
                #endif
            }
            """

        // When
        let found = changes(in: sut, by: .integerLiteral)

        // Then
        #expect(found == ["8 -> 0", "8 -> 9"])
    }

    @Test("An #if whose condition cannot be decided gets no mutant in any branch")
    func undecidedIfConfig() {
        // Given
        let sut = "func f() -> Int {\n#if MY_FLAG\nreturn 7\n#else\nreturn 8\n#endif\n}"

        // When
        let found = mutants(in: sut)

        // Then
        #expect(found.isEmpty)
    }

    @Test("fatalError, precondition and logging lines get no mutant")
    func stoppingAndLoggingCalls() {
        // Given
        let sut = """
            func f(a: Int) {
                precondition(a > 0, "positive")
                print("a is", a + 1)
                logger.info("value \\(a * 2)")
                if a == 3 { fatalError("three") }
            }
            """

        // When
        let found = mutants(in: sut)

        // Then
        #expect(found.isEmpty)
    }

    @Test("description gets no mutant")
    func description() {
        // Given
        let sut = #"struct S: CustomStringConvertible { var a = 0\n var description: String { "S(\(a + 1))" } }"#

        // When
        let found = mutants(in: sut)

        // Then
        #expect(found.isEmpty)
    }

    @Test("litmus:disable-mutation at the end of a line turns off that line only")
    func disabledLine() {
        // Given
        let sut = "func f(a: Int) -> Int {\n let b = a + 1 // litmus:disable-mutation: equivalent\n return b * 2\n}"

        // When
        let found = mutants(in: sut).map { "\($0.start.line): \($0.original) -> \($0.replacement)" }

        // Then
        #expect(found == ["3: b * 2 -> 0", "3: * -> /", "3: 2 -> 0", "3: 2 -> 3"])
    }

    @Test("litmus:disable-mutation before a declaration turns off the whole declaration")
    func disabledDeclaration() {
        // Given
        let sut = """
            // litmus:disable-mutation: a cache, equivalent either way
            func cached(a: Int) -> Int {
                a + 1
            }
            func f(a: Int) -> Bool { a > 0 }
            """

        // When
        let found = mutants(in: sut).map { "\($0.start.line): \($0.original) -> \($0.replacement)" }

        // Then
        #expect(found == ["5: > -> >=", "5: > -> <=", "5: 0 -> 1"])
    }

    @Test("Mutants are numbered from the first id in the order of the file, with their places")
    func numbering() {
        // Given
        let sut = MutationSource(path: "Sources/M/A.swift", text: "func f() -> Bool {\n  true\n}")

        // When
        let found = sut.mutants(firstID: 5)

        // Then
        #expect(found.map(\.id) == [5])
        #expect(found.first?.start == SourcePosition(line: 2, column: 3))
        #expect(found.first?.end == SourcePosition(line: 2, column: 7))
        #expect(found.first?.file == "Sources/M/A.swift")
    }
}
