import SwiftSyntax

/// trapInTest: an unwrap of a variable the test has just set to a value that is not optional
/// (swift-server/RediStack 1.6.3: `connectionPromise = self.server.loop.makePromise()`, then `connectionPromise!` on
/// the next line; apple/swift-system 1.6.3: `thePath = path.appending("foo.txt")`, then `thePath!`). The assignment
/// is an earlier statement of the block that holds the unwrap's statement (a closure's body is a block of its own,
/// so an unwrap in a closure finds only the closure's own statements before it), and the unwrap is not in the
/// condition of a loop, which runs again. A local, `var x: T?` declared by the test with no `weak`, attribute or
/// observer, is set by `x = value` with no statement naming `x` between; a plain stored property of the test's
/// type (``AssignedAtSetUp/isPlainStoredProperty(_:test:)``), which any call may set, by `self.x = value` (or `x =
/// value` when no local hides it) in the statement right before. The value is no optional by the compiler's type of
/// it; without facts, by what the package's sources declare, as for a property every test finds set
/// (``AssignedAtSetUp/givesValue(_:declared:test:sources:)``).
enum JustAssigned {
    /// Whether `unwrap` reads a variable just set to a value that is not optional.
    /// The parameter of `withExtendedLifetime(x) { p in … }` is read as `x` where the call is
    /// (``extendedLifetimeArgument(_:)``).
    static func cannotBeNil(_ unwrap: ForceUnwrapExprSyntax, test: ScannedTest, sources: SourceFunctions?) -> Bool {
        let read = extendedLifetimeArgument(unwrap.expression) ?? unwrap.expression
        guard let sources, let name = AssignedAtSetUp.propertyName(read),
            let (item, statements) = statement(holding: read), !isInLoopCondition(read, of: item),
            let index = statements.firstIndex(where: { $0.id == item.id })
        else { return false }
        let scoped = localDeclaration(of: name, at: read)
        let local = scoped?.binding
        let readsLocal = read.is(DeclReferenceExprSyntax.self) && local != nil
        if let (local, scope) = scoped, readsLocal {
            guard isPlain(local), !isSetLater(name, test: test, in: scope, outside: Syntax(read)) else { return false }
        } else if !AssignedAtSetUp.isPlainStoredProperty(read, test: test) {
            return false
        }
        for earlier in statements[..<index].reversed() {
            // The local's own declaration with a value (`var property: MutableProperty<Int>? = MutableProperty(1)`,
            // `var property = Optional(MutableProperty(1))`: ReactiveSwift 7.2.1's specs).
            if readsLocal, let local, let declaration = earlier.item.as(VariableDeclSyntax.self),
                declaration.bindings.contains(where: { $0.id == local.id })
            {
                guard let value = local.initializer?.value else { return false }
                let made = wrapped(value)
                return AssignedAtSetUp.givesValue(
                    made, declared: AssignedAtSetUp.declaredTypeName(local) ?? initializedType(made), test: test,
                    sources: sources)
            }
            if let (target, value) = assignment(of: name, in: earlier) {
                // A bare `x =` sets the local where there is one; `self.x =` the property.
                let setsLocal = target.is(DeclReferenceExprSyntax.self) && local != nil
                guard setsLocal == readsLocal else { return false }
                let declared =
                    readsLocal
                    ? local.flatMap(AssignedAtSetUp.declaredTypeName)
                    : AssignedAtSetUp.declaredType(of: read, test: test)
                return AssignedAtSetUp.givesValue(value, declared: declared, test: test, sources: sources)
            }
            if !readsLocal || setsOrHands(name, in: earlier) { return false }
        }
        return false
    }

    /// The statement of the nearest block that holds `unwrap`, and that block's statements (``TaskGroupResult``
    /// reads it too); `nil` when the nearest statement holding it is in a closure's capture list.
    static func statement(holding unwrap: some SyntaxProtocol) -> (CodeBlockItemSyntax, [CodeBlockItemSyntax])? {
        var node = Syntax(unwrap).parent
        while let current = node {
            if current.is(ClosureExprSyntax.self) { return nil }
            if let item = current.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self)
            {
                return (item, Array(list))
            }
            node = current.parent
        }
        return nil
    }

    /// Whether `statement` names the local `name` other than by unwrapping it (`name!.value = 2`, `name!.lifetime`
    /// leave it as it was): an assignment, an argument (`&name`), a closure that may set it later, a method called on
    /// the optional itself; not a read that leaves it as it was (``onlyReads(_:)``).
    private static func setsOrHands(_ name: String, in statement: CodeBlockItemSyntax) -> Bool {
        Syntax(statement).descendants(of: DeclReferenceExprSyntax.self).contains { reference in
            guard reference.baseName.text == name else { return false }
            guard reference.parent?.is(ForceUnwrapExprSyntax.self) == true || onlyReads(reference) else { return true }
            var current = reference.parent
            while let node = current, node.id != statement.id {
                if node.is(ClosureExprSyntax.self) { return true }
                current = node.parent
            }
            return false
        }
    }

    /// Whether a closure or a local function in the local's `scope`, other than one that holds `unwrap`, assigns `name`
    /// or hands it on with `&`: a call made between the assignment and the unwrap may run it, wherever it is written
    /// (`Pool.onRelease = { c = nil }`, then `c = Pool.make(); Pool.release(c); c!.id`). The one that holds the unwrap
    /// sets it where its statements say (CwlUtils 3.0.0's `let w = { uow = Unowned(o); …; uow!.value }()`). A closure
    /// outside the scope sets a variable of its own of that name (ReactiveSwift 7.2.1's specs: each `it` declares its
    /// own `property` and sets it to `nil`).
    private static func isSetLater(
        _ name: String, test: ScannedTest, in scope: CodeBlockItemListSyntax, outside unwrap: Syntax
    ) -> Bool {
        // The closure or function that holds the unwrap: its statements before it are read one by one (above).
        let deferred =
            (test.all(ClosureExprSyntax.self).map(Syntax.init) + test.all(FunctionDeclSyntax.self).map(Syntax.init))
            .filter { RequiredBefore.isInside($0, Syntax(scope)) && !RequiredBefore.isInside(unwrap, $0) }
        return deferred.contains { body in
            body.descendants(of: DeclReferenceExprSyntax.self).contains { reference in
                guard reference.baseName.text == name, let parent = reference.parent else { return false }
                if parent.is(InOutExprSyntax.self) { return true }
                // An element of a tuple assigned (`(c, d) = (nil, 1)`).
                if let sequence = reference.ancestorOrSelf(mapping: { $0.as(SequenceExprSyntax.self) }),
                    AssignedAtSetUp.setsInTuple(Array(sequence.elements), name)
                {
                    return true
                }
                if let list = parent.as(ExprListSyntax.self),
                    let index = list.firstIndex(where: { $0.id == reference.id })
                {
                    let next = list.index(after: index)
                    guard next != list.endIndex else { return false }
                    // `c = …`, or a compound assignment (`c += …`); not a comparison (`c != nil`).
                    let op = list[next].as(BinaryOperatorExprSyntax.self)?.operator.text ?? ""
                    return list[next].is(AssignmentExprSyntax.self) || op.hasSuffix("=") && !comparisons.contains(op)
                }
                if let infix = parent.as(InfixOperatorExprSyntax.self), infix.leftOperand.id == reference.id {
                    return infix.operator.is(AssignmentExprSyntax.self)
                }
                return false
            }
        }
    }

    /// The operators that compare their operands and leave them as they are.
    private static let comparisons: Set<String> = ["==", "!=", "===", "!==", "<", ">", "<=", ">="]

    /// Whether `reference` only reads the variable: a call's argument without `&` (`XCTAssertNotNil(x)`), an operand
    /// of a comparison (`XCTAssert(x != nil)`: CwlUtils 3.0.0's `uow = Unowned(o)`, then `XCTAssert(uow != nil)` and
    /// `uow!.value`, read false on first contact), or the whole value another variable is declared with (`weak var
    /// weakProperty = property`: ReactiveSwift 7.2.1's specs), which copies it. A method called on it, an assignment
    /// to it or `&x` may change it.
    private static func onlyReads(_ reference: DeclReferenceExprSyntax) -> Bool {
        guard let parent = reference.parent else { return false }
        if parent.is(InitializerClauseSyntax.self) { return true }
        if let argument = parent.as(LabeledExprSyntax.self), let list = argument.parent?.as(LabeledExprListSyntax.self)
        {
            return list.parent?.is(FunctionCallExprSyntax.self) == true
                || list.parent?.is(MacroExpansionExprSyntax.self) == true
        }
        if let infix = parent.as(InfixOperatorExprSyntax.self) {
            return infix.operator.as(BinaryOperatorExprSyntax.self).map { comparisons.contains($0.operator.text) }
                ?? false
        }
        if let list = parent.as(ExprListSyntax.self), list.count == 3,
            let op = Array(list)[1].as(BinaryOperatorExprSyntax.self)
        {
            return comparisons.contains(op.operator.text)
        }
        return false
    }

    /// The type `value` initializes by its name, generic arguments aside: `MutableProperty` of
    /// `MutableProperty<Int>(1)`; `nil` for anything else.
    private static func initializedType(_ value: ExprSyntax) -> String? {
        guard let call = value.withoutTryOrAwait.as(FunctionCallExprSyntax.self) else { return nil }
        let called = call.calledExpression.as(GenericSpecializationExprSyntax.self)?.expression ?? call.calledExpression
        guard let name = called.as(DeclReferenceExprSyntax.self)?.baseName.text, name.first?.isUppercase == true
        else { return nil }
        return name
    }

    /// The value `Optional(value)` or `.some(value)` wraps; `value` itself otherwise.
    private static func wrapped(_ value: ExprSyntax) -> ExprSyntax {
        guard let call = value.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            let argument = call.arguments.first, argument.label == nil,
            ["Optional", ".some", "Optional.some"].contains(call.calledExpression.trimmedDescription)
        else { return value }
        return argument.expression
    }

    /// Whether `node` is in the condition of a `while` or `repeat` that `statement` is: evaluated again after
    /// the loop's body, which may set the variable anew.
    static func isInLoopCondition(_ node: some SyntaxProtocol, of statement: CodeBlockItemSyntax) -> Bool {
        var current = node.parent
        while let syntax = current, syntax.id != statement.id {
            if syntax.is(WhileStmtSyntax.self) || syntax.is(RepeatStmtSyntax.self) { return true }
            current = syntax.parent
        }
        return false
    }

    /// The target and value of the statement `name = value` or `self.name = value`.
    private static func assignment(of name: String, in statement: CodeBlockItemSyntax) -> (ExprSyntax, ExprSyntax)? {
        guard
            let sequence = statement.item.as(SequenceExprSyntax.self)
                ?? statement.item.as(ExpressionStmtSyntax.self)?.expression.as(SequenceExprSyntax.self)
        else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            AssignedAtSetUp.propertyName(elements[0]) == name
        else { return nil }
        return (elements[0], elements[2])
    }

    /// The local `var name` (or `let`) that `unwrap` reads, by the language's scoping: the last one declared before
    /// it in the nearest block around it that declares one, with that block's statements (its scope); `nil` when a
    /// closure's parameter of that name is nearer, or no block up to the nearest function declares one.
    private static func localDeclaration(
        of name: String, at unwrap: ExprSyntax
    ) -> (binding: PatternBindingSyntax, scope: CodeBlockItemListSyntax)? {
        var node = Syntax(unwrap).parent
        while let current = node {
            if let closure = current.as(ClosureExprSyntax.self), (closure.parameterNames ?? []).contains(name) {
                return nil
            }
            if let list = current.as(CodeBlockItemListSyntax.self),
                let binding = binding(of: name, in: list, before: unwrap)
            {
                return (binding, list)
            }
            if current.is(FunctionDeclSyntax.self) || current.is(MemberBlockSyntax.self) { return nil }
            node = current.parent
        }
        return nil
    }

    /// The last binding of a variable `name` that a statement of `list` before `node` declares.
    static func binding(of name: String, in list: CodeBlockItemListSyntax, before node: some SyntaxProtocol)
        -> PatternBindingSyntax?
    {
        // An array: a syntax collection's own `filter` builds a new tree, whose nodes are not these.
        Array(list).filter { $0.endPosition <= node.position }.compactMap { $0.item.as(VariableDeclSyntax.self) }
            .flatMap(\.bindings).last { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
    }

    /// Whether the local `binding` holds what it was last given: no `weak` or `unowned`, no attribute (a
    /// wrapper), no accessor or observer.
    private static func isPlain(_ binding: PatternBindingSyntax) -> Bool {
        guard let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self) else { return false }
        return declaration.attributes.isEmpty && binding.accessorBlock == nil
            && !declaration.modifiers.contains { ["weak", "unowned"].contains($0.name.text) }
    }
}
