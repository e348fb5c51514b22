import SwiftSyntax

/// A stored optional property of a value the test made from a type only its tests declare, set from a literal
/// (GRDB.swift 7.10.0: `let record = MinimalSingle()`, `record.UUID = "theUUID"`, `try record.insert(db)`, then
/// `record.UUID!`). The package's code cannot name the property of a type it does not know: only the type's own
/// members (the protocol requirements the package calls, `didInsert`) and the tests can set it. A force unwrap of
/// it cannot trap when:
/// - the value is a constant the test binds to `T(…)` or `T.init(…)`, and only test files declare `T` (a struct or
///   class, with its extensions) and the property, stored, plain (no accessor, wrapper, `lazy`, `weak`, `static`);
/// - no member of `T` but an initializer assigns it, hands it `inout` or names its key path;
/// - the test sets it without a condition: the initializer is given a literal for it (a struct's memberwise
///   `init`, or an `init` of the label that stores its parameter in it), or a statement of the block that binds the
///   value, before the unwrap, assigns it a literal;
/// - every other assignment of it in the test is of a literal that is not `nil`, or comes in the unwrap's statement
///   or after it with no loop around the unwrap; and the test hands the value to no function its tests declare.
enum TestMadeValue {
    static func cannotBeNil(
        _ expression: ExprSyntax, at unwrap: ForceUnwrapExprSyntax, test: ScannedTest, sources: SourceFunctions?
    ) -> Bool {
        guard let sources, let member = expression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self), case .identifier = base.baseName.tokenKind,
            member.declName.argumentNames == nil
        else { return false }
        let name = base.baseName.text
        let property = member.declName.baseName.text
        guard let made = test.letValue(of: name, at: Syntax(unwrap))?.as(FunctionCallExprSyntax.self),
            let typeName = madeType(made), let declarations = sources.testOnlyDeclarations(of: typeName),
            isPlainStoredProperty(property, in: declarations),
            !declarations.contains(where: { setsOutsideInitializers(property, in: Syntax($0)) })
        else { return false }
        let statement = unwrap.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) })
        let start = statement?.position ?? unwrap.position
        let looped =
            Syntax(unwrap).ancestorOrSelf { node in
                node.is(ForStmtSyntax.self) || node.is(WhileStmtSyntax.self) || node.is(RepeatStmtSyntax.self)
                    ? node : nil
            }.map { test.declaration.position <= $0.position } ?? false
        for assignment in assignments(of: property, on: name, in: test.declaration)
        where !isNonNilLiteral(assignment.value) && (looped || assignment.statement.position < start) {
            return false
        }
        if handsToTestFunction(name, before: unwrap, test: test, sources: sources) { return false }
        return givesLiteral(made, to: property, declarations: declarations)
            || setsFirst(property, on: name, made: made, before: start)
    }

    /// `T` of `T(…)` or `T.init(…)`: a capitalised name without generic arguments.
    private static func madeType(_ call: FunctionCallExprSyntax) -> String? {
        var called = call.calledExpression
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`),
            let base = member.base
        {
            called = base
        }
        guard let reference = called.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            reference.baseName.text.first?.isUppercase == true
        else { return nil }
        return reference.baseName.text
    }

    /// Whether the type (not an extension) declares `property` as a plain stored `var`.
    private static func isPlainStoredProperty(_ property: String, in declarations: [DeclGroupSyntax]) -> Bool {
        declarations.filter { !$0.is(ExtensionDeclSyntax.self) }.contains { declaration in
            declaration.memberBlock.members.contains { member in
                guard let variable = member.decl.as(VariableDeclSyntax.self), variable.attributes.isEmpty,
                    variable.bindingSpecifier.tokenKind == .keyword(.var),
                    !variable.modifiers.contains(where: {
                        ["static", "class", "lazy", "weak", "unowned"].contains($0.name.text)
                    })
                else { return false }
                return variable.bindings.contains {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == property && $0.accessorBlock == nil
                }
            }
        }
    }

    /// Whether code of `region` outside its initializers assigns `property` (`x = …`, `self.x += …`), passes it
    /// `inout` or names a key path to it.
    private static func setsOutsideInitializers(_ property: String, in region: Syntax) -> Bool {
        for node in region.descendants(of: Syntax.self) {
            let named: ExprSyntax?
            if let sequence = node.as(SequenceExprSyntax.self), let operation = sequence.elements.dropFirst().first,
                isAssignment(operation)
            {
                named = sequence.elements.first
            } else if let passed = node.as(InOutExprSyntax.self) {
                named = passed.expression
            } else if let path = node.as(KeyPathExprSyntax.self) {
                if path.components.last?.component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName.text
                    == property
                {
                    return true
                }
                continue
            } else {
                continue
            }
            guard let named, AssignedAtSetUp.propertyName(named) == property else { continue }
            if node.ancestorOrSelf(mapping: { $0.as(InitializerDeclSyntax.self) }) == nil { return true }
        }
        return false
    }

    /// `=`, or an operator that assigns (`+=`, `??=`).
    private static func isAssignment(_ operation: ExprSyntax) -> Bool {
        if operation.is(AssignmentExprSyntax.self) { return true }
        guard let text = operation.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
        return text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
    }

    /// Every `name.property = value` of `region`, with its statement.
    private static func assignments(
        of property: String, on name: String, in region: Syntax
    ) -> [(value: ExprSyntax, statement: Syntax)] {
        region.descendants(of: SequenceExprSyntax.self).compactMap { sequence in
            let elements = Array(sequence.elements)
            guard elements.count >= 3, isAssignment(elements[1]), names(elements[0], property, on: name) else {
                return nil
            }
            let value = elements.count == 3 && elements[1].is(AssignmentExprSyntax.self) ? elements[2] : elements[1]
            return (value, Syntax(sequence))
        }
    }

    private static func names(_ expression: ExprSyntax, _ property: String, on name: String) -> Bool {
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return false }
        return member.declName.baseName.text == property
            && member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name
    }

    /// A string, number or Boolean literal, or an array or dictionary literal (not `nil`); a negative number.
    private static func isNonNilLiteral(_ value: ExprSyntax) -> Bool {
        if let prefixed = value.as(PrefixOperatorExprSyntax.self), prefixed.operator.text == "-" {
            return prefixed.expression.is(IntegerLiteralExprSyntax.self)
                || prefixed.expression.is(FloatLiteralExprSyntax.self)
        }
        return value.is(StringLiteralExprSyntax.self) || value.is(IntegerLiteralExprSyntax.self)
            || value.is(FloatLiteralExprSyntax.self) || value.is(BooleanLiteralExprSyntax.self)
            || value.is(ArrayExprSyntax.self) || value.is(DictionaryExprSyntax.self)
    }

    /// Whether `made` gives the initializer a literal labelled `property` that it stores: a struct's memberwise
    /// initializer (no `init` declared in the type), or every `init` with that label sets `self.property` to its
    /// parameter in its own statements.
    private static func givesLiteral(
        _ made: FunctionCallExprSyntax, to property: String, declarations: [DeclGroupSyntax]
    ) -> Bool {
        guard let argument = made.arguments.first(where: { $0.label?.text == property }),
            isNonNilLiteral(argument.expression)
        else { return false }
        let initializers = declarations.flatMap { declaration in
            declaration.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        }
        if initializers.isEmpty {
            return declarations.contains { $0.is(StructDeclSyntax.self) }
        }
        let labelled = initializers.compactMap { initializer -> (InitializerDeclSyntax, String)? in
            guard
                let parameter = initializer.signature.parameterClause.parameters.first(where: {
                    $0.firstName.text == property
                })
            else { return nil }
            return (initializer, (parameter.secondName ?? parameter.firstName).text)
        }
        return !labelled.isEmpty
            && labelled.allSatisfy { initializer, parameter in
                initializer.body?.statements.contains { statement in
                    guard let sequence = statement.item.as(SequenceExprSyntax.self) else { return false }
                    let elements = Array(sequence.elements)
                    return elements.count == 3 && elements[1].is(AssignmentExprSyntax.self)
                        && AssignedAtSetUp.propertyName(elements[0]) == property
                        && elements[2].as(DeclReferenceExprSyntax.self)?.baseName.text == parameter
                } == true
            }
    }

    /// Whether a statement of the block that binds the value, after its binding and before `end`, assigns
    /// `name.property` a literal.
    private static func setsFirst(
        _ property: String, on name: String, made: FunctionCallExprSyntax, before end: AbsolutePosition
    ) -> Bool {
        guard let binding = made.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) }),
            let block = binding.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        return block.contains { item in
            guard item.position > binding.position, item.endPosition <= end,
                let sequence = item.item.as(SequenceExprSyntax.self)
            else { return false }
            let elements = Array(sequence.elements)
            return elements.count == 3 && elements[1].is(AssignmentExprSyntax.self)
                && names(elements[0], property, on: name) && isNonNilLiteral(elements[2])
        }
    }

    /// Whether the test, before `unwrap`, passes the value to a function its tests declare (which may set the
    /// property), by name: `assertRecord(record)`.
    private static func handsToTestFunction(
        _ name: String, before unwrap: ForceUnwrapExprSyntax, test: ScannedTest, sources: SourceFunctions
    ) -> Bool {
        test.declaration.descendants(of: DeclReferenceExprSyntax.self).contains { reference in
            guard reference.position < unwrap.position, reference.baseName.text == name,
                let argument = reference.parent?.as(LabeledExprSyntax.self),
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
            else { return false }
            let callee =
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            return callee.map { sources.declaresMember($0) || $0.first?.isUppercase == true } ?? true
        }
    }
}
