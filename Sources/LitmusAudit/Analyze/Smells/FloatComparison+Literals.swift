import Foundation
import SwiftSyntax

/// floatEquality: the literals a comparison is written with, and whether integer arithmetic of them is exact.
extension FloatComparison {
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
}
