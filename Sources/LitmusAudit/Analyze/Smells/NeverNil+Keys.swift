import SwiftSyntax

/// Lookups in a dictionary the test wrote out that cannot be missing: a key the literal writes, or one of its
/// keys as the test walks them.
extension NeverNil {
    /// `table[key]` where `table` is a `let` of the test, or of the file at its top level, or of the top level of
    /// another file of its target, or a `static let` of the test's type (`Self.table`), bound to a dictionary literal
    /// (under `try`/`try!` too) with `key` among the keys it writes, as written (`.es256`, `"a"`) or by a `let` of the
    /// test bound to a literal (`let id = "1"`), or with `key` one of its keys as the test walks them
    /// (``walksKeys(of:with:)``; not through `Self.table`).
    /// A `var` of the test whose keys something may remove (``keepsKeys(_:declared:test:)``), a name bound twice, or a
    /// key the literal does not write is no constant lookup.
    static func isWrittenKey(_ lookup: SubscriptCallExprSyntax, test: ScannedTest) -> Bool {
        guard lookup.arguments.count == 1, let key = lookup.arguments.first, key.label == nil else { return false }
        // A `static let` of the test's type, read as `Self.table` or `Owner.table` (huggingface/swift-jinja 2.4.2's
        // `Self.weatherQueryMessages["messages"]!`, read false on first contact).
        if lookup.calledExpression.is(MemberAccessExprSyntax.self) {
            guard let constant = test.constantValue(of: lookup.calledExpression) else { return false }
            return writes(key.expression, in: constant, at: Syntax(lookup), test: test)
        }
        guard let name = lookup.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        let local = test.all(VariableDeclSyntax.self).filter { declaration in
            declaration.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
        }
        // The test's own, its file's, or else one at the top level of another file of its target (KituraKit 1.0.200's
        // `initialStore` in Models.swift, read false on first contact).
        let own = test.fileDeclarations(binding: name) + local
        let bindings = own.isEmpty ? test.targetConstants[name] ?? [] : own
        guard bindings.count == 1, let declaration = bindings.first,
            declaration.bindingSpecifier.tokenKind == .keyword(.let)
                || (!local.isEmpty && keepsKeys(name, declared: declaration, test: test)),
            var value = declaration.bindings.first(where: {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            })?.initializer?.value
        else { return false }
        if let tried = value.as(TryExprSyntax.self) { value = tried.expression }
        guard value.is(DictionaryExprSyntax.self) else { return false }
        if let walked = key.expression.as(DeclReferenceExprSyntax.self), walksKeys(of: name, with: walked) {
            return true
        }
        return writes(key.expression, in: value, at: Syntax(lookup), test: test)
    }

    /// Whether the test's `var` `name` (bound by `declared`) keeps every key its literal writes: each other use of it
    /// is a lookup `name[key]`, read or changed in place through it (`xy[1]?.removeSubrange(…)`, `xy[1]?[i] = 100`),
    /// never one assigned (`name[key] = nil`), passed `inout`, nor `name` itself assigned or called a method on
    /// (`removeValue(forKey:)`). narumij/swift-ac-collections 0.3.0's copy-on-write tests (`var xy: [Int: Set] = [1:
    /// …]`, `xy[1]!.count`), 6 read false on first contact.
    private static func keepsKeys(_ name: String, declared: VariableDeclSyntax, test: ScannedTest) -> Bool {
        let uses = test.all(DeclReferenceExprSyntax.self).filter { reference in
            reference.baseName.text == name
                && !(reference.position >= declared.position
                    && reference.endPosition <= declared.endPosition)
        }
        return uses.allSatisfy { reference in
            guard let lookup = reference.parent?.as(SubscriptCallExprSyntax.self),
                lookup.calledExpression.id == reference.id, lookup.parent?.is(InOutExprSyntax.self) != true
            else { return false }
            guard let list = lookup.parent?.as(ExprListSyntax.self) else { return true }
            let elements = Array(list)
            guard let index = elements.firstIndex(where: { $0.id == lookup.id }), index + 1 < elements.count else {
                return true
            }
            let next = elements[index + 1]
            return !next.is(AssignmentExprSyntax.self)
                && !(next.is(BinaryOperatorExprSyntax.self) && next.trimmedDescription.hasSuffix("="))
        }
    }

    /// Whether `value` is a dictionary literal (under `try` too) that writes `key`, as written or by the literal a
    /// `let` of the test binds it to.
    private static func writes(_ key: ExprSyntax, in value: ExprSyntax, at use: Syntax, test: ScannedTest) -> Bool {
        let literal = value.as(TryExprSyntax.self)?.expression ?? value
        guard case .elements(let elements) = literal.as(DictionaryExprSyntax.self)?.content else { return false }
        let wanted = constantKey(key, at: use, test: test).trimmedDescription
        return elements.contains { $0.key.trimmedDescription == wanted }
    }

    /// The literal a key names: `"1"` of `id` where the test binds `let id = "1"` where the lookup sees it; the key
    /// itself otherwise.
    private static func constantKey(_ key: ExprSyntax, at use: Syntax, test: ScannedTest) -> ExprSyntax {
        guard let name = key.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let value = test.letValue(of: name, at: use)
        else { return key }
        let isLiteral =
            value.is(IntegerLiteralExprSyntax.self)
            || value.as(StringLiteralExprSyntax.self)?.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }) == true
        return isLiteral ? value : key
    }

    /// Whether `key` is the element of a walk of `table.keys` around it: `for key in table.keys` (sorted or
    /// not), `table.keys.forEach { key in … }`, or a helper handed `table.keys` and a closure of one parameter,
    /// `key` (swift-collections 1.6.0's `withEvery("input", in: inputs.keys) { input in inputs[input]! }`): the
    /// only thing of the key's type the walk has to give is one of the table's keys.
    private static func walksKeys(of table: String, with key: DeclReferenceExprSyntax) -> Bool {
        let isKeys = { (expression: ExprSyntax) -> Bool in
            var walked = expression
            if let call = walked.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "sorted", let base = member.base
            {
                walked = base
            }
            guard let member = walked.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "keys" else {
                return false
            }
            return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == table
        }
        let name = key.baseName.text
        var child = Syntax(key)
        var current = key.parent
        while let node = current {
            // A name bound between the lookup and the walk is another key, or another table.
            if let list = node.as(CodeBlockItemListSyntax.self),
                list.contains(where: { $0.position < child.position && binds([name, table], in: Syntax($0.item)) })
            {
                return false
            }
            if let branch = node.as(IfExprSyntax.self), child.id != branch.conditions.id,
                binds([name, table], in: Syntax(branch.conditions))
            {
                return false
            }
            if let loop = node.as(ForStmtSyntax.self), child.id == loop.body.id {
                if loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    return isKeys(loop.sequence)
                }
                if binds([name, table], in: Syntax(loop.pattern)) { return false }
            } else if let closure = node.as(ClosureExprSyntax.self), let parameters = closure.parameterNames {
                if parameters.contains(table) { return false }
                if parameters.contains(name) {
                    guard parameters.count == 1, let call = closure.hostCall else { return false }
                    if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                        member.declName.baseName.text == "forEach", let base = member.base
                    {
                        return isKeys(base)
                    }
                    return call.arguments.contains { isKeys($0.expression) }
                }
            } else if node.is(FunctionDeclSyntax.self) {
                return false
            }
            child = node
            current = node.parent
        }
        return false
    }

    /// Whether `node` (a statement, a pattern, an `if`'s conditions) binds one of `names`: `let key = …`, `if let
    /// key`, `for (key, value) in …`. Not inside a closure or a function it holds.
    private static func binds(_ names: Set<String>, in node: Syntax) -> Bool {
        if let pattern = node.as(IdentifierPatternSyntax.self) { return names.contains(pattern.identifier.text) }
        if node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self) { return false }
        if let binding = node.as(OptionalBindingConditionSyntax.self), binding.initializer == nil,
            names.contains(binding.pattern.trimmedDescription)
        {
            return true
        }
        return node.children(viewMode: .sourceAccurate).contains { binds(names, in: $0) }
    }
}
