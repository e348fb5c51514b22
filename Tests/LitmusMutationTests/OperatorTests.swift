import Testing

@testable import LitmusMutation
@testable import LitmusRunning

@Suite("Each mutation operator changes what it names")
struct OperatorTests {
    @Test("Relational boundary shifts < to <= and >= to >")
    func relationalBoundary() {
        // Given
        let sut = "func f(a: Int) -> Bool { a < 3 && a >= 1 }"

        // When
        let found = changes(in: sut, by: .relationalBoundary)

        // Then
        #expect(found == ["< -> <=", ">= -> >"])
    }

    @Test("Negated relational turns < into >= and == into !=")
    func negatedRelational() {
        // Given
        let sut = "func f(a: Int) -> Bool { a < 3 || a == 7 }"

        // When
        let found = changes(in: sut, by: .negatedRelational)

        // Then
        #expect(found == ["< -> >=", "== -> !="])
    }

    @Test("Arithmetic swaps + with -, * with / and % with *")
    func arithmetic() {
        // Given
        let sut = "func f(a: Int) -> Int { a + a * a % 2 }"

        // When
        let found = changes(in: sut, by: .arithmetic)

        // Then
        #expect(found == ["+ -> -", "* -> /", "% -> *"])
    }

    @Test("Arithmetic leaves + alone when it joins a string literal")
    func arithmeticSkipsStrings() {
        // Given
        let sut = #"func f(a: String) -> String { a + "!" }"#

        // When
        let found = changes(in: sut, by: .arithmetic)

        // Then
        #expect(found == [])
    }

    @Test("Compound assignment swaps += with -= in a statement")
    func compoundAssignment() {
        // Given
        let sut = "func f() { var a = 1\n a += 2\n _ = a }"

        // When
        let found = mutants(in: sut).filter { $0.mutationOperator == .compoundAssignment }

        // Then
        #expect(found.map { "\($0.original) -> \($0.replacement)" } == ["+= -> -="])
        #expect(found.map(\.isStatement) == [true])
    }

    @Test("Compound assignment leaves += alone when it appends an array or a string literal")
    func compoundAssignmentSkipsAppends() {
        // Given
        let sut = "func f() { var a = [1]\n a += [2]\n var b = \"x\"\n b += \"y\"\n _ = (a, b) }"

        // When
        let found = changes(in: sut, by: .compoundAssignment)

        // Then
        #expect(found == [])
    }

    @Test("Logical connector swaps && with ||")
    func logicalConnector() {
        // Given
        let sut = "func f(a: Bool, b: Bool) -> Bool { a && b }"

        // When
        let found = changes(in: sut, by: .logicalConnector)

        // Then
        #expect(found == ["&& -> ||"])
    }

    @Test("Negated condition negates if, guard, while and ternary conditions")
    func negatedCondition() {
        // Given
        let sut = """
            func f(a: Bool, b: Bool, c: Bool, d: Bool) -> Int {
                guard a else { return 0 }
                while b { break }
                if c { return 1 }
                return d ? 2 : 3
            }
            """

        // When
        let found = changes(in: sut, by: .negatedCondition)

        // Then
        #expect(found == ["a -> !(a)", "b -> !(b)", "c -> !(c)", "d -> !(d)"])
    }

    @Test("Negated condition leaves if-let bindings alone")
    func negatedConditionSkipsBindings() {
        // Given
        let sut = "func f(a: Int?) -> Int { if let a { return a }\n return 0 }"

        // When
        let found = changes(in: sut, by: .negatedCondition)

        // Then
        #expect(found == [])
    }

    @Test("Boolean literal flips true and false")
    func booleanLiteral() {
        // Given
        let sut = "func f() -> [Bool] { [true, false] }"

        // When
        let found = changes(in: sut, by: .booleanLiteral)

        // Then
        #expect(found == ["true -> false", "false -> true"])
    }

    @Test("Integer literal becomes 0 and one more, and 0 becomes 1")
    func integerLiteral() {
        // Given
        let sut = "func f() -> [Int] { [0, 41] }"

        // When
        let found = changes(in: sut, by: .integerLiteral)

        // Then
        #expect(found == ["0 -> 1", "41 -> 0", "41 -> 42"])
    }

    @Test("Integer literal 255 gets no 256, which would overflow a UInt8 by construction")
    func integerLiteralAtWidth() {
        // Given
        let sut = "func f() -> UInt8 { let a: UInt8 = 255\n return a }"

        // When
        let found = changes(in: sut, by: .integerLiteral)

        // Then
        #expect(found == ["255 -> 0"])
    }

    @Test("String literal becomes empty, and an empty one is left alone")
    func stringLiteral() {
        // Given
        let sut = #"func f() -> [String] { ["hi", ""] }"#

        // When
        let found = changes(in: sut, by: .stringLiteral)

        // Then
        #expect(found == [#""hi" -> """#])
    }

    @Test("String literal of one character becomes another character, which a Character can hold")
    func stringLiteralOfOneCharacter() {
        // Given
        let sut = #"func f(c: Character) -> Bool { c == "q" || c == " " }"#

        // When
        let found = changes(in: sut, by: .stringLiteral)

        // Then
        #expect(found == [#""q" -> " ""#, #"" " -> "_""#])
    }

    @Test("Range operator moves the upper bound: ..< includes it, ... excludes it")
    func rangeOperator() {
        // Given
        let sut = "func f(n: Int) -> [Range<Int>] { [0..<n]; _ = 0...n }"

        // When
        let found = changes(in: sut, by: .rangeOperator)

        // Then
        #expect(found == ["n -> (n + 1)", "n -> (n - 1)"])
    }

    @Test("Nil coalescing always takes the default")
    func nilCoalescing() {
        // Given
        let sut = "func f(a: Int?) -> Int { a ?? 5 }"

        // When
        let found = changes(in: sut, by: .nilCoalescing)

        // Then
        #expect(found == ["a ?? 5 -> 5"])
    }

    @Test("Return value becomes the return type's empty value")
    func returnValue() {
        // Given
        let sut = """
            func a(x: Int) -> Int { return x * 2 }
            func b(x: String) -> String? { return x }
            func c(x: Bool) -> Bool { return !x }
            func d(x: Int) -> [Int] { return [x] }
            """

        // When
        let found = changes(in: sut, by: .returnValue)

        // Then
        #expect(found == ["x * 2 -> 0", "x -> nil", "!x -> false", "[x] -> []"])
    }

    @Test("Return value leaves literals and types without an obvious empty value alone")
    func returnValueSkips() {
        // Given
        let sut = "struct P {}\nfunc a() -> Int { return 3 }\nfunc b(p: P) -> P { return p }"

        // When
        let found = changes(in: sut, by: .returnValue)

        // Then
        #expect(found == [])
    }

    @Test("Removed call drops a call statement among others, as a statement")
    func removedCall() {
        // Given
        let sut = "func f(a: inout [Int]) {\n a.append(1)\n a.sort()\n}"

        // When
        let found = mutants(in: sut).filter { $0.mutationOperator == .removedCall }

        // Then
        #expect(found.map { "\($0.original) -> \($0.replacement)" } == ["a.append(1) -> ", "a.sort() -> "])
        #expect(found.map(\.isStatement) == [true, true])
    }

    @Test("Removed call keeps a lone statement, which may be the implicit return")
    func removedCallSkipsLoneStatement() {
        // Given
        let sut = "func f(a: [Int]) -> Int { a.count() }"

        // When
        let found = changes(in: sut, by: .removedCall)

        // Then
        #expect(found == [])
    }

    @Test("Swapped call swaps min with max and first with last")
    func swappedCall() {
        // Given
        let sut = "func f(a: [Int]) -> Int? { min(a.count, 3) == 0 ? a.first : a.max() }"

        // When
        let found = changes(in: sut, by: .swappedCall)

        // Then
        #expect(found == ["min -> max", "first -> last", "max -> min"])
    }

    @Test("There are fourteen operators, each named as in reports")
    func operatorNames() {
        // Then
        #expect(MutationOperator.allCases.count == 14)
        #expect(MutationOperator.negatedCondition.rawValue == "NegatedCondition")
    }
}
