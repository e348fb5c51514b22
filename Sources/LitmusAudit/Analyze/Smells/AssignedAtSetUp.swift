import SwiftSyntax

/// A stored optional property of a test's type that every test finds set: each `init()` (a Swift Testing
/// suite makes one instance per test) or `setUp()` sets it, in its own statements, and every assignment
/// of it anywhere in the type is the result of a function the package's sources declare with a result
/// that is not optional (``SourceFunctions``). A force unwrap of it (`xml!`, `self.xml!`) cannot trap.
/// Anything else (an assignment under an `if`, from `try?`, `nil`, a type's initializer, an optional
/// chain; the property passed `inout`; another `init` that does not set it) leaves the unwrap a trap.
enum AssignedAtSetUp {
    /// Whether `expression`, a force unwrap's operand in `test`, is such a property.
    static func cannotBeNil(_ expression: ExprSyntax, test: ScannedTest, sources: SourceFunctions?) -> Bool {
        guard let sources, let name = propertyName(expression),
            let type = enclosingType(of: test.declaration),
            isOptionalStoredProperty(name, in: type)
        else { return false }
        var assignments: [SequenceExprSyntax] = []
        for node in type.descendants(of: Syntax.self) {
            if let passed = node.as(InOutExprSyntax.self), propertyName(passed.expression) == name { return false }
            if let sequence = node.as(SequenceExprSyntax.self), let assigned = assignedName(sequence), assigned == name
            {
                assignments.append(sequence)
            }
        }
        guard !assignments.isEmpty,
            assignments.allSatisfy({ isNonOptionalCall(Array($0.elements)[2], sources: sources) })
        else { return false }
        return isSetBeforeEveryTest(assignments, type: type)
    }

    /// `x` for `x` or `self.x`.
    static func propertyName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            return member.declName.baseName.text
        }
        return nil
    }

    /// The type (or extension) whose member `declaration` is.
    private static func enclosingType(of declaration: Syntax) -> Syntax? {
        var node = declaration.parent
        while let current = node {
            if current.is(StructDeclSyntax.self) || current.is(ClassDeclSyntax.self) || current.is(ActorDeclSyntax.self)
            {
                return current
            }
            node = current.parent
        }
        return nil
    }

    private static func members(of type: Syntax) -> MemberBlockItemListSyntax? {
        type.as(StructDeclSyntax.self)?.memberBlock.members ?? type.as(ClassDeclSyntax.self)?.memberBlock.members
            ?? type.as(ActorDeclSyntax.self)?.memberBlock.members
    }

    /// Whether the type declares `var name: T?` (or `T!`), with no value or `nil`.
    private static func isOptionalStoredProperty(_ name: String, in type: Syntax) -> Bool {
        for member in members(of: type) ?? [] {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                && binding.accessorBlock == nil
            {
                guard let annotated = binding.typeAnnotation?.type,
                    annotated.is(OptionalTypeSyntax.self) || annotated.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
                else { return false }
                let value = binding.initializer?.value
                return value == nil || value?.is(NilLiteralExprSyntax.self) == true
            }
        }
        return false
    }

    /// The property `x = …` assigns (unfolded: `x`, `=`, the value).
    private static func assignedName(_ sequence: SequenceExprSyntax) -> String? {
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
        return propertyName(elements[0])
    }

    /// A call (under `try` or `await`) of a function the sources declare with a result that is not
    /// optional, reached without an optional chain; not a type's initializer.
    private static func isNonOptionalCall(_ value: ExprSyntax, sources: SourceFunctions) -> Bool {
        var value = value
        while true {
            if let tried = value.as(TryExprSyntax.self), tried.questionOrExclamationMark == nil {
                value = tried.expression
            } else if let awaited = value.as(AwaitExprSyntax.self) {
                value = awaited.expression
            } else {
                break
            }
        }
        guard let call = value.as(FunctionCallExprSyntax.self),
            Syntax(call).descendants(of: OptionalChainingExprSyntax.self).isEmpty
        else { return false }
        let name: String
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
        } else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else {
            return false
        }
        guard let first = name.first, first.isLowercase else { return false }
        return sources.returnsNonOptional(name)
    }

    /// Whether one of `assignments` is a statement of its own in every `init` of the type (there is one at
    /// least), or in `setUp()` / `setUpWithError()`.
    private static func isSetBeforeEveryTest(_ assignments: [SequenceExprSyntax], type: Syntax) -> Bool {
        let topLevel = assignments.compactMap { assignment -> Syntax? in
            // The assignment is an item of the statements of the function's own body.
            guard let item = assignment.parent?.as(CodeBlockItemSyntax.self),
                let block = item.parent?.parent?.as(CodeBlockSyntax.self)
            else { return nil }
            return block.parent
        }
        let setUps = topLevel.filter {
            guard let function = $0.as(FunctionDeclSyntax.self) else { return false }
            return ["setUp", "setUpWithError"].contains(function.name.text)
        }
        if !setUps.isEmpty { return true }
        let initializers = (members(of: type) ?? []).compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        return !initializers.isEmpty
            && initializers.allSatisfy { initializer in topLevel.contains { $0.id == Syntax(initializer).id } }
    }
}
