import Foundation
import SwiftSyntax

/// floatEquality: the literals a comparison is written with, whether integer arithmetic of them is exact, and the
/// ranges of integers a test writes into its text.
extension FloatComparison {
    /// Whether `operand` is a value a type (not an alias) the package's sources declare makes: `BDouble("10")`,
    /// `BDouble(123.0)!`. A float literal compared with it makes a value of that type, compared by its `==` (Swift-BigInt
    /// v2.4.0's `XCTAssertEqual(BDouble("10"), 10.0)`, an arbitrary-precision rational), not a `Double`.
    func madeByPackageType(_ operand: ExprSyntax) -> Bool {
        var inner = Self.uncast(operand)
        if let unwrapped = inner.as(ForceUnwrapExprSyntax.self) { inner = unwrapped.expression }
        guard let sources, let call = inner.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            !Self.floatingPointTypes.contains(name)
        else { return false }
        return sources.declaresType(name)
    }

    /// An integer literal, signed or not (`12`, `-1_000`).
    static func isIntegerLiteral(_ expression: ExprSyntax) -> Bool {
        unsigned(expression).is(IntegerLiteralExprSyntax.self)
    }

    /// `expression` without a leading `-`.
    static func unsigned(_ expression: ExprSyntax) -> ExprSyntax {
        guard let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" else {
            return expression
        }
        return prefix.expression
    }

    /// `.infinity`, `-.infinity` or `.zero` (of any floating-point type: `Float.infinity`): values no rounding
    /// lands on by accident (swift-parsing 0.15.2's overflowing parse, `XCTAssertEqual(Float.infinity, parsed)`).
    static func isExactSpecial(_ expression: ExprSyntax) -> Bool {
        guard let member = unsigned(expression).as(MemberAccessExprSyntax.self),
            ["infinity", "zero"].contains(member.declName.baseName.text)
        else { return false }
        return member.base == nil || floatingPointTypes.contains(member.base?.trimmedDescription ?? "")
    }

    /// A floating-point literal (`0.1`, `-2.5`, `42.0`).
    static func isFloatLiteral(_ expression: ExprSyntax) -> Bool {
        unsigned(expression).is(FloatLiteralExprSyntax.self)
    }

    /// Whether `expression` is written with integer literals alone (`12`, `1200/100`, `-(3 * 4)`) and its
    /// exact value is a binary fraction a `Double` holds: compared with `==`, it rounds nothing.
    static func exactValue(_ expression: ExprSyntax) -> Bool {
        guard let value = rational(expression) else { return false }
        var denominator = value.denominator
        while denominator % 2 == 0 { denominator /= 2 }
        return denominator == 1 && value.numerator.magnitude <= 1 << 53
    }

    /// The exact value of an expression of integer literals, `+`, `-`, `*`, `/` and parentheses, as a
    /// reduced fraction; `nil` for anything else, or on overflow.
    static func rational(_ expression: ExprSyntax) -> (numerator: Int, denominator: Int)? {
        if let literal = expression.as(IntegerLiteralExprSyntax.self) {
            return Int(literal.literal.text.replacingOccurrences(of: "_", with: "")).map { ($0, 1) }
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return rational(only.expression)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
            let inner = rational(prefix.expression)
        {
            return (-inner.numerator, inner.denominator)
        }
        guard let (left, op, right) = EqualityShapeDetector.comparison(expression), let a = rational(left),
            let b = rational(right)
        else { return nil }
        let product: (Int, Int) -> Int? = { x, y in
            let (value, overflow) = x.multipliedReportingOverflow(by: y)
            return overflow ? nil : value
        }
        var result: (Int, Int)?
        switch op {
        case "*":
            result = product(a.numerator, b.numerator).flatMap { n in
                product(a.denominator, b.denominator).map { (n, $0) }
            }
        case "/":
            guard b.numerator != 0 else { return nil }
            result = product(a.numerator, b.denominator).flatMap { n in
                product(a.denominator, b.numerator).map { (n, $0) }
            }
        case "+", "-":
            guard let x = product(a.numerator, b.denominator), let y = product(b.numerator, a.denominator),
                let d = product(a.denominator, b.denominator)
            else { return nil }
            let (sum, overflow) = op == "+" ? x.addingReportingOverflow(y) : x.subtractingReportingOverflow(y)
            result = overflow ? nil : (sum, d)
        default: return nil
        }
        guard var (numerator, denominator) = result else { return nil }
        if denominator < 0 { (numerator, denominator) = (-numerator, -denominator) }
        let divisor = gcd(numerator.magnitude, UInt(denominator))
        return (numerator / Int(divisor), denominator / Int(divisor))
    }

    private static func gcd(_ a: UInt, _ b: UInt) -> UInt { b == 0 ? max(a, 1) : gcd(b, a % b) }

    /// Whether `expression` is a floating-point literal, signed or not, whose decimal value a `Float` holds exactly
    /// (and so a `Double`): a binary fraction of at most 24 significant bits (`0.5`, `-2.5`, `200.0`, `1.125`, `2E8`).
    /// Compared with `==`, it asks for a value an exact computation gives; one that rounds lands on it only by the
    /// rarest of accidents and otherwise fails on every run, which nobody mistakes for a pass. A decimal a binary
    /// fraction does not hold (`0.1`, `7.35`) is where rounding decides, and so is a test that computes from one
    /// (``FloatComparison/judge(operands:arguments:)`` asks). Of the corpus's comparisons with such literals, 54 were
    /// read false and one true: swift-benchmark's mean of `0.1 … 0.4`, which lands on `0.25` in one summation order,
    /// and whose test writes those decimals.
    static func isExactFloatLiteral(_ expression: ExprSyntax) -> Bool {
        guard let literal = unsigned(expression).as(FloatLiteralExprSyntax.self) else { return false }
        return isExactDecimal(literal.literal.text)
    }

    /// Whether the decimal `written` (`2.5`, `1_000.25`, `2E8`; not hexadecimal) is a binary fraction of at most 24
    /// significant bits (``isExactFloatLiteral(_:)``).
    static func isExactDecimal(_ written: String) -> Bool {
        let text = written.replacingOccurrences(of: "_", with: "").lowercased()
        guard !text.hasPrefix("0x") else { return false }
        let parts = text.split(separator: "e", omittingEmptySubsequences: false)
        guard parts.count <= 2, let exponent = parts.count == 2 ? Int(parts[1]) : 0, abs(exponent) <= 30 else {
            return false
        }
        let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard mantissa.count <= 2, let digits = Int(mantissa.joined()), mantissa.joined().count <= 18 else {
            return false
        }
        let scale = exponent - (mantissa.count == 2 ? mantissa[1].count : 0)
        var numerator = digits
        var denominator = 1
        for _ in 0..<abs(scale) {
            let (value, overflow) = (scale > 0 ? numerator : denominator).multipliedReportingOverflow(by: 10)
            guard !overflow else { return false }
            if scale > 0 { numerator = value } else { denominator = value }
        }
        let divisor = Int(gcd(numerator.magnitude, UInt(denominator)))
        numerator /= divisor
        denominator /= divisor
        guard denominator & (denominator - 1) == 0 else { return false }
        while numerator != 0, numerator % 2 == 0 { numerator /= 2 }
        return numerator.magnitude < 1 << 24
    }

    /// Whether the test writes each integer of the range `sequence` into a text it makes: the range of a `for` loop whose
    /// variable its body interpolates into a string or gives `String(…)` (mattt/swift-yyjson 0.5.0's `for i in 0 ..< 1000
    /// { pairs.append("\"\(i)\": \(i)") }`), or mapped the same way (`(0 ..< 1000).map { String($0) }`). A range the
    /// test walks to compute (`for _ in 0..<10 { total += 0.1 }`) gives no number.
    static func writesIntoText(_ sequence: SequenceExprSyntax) -> Bool {
        var node = Syntax(sequence)
        while let tuple = node.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(TupleExprSyntax.self) {
            node = Syntax(tuple)
        }
        if let loop = node.parent?.as(ForStmtSyntax.self), loop.sequence.id == node.id,
            let name = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        {
            return writesName(name, in: Syntax(loop.body))
        }
        guard let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
            member.declName.baseName.text == "map",
            let call = member.parent?.as(FunctionCallExprSyntax.self),
            let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self)
        else { return false }
        let parameter =
            closure.signature?.parameterClause?.as(ClosureShorthandParameterListSyntax.self)?.first?.name.text ?? "$0"
        return writesName(parameter, in: Syntax(closure))
    }

    /// Whether `scope` interpolates `name` into a string literal or gives it to `String(…)`.
    static func writesName(_ name: String, in scope: Syntax) -> Bool {
        scope.descendants(of: DeclReferenceExprSyntax.self).contains { reference in
            guard reference.baseName.text == name else { return false }
            var current = reference.parent
            while let node = current, !node.is(CodeBlockItemSyntax.self) {
                if node.is(ExpressionSegmentSyntax.self) { return true }
                if let call = node.as(FunctionCallExprSyntax.self),
                    call.calledExpression.trimmedDescription == "String"
                {
                    return true
                }
                current = node.parent
            }
            return false
        }
    }

    /// The integers of a range of integer literals (`0 ..< 1000`, `1...10`) of at most 10,000 of them; `nil` for
    /// anything else.
    static func integerRange(_ sequence: SequenceExprSyntax) -> ClosedRange<Int>? {
        let elements = Array(sequence.elements)
        guard elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
            ["..<", "..."].contains(op),
            let low = elements[0].as(IntegerLiteralExprSyntax.self).flatMap({
                Int($0.literal.text.replacingOccurrences(of: "_", with: ""))
            }),
            let bound = elements[2].as(IntegerLiteralExprSyntax.self).flatMap({
                Int($0.literal.text.replacingOccurrences(of: "_", with: ""))
            })
        else { return nil }
        let high = op == "..<" ? bound - 1 : bound
        guard low <= high, high - low < 10_000 else { return nil }
        return low...high
    }
}
