import SwiftSyntax

/// An optional stored property unwrapped in its own type's initializer before anything in it sets the property:
/// the property still holds the value its declaration gives it, and a declaration that gives a value that is no
/// optional leaves nothing to be `nil` (CombineCommunity/CombineExt 1.9.0's container classes declare `var
/// cancellables: Set<AnyCancellable>? = Set<AnyCancellable>()` and end their `init()` with `.store(in:
/// &cancellables!)`; four read false on first contact).
enum InitializedProperty {
    /// Whether the unwrap of `expression` (`x` or `self.x`) lies in an initializer of a type that declares `x` as a
    /// stored property given a value that is not optional (``givesValue(_:)``), and nothing in that initializer before
    /// it assigns `x` or hands it on `inout`.
    static func cannotBeNil(_ expression: ExprSyntax) -> Bool {
        guard let name = AssignedAtSetUp.propertyName(expression),
            let initializer = enclosingInitializer(of: Syntax(expression)),
            let body = initializer.body, let type = enclosingType(of: Syntax(initializer)),
            declaresInitialized(name, in: type)
        else { return false }
        let position = expression.positionAfterSkippingLeadingTrivia
        let assigned = body.descendants(of: SequenceExprSyntax.self).contains { sequence in
            let elements = Array(sequence.elements)
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
                elements[0].positionAfterSkippingLeadingTrivia < position
            else { return false }
            return AssignedAtSetUp.propertyName(elements[0]) == name
        }
        let handedOn = body.descendants(of: InOutExprSyntax.self).contains {
            $0.positionAfterSkippingLeadingTrivia < position && AssignedAtSetUp.propertyName($0.expression) == name
        }
        return !assigned && !handedOn
    }

    /// The initializer `node` lies in, not inside a closure or a nested function of it.
    private static func enclosingInitializer(of node: Syntax) -> InitializerDeclSyntax? {
        var current = node.parent
        while let syntax = current {
            if let initializer = syntax.as(InitializerDeclSyntax.self) { return initializer }
            if syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self)
                || syntax.is(AccessorBlockSyntax.self)
            {
                return nil
            }
            current = syntax.parent
        }
        return nil
    }

    /// The class or struct `node` is a member of.
    private static func enclosingType(of node: Syntax) -> DeclGroupSyntax? {
        var current = node.parent
        while let syntax = current {
            if let type = syntax.as(ClassDeclSyntax.self) { return type }
            if let type = syntax.as(StructDeclSyntax.self) { return type }
            if syntax.is(ExtensionDeclSyntax.self) { return nil }
            current = syntax.parent
        }
        return nil
    }

    /// Whether `type` declares a stored property `name` (not `static`, not computed, no wrapper) given a value that
    /// is not optional.
    private static func declaresInitialized(_ name: String, in type: DeclGroupSyntax) -> Bool {
        type.memberBlock.members.contains { member in
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.attributes.isEmpty,
                !variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) })
            else { return false }
            return variable.bindings.contains { binding in
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                    && binding.accessorBlock == nil && (binding.initializer?.value).map(givesValue) == true
            }
        }
    }

    /// A literal (``AssignedAtSetUp/isValueLiteral(_:)``) or a type's initializer called with no arguments
    /// (`Set<AnyCancellable>()`, `NSLock()`): a value, never `nil`.
    private static func givesValue(_ value: ExprSyntax) -> Bool {
        if AssignedAtSetUp.isValueLiteral(value) { return true }
        guard let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil
        else { return false }
        let called = call.calledExpression.as(GenericSpecializationExprSyntax.self)?.expression ?? call.calledExpression
        if called.is(ArrayExprSyntax.self) || called.is(DictionaryExprSyntax.self) { return true }
        return called.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true
    }
}
