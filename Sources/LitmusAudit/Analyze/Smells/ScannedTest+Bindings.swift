import SwiftSyntax

/// What a test binds a name to, as the smell checks read it: the one value of a name the test binds once.
extension ScannedTest {
    /// The value of `name` when the test binds it once, with `let`, by no other pattern (`if let`, `for`,
    /// `case let`), and no closure takes a parameter of that name.
    func onlyLetValue(of name: String) -> ExprSyntax? {
        guard let value = onlyBinding(of: name),
            all(PatternBindingSyntax.self).first(where: {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            })?.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let)
        else { return nil }
        return value
    }

    /// The value of `name` when the test binds it once (`let`, or `var` never assigned again), by no other
    /// pattern, and no closure takes a parameter of that name.
    func onlyBinding(of name: String) -> ExprSyntax? {
        let bindings = all(PatternBindingSyntax.self).filter {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        }
        let patterns = all(IdentifierPatternSyntax.self).filter { $0.identifier.text == name }
        let parameters = closureParameterNames
        let assigned = all(SequenceExprSyntax.self).contains { sequence in
            let elements = Array(sequence.elements)
            return elements.count >= 3 && elements[1].is(AssignmentExprSyntax.self)
                && elements[0].trimmedDescription == name
        }
        guard bindings.count == 1, patterns.count == 1, !parameters.contains(name), !assigned,
            let value = bindings.first?.initializer?.value
        else { return nil }
        return value
    }

    /// The names the test's closures take as parameters (`x` of `{ x in … }`, `a` of `{ (a: Int) in … }`).
    var closureParameterNames: [String] {
        all(ClosureShorthandParameterSyntax.self).map(\.name.text)
            + all(ClosureParameterSyntax.self).map { ($0.secondName ?? $0.firstName).text }
    }

    /// Whether the test binds `name` itself: a pattern of its own (`let`, `var`, `if let`, `for`) or a closure's
    /// parameter, which hides a declaration of its file of the same name.
    func bindsLocally(_ name: String) -> Bool {
        all(IdentifierPatternSyntax.self).contains { $0.identifier.text == name }
            || closureParameterNames.contains(name)
    }

    /// The declarations of the test's file, at its top level, that bind `name` (`let fixture = …`).
    func fileDeclarations(binding name: String) -> [VariableDeclSyntax] {
        let file = declaration.root.as(SourceFileSyntax.self)
        return (file?.statements ?? []).compactMap { $0.item.as(VariableDeclSyntax.self) }.filter { declaration in
            declaration.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
        }
    }

    /// The value of a constant the test reads but does not bind: `Self.name` or `Owner.name` of a `static let`
    /// of the test's own type (declared in it or an extension of it in the file), or `name` of a `let` at the
    /// file's top level; `nil` when the file declares it more than once (a property or parameter of that name
    /// would hide it), with `var`, or as anything else.
    func constantValue(of expression: ExprSyntax) -> ExprSyntax? {
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text, !bindsLocally(name) {
            let root = declaration.root
            let declarations = fileDeclarations(binding: name)
            guard declarations.count == 1, let only = declarations.first,
                root.descendants(of: IdentifierPatternSyntax.self).filter({ $0.identifier.text == name }).count == 1,
                !root.descendants(of: FunctionParameterSyntax.self).contains(where: {
                    ($0.secondName ?? $0.firstName).text == name
                })
            else { return nil }
            return Self.letValue(of: name, in: only)
        }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            let owner = ScannedTests.enclosingType(of: declaration),
            base.trimmedDescription == "Self" || base.trimmedDescription == owner
        else { return nil }
        let name = member.declName.baseName.text
        let declarations = declaration.root.descendants(of: VariableDeclSyntax.self).filter { variable in
            variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
                && variable.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
                && ScannedTests.enclosingType(of: Syntax(variable)) == owner
        }
        guard declarations.count == 1, let only = declarations.first else { return nil }
        return Self.letValue(of: name, in: only)
    }

    /// The value `declaration` gives `name` when it is a `let` binding it alone with a value.
    private static func letValue(of name: String, in declaration: VariableDeclSyntax) -> ExprSyntax? {
        guard declaration.bindingSpecifier.tokenKind == .keyword(.let), declaration.bindings.count == 1,
            let binding = declaration.bindings.first,
            binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        else { return nil }
        return binding.initializer?.value
    }

    /// Whether `binding` (of a `let` or `var`) is in scope at `use`: a statement of a block around the use, ended
    /// before it (not a `let` of a `do { }` block the use comes after).
    static func isVisible(_ binding: PatternBindingSyntax, at use: Syntax) -> Bool {
        guard let statement = binding.parent?.parent?.parent?.as(CodeBlockItemSyntax.self),
            let block = statement.parent, statement.endPosition <= use.position
        else { return false }
        var current = use.parent
        while let node = current {
            if node.id == block.id { return true }
            current = node.parent
        }
        return false
    }

    /// What `expression` holds where it is written: itself without `try`, `await` and parentheses, or, for a name,
    /// the value (so peeled) of the `let` it names there (``letValue(of:at:)``) or, when `orOnlyBinding`, of the test's
    /// one binding of it (``onlyBinding(of:)``); the name itself when the test binds it to nothing it can tell.
    func boundValue(of expression: ExprSyntax, orOnlyBinding: Bool = false) -> ExprSyntax {
        let value = expression.withoutTryOrAwait.withoutParentheses
        guard let name = value.as(DeclReferenceExprSyntax.self),
            let bound = letValue(of: name.baseName.text, at: Syntax(name))
                ?? (orOnlyBinding ? onlyBinding(of: name.baseName.text) : nil)
        else { return value }
        return bound.withoutTryOrAwait.withoutParentheses
    }

    /// The value `name` has at `use`: ``onlyLetValue(of:)`` when its `let` is in scope there, or else the `let`
    /// Swift's scopes give the name there:
    /// the nearest declaration of it before `use` in a block around it, in the test or around the test (a
    /// Quick spec's `describe` closure). `nil` when that declaration is no plain `let name = …`, or a pattern
    /// nearer the use binds the name: a closure's parameter or capture, an `if let` or `while let` whose body
    /// holds the use, a `guard let` before it, a `for` pattern, a `case let`, a `catch`, a function's parameter.
    /// A name bound again where the use cannot see it (a closure's parameter after it, an `if let` of
    /// another block: Moya 15.0.3's specs) does not hide it.
    func letValue(of name: String, at use: Syntax) -> ExprSyntax? {
        if let only = onlyLetValue(of: name),
            let binding = only.parent?.parent?.as(PatternBindingSyntax.self), Self.isVisible(binding, at: use)
        {
            return only
        }
        return Self.nearestLetValue(of: name, at: use)
    }

    /// The value of the `let` Swift's scopes give `name` at `use`, in any code (a test's, a `setUp`'s): the nearest
    /// declaration of it before `use` in a block around it, `nil` when that is no plain `let name = …` or a pattern
    /// nearer the use binds the name (``letValue(of:at:)``).
    static func nearestLetValue(of name: String, at use: Syntax) -> ExprSyntax? {
        var child = use
        var current = use.parent
        while let node = current {
            if node.is(MemberBlockSyntax.self) || node.is(SourceFileSyntax.self) { return nil }
            if let block = node.as(CodeBlockItemListSyntax.self) {
                for item in block.reversed() where item.endPosition <= use.position {
                    if let declaration = item.item.as(VariableDeclSyntax.self),
                        declaration.bindings.contains(where: { Self.binds($0.pattern, name) })
                    {
                        return Self.letValue(of: name, in: declaration)
                    }
                    if let guardStatement = item.item.as(GuardStmtSyntax.self),
                        Self.binds(guardStatement.conditions, name)
                    {
                        return nil
                    }
                }
            } else if Self.hides(name, node, from: child) {
                return nil
            }
            child = node
            current = node.parent
        }
        return nil
    }

    /// Whether `node`, around the use through `child`, binds `name` where the use sees it.
    private static func hides(_ name: String, _ node: Syntax, from child: Syntax) -> Bool {
        if let closure = node.as(ClosureExprSyntax.self) {
            return closure.parameterNames?.contains(name) ?? (name.hasPrefix("$"))
                || closure.signature?.capture.map { binds($0, name) } ?? false
        }
        if let conditional = node.as(IfExprSyntax.self) {
            return child.id != conditional.elseBody?.id && binds(conditional.conditions, name)
        }
        if let loop = node.as(WhileStmtSyntax.self) { return binds(loop.conditions, name) }
        if let loop = node.as(ForStmtSyntax.self) { return child.id == loop.body.id && binds(loop.pattern, name) }
        if let clause = node.as(CatchClauseSyntax.self) {
            return clause.catchItems.isEmpty ? name == "error" : binds(clause.catchItems, name)
        }
        if let switchCase = node.as(SwitchCaseSyntax.self) { return binds(switchCase.label, name) }
        if let function = node.as(FunctionDeclSyntax.self) { return binds(function.signature, name) }
        if let initializer = node.as(InitializerDeclSyntax.self) { return binds(initializer.signature, name) }
        return false
    }

    /// Whether `node` holds a pattern or parameter binding `name`.
    private static func binds(_ node: some SyntaxProtocol, _ name: String) -> Bool {
        node.descendants(of: IdentifierPatternSyntax.self).contains { $0.identifier.text == name }
            || node.descendants(of: FunctionParameterSyntax.self).contains {
                ($0.secondName ?? $0.firstName).text == name
            }
            || node.descendants(of: ClosureCaptureSyntax.self).contains { $0.name.text == name }
    }
}

extension ClosureExprSyntax {
    /// The names of the closure's parameters (`x` of `{ x in … }`, `a, b` of `{ (a: Int, b) in … }`), or
    /// `nil` when it declares none and reads them as `$0`, `$1`, ….
    var parameterNames: [String]? {
        switch signature?.parameterClause {
        case .simpleInput(let names): names.map(\.name.text)
        case .parameterClause(let clause): clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: nil
        }
    }

    /// The call the closure is passed to, as its trailing closure or an argument.
    var hostCall: FunctionCallExprSyntax? {
        parent?.as(FunctionCallExprSyntax.self) ?? parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
    }
}
