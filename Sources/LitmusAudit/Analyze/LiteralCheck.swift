import SwiftSyntax

/// Redundant Assertion (testsmells.org) beyond a value compared with itself: a check of literals alone,
/// whose outcome the source fixes (`XCTAssertNotEqual(1, 2)`, `XCTAssertTrue(2 > 1)`, `#expect("a" != "b")`,
/// `XCTAssertNotNil("x")`). Only checks that always pass: one that always fails is noticed at once.
enum LiteralCheck {
    /// The XCTest assertions comparing two arguments, with the comparison each asserts.
    private static let comparing: [String: String] = [
        "XCTAssertEqual": "==", "XCTAssertNotEqual": "!=", "XCTAssertGreaterThan": ">", "XCTAssertLessThan": "<",
        "XCTAssertGreaterThanOrEqual": ">=", "XCTAssertLessThanOrEqual": "<=",
    ]

    /// Why the XCTest assertion `name` of `arguments` always passes, or `nil`.
    static func alwaysPasses(_ name: String, _ arguments: [LabeledExprSyntax]) -> String? {
        guard let first = arguments.first?.expression else { return nil }
        if let nan = nanAlwaysPasses(name, arguments) { return nan }
        if let op = comparing[name], arguments.count >= 2, arguments[1].label == nil,
            compare(first, op, arguments[1].expression) == true
        {
            return
                "\(name)(\(first.trimmedDescription), \(arguments[1].expression.trimmedDescription)) compares literals: it is always true"
        }
        if ["XCTAssert", "XCTAssertTrue"].contains(name), evaluate(first) == true {
            return "\(name)(\(first.trimmedDescription)) compares literals: it is always true"
        }
        if name == "XCTAssertFalse", evaluate(first) == false {
            return "XCTAssertFalse(\(first.trimmedDescription)) compares literals: it is always true"
        }
        if name == "XCTAssertNotNil", literal(first) != nil {
            return "XCTAssertNotNil(\(first.trimmedDescription)) checks a literal, which is never nil"
        }
        return nil
    }

    /// The value of `a op b` when both sides are literals of one kind, else `nil`.
    static func evaluate(_ expression: ExprSyntax) -> Bool? {
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
        {
            return compare(infix.leftOperand, op, infix.rightOperand)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text {
                return compare(elements[0], op, elements[2])
            }
        }
        return nil
    }

    /// A literal's value: an integer, a string without interpolation, or a Boolean.
    private enum Value: Comparable {
        case integer(Int)
        case text(String)
        case boolean(Bool)

        static func < (left: Value, right: Value) -> Bool {
            switch (left, right) {
            case (.integer(let a), .integer(let b)): a < b
            case (.text(let a), .text(let b)): a < b
            default: false
            }
        }

        func sameKind(as other: Value) -> Bool {
            switch (self, other) {
            case (.integer, .integer), (.text, .text), (.boolean, .boolean): true
            default: false
            }
        }
    }

    private static func literal(_ expression: ExprSyntax) -> Value? {
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            return Int(integer.literal.text.replacingOccurrences(of: "_", with: "")).map(Value.integer)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
            let integer = prefix.expression.as(IntegerLiteralExprSyntax.self)
        {
            return Int(integer.literal.text.replacingOccurrences(of: "_", with: "")).map { .integer(-$0) }
        }
        if let string = expression.as(StringLiteralExprSyntax.self),
            string.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) })
        {
            return .text(string.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined())
        }
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) {
            return .boolean(boolean.literal.tokenKind == .keyword(.true))
        }
        return nil
    }

    private static func compare(_ left: ExprSyntax, _ op: String, _ right: ExprSyntax) -> Bool? {
        guard let a = literal(left), let b = literal(right), a.sameKind(as: b) else { return nil }
        switch op {
        case "==": return a == b
        case "!=": return a != b
        case "<": return a < b
        case ">": return b < a
        case "<=": return a == b || a < b
        case ">=": return a == b || b < a
        default: return nil
        }
    }

    /// The floating-point types whose `nan` a check may name.
    private static let floatTypes: Set<String> = [
        "Double", "Float", "CGFloat", "Float16", "Float32", "Float64", "Float80",
    ]

    /// Whether `expression` is a floating-point type's NaN, named with its type (`Double.nan`, `Float.signalingNaN`):
    /// a bare `.nan` may be another type's (`Decimal.nan`).
    static func isNaN(_ expression: ExprSyntax) -> Bool {
        guard let member = expression.as(MemberAccessExprSyntax.self),
            ["nan", "signalingNaN"].contains(member.declName.baseName.text),
            let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return false }
        return floatTypes.contains(base)
    }

    /// The comparison `expression` makes with a NaN (``isNaN(_:)``) on either side, by its operator.
    static func nanComparison(_ expression: ExprSyntax) -> String? {
        guard let (left, op, right) = EqualityShapeDetector.comparison(expression),
            ["==", "!=", "<", ">", "<=", ">="].contains(op), isNaN(left) || isNaN(right)
        else { return nil }
        return op
    }

    /// Why a check that compares with NaN always passes: NaN is unequal to everything, itself included, and neither
    /// less nor greater, so `x != Double.nan` is always true and `x == Double.nan` always false (DDMathParser 3.1.0's
    /// `XCTAssertTrue(d != Double.nan)`, read on first contact as a tautology that boolAssertEquality's advice
    /// missed). `name` is an XCTest assertion, or `#expect`/`#require`.
    static func nanAlwaysPasses(_ name: String, _ arguments: [LabeledExprSyntax]) -> String? {
        guard let first = arguments.first?.expression else { return nil }
        let why = "NaN is unequal to everything, itself included: `isNaN` tells whether a value is NaN"
        if name == "XCTAssertNotEqual", arguments.count >= 2, arguments[1].label == nil,
            isNaN(first) || isNaN(arguments[1].expression)
        {
            let second = arguments[1].expression.trimmedDescription
            return "XCTAssertNotEqual(\(first.trimmedDescription), \(second)) always passes: \(why)"
        }
        guard let op = nanComparison(first) else { return nil }
        let holds = op == "!="
        // `XCTAssertEqual(x != Double.nan, true)`, `XCTAssertNotEqual(x == Double.nan, true)`.
        if ["XCTAssertEqual", "XCTAssertNotEqual"].contains(name), arguments.count >= 2, arguments[1].label == nil,
            let literal = arguments[1].expression.as(BooleanLiteralExprSyntax.self)
        {
            let expected = literal.literal.tokenKind == .keyword(.true)
            guard (name == "XCTAssertEqual") == (holds == expected) else { return nil }
            return "\(name)(\(first.trimmedDescription), \(literal.trimmedDescription)) always passes: \(why)"
        }
        let assertsTrue = ["XCTAssert", "XCTAssertTrue", "#expect", "#require"].contains(name)
        if assertsTrue ? holds : name == "XCTAssertFalse" && !holds {
            return "\(name)(\(first.trimmedDescription)) always passes: \(why)"
        }
        return nil
    }
}
