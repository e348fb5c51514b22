import LitmusRunning
import SwiftSyntax

/// A stored optional member of a struct held by a test's fixture, which every test finds set: the fixture `P`
/// (`var configuration: CassandraClient.Configuration!`) is a property every test finds set (``AssignedAtSetUp``),
/// its type a struct of the package that stores `Q` (``SourceFunctions/structStores(_:in:)``), and the set-up sets
/// `P.Q` to a value that is not optional (a literal, `x ?? "literal"`, or a `let` of the set-up bound to one) in its
/// own statements before any `return`, `guard` or `throw` (``AssignedAtSetUp/isSetUpBy(_:type:unsubclassed:)``),
/// after every assignment of `P` in its block. Nothing else in the file but the other tests and the `tearDown`
/// sets `P.Q` otherwise, sets `P` without setting `P.Q` after it, passes either `inout`, or calls a method on `P`
/// (which may be `mutating`) but after the unwrap in the test's own body (``isAfter(_:_:in:)``). A bare `P` in a function
/// that declares a local of that name is that local, not the fixture (``namesFixture(_:_:)``). A force unwrap of
/// `self.P.Q` (or `P.Q`) cannot trap (apple/swift-cassandra-client 0.12.0's `self.configuration.keyspace!`, which setUp
/// sets to `env["CASSANDRA_KEYSPACE"] ?? "test"`).
extension AssignedAtSetUp {
    /// Whether `expression`, a force unwrap's operand in `test`, is such a member.
    static func memberCannotBeNil(_ expression: ExprSyntax, test: ScannedTest, sources: SourceFunctions?) -> Bool {
        guard let sources, let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            let fixture = propertyName(base), let type = enclosingType(of: test.declaration),
            let fixtureType = propertyType(fixture, in: type)
        else { return false }
        let name = member.declName.baseName.text
        if base.is(DeclReferenceExprSyntax.self), declaresLocally(fixture, test.declaration) { return false }
        guard sources.structStores(name, in: fixtureType), cannotBeNil(base, test: test, sources: sources) else {
            return false
        }
        var fixtureSets: [SequenceExprSyntax] = []
        var memberSets: [SequenceExprSyntax] = []
        for node in type.root.descendants(of: Syntax.self) where !inAnotherTest(node, than: test) {
            if let passed = node.as(InOutExprSyntax.self),
                namesFixture(passed.expression, fixture) || isMember(passed.expression, name, of: fixture)
            {
                return false
            }
            if let call = node.as(FunctionCallExprSyntax.self),
                let called = call.calledExpression.as(MemberAccessExprSyntax.self),
                let receiver = called.base, namesFixture(receiver, fixture), !isAfter(node, expression, in: test)
            {
                return false
            }
            guard let sequence = node.as(SequenceExprSyntax.self), !isInTearDown(sequence, of: type) else { continue }
            let elements = Array(sequence.elements)
            for index in elements.indices.dropFirst()
            where isMember(elements[index - 1], name, of: fixture) || namesFixture(elements[index - 1], fixture) {
                guard index == 1, elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return false }
                if namesFixture(elements[0], fixture) {
                    fixtureSets.append(sequence)
                } else if givesValue(elements[2], in: sequence, sources: sources) {
                    memberSets.append(sequence)
                } else {
                    return false
                }
            }
        }
        let unsubclassed = type.as(ClassDeclSyntax.self).map { !sources.isSubclassed($0.name.text) } ?? false
        return !memberSets.isEmpty && isSetUpBy(memberSets, type: type, unsubclassed: unsubclassed)
            && fixtureSets.allSatisfy { fixtureSet in
                memberSets.contains {
                    $0.parent?.parent?.id == fixtureSet.parent?.parent?.id && $0.position > fixtureSet.position
                }
            }
    }

    /// Whether `node` comes after `unwrap` in the test's own body, where nothing runs the unwrap again: no loop and no
    /// closure of the test holds the unwrap (apple/swift-cassandra-client 0.12.0's tests read `keyspace!` first, then
    /// call `self.configuration.registerEncryptionSchema(schema)`).
    private static func isAfter(_ node: Syntax, _ unwrap: ExprSyntax, in test: ScannedTest) -> Bool {
        guard RequiredBefore.isInside(node, test.declaration), node.position >= unwrap.endPosition else { return false }
        var current = unwrap.parent
        while let syntax = current, syntax.id != test.declaration.id {
            if syntax.is(ForStmtSyntax.self) || syntax.is(WhileStmtSyntax.self) || syntax.is(RepeatStmtSyntax.self)
                || syntax.is(ClosureExprSyntax.self)
            {
                return false
            }
            current = syntax.parent
        }
        return true
    }

    /// Whether `expression` is `P.Q` or `self.P.Q`, `P` being `fixture` and `Q` `name`.
    private static func isMember(_ expression: ExprSyntax, _ name: String, of fixture: String) -> Bool {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == name else {
            return false
        }
        return member.base.map { namesFixture($0, fixture) } ?? false
    }

    /// Whether `expression` (`self.P`, or a bare `P` where the function around it declares no local `P`) names the
    /// fixture `fixture`: setUp's `var configuration = …; configuration.keyspace = "x"` sets a local copy.
    private static func namesFixture(_ expression: ExprSyntax, _ fixture: String) -> Bool {
        guard propertyName(expression) == fixture else { return false }
        guard expression.is(DeclReferenceExprSyntax.self),
            let function = expression.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) })
        else { return true }
        return !declaresLocally(fixture, Syntax(function))
    }

    /// Whether `value`, assigned by `assignment`, is not optional: a literal other than `nil`, `x ?? y` with `y`
    /// such a value, a call that gives one (``givesValue(_:declared:sources:)``), or a name the function around
    /// `assignment` binds once, with `let`, to such a value before it.
    private static func givesValue(_ value: ExprSyntax, in assignment: SequenceExprSyntax, sources: SourceFunctions)
        -> Bool
    {
        if value.is(StringLiteralExprSyntax.self) || value.is(IntegerLiteralExprSyntax.self)
            || value.is(FloatLiteralExprSyntax.self) || value.is(BooleanLiteralExprSyntax.self)
        {
            return true
        }
        if let sequence = value.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            return elements.count == 3 && elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
                && givesValue(elements[2], in: assignment, sources: sources)
        }
        if let reference = value.as(DeclReferenceExprSyntax.self),
            let function = assignment.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) })
        {
            let bindings = Syntax(function).descendants(of: PatternBindingSyntax.self).filter {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == reference.baseName.text
            }
            guard bindings.count == 1, let binding = bindings.first, binding.endPosition <= assignment.position,
                binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let),
                let bound = binding.initializer?.value
            else { return false }
            return givesValue(bound, in: assignment, sources: sources)
        }
        return givesValue(value, declared: nil, sources: sources)
    }
}
