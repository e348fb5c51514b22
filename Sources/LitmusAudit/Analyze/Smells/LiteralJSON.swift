import SwiftSyntax

/// `JSONSerialization.data(withJSONObject:)` of a literal the test writes: an array or a dictionary whose keys
/// are strings and whose values are strings, numbers, Booleans, or arrays and dictionaries of such (each
/// possibly a constant the test binds to one). Such an object is valid JSON, so the call cannot throw, and
/// its `try!` (or a `guard` on its `try?`) cannot trap (Moya 15.0.3's specs: 43 findings read false).
enum LiteralJSON {
    /// Whether `expression` (under a `try`) is that call, of an object the sources show is literal JSON.
    static func cannotThrow(_ expression: ExprSyntax, test: ScannedTest) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.trimmedDescription == "JSONSerialization", member.declName.baseName.text == "data",
            let object = call.arguments.first, object.label?.text == "withJSONObject"
        else { return false }
        let value = resolved(object.expression, test: test, depth: 0)
        guard let value, value.is(ArrayExprSyntax.self) || value.is(DictionaryExprSyntax.self) else { return false }
        return isJSON(value, test: test, depth: 0)
    }

    /// `expression`, or the literal a constant of that name is bound to where it is read: a `let` of a block
    /// around the read, before it, with no type or a type JSON has (`let c: Character = "a"` is no string).
    /// A call of a function of the test's file that takes nothing and returns a literal (tuist/XcodeProj 9.16.0's
    /// `func testDictionary() -> [String: Any] { ["files": ["a"], "buildActionMask": 0] }`) is that literal; so is a
    /// `var` bound to one that the test changes only by removing entries (`var dictionary = testDictionary();
    /// dictionary.removeValue(forKey: "dstPath")`), which leaves JSON JSON.
    private static func resolved(_ expression: ExprSyntax, test: ScannedTest, depth: Int) -> ExprSyntax? {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else {
            return returnedLiteral(expression) ?? expression
        }
        guard depth < 4 else { return nil }
        if let value = removedFromOnly(name, at: Syntax(expression), test: test) { return returnedLiteral(value) }
        guard let value = test.letValue(of: name, at: Syntax(expression)),
            let binding = value.parent?.parent?.as(PatternBindingSyntax.self),
            ScannedTest.isVisible(binding, at: Syntax(expression))
        else { return nil }
        guard let type = binding.typeAnnotation?.type else { return returnedLiteral(value) ?? value }
        let names = type.descendants(of: IdentifierTypeSyntax.self).map(\.name.text)
        return names.allSatisfy(jsonTypes.contains) ? returnedLiteral(value) ?? value : nil
    }

    /// The array or dictionary literal that a call of a function of the same file, declared without parameters and
    /// with that literal as its one statement, returns; `nil` for anything else.
    private static func returnedLiteral(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            call.trailingClosure == nil,
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        let declared = Syntax(call).root.descendants(of: FunctionDeclSyntax.self).filter { $0.name.text == name }
        guard declared.count == 1, let function = declared.first, function.signature.parameterClause.parameters.isEmpty,
            let statements = function.body?.statements, statements.count == 1, let only = statements.first
        else { return nil }
        let value = only.item.as(ExprSyntax.self) ?? only.item.as(ReturnStmtSyntax.self)?.expression
        guard let value, value.is(ArrayExprSyntax.self) || value.is(DictionaryExprSyntax.self) else { return nil }
        return value
    }

    /// The value of the test's one `var` `name`, in scope at `read`, when every other use of it is a read or a call
    /// of a `remove…` method on it (no assignment, no other method, not passed `inout`).
    private static func removedFromOnly(_ name: String, at read: Syntax, test: ScannedTest) -> ExprSyntax? {
        let bindings = test.all(PatternBindingSyntax.self).filter {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        }
        guard bindings.count == 1, let binding = bindings.first, binding.typeAnnotation == nil,
            binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.var),
            let value = binding.initializer?.value, ScannedTest.isVisible(binding, at: read)
        else { return nil }
        let uses = test.all(DeclReferenceExprSyntax.self).filter { $0.baseName.text == name }
        let changed = uses.contains { use in
            if let member = use.parent?.as(MemberAccessExprSyntax.self), member.base?.id == use.id {
                return !member.declName.baseName.text.hasPrefix("remove")
            }
            if use.parent?.is(InOutExprSyntax.self) == true { return true }
            // `name[k] = x`, `name[k]? = x`, `(name, other) = (…)`: the left side of an assignment.
            var assigned = Syntax(use)
            while let parent = assigned.parent,
                parent.is(SubscriptCallExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
                    || parent.is(LabeledExprSyntax.self) || parent.is(LabeledExprListSyntax.self)
                    || parent.is(TupleExprSyntax.self)
            {
                assigned = parent
            }
            guard let list = assigned.parent?.as(ExprListSyntax.self) else { return false }
            let elements = Array(list)
            guard let index = elements.firstIndex(where: { $0.id == assigned.id }), index + 1 < elements.count else {
                return false
            }
            return elements[index + 1].is(AssignmentExprSyntax.self)
                || elements[index + 1].is(BinaryOperatorExprSyntax.self)
                    && elements[index + 1].trimmedDescription.hasSuffix("=")
        }
        return changed ? nil : value
    }

    /// The types a JSON value written as a literal may be annotated with.
    static let jsonTypes: Set<String> = ["String", "Int", "Double", "Bool", "Any", "AnyHashable", "NSNumber"]

    /// Whether `value` is a JSON value written as a literal: a string (interpolated or not), a number, a
    /// Boolean, or an array or dictionary with string keys of such.
    private static func isJSON(_ value: ExprSyntax, test: ScannedTest, depth: Int) -> Bool {
        guard depth < 8, let value = resolved(value, test: test, depth: depth) else { return false }
        if value.is(StringLiteralExprSyntax.self) || value.is(IntegerLiteralExprSyntax.self)
            || value.is(BooleanLiteralExprSyntax.self)
        {
            return true
        }
        // A float literal past Double's range is infinite, which JSON cannot hold.
        if let float = value.as(FloatLiteralExprSyntax.self) { return Double(float.literal.text)?.isFinite == true }
        if let negative = value.as(PrefixOperatorExprSyntax.self), negative.operator.text == "-" {
            return negative.expression.is(IntegerLiteralExprSyntax.self)
                || (negative.expression.as(FloatLiteralExprSyntax.self).flatMap { Double($0.literal.text) }?.isFinite
                    ?? false)
        }
        if let array = value.as(ArrayExprSyntax.self) {
            return array.elements.allSatisfy { isJSON($0.expression, test: test, depth: depth + 1) }
        }
        if let dictionary = value.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return true }
            return elements.allSatisfy {
                $0.key.is(StringLiteralExprSyntax.self) && isJSON($0.value, test: test, depth: depth + 1)
            }
        }
        return false
    }
}
