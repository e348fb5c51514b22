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
///   or after it, outside every loop and closure around the unwrap; the test names the value only as the base of a
///   member (`record.insert(db)`: not `reset(record)`, `let alias = record`, `[record]`), binds it itself, and no
///   protocol of the files requires a property of the name (a protocol extension's method may set it).
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
            test.declaration.position <= made.position, made.endPosition <= test.declaration.endPosition,
            let typeName = madeType(made), !usedElsewhere(name, in: test),
            let declarations = sources.testOnlyDeclarations(of: typeName),
            isPlainStoredProperty(property, in: declarations),
            !declarations.contains(where: { setsOutsideInitializers(property, in: Syntax($0)) }),
            !sources.requiresProperty(property)
        else { return false }
        let statement = unwrap.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) })
        let start = statement?.position ?? unwrap.position
        // The loops and closures around the unwrap in the test: an assignment after it in one of them may come
        // before it on the next pass.
        let repeated = repeating(around: Syntax(unwrap), in: test.declaration)
        for assignment in assignments(of: property, on: name, in: test.declaration)
        where !isNonNilLiteral(assignment.value)
            && (assignment.statement.position < start
                || repeated.contains {
                    $0.position <= assignment.statement.position
                        && assignment.statement.endPosition <= $0.endPosition
                })
        {
            return false
        }
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
            guard let named,
                AssignedAtSetUp.propertyName(named) == property
                    || named.as(TupleExprSyntax.self)?.elements.contains(where: {
                        AssignedAtSetUp.propertyName($0.expression) == property
                    }) == true
            else { continue }
            if node.ancestorOrSelf(mapping: { $0.as(InitializerDeclSyntax.self) }) == nil { return true }
        }
        return false
    }

    /// How many assignments of `property` (`p = …`, `self.p += …`, `(p, q) = …`) `region` holds.
    private static func assignments(of property: String, in region: Syntax) -> Int {
        region.descendants(of: SequenceExprSyntax.self).filter { sequence in
            guard let operation = sequence.elements.dropFirst().first, isAssignment(operation),
                let target = sequence.elements.first
            else { return false }
            return AssignedAtSetUp.propertyName(target) == property
                || target.as(TupleExprSyntax.self).map { tuple in
                    tuple.elements.contains { AssignedAtSetUp.propertyName($0.expression) == property }
                } == true
        }.count
    }

    /// `=`, or an operator that assigns (`+=`, `??=`).
    private static func isAssignment(_ operation: ExprSyntax) -> Bool {
        if operation.is(AssignmentExprSyntax.self) { return true }
        guard let text = operation.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
        return CompoundAssignment.isOperator(text)
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
                assignments(of: property, in: Syntax(initializer)) == 1
                    && initializer.body?.statements.contains { statement in
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

    /// Whether the test names the value other than as the base of a member (`record.insert(db)`): handed to a
    /// function, a closure, another name or a collection (`let alias = record`, `reset([record])`), it may be
    /// changed where the test's own statements do not show.
    private static func usedElsewhere(_ name: String, in test: ScannedTest) -> Bool {
        test.declaration.descendants(of: DeclReferenceExprSyntax.self).contains { reference in
            guard reference.baseName.text == name else { return false }
            let member = reference.parent?.as(MemberAccessExprSyntax.self)
            return member?.base?.id != ExprSyntax(reference).id
        }
    }

    /// The loops (`for`, `while`, `repeat`) and closures around `node` inside `region`.
    private static func repeating(around node: Syntax, in region: Syntax) -> [Syntax] {
        var found: [Syntax] = []
        var current = node.parent
        while let ancestor = current, ancestor.id != region.id {
            if ancestor.is(ForStmtSyntax.self) || ancestor.is(WhileStmtSyntax.self)
                || ancestor.is(RepeatStmtSyntax.self)
                || ancestor.is(ClosureExprSyntax.self)
            {
                found.append(ancestor)
            }
            current = ancestor.parent
        }
        return found
    }
}
