import SwiftSyntax

/// What an equality check compares, and how: floating-point values with `==` (floatEquality), an
/// equality asserted as a Boolean (boolAssertEquality), and text made from a value's description
/// (sensitiveEquality).
enum EqualityShapeDetector {
    static let equalityAssertions: Set<String> = ["XCTAssertEqual", "XCTAssertEqualObjects"]
    static let truthAssertions: Set<String> = ["XCTAssert", "XCTAssertTrue"]
    /// The assertions of a Boolean that may be handed an equality.
    static let booleanAssertions: Set<String> = ["XCTAssert", "XCTAssertTrue", "XCTAssertFalse"]
    /// The checks whose only argument is a failure's message.
    static let messageOnly: Set<String> = ["XCTFail", "fail", "record"]

    static func smells(_ test: ScannedTest, texts: PackageTexts? = nil, sources: SourceFunctions? = nil) -> [Smell] {
        var floats: [(node: Syntax, unconfirmed: Unconfirmed?)] = []
        var floatRule = FloatComparison(test, sources: sources)
        var booleans: [(node: Syntax, message: String, unconfirmed: Unconfirmed?)] = []
        var descriptions: [(node: Syntax, unconfirmed: Unconfirmed?)] = []
        var descriptionRule = DescriptionComparison(test, texts: texts, sources: sources)
        // What tells a Boolean-literal comparison from a Bool's, read only for a test that makes one.
        var literalTypes: LiteralTypedValues?
        for assertion in test.assertions {
            guard let name = SmellScan.assertionName(assertion) else { continue }
            let arguments = SmellScan.arguments(assertion)
            let operands = compared(name, arguments, assertion)
            if let unconfirmed = floatRule.judge(operands: operands, arguments: arguments) {
                floats.append((assertion, unconfirmed))
            }
            // A comparison with NaN always comes out the same: a tautology (``LiteralCheck/nanAlwaysPasses(_:_:)``),
            // not an equality to assert otherwise.
            if LiteralCheck.nanAlwaysPasses(name, arguments) == nil,
                let shape = BooleanComparison.shape(
                    name, arguments, test: test, sources: sources,
                    literalTypes: {
                        let context = literalTypes ?? LiteralTypedValues(test)
                        literalTypes = context
                        return context
                    })
            {
                booleans.append((assertion, shape.message, shape.unconfirmed))
            }
            if let unconfirmed = descriptionRule.judge(name, arguments, operands: operands, at: assertion) {
                descriptions.append((assertion, unconfirmed))
            }
        }
        var found: [Smell] = []
        if let first = floats.first {
            found.append(
                Smell(
                    kind: .floatEquality, node: first.node,
                    message: SmellScan.counted(
                        "\(test.shown) compares floating-point values with == (`\(first.node.quoted(60))`): rounding makes it fail or pass by accident",
                        floats.count), unconfirmed: first.unconfirmed))
        }
        if let first = booleans.first {
            found.append(
                Smell(
                    kind: .boolAssertEquality, node: first.node,
                    message: SmellScan.counted("\(test.shown) \(first.message)", booleans.count),
                    unconfirmed: first.unconfirmed))
        }
        if let first = descriptions.first, !testsDescription(test) {
            found.append(
                Smell(
                    kind: .sensitiveEquality, node: first.node,
                    message: SmellScan.counted(
                        "\(test.shown) checks a description (`\(first.node.quoted(60))`): a change to the text breaks it though the value is right",
                        descriptions.count), unconfirmed: first.unconfirmed))
        }
        return found
    }

    /// The two sides an equality assertion compares: `XCTAssertEqual(a, b)`, `#expect(a == b)`,
    /// `XCTAssert(a == b)`, Nimble's `expect(a).to(equal(b))` and `expect(a) == b`.
    static func compared(_ name: String, _ arguments: [LabeledExprSyntax], _ node: Syntax) -> [ExprSyntax] {
        if equalityAssertions.contains(name), arguments.count >= 2 {
            return [arguments[0].expression, arguments[1].expression]
        }
        if ["#expect", "#require"].contains(name) || truthAssertions.contains(name),
            let first = arguments.first?.expression, let (left, op, right) = comparison(first), op == "=="
        {
            return [left, right]
        }
        if name == "to", let call = node.as(FunctionCallExprSyntax.self),
            let expected = call.arguments.first?.expression.as(FunctionCallExprSyntax.self),
            CallCollector.calledName(expected.calledExpression) == "equal",
            let actual = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(FunctionCallExprSyntax.self),
            let value = actual.arguments.first?.expression, let other = expected.arguments.first?.expression
        {
            return [value, other]
        }
        if name == "expect", let call = node.as(FunctionCallExprSyntax.self),
            let value = call.arguments.first?.expression,
            let sequence = call.parent?.parent?.as(SequenceExprSyntax.self)
        {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[0].id == call.id,
                elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "=="
            {
                return [value, elements[2]]
            }
        }
        return []
    }

    /// A comparison with a cast on one side (`c.a as? A === a`, `child.value as Any? == nil`), which the
    /// parser leaves as five elements a cast binds tighter than the comparison: its operator's token.
    static func castComparison(_ expression: ExprSyntax) -> TokenSyntax? {
        guard let elements = expression.as(SequenceExprSyntax.self).map({ Array($0.elements) }), elements.count == 5
        else { return nil }
        for (cast, op) in [(1, 3), (3, 1)] where elements[cast].is(UnresolvedAsExprSyntax.self) {
            return elements[op].as(BinaryOperatorExprSyntax.self)?.operator
        }
        return nil
    }

    /// `a op b`, folded or not.
    static func comparison(_ expression: ExprSyntax) -> (ExprSyntax, String, ExprSyntax)? {
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
        {
            return (infix.leftOperand, op, infix.rightOperand)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text {
                return (elements[0], op, elements[2])
            }
        }
        return nil
    }

    /// A metatype, `Animal.self`, `[Animal].self`, `[String: Any].self` or `type(of: x)`: compared with `==`, no
    /// XCTAssertEqual (not Equatable) or XCTAssertIdentical (not AnyObject) form exists (Swinject's
    /// `spy.types.first == Animal.self`; swift-extras-json's `type == [JSONValue].self` of a type mismatch).
    static func isMetatype(_ expression: ExprSyntax) -> Bool {
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
            let base = member.base, isTypeSpelling(base)
        {
            return true
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "type",
            call.arguments.first?.label?.text == "of"
        {
            return true
        }
        return false
    }

    /// Whether `expression` names a type by its shape: a capitalized name (`Animal`, `Swift.Int`, `Animal?`), the
    /// sugar of an array or a dictionary of such (`[Animal]`, `[String: Any]?`), which as a value would be a
    /// literal of one element (`[animal]`, lowercased, is a value), or a tuple of such, labelled or not (`(Bool,
    /// Int)`, `(a: Int, b: Bool)`: wickwirew/Runtime 2.2.7's `payloadType == (Bool, Int).self`).
    private static func isTypeSpelling(_ expression: ExprSyntax) -> Bool {
        if let optional = expression.as(OptionalChainingExprSyntax.self) { return isTypeSpelling(optional.expression) }
        if let tuple = expression.as(TupleExprSyntax.self) {
            return tuple.elements.count > 1 && tuple.elements.allSatisfy { isTypeSpelling($0.expression) }
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.count == 1 && array.elements.allSatisfy { isTypeSpelling($0.expression) }
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content, elements.count == 1,
                let element = elements.first
            else { return false }
            return isTypeSpelling(element.key) && isTypeSpelling(element.value)
        }
        return expression.trimmedDescription.first?.isUppercase == true
    }

    /// The text of a string literal with no interpolation, or `nil`.
    static func plainText(_ literal: StringLiteralExprSyntax) -> String? {
        guard literal.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }) else { return nil }
        return literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
    }

}
