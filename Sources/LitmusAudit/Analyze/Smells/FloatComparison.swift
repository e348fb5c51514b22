import Foundation
import SwiftSyntax

/// floatEquality: an equality check of floating-point values without a tolerance. The syntax proposes every
/// equality with two operands; the compiler's types decide: a `Float`, `Double`, `Float16`, `Float80` or
/// `CGFloat` operand (optional or not) makes it one, a `Decimal` or a type compared as text does not.
/// Without types, the syntax decides as it can (a floating-point literal, a name the test declares
/// floating-point, a test generic over floating point), and the finding is unconfirmed. Not either way: a
/// value exact by construction, written with integers whose quotient a binary fraction holds
/// (`1200/100` is 12), a floating-point literal a binary fraction holds where the test computes nothing that rounds
/// (`2.5`, ``isExactFloatLiteral(_:)``), or a value the test gave, passed through: a literal it wrote elsewhere too,
/// a literal whose number is written in the text the test gave (a parser's `123.123E2` of `"123.123E2 Hello"`, which a
/// correctly rounded conversion makes the very same value), or a name the test passed to a call, interpolated into a
/// text or set a member to, negated or not (`recorder.record(value)` … `recorder.lastValue == value`; `record(-value)`
/// … `== -value`; ObjectMapper's `"{\"double\" : \(value)}"` parsed, or `object.double = value` written out and
/// parsed back, … `== value`), a literal whose IEEE 754 bytes the test wrote out (``encodes(_:in:)``), or a decimal
/// no binary fraction holds that the package's own code writes as a literal too
/// (``SourceFunctions/writesFloatLiteral(_:)``).
struct FloatComparison {
    let test: ScannedTest
    /// Whether the test is generic over floating-point types (`<T: BinaryFloatingPoint>`); `Real` alone is
    /// also the scalar of a complex number, which compares exactly.
    private let generic: Bool
    /// The test's floating-point names, read only for a test comparing a name.
    private var floatNames: Set<String>?
    /// The numbers the test writes, read only for a test comparing a literal.
    private var numbers: MagicNumberContext?
    /// The magnitudes of the numbers the test gives outside its checks (``numbersGiven(_:)``), read only for a
    /// test comparing a literal.
    private var givenNumbers: Set<Double>?
    /// The arguments of the calls the test makes that are not checks, as written, read only for a test
    /// comparing a name.
    private var passed: Set<String>?
    /// The byte arrays the test writes (``byteLiterals(_:)``), read only for a test comparing a literal.
    private var bytes: [[UInt8]]?
    /// Whether the test may compute with rounding (``mayRound(_:)``), read only for a test comparing a literal a binary
    /// fraction holds.
    private var rounds: Bool?

    /// The package's sources, if known: a type written on a name that they declare is no float.
    let sources: SourceFunctions?

    init(_ test: ScannedTest, sources: SourceFunctions? = nil) {
        self.test = test
        self.sources = sources
        generic =
            test.declaration.as(FunctionDeclSyntax.self)?.genericParameterClause?.trimmedDescription.contains(
                "FloatingPoint") ?? false
    }

    /// Whether the check comparing `operands` is a floatEquality, and why it is unconfirmed if it is one the
    /// types could not confirm; `nil` when it is none.
    mutating func judge(operands: [ExprSyntax], arguments: [LabeledExprSyntax]) -> Unconfirmed?? {
        // A comparison with `nil` asks whether there is a value, not what it is: no rounding reaches it
        // (swift-configuration's `config.double(forKey: "timeout") == nil`, swift-metrics').
        guard operands.count == 2, !operands.allSatisfy(Self.isFloatLiteral),
            !operands.contains(where: { $0.is(TupleExprSyntax.self) || $0.is(NilLiteralExprSyntax.self) }),
            !arguments.contains(where: { $0.label?.text == "accuracy" })
        else { return nil }
        let types = operands.compactMap { test.type(of: $0).value }
        var unconfirmed: Unconfirmed?
        if types.isEmpty {
            guard syntaxSaysFloating(operands) else { return nil }
            unconfirmed = test.type(of: operands[0]).unconfirmed
        } else if !types.contains(where: \.isFloatingPoint) {
            return nil
        }
        if operands.contains(where: { Self.exactValue(Self.uncast($0)) || Self.isExactSpecial($0) }) { return nil }
        // Both sides rounded to a whole number (GRDB 7.10.0's `round(Double(a.nanosecond!) / 1.0e6) ==
        // round(Double(b.nanosecond!) / 1.0e6)`, milliseconds compared): a `Double` holds every whole number up to
        // 2^53 exactly, so nothing is left to round. One side alone may still be a computed value a hair off.
        if operands.allSatisfy(Self.isRoundedToWhole) { return nil }
        if Self.comparesWithItsRounding(operands) { return nil }
        // A literal a binary fraction holds, where the test feeds the code no decimal that rounds (`for _ in 0 ..< 10
        // { total += 0.1 }` … `== 1.0` is the classic accident).
        if operands.contains(where: { Self.isExactFloatLiteral(Self.uncast($0)) }) {
            let mayRound = rounds ?? Self.mayRound(test)
            rounds = mayRound
            if !mayRound { return nil }
        }
        // A literal the test wrote elsewhere too is the value it gave, passed through (FlyingFox's
        // `Double(parameter: "10.5") == 10.5`): exact, with no arithmetic to round.
        for literal in operands.map(Self.uncast) where Self.isFloatLiteral(literal) || Self.isIntegerLiteral(literal) {
            let context = numbers ?? MagicNumberContext(test)
            numbers = context
            let other = operands.first { Self.uncast($0).id != literal.id }
            if context.writtenElsewhere(literal, comparedWith: other) { return nil }
            let given = givenNumbers ?? Self.numbersGiven(test)
            givenNumbers = given
            if let value = Self.magnitude(of: literal), given.contains(value) { return nil }
            // A decimal no binary fraction holds that the package's own code writes too (a table of versions, a
            // default argument) is that stored literal read back: compared with the same literal it is the same
            // double. Not an exact one (`1.0`, `0.5`), which a computation that rounds may also reach.
            if Self.isFloatLiteral(literal), !Self.isExactFloatLiteral(literal), let sources,
                sources.writesFloatLiteral(Self.unsigned(literal).trimmedDescription)
            {
                return nil
            }
            let written = bytes ?? Self.byteLiterals(test)
            bytes = written
            if Self.encodes(literal, in: written, test: test) { return nil }
        }
        for operand in operands where Self.isName(operand) {
            let arguments = passed ?? Self.passedArguments(test)
            passed = arguments
            if arguments.contains(operand.trimmedDescription) { return nil }
            if operands.contains(where: { Self.passes(operand.trimmedDescription, through: $0) }) { return nil }
            // Handed on otherwise, and compared with a value read back, not with a literal (a result the test also
            // stores or prints, `XCTAssertEqual(sum, 0.3)`, is still computed).
            if let name = operand.as(DeclReferenceExprSyntax.self)?.baseName.text,
                !operands.contains(where: { Self.isFloatLiteral(Self.uncast($0)) || Self.isIntegerLiteral($0) }),
                Self.handsOn(name, before: Syntax(operand), test: test)
            {
                return nil
            }
        }
        return .some(unconfirmed)
    }

    /// `2.5` of `2.5 as Float` (folded, or an assertion's unfolded argument: OpenAPIKit's `XCTAssertEqual(… as?
    /// Float, 2.5 as Float)`) and of `Float(2.5)`, a floating-point type made from a number literal (GRDB 7.10.0's
    /// `Float(3)`): the value a cast or that conversion gives its type; any other expression as it is.
    static func uncast(_ expression: ExprSyntax) -> ExprSyntax {
        if let cast = expression.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil { return cast.expression }
        if let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            floatingPointTypes.contains(type), call.arguments.count == 1, let argument = call.arguments.first,
            argument.label == nil, isFloatLiteral(argument.expression) || isIntegerLiteral(argument.expression)
        {
            return argument.expression
        }
        if let elements = expression.as(SequenceExprSyntax.self).map({ Array($0.elements) }), elements.count == 3,
            let cast = elements[1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil
        {
            return elements[0]
        }
        return expression
    }

    /// Whether `expression` is rounded to a whole number: `round(x)`, `floor(x)`, `ceil(x)`, `trunc(x)` (the C library's
    /// or Foundation's functions of one value) or `x.rounded()` with or without a rule (`.rounded(.down)`; not a
    /// package's `rounded(toPlaces:)`).
    static func isRoundedToWhole(_ expression: ExprSyntax) -> Bool { rounded(expression) != nil }

    /// The `x` that `expression` rounds to a whole number (``isRoundedToWhole(_:)``), if it does.
    static func rounded(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let call = expression.withoutTryOrAwait.as(FunctionCallExprSyntax.self) else { return nil }
        if let function = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            guard ["round", "floor", "ceil", "trunc"].contains(function), call.arguments.count == 1,
                call.arguments.first?.label == nil
            else { return nil }
            return call.arguments.first?.expression
        }
        // A rounding rule (`.rounded(.down)`, `FloatingPointRoundingRule.up`), not a step or a number of places
        // (`rounded(toPlaces: 2)`, a package's `rounded(2)`).
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text == "rounded", call.arguments.count <= 1,
            call.arguments.allSatisfy({ $0.label == nil && $0.expression.is(MemberAccessExprSyntax.self) })
        else { return nil }
        return base
    }

    /// Whether one of two `operands` is the other rounded to a whole number (`x.rounded() == x`, `floor(x) == x`): a
    /// check that `x` is whole, exact whatever `x` is, since rounding a double to a whole number is exact and `==`
    /// then holds exactly when nothing was cut off (swift-property-based 2.0.1's shrunk date, `last.rounded() ==
    /// last`). Only of a stored value, a local name or its members: a call or a type's member may give each side
    /// another value (`Date().timeIntervalSince1970`, `Date.now.timeIntervalSince1970`), and arithmetic may round
    /// before the rounding does (`(price * 100).rounded() == price * 100`).
    static func comparesWithItsRounding(_ operands: [ExprSyntax]) -> Bool {
        guard operands.count == 2 else { return false }
        return [(0, 1), (1, 0)].contains { pair in
            guard let inner = rounded(uncast(operands[pair.0]))?.withoutParentheses, isLocalValue(inner) else {
                return false
            }
            return inner.trimmedDescription == uncast(operands[pair.1]).withoutParentheses.trimmedDescription
        }
    }

    /// Whether `expression` is a local name (`last`, `self`) or a chain of its members (`self.result.seconds`): no
    /// call, no operator, no type's member.
    private static func isLocalValue(_ expression: ExprSyntax) -> Bool {
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            return name.first.map { $0.isLowercase || $0 == "_" } ?? false
        }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base else { return false }
        return isLocalValue(base)
    }

    /// The magnitude of a number literal, its sign and `_` separators aside.
    static func magnitude(of literal: ExprSyntax) -> Double? {
        var text = literal.trimmedDescription.replacingOccurrences(of: "_", with: "")
        if text.hasPrefix("-") { text.removeFirst() }
        return Double(text.trimmingCharacters(in: .whitespaces))
    }

    /// Whether the test, or its type's fixtures (stored properties' values, `setUp`, `init`: ``TestFixtures``), may
    /// compute with rounding: a floating-point literal no binary fraction holds (``isExactFloatLiteral(_:)``), in a
    /// check or out of it (`mean([0.1, 0.2, 0.3, 0.4]) == 0.25`), such a decimal in a text it gives (`parse("[0.1,
    /// 0.7]")`), or a division (`Double(i) / 10`, `1.0 / 3 * 3`: a quotient rounds).
    private static func mayRound(_ test: ScannedTest) -> Bool {
        let nodes = test.nodes + TestFixtures(around: test.declaration).nodes
        return nodes.contains { node in
            if let literal = node.as(FloatLiteralExprSyntax.self) { return !isExactFloatLiteral(ExprSyntax(literal)) }
            if let segment = node.as(StringSegmentSyntax.self) { return writesInexactDecimal(segment.content.text) }
            return node.as(BinaryOperatorExprSyntax.self)?.operator.text == "/"
        }
    }

    /// Whether `text` holds a decimal number (`0.1`, `2.44`) no binary fraction holds.
    private static func writesInexactDecimal(_ text: String) -> Bool {
        guard text.contains(".") else { return false }
        var found = false
        let pattern = #"\d+\.\d+(?:[eE][-+]?\d+)?"#
        var range = text.startIndex..<text.endIndex
        while !found, let match = text.range(of: pattern, options: .regularExpression, range: range) {
            found = !isExactDecimal(String(text[match]))
            range = match.upperBound..<text.endIndex
        }
        return found
    }

    /// The nodes of the test's checks; without `record` called on another value than the test
    /// (`recorder.record(value)` gives a metric a value; XCTest's and Swift Testing's `record` are the test's own).
    static func checkedNodes(_ test: ScannedTest) -> Set<SyntaxIdentifier> {
        Set(
            test.assertions.filter { !recordsOnAnother($0) }.flatMap {
                [$0.id] + $0.descendants(of: Syntax.self).map(\.id)
            })
    }

    /// `x.record(…)` with `x` not `self`, `Issue` or `XCTContext`.
    private static func recordsOnAnother(_ node: Syntax) -> Bool {
        guard let member = node.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "record", let base = member.base?.trimmedDescription
        else { return false }
        return !["self", "Issue", "XCTContext", "super"].contains(base)
    }

    /// Calls that read a value without giving it to the code under test: printing it, converting it.
    private static let readsOnly: Set<String> = [
        "print", "debugPrint", "dump", "String", "Float", "Double", "Int", "CGFloat", "Float80", "Float16",
    ]

    /// A name, a name subscripted, or either negated (`value`, `values[i]`, `-value`): negation is exact.
    private static func isName(_ expression: ExprSyntax) -> Bool {
        let expression = unsigned(expression)
        if expression.is(DeclReferenceExprSyntax.self) { return true }
        guard let subscripted = expression.as(SubscriptCallExprSyntax.self) else { return false }
        return subscripted.calledExpression.is(DeclReferenceExprSyntax.self)
    }

    /// The arguments, as written, of the calls the test makes outside its checks: the values it gives the
    /// code under test (an array literal's elements and a dictionary literal's values among them).
    private static func passedArguments(_ test: ScannedTest) -> Set<String> {
        let checked = checkedNodes(test)
        var arguments: Set<String> = []
        for call in test.all(FunctionCallExprSyntax.self)
        where !checked.contains(call.id) && !readsOnly.contains(call.calledExpression.trimmedDescription) {
            for argument in call.arguments { arguments.formUnion(given(argument.expression)) }
        }
        return arguments
    }

    /// Whether the test hands `name` on before `check`, after the name's last binding there: interpolated into a text
    /// that it passes to a call outside its checks, directly or by a name bound to it (ObjectMapper 4.4.3's `let
    /// JSONString = "{\"double\" : \(value)}"` then `mapper.map(JSONString: JSONString)`), or set as a member or an
    /// element, alone or in an array or dictionary literal (`object.double = value`, `object.arrayDouble = [value]`).
    /// Not a text only printed, logged or used as a check's message.
    private static func handsOn(_ name: String, before check: Syntax, test: ScannedTest) -> Bool {
        let checked = checkedNodes(test)
        let bound =
            test.all(PatternBindingSyntax.self).last {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name && $0.endPosition <= check.position
            }?.endPosition ?? test.declaration.position
        let arguments = passedArguments(test)
        let isSite = { (node: Syntax) in
            !checked.contains(node.id) && node.position >= bound && node.endPosition <= check.position
        }
        for segment in test.all(ExpressionSegmentSyntax.self) where isSite(Syntax(segment)) {
            guard segment.expressions.contains(where: { given($0.expression).contains(name) }),
                let text = segment.ancestorOrSelf(mapping: { $0.as(StringLiteralExprSyntax.self) })
            else { continue }
            if arguments.contains(text.trimmedDescription) && !isReadOnly(segment, in: test) { return true }
            if let binding = text.parent?.parent?.as(PatternBindingSyntax.self),
                let textName = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                arguments.contains(textName)
            {
                return true
            }
        }
        for sequence in test.all(SequenceExprSyntax.self) where isSite(Syntax(sequence)) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                elements[0].is(MemberAccessExprSyntax.self) || elements[0].is(SubscriptCallExprSyntax.self),
                given(elements[2]).contains(name)
            {
                return true
            }
        }
        return false
    }

    /// Whether `other` is a round trip given `name` as written (`XCTAssertEqual(self.recodeJSON(c3), c3)`,
    /// objecthub/swift-numberkit 2.6): the test's own value encoded and decoded back, which should keep every bit
    /// (exact equality is what such a test means), compared with itself. A call named for one (`roundTrip`, `recode`,
    /// `reencode`, or encode and decode both); any other call computes a new value (`scale(factor) == factor`).
    private static func passes(_ name: String, through other: ExprSyntax) -> Bool {
        let inner = other.withoutTryOrAwait
        guard let call = inner.as(FunctionCallExprSyntax.self),
            let called = CallCollector.calledName(call.calledExpression)?.lowercased(),
            ["roundtrip", "recode", "reencode"].contains(where: called.contains)
                || called.contains("encode") && called.contains("decode")
        else { return false }
        return call.arguments.contains { given($0.expression).contains(name) }
    }

    /// `value` as written, and the elements of an array or tuple literal or the values of a dictionary literal it is
    /// (`object.arrayDouble = [value]`: ObjectMapper 4.4.3; a double's stub given `(.test3, value)` to return:
    /// Kolos65/Mockable 0.6.4).
    private static func given(_ value: ExprSyntax) -> [String] {
        var texts = [value.trimmedDescription]
        if let array = value.as(ArrayExprSyntax.self) {
            texts += array.elements.map(\.expression.trimmedDescription)
        } else if let tuple = value.as(TupleExprSyntax.self), tuple.elements.count > 1 {
            texts += tuple.elements.map(\.expression.trimmedDescription)
        } else if let elements = value.as(DictionaryExprSyntax.self)?.content.as(DictionaryElementListSyntax.self) {
            texts += elements.map(\.value.trimmedDescription)
        }
        return texts
    }

    /// Whether `node` is within a call that only reads what it is given (``readsOnly``: `print("\(value)")`).
    private static func isReadOnly(_ node: ExpressionSegmentSyntax, in test: ScannedTest) -> Bool {
        var current = node.parent
        while let parent = current, parent.id != test.declaration.id {
            if let call = parent.as(FunctionCallExprSyntax.self),
                readsOnly.contains(call.calledExpression.trimmedDescription)
            {
                return true
            }
            current = parent.parent
        }
        return false
    }

    /// What the syntax alone tells: a floating-point literal, a name the test declares floating-point, a
    /// test generic over floating point.
    private mutating func syntaxSaysFloating(_ operands: [ExprSyntax]) -> Bool {
        if generic { return true }
        if operands.map(Self.uncast).contains(where: Self.isFloatLiteral) {
            return !operands.contains(where: madeByPackageType)
        }
        let references = operands.compactMap { Self.unsigned($0).as(DeclReferenceExprSyntax.self) }
        guard !references.isEmpty else { return false }
        let names = floatNames ?? Self.floatingPointNames(test, sources: sources)
        floatNames = names
        return references.contains { names.contains($0.baseName.text) }
    }

    /// The floating-point types a test may declare a value of.
    static let floatingPointTypes: Set<String> = [
        "Double", "Float", "CGFloat", "Float32", "Float64", "Float80", "Float16", "TimeInterval",
    ]

    /// The names the test declares as floating-point values: `let x: Double = …`, `var y = Float(…)`,
    /// `let z = 0.5` (a float literal makes a `Double`), and its own parameters of such a type. A type written on
    /// the name decides when it is known: a floating-point one, or a type (not an alias) the package's `sources`
    /// declare, whose value the float literal made (`let value: MessagePackValue = 3.14`, a2/MessagePack.swift 4.0.0's
    /// `ExpressibleByFloatLiteral` enum, not a `Double`). Any other written type (`CLLocationDegrees`, an alias of
    /// `Double`, `Swift.Double`) leaves the literal to say.
    static func floatingPointNames(_ test: ScannedTest, sources: SourceFunctions? = nil) -> Set<String> {
        var names: Set<String> = []
        func isFloatType(_ type: TypeSyntax?) -> Bool {
            guard var text = type?.trimmedDescription else { return false }
            if text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
            return floatingPointTypes.contains(text)
        }
        for binding in test.all(PatternBindingSyntax.self) {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            let value = binding.initializer?.value
            let madeByType = value?.as(FunctionCallExprSyntax.self).map {
                floatingPointTypes.contains($0.calledExpression.trimmedDescription)
            }
            let annotated = binding.typeAnnotation?.type
            if isFloatType(annotated) {
                names.insert(name)
            } else if let annotated, let sources, sources.declaresType(annotated.trimmedDescription) {
                continue
            } else if madeByType == true || value.map(isFloatLiteral) == true {
                names.insert(name)
            }
        }
        for parameter in test.declaration.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters ?? []
        where isFloatType(parameter.type) {
            names.insert((parameter.secondName ?? parameter.firstName).text)
        }
        return names
    }
}
