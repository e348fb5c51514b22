import Foundation
import SwiftSyntax

/// What explains a number a check expects, so that it is no Magic Number: the catalog's smell is a
/// number whose origin the reader cannot see. On the real-package corpus, 183 of 215 magicNumber
/// findings were numbers the test itself explains (FlyingFox, Quick, SwiftGraph, swift-property-based):
/// - **echoed**: the same number is written elsewhere in the test, as a literal or inside a string
///   (`storage.instance = 42` … `XCTAssertEqual(x, 42)`; `Int8(parameter: "100") == 100`;
///   `Gen.always(360)` … `== 360`);
/// - **counted**: it is the number of elements of an array literal the test wrote
///   (`withPath(["Atlanta", "Boston", "Chicago"])` … `vertexCount == 3`), or of the calls of one
///   function the test makes (four `addEdge(…)` … `edgeCount == 4`);
/// - **said**: the check's message says it (`XCTAssertEqual(g.edgeCount, 2, "Expected exactly 2 edges")`);
/// - **a status**: an HTTP status (100 to 599) compared with something named for a status or code
///   (`XCTAssertEqual(response.statusCode, 404)`);
/// - **any other**: the check is that a value differs from it (`XCTAssertNotEqual(x, 100)`,
///   `#expect(val != 100.5)`): any other number would do;
/// - **named**: the test's name says it, in digits or words (`testBehaviorExecutesThreeExamples` … 3;
///   `it("should run this one second")` … 2).
/// For a Quick example, what its spec writes outside its examples (`@TestState(9876)`, a `beforeEach`)
/// counts as written by the test.
struct MagicNumberContext {
    /// The numbers written in the test, each with the nodes that write it.
    private var written: [String: [SyntaxIdentifier]] = [:]
    /// The sizes of the array literals the test writes.
    private var arraySizes: Set<Int> = []
    /// The numbers the test's name says.
    private var named: Set<String> = []
    /// The fixtures of the test's type, whose numbers count as written by the test (``TestFixtures``).
    private var fixtures: TestFixtures?

    /// Number words a test's name may use, with their value.
    private static let words: [String: Int] = [
        "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
        "twelve": 12, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
        "tenth": 10, "eleventh": 11, "twelfth": 12,
    ]

    init(_ test: ScannedTest) {
        let name = test.shown.lowercased()
        named = Self.numbers(in: name).union(Self.words.filter { name.contains($0.key) }.map { String($0.value) })
        var nodes = test.nodes
        if test.framework == .quick, let spec = Self.spec(around: test.declaration) {
            nodes += Self.outsideExamples(spec)
        } else {
            let fixtures = TestFixtures(around: test.declaration)
            self.fixtures = fixtures
            nodes += fixtures.nodes
        }
        // The calls the test makes, not those of its checks (seven XCTAssertEqual explain no 7).
        let checked = Set(test.assertions.flatMap { [$0.id] + $0.descendants(of: Syntax.self).map(\.id) })
        var calls: [String: Int] = [:]
        for call in test.all(FunctionCallExprSyntax.self) where !checked.contains(call.id) {
            if let called = CallCollector.calledName(call.calledExpression) { calls[called, default: 0] += 1 }
        }
        arraySizes.formUnion(calls.values)
        for node in nodes {
            if let literal = node.as(IntegerLiteralExprSyntax.self) {
                written[Self.value(literal.literal.text), default: []].append(node.id)
            } else if let literal = node.as(FloatLiteralExprSyntax.self) {
                written[Self.value(literal.literal.text), default: []].append(node.id)
            } else if let segment = node.as(StringSegmentSyntax.self) {
                for word in Self.numbers(in: segment.content.text) { written[word, default: []].append(node.id) }
            } else if let array = node.as(ArrayExprSyntax.self), !array.elements.isEmpty {
                arraySizes.insert(array.elements.count)
            }
        }
    }

    /// Whether the test explains `operand`, a number `assertion` expects among `operands`.
    func explains(
        _ operand: ExprSyntax, in assertion: Syntax, operands: [ExprSyntax], arguments: [LabeledExprSyntax]
    ) -> Bool {
        // A sign is the operand's or the literal's (`-10.5` checks what `"-10.5"` or `...(-100)` wrote).
        let value = Self.value(operand.trimmedDescription)
            .trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        if SmellScan.assertionName(assertion) == "XCTAssertNotEqual" { return true }
        if let first = arguments.first?.expression, let (_, op, _) = EqualityShapeDetector.comparison(first), op == "!="
        {
            return true
        }
        let inside = Set(operand.descendants(of: Syntax.self).map(\.id)).union([operand.id])
        if written[value]?.contains(where: { !inside.contains($0) && !Self.isInMessage($0, arguments, operands) })
            == true
        {
            return true
        }
        if let count = Int(value), arraySizes.contains(count) { return true }
        if named.contains(value) { return true }
        if let message = Self.message(arguments, operands), Self.numbers(in: message).contains(value) { return true }
        if let status = Int(value), (100...599).contains(status),
            operands.contains(where: { other in
                other.id != operand.id
                    && ["status", "code"].contains { other.trimmedDescription.lowercased().contains($0) }
            })
        {
            return true
        }
        return false
    }

    /// The Quick spec class an example is declared in.
    private static func spec(around example: Syntax) -> ClassDeclSyntax? {
        var current = example.parent
        while let node = current {
            if let declaration = node.as(ClassDeclSyntax.self) { return declaration }
            current = node.parent
        }
        return nil
    }

    /// The nodes of `spec` outside its examples' closures (its groups, `beforeEach`, `@TestState`).
    private static func outsideExamples(_ spec: ClassDeclSyntax) -> [Syntax] {
        var skipped: Set<SyntaxIdentifier> = []
        for call in spec.descendants(of: FunctionCallExprSyntax.self) {
            guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                ScannedTests.examples.contains(name)
            else { continue }
            let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
            if let closure { skipped.formUnion(Syntax(closure).descendants(of: Syntax.self).map(\.id)) }
        }
        return Syntax(spec).descendants(of: Syntax.self).filter { !skipped.contains($0.id) }
    }

    /// Whether the number `operand` is also written elsewhere in the test, as a literal or in a string
    /// (`Double(parameter: "10.5") == 10.5`, `shrink(within: 1.5...10)` … `== 1.5`): the value the test
    /// gave, passed through, not computed. Written only in its type's fixtures, it counts when `compared`
    /// reads a fixture back (``TestFixtures/reads(_:)``): `mean(samples) == 2.5` computes, whatever the
    /// fixture `samples` holds.
    func writtenElsewhere(_ operand: ExprSyntax, comparedWith compared: ExprSyntax?) -> Bool {
        let value = Self.value(operand.trimmedDescription).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        let inside = Set(operand.descendants(of: Syntax.self).map(\.id)).union([operand.id])
        let places = written[value]?.filter { !inside.contains($0) } ?? []
        if places.contains(where: { fixtures?.ids.contains($0) != true }) { return true }
        guard !places.isEmpty, let compared, let fixtures else { return false }
        return fixtures.reads(compared)
    }

    /// The text of the check's message: its first string-literal argument that is not an operand.
    private static func message(_ arguments: [LabeledExprSyntax], _ operands: [ExprSyntax]) -> String? {
        let compared = Set(operands.map(\.id))
        return arguments.lazy.filter { !compared.contains($0.expression.id) }.compactMap { argument in
            argument.expression.as(StringLiteralExprSyntax.self).map { literal in
                literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
            }
        }.first
    }

    /// Whether the node `id` lies in the check's message (a number the message says is not written
    /// elsewhere: the message rule decides it).
    private static func isInMessage(_ id: SyntaxIdentifier, _ arguments: [LabeledExprSyntax], _ operands: [ExprSyntax])
        -> Bool
    {
        let compared = Set(operands.map(\.id))
        return arguments.contains { argument in
            !compared.contains(argument.expression.id)
                && argument.expression.is(StringLiteralExprSyntax.self)
                && argument.expression.descendants(of: Syntax.self).contains { $0.id == id }
        }
    }

    /// A number as compared: without `_` separators, a leading `-` kept, `2.0` as `2.0`.
    private static func value(_ text: String) -> String {
        text.replacingOccurrences(of: "_", with: "").replacingOccurrences(of: " ", with: "")
    }

    /// The numbers written in `text`: runs of digits, with a decimal point between digits.
    static func numbers(in text: String) -> Set<String> {
        var found: Set<String> = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if character.isASCII && character.isNumber {
                current.append(character)
            } else if character == ".", !current.isEmpty, index + 1 < characters.count,
                characters[index + 1].isASCII && characters[index + 1].isNumber, !current.contains(".")
            {
                current.append(character)
            } else {
                if !current.isEmpty { found.insert(current) }
                current = ""
            }
        }
        if !current.isEmpty { found.insert(current) }
        return found
    }
}
