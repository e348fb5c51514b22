import LitmusSupport
import SwiftSyntax

/// Whether the package's own code can make an optional property `nil` once a test has set it.
extension SourceFunctions {
    /// Whether the package's sources (not its tests) declare a stored property `name`, none `weak` or `unowned` (which
    /// the runtime clears) nor computed, and give a property of that name only values that are never `nil`: an
    /// initializer of a type of theirs with none failable, a value a function of theirs returns plainly
    /// (``AssignedAtSetUp/givesValue(_:declared:sources:)``), a literal, or a name an `if let`, `if var`, `guard let`
    /// or `guard var` of the same function binds; never `nil`, never handed on `inout`. Read by name: every member of
    /// that name, whatever type declares it.
    func neverMadeNil(_ name: String) -> Bool {
        remembered("never-nil|\(name)") {
            let indices = lock.withLock { loaded().indices.filter { ByteSearch.contains(name, in: loaded()[$0]) } }
            var declared = false
            for index in indices {
                let (file, isTest) = lock.withLock { (tree(index), ofTests[index]) }
                for binding in file.descendants(of: PatternBindingSyntax.self)
                where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    guard let variable = binding.parent?.parent?.as(VariableDeclSyntax.self) else { continue }
                    // A local of that name in a function is not the property, nor is a protocol's requirement
                    // (`var engine: Engine? { get set }`), which its conformers' declarations implement.
                    guard variable.parent?.is(MemberBlockItemSyntax.self) == true,
                        variable.ancestorOrSelf(mapping: { $0.as(ProtocolDeclSyntax.self) }) == nil
                    else { continue }
                    // A property wrapper (`@Protected var engine`) may be cleared through `$engine` or `_engine`.
                    let cleared =
                        variable.modifiers.contains { ["weak", "unowned"].contains($0.name.text) }
                        || !variable.attributes.isEmpty
                    if cleared || binding.accessorBlock.map(Self.computes) == true { return false }
                    declared = declared || !isTest
                }
                // A test double of the tests' may clear it as the package's code would: the tests' files are read for
                // `nil` given to it.
                guard
                    isTest
                        ? !Self.givesNil(to: name, in: file) : Self.givesOnlyValues(to: name, in: file, sources: self)
                else { return false }
            }
            return declared
        }
    }

    /// Whether an accessor block computes the property (a getter, or a bare body) rather than observing it.
    private static func computes(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let accessors) = block.accessors else { return true }
        return accessors.contains { ["get", "_read", "unsafeAddress"].contains($0.accessorSpecifier.text) }
    }

    /// Whether every assignment in `file` to `name` (`name = x`, `self.name = x`, `a.name = x`) gives a value never
    /// `nil`, and nothing hands `name` on `inout`.
    private static func givesOnlyValues(to name: String, in file: SourceFileSyntax, sources: SourceFunctions) -> Bool {
        for passed in file.descendants(of: InOutExprSyntax.self) {
            let expression = passed.expression
            if expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
                || expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == name
            {
                return false
            }
        }
        for sequence in file.descendants(of: SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { continue }
            let target = elements[0]
            let named =
                target.as(DeclReferenceExprSyntax.self)?.baseName.text == name
                || target.as(MemberAccessExprSyntax.self)?.declName.baseName.text == name
            // A tuple assigned with the name in it (`(name, other) = …`) is not read: it may be `nil`.
            if target.is(TupleExprSyntax.self), target.trimmedDescription.contains(name) { return false }
            guard named else { continue }
            guard elements.count == 3, isValue(elements[2], at: Syntax(sequence), sources: sources) else {
                return false
            }
        }
        return true
    }

    /// Whether `file` assigns `nil` to `name` (`name = nil`, `self.name = nil`, `a.name = nil`).
    private static func givesNil(to name: String, in file: SourceFileSyntax) -> Bool {
        file.descendants(of: SequenceExprSyntax.self).contains { sequence in
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                elements[2].is(NilLiteralExprSyntax.self)
            else { return false }
            return elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == name
                || elements[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text == name
        }
    }

    /// Whether `value`, assigned at `place`, is never `nil`.
    private static func isValue(_ value: ExprSyntax, at place: Syntax, sources: SourceFunctions) -> Bool {
        if AssignedAtSetUp.isValueLiteral(value) { return true }
        if let type = value.withoutTryOrAwait.as(FunctionCallExprSyntax.self)?.initializedTypeName(),
            sources.initializesOnlyValues(type)
        {
            return true
        }
        if let reference = value.as(DeclReferenceExprSyntax.self) {
            return isUnwrappedBinding(reference.baseName.text, before: place)
        }
        return AssignedAtSetUp.givesValue(value, declared: nil, sources: sources)
    }

    /// Whether a condition of an `if` whose body holds `place` (`if var settable = engine as? Settable { …; engine =
    /// settable }`), or of a `guard` before it in a block that holds it, binds `name` unwrapped, and nothing in the
    /// function (or closure) around binds it otherwise. Not an `if let` that has ended (`if let pending { … }; engine =
    /// pending` reads the optional).
    private static func isUnwrappedBinding(_ name: String, before place: Syntax) -> Bool {
        var scope = place.parent
        while let current = scope, !current.is(FunctionDeclSyntax.self), !current.is(ClosureExprSyntax.self),
            !current.is(AccessorDeclSyntax.self), !current.is(InitializerDeclSyntax.self)
        {
            scope = current.parent
        }
        guard let scope else { return false }
        let others = scope.descendants(of: PatternBindingSyntax.self).contains {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        }
        guard !others else { return false }
        return scope.descendants(of: OptionalBindingConditionSyntax.self).contains { condition in
            guard condition.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                condition.position < place.position
            else { return false }
            if let branch = condition.ancestorOrSelf(mapping: { $0.as(IfExprSyntax.self) }) {
                return RequiredBefore.isInside(place, Syntax(branch.body))
            }
            if let guarded = condition.ancestorOrSelf(mapping: { $0.as(GuardStmtSyntax.self) }),
                let block = guarded.parent?.parent
            {
                return RequiredBefore.isInside(place, block)
            }
            return false
        }
    }
}
