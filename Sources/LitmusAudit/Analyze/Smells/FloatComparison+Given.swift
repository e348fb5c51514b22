import Foundation
import SwiftSyntax

/// floatEquality: the numbers a test gives the code it checks, which it may compare a value read back with: written
/// in the test, in its type's fixtures, or in what the target's constants and helpers the test names hold.
extension FloatComparison {
    /// The magnitudes of the numbers the test gives outside its checks: its number literals (`meter.set(42)`) and the
    /// numbers in the text of its string literals (a parser's input, `"-.123 Hello"`), interpolations left out; and the
    /// numbers in the texts of its type's fixtures (``TestFixtures``: SWXMLHash 8.1.1's `let xmlToParseIB =
    /// """…<price>99.14</price>…"""`) and of the target's top-level constants and functions that the test or its
    /// fixtures name, and that those name in turn (mattpolzin/JSONAPI 5.3.1's stub `entity_no_relationships_some_attributes`,
    /// a text in another file holding `"floater": 123.321`; freshOS/Arrow 7.0.0's fixture `let json = mockJSON()`, a
    /// function whose text holds `"float" : 0.12`). A text is given to a parser, which a correctly rounded conversion
    /// makes the very literal; a fixture's number literal is computed with unless read back as it is
    /// (``MagicNumberContext``). A message is part of its check, and a helper's own checks give nothing: no input.
    static func numbersGiven(_ test: ScannedTest) -> Set<Double> {
        let checked = checkedNodes(test)
        let own = test.nodes.filter { !checked.contains($0.id) }
        let fixtures = uncheckedNodes(under: TestFixtures(around: test.declaration).nodes)
        var numbers = numbersGiven(in: own).union(numbersGiven(in: fixtures, textsOnly: true))
        var seen: Set<String> = []
        // Named anywhere, its checks too: `XCTAssertEqual(decode(stub).value, 1.5)` reads the stub it decodes.
        var names = namesRead(in: test.nodes + fixtures)
        // Two steps: a fixture calls a helper, whose text is a constant of another file.
        for _ in 0..<2 {
            var next: Set<String> = []
            for name in names.subtracting(seen) {
                seen.insert(name)
                let declared =
                    (test.targetFunctions[name] ?? []).map(Syntax.init)
                    + (test.targetConstants[name] ?? []).map(Syntax.init)
                for declaration in declared {
                    let nodes = uncheckedNodes(under: declaration.descendants(of: Syntax.self))
                    numbers.formUnion(numbersGiven(in: nodes, textsOnly: true))
                    next.formUnion(namesRead(in: nodes))
                }
            }
            names = next
        }
        return numbers
    }

    /// The numbers `nodes` write: numbers in literal text and ranges of integers written into a text, and unless
    /// `textsOnly`, number literals.
    private static func numbersGiven(in nodes: [Syntax], textsOnly: Bool = false) -> Set<Double> {
        var numbers: Set<Double> = []
        for node in nodes {
            if node.is(IntegerLiteralExprSyntax.self) || node.is(FloatLiteralExprSyntax.self) {
                guard !textsOnly else { continue }
                if let literal = node.as(ExprSyntax.self), let value = magnitude(of: literal) { numbers.insert(value) }
            } else if let segment = node.as(StringSegmentSyntax.self) {
                numbers.formUnion(numbersWritten(in: segment.content.text))
            } else if let sequence = node.as(SequenceExprSyntax.self), let range = integerRange(sequence),
                writesIntoText(sequence)
            {
                numbers.formUnion(range.map(Double.init))
            }
        }
        return numbers
    }

    /// The names `nodes` read or call, unqualified (`mockJSON`, `entity_no_relationships_some_attributes`).
    private static func namesRead(in nodes: [Syntax]) -> Set<String> {
        Set(nodes.compactMap { $0.as(DeclReferenceExprSyntax.self)?.baseName.text })
    }

    /// `nodes` without those inside a check (``SmellScan/assertions(in:helpers:)``: an assertion, an `#expect` or
    /// `#require`, a Nimble expectation, with its message).
    private static func uncheckedNodes(under nodes: [Syntax]) -> [Syntax] {
        let checks = SmellScan.assertions(in: nodes)
        let inCheck = Set(checks.flatMap { [$0.id] + $0.descendants(of: Syntax.self).map(\.id) })
        return nodes.filter { !inCheck.contains($0.id) }
    }

    /// The magnitudes of the decimal numbers written in `text`: each run of digits with an optional fraction
    /// and exponent (`123.123E2`, `.123`), not part of a word (`utf8`); and of the hexadecimal integers (`0xFF`).
    static func numbersWritten(in text: String) -> Set<Double> {
        var found: Set<Double> = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let startsNumber =
                characters[index].isASCII && characters[index].isNumber
                || (characters[index] == "." && index + 1 < characters.count && characters[index + 1].isASCII
                    && characters[index + 1].isNumber)
            guard startsNumber, index == 0 || !(characters[index - 1].isLetter || characters[index - 1] == "_")
            else {
                index += 1
                continue
            }
            // A hexadecimal integer (`0xFF`, which JSON5 and yyjson's extended numbers read as 255).
            if characters[index] == "0", index + 2 < characters.count, "xX".contains(characters[index + 1]),
                characters[index + 2].isHexDigit
            {
                var end = index + 2
                while end < characters.count, characters[end].isHexDigit { end += 1 }
                if end == characters.count || !(characters[end].isLetter || characters[end] == "_"),
                    let value = Int(String(characters[(index + 2)..<end]), radix: 16)
                {
                    found.insert(Double(value))
                }
                index = end
                continue
            }
            var end = index
            while end < characters.count, characters[end].isASCII, characters[end].isNumber || characters[end] == "." {
                end += 1
            }
            if end < characters.count, "eE".contains(characters[end]) {
                var exponent = end + 1
                if exponent < characters.count, "+-".contains(characters[exponent]) { exponent += 1 }
                let digits = exponent
                while exponent < characters.count, characters[exponent].isASCII, characters[exponent].isNumber {
                    exponent += 1
                }
                if exponent > digits { end = exponent }
            }
            if end < characters.count, characters[end].isLetter || characters[end] == "_" {
                index = end
                continue
            }
            if let value = Double(String(characters[index..<end])) { found.insert(value) }
            index = end
        }
        return found
    }
}
