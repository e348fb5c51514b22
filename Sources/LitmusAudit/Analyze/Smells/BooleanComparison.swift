import SwiftSyntax

/// boolAssertEquality: an equality asserted as a Boolean (`XCTAssertTrue(a == b)`), or a comparison with a
/// Boolean literal (`#expect(x == true)`, `XCTAssertEqual(x, true)`), whose failure does not print what
/// differed. Advice only where the rewrite it gives compiles: the compiler's types decide. A comparison
/// with a literal is advice for a non-optional `Bool` only (not a `Bool?`, nor a type expressible by a
/// Boolean literal); `a == b` is, unless its `==` is a free function (tuples', or a type's that is not
/// `Equatable`), which `XCTAssertEqual` cannot call, or compares two types (``operandsDiffer(_:test:)``; without types,
/// integers of two types written out, ``integersDiffer(_:)``). Without types, the syntax decides (``LiteralTypedValues``)
/// and the advice is unconfirmed. A comparison with a literal in a generated file is no advice: the literal is
/// the generator's substitution (``GeneratedSource``).
enum BooleanComparison {
    /// Why an assertion states an equality as a Boolean, and why it is unconfirmed, or `nil`.
    static func shape(
        _ name: String, _ arguments: [LabeledExprSyntax], test: ScannedTest, sources: SourceFunctions? = nil,
        literalTypes: () -> LiteralTypedValues
    ) -> (message: String, unconfirmed: Unconfirmed?)? {
        guard let first = arguments.first?.expression else { return nil }
        if EqualityShapeDetector.booleanAssertions.contains(name), let token = equalityOperator(first, test: test),
            ["==", "!=", "===", "!=="].contains(token.text), !failsOnlyOnALiteral(name, first, token: token),
            !messagePrintsBothSides(of: first, arguments: arguments)
        {
            var unconfirmed: Unconfirmed?
            if token.text == "==" || token.text == "!=" {
                switch equatableOperator(token, test: test) {
                case .known(false): return nil
                case .known(true): if operandsDiffer(first, test: test) { return nil }
                case .unknown(let why):
                    if integersDiffer(first) || comparesErrors(first, sources: sources) { return nil }
                    unconfirmed = why
                }
            }
            return (
                "asserts `\(name)(\(first.quoted(50)))`: XCTAssertEqual, XCTAssertIdentical or XCTAssertNil would print both sides when it fails",
                unconfirmed
            )
        }
        if GeneratedSource.isGenerated(first) { return nil }
        if name == "#expect", let (left, op, right) = EqualityShapeDetector.comparison(first), op == "==" || op == "!=",
            let value = left.is(BooleanLiteralExprSyntax.self)
                ? right : right.is(BooleanLiteralExprSyntax.self) ? left : nil
        {
            return isBool(value, test: test, sources: sources, literalTypes: literalTypes).map {
                (
                    "compares with a Boolean literal (`#expect(\(first.quoted(50)))`): #expect(x) or #expect(!x) says the same",
                    $0
                )
            }
        }
        if name == "XCTAssertEqual", arguments.count >= 2,
            let value = arguments[0].expression.is(BooleanLiteralExprSyntax.self)
                ? arguments[1].expression
                : arguments[1].expression.is(BooleanLiteralExprSyntax.self) ? arguments[0].expression : nil
        {
            return isBool(value, test: test, sources: sources, literalTypes: literalTypes).map {
                ("compares with a Boolean literal in XCTAssertEqual: XCTAssertTrue/XCTAssertFalse says the same", $0)
            }
        }
        return nil
    }

    /// Whether the assertion's message interpolates both sides of `comparison` as written (Kanna 6.1.0's
    /// `XCTAssert(xpath == testCase.xpath, "Create XPath = [\(xpath)] != [\(testCase.xpath)]")`), or interpolates
    /// one side and writes the other, a literal, in its text (yannickl/DynamicColor 5.0.1's
    /// `XCTAssert(blackHue == 0, "… should be equal to 0 (not \(blackHue))")`): its failure prints what differed
    /// already. Not sides that call anything, which the message calls again.
    private static func messagePrintsBothSides(of comparison: ExprSyntax, arguments: [LabeledExprSyntax]) -> Bool {
        guard let (left, _, right) = EqualityShapeDetector.comparison(comparison), arguments.count >= 2,
            // A call may give another value when the message calls it again (`iterator.next()`).
            ![left, right].contains(where: {
                $0.is(FunctionCallExprSyntax.self) || $0.descendants(of: FunctionCallExprSyntax.self).count > 0
            }),
            let message = arguments.dropFirst().first(where: { $0.label == nil })?.expression
                .as(StringLiteralExprSyntax.self)
        else { return false }
        // A side given to `String(describing:)` or `String(reflecting:)` is printed too (utahiosmac/Marshal 1.2.8's
        // "… should have 8 objects. Actual count = \(String(describing: cars?.count))").
        let printed = Set(
            message.segments.compactMap { $0.as(ExpressionSegmentSyntax.self) }.flatMap { segment in
                segment.expressions.map { described($0.expression).trimmedDescription }
            })
        let text = message.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
        let shown = { (side: ExprSyntax) in printed.contains(side.trimmedDescription) || writes(text, side) }
        return shown(left) && shown(right)
    }

    /// The value `String(describing: value)` or `String(reflecting: value)` prints, else `expression` itself.
    private static func described(_ expression: ExprSyntax) -> ExprSyntax {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.trimmedDescription == "String", call.arguments.count == 1,
            let argument = call.arguments.first, ["describing", "reflecting"].contains(argument.label?.text)
        else { return expression }
        return argument.expression
    }

    /// Whether the text of a message writes the literal `side` out: a number as a word of its own (`0` in "equal to 0
    /// (not …)", not in "10"), a string's content anywhere.
    private static func writes(_ text: String, _ side: ExprSyntax) -> Bool {
        if let string = side.as(StringLiteralExprSyntax.self), string.segments.count == 1,
            let content = string.segments.first?.as(StringSegmentSyntax.self)?.content.text, !content.isEmpty
        {
            return text.contains(content)
        }
        let number = side.as(PrefixOperatorExprSyntax.self).map(\.expression) ?? side
        guard number.is(IntegerLiteralExprSyntax.self) || number.is(FloatLiteralExprSyntax.self) else { return false }
        let words = text.split { !($0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-") }
        return words.contains { word in
            var word = word
            while word.last == "." { word = word.dropLast() }
            return word == side.trimmedDescription
        }
    }

    /// Whether the compiler typed the two sides of the comparison `expression` differently (optionals aside): their
    /// `==` is then a type's own heterogeneous one, `static func == <D: DataProtocol>(lhs: Self, rhs: D)`, and
    /// XCTAssertEqual, which takes two values of one Equatable type, would not compile (apple/swift-crypto 4.5.2
    /// compares MACs, digests and shared secrets with `Data` so). A subclass compared with its base loses the
    /// advice too, though XCTAssertEqual would take them as the base. A literal takes the other side's type in
    /// XCTAssertEqual, whatever the compiler chose for it under `==` (`words[0] == "GET"` types the literal `String`
    /// against a `Substring`).
    private static func operandsDiffer(_ expression: ExprSyntax, test: ScannedTest) -> Bool {
        guard let (left, _, right) = EqualityShapeDetector.comparison(expression),
            !isScalarLiteral(left), !isScalarLiteral(right),
            case .known(let leftType) = test.type(of: left), case .known(let rightType) = test.type(of: right)
        else { return false }
        return leftType.unwrapped.mangled != rightType.unwrapped.mangled
    }

    /// A literal of one value (a number, a text with nothing interpolated, a Boolean, `nil`, a regex), negated or
    /// not: no array or dictionary, whose elements a type may take without being expressible by one.
    private static func isScalarLiteral(_ side: ExprSyntax) -> Bool {
        let inner = side.withoutParentheses
        return StateSyntax.isLiteral(inner) && !inner.is(ArrayExprSyntax.self) && !inner.is(DictionaryExprSyntax.self)
            && !inner.is(ClosureExprSyntax.self)
    }

    /// Without the compiler's types, whether `a == b` compares integers of two types, each written out on its side
    /// (`DWU16(x) == UInt16.max`, `T(1) == Int(1)`), one of them the standard library's: that is `BinaryInteger`'s
    /// `==` of two types, and XCTAssertEqual takes one (apple/swift-homomorphic-encryption 1.0.7's DoubleWidthUInt
    /// tests). So is a literal given a standard integer type against a value (`y == (0 as Int)`): `y == 0` would do
    /// if `y` were an `Int`. A side whose type the syntax does not show otherwise (a variable) decides nothing.
    static func integersDiffer(_ expression: ExprSyntax) -> Bool {
        guard let (left, _, right) = EqualityShapeDetector.comparison(expression) else { return false }
        let written = { (side: ExprSyntax) in writtenType(side).map { aliased($0, in: Syntax(expression).root) } }
        for (side, other) in [(left, right), (right, left)] {
            if let type = written(side), standardIntegers.contains(type), isTypedLiteral(side),
                !StateSyntax.isLiteral(other.withoutParentheses), written(other) == nil
            {
                return true
            }
        }
        guard let leftType = written(left), let rightType = written(right), leftType != rightType else {
            return false
        }
        return standardIntegers.contains(leftType) || standardIntegers.contains(rightType)
    }

    /// Without the compiler's types, whether `a == b` compares an error (a side named `error`: a `catch`'s binding, a
    /// closure's parameter, a promise's `.error`) in a package that declares a free `==` over `Error`
    /// (``SourceFunctions/declaresErrorEquality()``): `Error` has no `==` of its own, so that one is called, a free
    /// function over a type that is not `Equatable`, which XCTAssertEqual cannot call (google/promises 2.4.1's
    /// `XCTAssertTrue(error == Test.Error.code42)`, 44 read false on first contact).
    private static func comparesErrors(_ expression: ExprSyntax, sources: SourceFunctions?) -> Bool {
        guard let sources, let (left, _, right) = EqualityShapeDetector.comparison(expression) else { return false }
        let namesError = [left, right].contains { side in
            let side = side.withoutParentheses
            if let reference = side.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "error" }
            guard let member = side.as(MemberAccessExprSyntax.self), member.base != nil else { return false }
            return member.declName.baseName.text == "error"
        }
        return namesError && sources.declaresErrorEquality()
    }

    /// `type` with the file's type aliases of it followed (`typealias Byte = UInt8`: `Byte` is `UInt8`; the
    /// toolchain's own, `CInt`, are not known and stay a name of their own).
    private static func aliased(_ type: String, in root: Syntax) -> String {
        var type = type
        for _ in 0..<4 {
            guard let alias = root.descendants(of: TypeAliasDeclSyntax.self).first(where: { $0.name.text == type })
            else { break }
            type = alias.initializer.value.trimmedDescription
        }
        return type
    }

    /// Whether `value` is a literal given its type, `(0 as Int)`, folded or not.
    private static func isTypedLiteral(_ value: ExprSyntax) -> Bool {
        let value = value.withoutParentheses
        if let cast = value.as(AsExprSyntax.self) { return StateSyntax.isLiteral(cast.expression) }
        guard let first = value.as(SequenceExprSyntax.self)?.elements.first else { return false }
        return StateSyntax.isLiteral(first)
    }

    /// The standard library's integer types.
    private static let standardIntegers: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "Int128", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128",
    ]

    /// The type a value's own syntax states: `x as T`, an initializer `T(…)` (a capitalized name called), or a
    /// type's `T.max`, `T.min` or `T.zero`; `nil` otherwise.
    private static func writtenType(_ value: ExprSyntax) -> String? {
        let value = value.withoutParentheses
        if let cast = value.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil {
            return cast.type.trimmedDescription
        }
        // `0 as Int` as the parser leaves it, unfolded.
        if let elements = value.as(SequenceExprSyntax.self).map({ Array($0.elements) }), elements.count == 3,
            let cast = elements[1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil,
            let type = elements[2].as(TypeExprSyntax.self)
        {
            return type.type.trimmedDescription
        }
        if let call = value.as(FunctionCallExprSyntax.self), call.trailingClosure == nil {
            let called = call.calledExpression.trimmedDescription
            return called.first?.isUppercase == true && !called.contains(".") ? called : nil
        }
        if let member = value.as(MemberAccessExprSyntax.self),
            ["max", "min", "zero"].contains(member.declName.baseName.text),
            let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, base.first?.isUppercase == true
        {
            return base
        }
        return nil
    }

    /// Whether the assertion fails only when a value equals a literal (`XCTAssert(x != nil)`, `XCTAssertTrue(s !=
    /// "not equal")`, `XCTAssertFalse(n == 34343)`, SwiftyJSON 5.0.2's): XCTAssertNotEqual or XCTAssertNotNil
    /// would print that literal, which the line already shows, so the rewrite adds nothing. An inequality of two
    /// values the test computes still is advice (the failure would print their common value).
    static func failsOnlyOnALiteral(_ name: String, _ expression: ExprSyntax, token: TokenSyntax) -> Bool {
        let negative = name == "XCTAssertFalse" ? ["==", "==="] : ["!=", "!=="]
        guard negative.contains(token.text), let (left, _, right) = EqualityShapeDetector.comparison(expression)
        else { return false }
        return StateSyntax.isLiteral(left) || StateSyntax.isLiteral(right)
    }

    /// The operator of an equality or identity an assertion states as a Boolean, when a rewrite can state
    /// it: not of metatypes (`Animal.self`, no XCTAssertEqual or XCTAssertIdentical form), nor of a tuple
    /// written out on either side (`pair == (42, "Blob")`: tuples' `==` is a free function XCTAssertEqual
    /// cannot call, whatever the facts say; pointfreeco/swift-case-paths 1.10.0), or bound to the name compared
    /// where it is compared (`let value = (1, 1)` then `value == registry.defaultValue(…)`, Brightify/Cuckoo 2.4.0).
    /// A cast on one side (`c.a as? A === a`) is neither.
    private static func equalityOperator(_ expression: ExprSyntax, test: ScannedTest) -> TokenSyntax? {
        if let token = EqualityShapeDetector.castComparison(expression) { return token }
        guard let (left, _, right) = EqualityShapeDetector.comparison(expression) else { return nil }
        let isTuple = { (side: ExprSyntax) in
            let value =
                side.as(DeclReferenceExprSyntax.self).flatMap { test.letValue(of: $0.baseName.text, at: Syntax(side)) }
                ?? side
            return (value.as(TupleExprSyntax.self)?.elements.count ?? 0) > 1
        }
        guard !EqualityShapeDetector.isMetatype(left), !EqualityShapeDetector.isMetatype(right), !isTuple(left),
            !isTuple(right)
        else { return nil }
        return operatorToken(expression)
    }

    /// The operator token of `a op b`, folded or not.
    private static func operatorToken(_ comparison: ExprSyntax) -> TokenSyntax? {
        if let infix = comparison.as(InfixOperatorExprSyntax.self) {
            return infix.operator.as(BinaryOperatorExprSyntax.self)?.operator
        }
        return comparison.as(SequenceExprSyntax.self).flatMap {
            Array($0.elements).dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator
        }
    }

    /// Whether `value` is a `Bool`: `.some(nil)` when the types say so, `.some(why)` when only the syntax
    /// does, `nil` when it is not.
    private static func isBool(
        _ value: ExprSyntax, test: ScannedTest, sources: SourceFunctions?, literalTypes: () -> LiteralTypedValues
    ) -> Unconfirmed?? {
        switch test.type(of: value) {
        case .known(let type): return type.isBool ? .some(nil) : nil
        case .unknown(let why):
            if literalTypes().isNotBool(value) || madeByAnotherType(value, sources: sources) { return nil }
            // A method of the package's whose every declaration of these labels returns an optional: of the type that
            // made the value when the test shows it (the package's own, or one it extends), else of any type.
            if let sources, let call = value.withoutTryOrAwait.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                sources.returnsOnlyOptional(
                    member.declName.baseName.text, labels: call.arguments.map { $0.label?.text },
                    owner: initializedType(base, test: test))
            {
                return nil
            }
            if let sources, let member = value.as(MemberAccessExprSyntax.self), let base = member.base {
                let name = member.declName.baseName.text
                let ofPackage =
                    !madeByOtherThanPackage(base, test: test, sources: sources)
                    && (sources.declaresOnlyOptionalProperty(name)
                        || packageType(making: base, test: test, sources: sources).map({
                            sources.declaresOnlyOptionalProperty(name, ofType: $0)
                        }) == true)
                // A string literal's member an extension of the package declares (KituraContracts 1.2.201's
                // `extension String { public var boolean: Bool? }`, read by `"true".boolean`).
                let ofExtendedString =
                    test.boundValue(of: base).is(StringLiteralExprSyntax.self)
                    && sources.declaresOnlyOptionalProperty(name, ofType: "String")
                if ofPackage || ofExtendedString { return nil }
            }
            return .some(why)
        }
    }

    /// Without types: a value an initializer of a type other than `Bool` makes (`Attribute<Bool>(value: false)`,
    /// mattpolzin/JSONAPI 5.3.1), whose comparison with a literal is that type's `ExpressibleByBooleanLiteral`: a
    /// generic type, or one the package's sources declare. Not a capitalized function of C or Apple's
    /// (`SecTrustEvaluateWithError(trust, nil)`, `CFEqual(a, b)`), which returns a `Bool`.
    private static func madeByAnotherType(_ value: ExprSyntax, sources: SourceFunctions?) -> Bool {
        guard let call = value.withoutTryOrAwait.as(FunctionCallExprSyntax.self) else { return false }
        if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
            let type = generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return type != "Bool"
        }
        guard let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, type != "Bool",
            type.first?.isUppercase == true
        else { return false }
        return sources?.declaresType(type) ?? false
    }

    /// The capitalized type whose initializer made `base` (``ScannedTest/boundValue(of:orOnlyBinding:)``):
    /// `YYJSONValue` of `let value = try YYJSONValue(string: "true")`; `nil` for anything else.
    private static func initializedType(_ base: ExprSyntax, test: ScannedTest) -> String? {
        guard let call = test.boundValue(of: base).as(FunctionCallExprSyntax.self),
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            type.first?.isUppercase == true
        else { return nil }
        return type
    }

    /// The type of the package's sources whose initializer made `base`; `nil` otherwise.
    private static func packageType(making base: ExprSyntax, test: ScannedTest, sources: SourceFunctions) -> String? {
        initializedType(base, test: test).flatMap { sources.declaresTypeOrAlias($0) ? $0 : nil }
    }

    /// Whether `base` is a value the test makes with a type the package's sources do not declare (`let view =
    /// UIView()`, then `view.isHidden`), or a literal: its member is that type's, whatever the package declares of
    /// the name.
    private static func madeByOtherThanPackage(_ base: ExprSyntax, test: ScannedTest, sources: SourceFunctions) -> Bool
    {
        let value = test.boundValue(of: base)
        if value.is(ArrayExprSyntax.self) || value.is(DictionaryExprSyntax.self)
            || value.is(StringLiteralExprSyntax.self)
        {
            return true
        }
        return initializedType(base, test: test).map { !sources.declaresTypeOrAlias($0) } ?? false
    }

    /// Whether the `==` or `!=` at `token` is one `XCTAssertEqual` can call: a static member of a
    /// type (its `Equatable` witness, or the protocol's requirement), not a free function.
    private static func equatableOperator(_ token: TokenSyntax, test: ScannedTest) -> TypedAnswer<Bool> {
        let answer = test.ask { facts in
            facts.facts(startingAt: token.positionAfterSkippingLeadingTrivia.utf8Offset).first {
                $0.declarationIndex >= 0
            }.flatMap(facts.declaration(of:))
        }
        switch answer {
        case .known(let declaration): return .known(declaration.usr.hasSuffix("FZ"))
        case .unknown(let why): return .unknown(why)
        }
    }
}
