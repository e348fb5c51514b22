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

    static func smells(_ test: ScannedTest, texts: PackageTexts? = nil) -> [Smell] {
        var floats: [(node: Syntax, unconfirmed: Unconfirmed?)] = []
        var floatRule = FloatComparison(test)
        var booleans: [(node: Syntax, message: String, unconfirmed: Unconfirmed?)] = []
        var descriptions: [(node: Syntax, unconfirmed: Unconfirmed?)] = []
        var descriptionRule = DescriptionComparison(test, texts: texts)
        // What tells a Boolean-literal comparison from a Bool's, read only for a test that makes one.
        var literalTypes: LiteralTypedValues?
        for assertion in test.assertions {
            guard let name = SmellScan.assertionName(assertion) else { continue }
            let arguments = SmellScan.arguments(assertion)
            let operands = compared(name, arguments, assertion)
            if let unconfirmed = floatRule.judge(operands: operands, arguments: arguments) {
                floats.append((assertion, unconfirmed))
            }
            if let shape = BooleanComparison.shape(
                name, arguments, test: test,
                literalTypes: {
                    let context = literalTypes ?? LiteralTypedValues(test)
                    literalTypes = context
                    return context
                })
            {
                booleans.append((assertion, shape.message, shape.unconfirmed))
            }
            if let unconfirmed = descriptionRule.judge(name, arguments, operands: operands) {
                descriptions.append((assertion, unconfirmed))
            }
        }
        var found: [Smell] = []
        if let first = floats.first {
            found.append(
                Smell(
                    kind: .floatEquality, node: first.node,
                    message: SmellScan.counted(
                        "\(test.shown) compares floating-point values with == (`\(first.node.trimmedDescription.prefix(60))`): rounding makes it fail or pass by accident",
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
                        "\(test.shown) checks a description (`\(first.node.trimmedDescription.prefix(60))`): a change to the text breaks it though the value is right",
                        descriptions.count), unconfirmed: first.unconfirmed))
        }
        return found
    }

    /// sensitiveEquality's judgement of one test's checks; what it reads of the test (the texts it writes
    /// outside its checks, the names it binds to a Codable error's context) is read once, and only for a
    /// test that compares a description.
    struct DescriptionComparison {
        let test: ScannedTest
        /// The texts the package's own sources write, if known.
        let texts: PackageTexts?
        private var writtenTexts: Set<String>?
        private var contexts: Set<String>?

        init(_ test: ScannedTest, texts: PackageTexts? = nil) {
            self.test = test
            self.texts = texts
        }

        /// Whether the check `name` (with `arguments`, comparing `operands`) compares a description, and why
        /// it is unconfirmed if the types could not confirm it; `nil` when it does not.
        mutating func judge(_ name: String, _ arguments: [LabeledExprSyntax], operands: [ExprSyntax]) -> Unconfirmed?? {
            // Without operands, the unlabelled arguments an assertion checks (`XCTAssertTrue(x, message)` checks
            // `x`: its message, `"\(String(reflecting: $0))"`, is only printed when it fails; vapor's
            // fluent-sqlite-driver 4.9.0).
            let checked =
                operands.isEmpty
                ? Array(
                    arguments.filter { $0.label == nil }.map(\.expression).prefix(
                        RepetitionDetector.operandCounts[name] ?? Int.max)) : operands
            // A failure's message (`XCTFail("\(String(describing: error))")`) compares nothing; two descriptions
            // compared with each other change together when the format does (vapor/sqlite-nio 1.13.2's
            // `decoded?.description == date.description`).
            let bothDescriptions =
                operands.count == 2 && operands.allSatisfy { readsDescription($0, fixed: hasFixedDescription) }
            guard !messageOnly.contains(name), !bothDescriptions, checked.contains(where: { readsDescription($0) })
            else { return nil }
            let names = contexts ?? codingErrorContexts(test)
            contexts = names
            guard checked.contains(where: { readsDescription($0, contexts: names, fixed: hasFixedDescription) }) else {
                return nil
            }
            let texts = writtenTexts ?? textsWritten(test)
            writtenTexts = texts
            let own = ownDescriptions(checked, test: test)
            guard !echoesText(operands, texts), own.value != true else { return nil }
            if !rendersToolchainValue(checked, own: own), packageWrites(operands) { return nil }
            return .some(own.unconfirmed)
        }

        /// Whether `base` is a text, whose `description` is itself and renders nothing, or an integer, whose
        /// `description` is its digits: a fixed text, not a rendering a new version could change
        /// (`headers[.contentLength] == body.utf8.count.description`, swift-openapi-hummingbird 2.1.0). By the
        /// facts; without them, a string literal cast to a text type (`("foobar" as NSString).description`,
        /// Quick/Nimble 14.0.0), an integer literal, or a `count`, which is an `Int` on every collection.
        private func hasFixedDescription(_ base: ExprSyntax) -> Bool {
            var inner = base
            while let tuple = inner.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first
            {
                inner = only.expression
            }
            if let type = test.type(of: inner).value { return type.isText || type.isInteger }
            if inner.is(IntegerLiteralExprSyntax.self) { return true }
            if let member = inner.as(MemberAccessExprSyntax.self), member.base != nil,
                member.declName.baseName.text == "count"
            {
                return true
            }
            let cast: (value: ExprSyntax, type: String)? =
                if let folded = inner.as(AsExprSyntax.self), folded.questionOrExclamationMark == nil {
                    (folded.expression, folded.type.trimmedDescription)
                } else if let elements = inner.as(SequenceExprSyntax.self).map({ Array($0.elements) }),
                    elements.count == 3,
                    elements[1].as(UnresolvedAsExprSyntax.self)?.questionOrExclamationMark == nil
                {
                    (elements[0], elements[2].trimmedDescription)
                } else { nil }
            // A literal with nothing interpolated: `"\(x)"` renders `x`.
            guard let cast, cast.value.as(StringLiteralExprSyntax.self).flatMap(EqualityShapeDetector.plainText) != nil
            else { return false }
            return ["String", "Substring", "Character", "NSString"].contains(cast.type)
        }

        /// Whether the facts say a description compared is the standard library's or Foundation's text of a
        /// value: a `description` member of theirs (`own` is known false with one to ask), or `String(describing:)`
        /// of a concrete type of theirs (`URL`, `Int`), whose text no literal of the package makes its own.
        private func rendersToolchainValue(_ expressions: [ExprSyntax], own: TypedAnswer<Bool>) -> Bool {
            let nodes = expressions.flatMap { [Syntax($0)] + $0.descendants(of: Syntax.self) }
            let members = nodes.contains { node in
                guard let member = node.as(MemberAccessExprSyntax.self), member.base != nil else { return false }
                return ["description", "debugDescription"].contains(member.declName.baseName.text)
            }
            if members, own.value == false { return true }
            return nodes.contains { node in
                guard let call = node.as(FunctionCallExprSyntax.self),
                    call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String",
                    let argument = call.arguments.first, ["describing", "reflecting"].contains(argument.label?.text),
                    let type = test.type(of: argument.expression).value
                else { return false }
                return type.isToolchainConcrete
            }
        }

        /// Whether a description is compared with a text the package's own sources write (an error's message,
        /// `String(describing: error) == "You cannot look up remote JSON references …"`): the package's
        /// description, written on purpose and pinned down on purpose, as ``ownDescriptions(_:test:)`` finds by the
        /// facts where the type is known (here it is `any Error`).
        private func packageWrites(_ operands: [ExprSyntax]) -> Bool {
            guard let texts, operands.count == 2 else { return false }
            return operands.contains { operand in
                guard let text = operand.as(StringLiteralExprSyntax.self)?.representedLiteralValue else { return false }
                return texts.writes(text)
            }
        }
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

    /// Whether the test's name, or its class's or suite's, says the description is what it tests
    /// (`testDescription`, `debugDescription_namesTheCase`, `testContainerDescribesRegistration`, a suite
    /// `MetadataValueInterpolationTests` of how values read in a string): checking the text is then the
    /// test's point, not a smell.
    static func testsDescription(_ test: ScannedTest) -> Bool {
        let names = [test.declaration.as(FunctionDeclSyntax.self)?.name.text ?? test.shown, test.owner ?? ""]
        return names.map { $0.lowercased() }.contains { name in
            ["description", "describes", "describing", "stringconvertible", "interpolation", "tostring"].contains(
                where: name.contains)
        }
    }

    /// A metatype, `Animal.self` or `type(of: x)`: compared with `==`, no XCTAssertEqual (not Equatable)
    /// or XCTAssertIdentical (not AnyObject) form exists (Swinject's `spy.types.first == Animal.self`).
    static func isMetatype(_ expression: ExprSyntax) -> Bool {
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
            let base = member.base?.trimmedDescription, base.first?.isUppercase == true
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

    /// The texts the test writes outside its checks: its string literals with no interpolation, nested
    /// ones included (`"\("value", attributes: …)"` writes `value`), and its integer literals.
    static func textsWritten(_ test: ScannedTest) -> Set<String> {
        let checked = Set(test.assertions.flatMap { [$0.id] + $0.descendants(of: Syntax.self).map(\.id) })
        var texts: Set<String> = []
        for node in test.nodes where !checked.contains(node.id) {
            if let literal = node.as(StringLiteralExprSyntax.self), let text = plainText(literal), !text.isEmpty {
                texts.insert(text)
            } else if let literal = node.as(IntegerLiteralExprSyntax.self) {
                texts.insert(literal.literal.text.replacingOccurrences(of: "_", with: ""))
            }
        }
        return texts
    }

    /// Whether a description is compared with a text the test itself wrote into a value (`.attributed(
    /// "hello", …)` … `value.description == "hello"`; `.attributed(42, …)` … `== "42"`): the description
    /// hands back the text the test gave, a round trip through a carrier whose text only its description
    /// reads (swift-log's attributed metadata values), not a rendering whose format may change.
    static func echoesText(_ operands: [ExprSyntax], _ written: Set<String>) -> Bool {
        guard operands.count == 2 else { return false }
        return operands.contains { operand in
            guard let literal = operand.as(StringLiteralExprSyntax.self), let text = plainText(literal) else {
                return false
            }
            return written.contains(text)
        }
    }

    /// The text of a string literal with no interpolation, or `nil`.
    static func plainText(_ literal: StringLiteralExprSyntax) -> String? {
        guard literal.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }) else { return nil }
        return literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
    }

    /// The cases of `DecodingError` and `EncodingError` that carry a `Context`.
    static let codingErrorCases: Set<String> = [
        "dataCorrupted", "keyNotFound", "typeMismatch", "valueNotFound", "invalidValue",
    ]

    /// The names the test binds to the context of a Codable error (`case .dataCorrupted(let context)`,
    /// `catch DecodingError.keyNotFound(_, let context)`): its `debugDescription` is a stored `String`,
    /// the message the decoder threw, not a rendering of a value (attaswift/BigInt 6.0.1's
    /// `#expect(context.debugDescription == "Invalid big integer sign")`, 3 false findings).
    static func codingErrorContexts(_ test: ScannedTest) -> Set<String> {
        var names: Set<String> = []
        for call in test.all(FunctionCallExprSyntax.self) {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                codingErrorCases.contains(member.declName.baseName.text),
                let last = call.arguments.last?.expression
            else { continue }
            names.formUnion(last.descendants(of: IdentifierPatternSyntax.self).map(\.identifier.text))
            // `case let .dataCorrupted(context)`: the `let` binds the names the pattern writes.
            if let reference = last.as(DeclReferenceExprSyntax.self),
                sequence(first: Syntax(call), next: { $0.parent }).contains(where: {
                    $0.is(ValueBindingPatternSyntax.self)
                })
            {
                names.insert(reference.baseName.text)
            }
        }
        return names
    }

    /// Whether every description `expressions` read is a `description` or `debugDescription` the package (or a
    /// library it uses) declares, by the compiler's facts: a text someone wrote on purpose, which a test pins
    /// down on purpose (swift-configuration's `provider.description == "TestSnapshot"`, swift-w3c-trace-context's
    /// caret under the bad character), not a value compared through the text the standard library or
    /// Foundation makes of it (`String(describing:)`, `Int`'s, `URL`'s). Unknown without facts.
    private static func ownDescriptions(_ expressions: [ExprSyntax], test: ScannedTest) -> TypedAnswer<Bool> {
        let members = expressions.flatMap { expression in
            ([Syntax(expression)] + expression.descendants(of: Syntax.self)).compactMap {
                $0.as(MemberAccessExprSyntax.self)
            }.filter { $0.base != nil && ["description", "debugDescription"].contains($0.declName.baseName.text) }
        }
        guard !members.isEmpty else { return .known(false) }
        var own = true
        for member in members {
            switch test.ask({ $0.declaration(of: ExprSyntax(member)) }) {
            case .unknown(let why): return .unknown(why)
            case .known(let declaration):
                // The facts at the place may name another declaration (inside `#expect`, `count.description`
                // of an `Int` is found as the macro's `__requiringTry`): only a `description` property answers.
                guard declaration.usr.contains("11descriptionSS") || declaration.usr.contains("16debugDescriptionSS")
                else { return .unknown(.notAtPlace) }
                let module = declaration.module ?? "Swift"
                if module == "Swift" || TypedDeclaration.foundationModules.contains(module) { own = false }
            }
        }
        return .known(own)
    }

    /// `x.description`, `x.debugDescription`, `String(describing: x)`, `String(reflecting: x)`; not the
    /// `debugDescription` of a name in `contexts`, a Codable error's context, nor the `description` of a text or an
    /// integer (`fixed`), which is the text itself or its digits (a `String`'s `debugDescription` quotes and escapes
    /// it: a rendering).
    private static func readsDescription(
        _ expression: ExprSyntax, contexts: Set<String> = [], fixed: (ExprSyntax) -> Bool = { _ in false }
    ) -> Bool {
        let nodes = [Syntax(expression)] + expression.descendants(of: Syntax.self)
        return nodes.contains { node in
            if let member = node.as(MemberAccessExprSyntax.self), let base = member.base {
                let name = member.declName.baseName.text
                if name == "description", fixed(base) { return false }
                if name == "debugDescription", let reference = base.as(DeclReferenceExprSyntax.self),
                    contexts.contains(reference.baseName.text)
                {
                    return false
                }
                return ["description", "debugDescription"].contains(name)
            }
            if let call = node.as(FunctionCallExprSyntax.self),
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String",
                let label = call.arguments.first?.label?.text
            {
                return label == "describing" || label == "reflecting"
            }
            return false
        }
    }
}
