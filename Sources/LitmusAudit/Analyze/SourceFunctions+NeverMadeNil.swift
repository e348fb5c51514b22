import LitmusSupport
import SwiftSyntax

/// Whether the package's own code can make an optional property `nil` once a test has set it.
extension SourceFunctions {
    /// Whether the package's sources declare a stored property `name`, none `weak` or `unowned` (which the runtime
    /// clears), wrapped or computed, and give a property of that name only values that are never `nil`: an initializer
    /// of a type of theirs with none failable, a value a function of theirs returns plainly
    /// (``AssignedAtSetUp/givesValue(_:declared:sources:)``), a literal, or a name an `if let`, `if var`, `guard let`
    /// or `guard var` binds around the assignment; never `nil`, never handed on `inout`. The tests' files are held to
    /// the same declarations, and to giving it no `nil` (a test double may be what the package calls). Read by name:
    /// every member of that name, whatever type declares it.
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
        guard !file.descendants(of: InOutExprSyntax.self).contains(where: { names($0.expression, name) }) else {
            return false
        }
        return KeptMember.assignments(in: file).allSatisfy { target, value in
            // A tuple assigned with the name in it (`(name, other) = …`) is not read: it may be `nil`.
            if target.is(TupleExprSyntax.self) { return !target.trimmedDescription.contains(name) }
            guard names(target, name) else { return true }
            guard let value else { return false }
            return isValue(value, sources: sources)
        }
    }

    /// Whether `file` assigns `nil` to `name` (`name = nil`, `self.name = nil`, `a.name = nil`).
    private static func givesNil(to name: String, in file: SourceFileSyntax) -> Bool {
        KeptMember.assignments(in: file).contains { target, value in
            names(target, name) && value?.is(NilLiteralExprSyntax.self) == true
        }
    }

    /// Whether `target` is the variable or a member `name` (`name`, `self.name`, `a.name`).
    private static func names(_ target: ExprSyntax, _ name: String) -> Bool {
        target.as(DeclReferenceExprSyntax.self)?.baseName.text == name
            || target.as(MemberAccessExprSyntax.self)?.declName.baseName.text == name
    }

    /// Whether `value`, assigned where it stands, is never `nil`.
    private static func isValue(_ value: ExprSyntax, sources: SourceFunctions) -> Bool {
        if AssignedAtSetUp.isValueLiteral(value) { return true }
        if let reference = value.as(DeclReferenceExprSyntax.self) {
            return isUnwrappedBinding(reference.baseName.text, before: Syntax(value))
        }
        return AssignedAtSetUp.givesValue(value, declared: value.madeTypeName, sources: sources)
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
