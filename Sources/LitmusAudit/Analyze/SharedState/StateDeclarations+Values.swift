import SwiftSyntax

/// What a declaration's value names, for ``StateDeclaration/dependsOn``: a constant's initializer, or what a computed
/// property's getter returns.
extension StateDeclarationFinder {
    /// What `value`, the initializer of `binding` (or what its getter returns), names that must be fixed for it to be
    /// (``StateSyntax/fixedReferences(_:owner:)``), with implicit members typed by the annotation: `.init(rawValue:)`
    /// is the annotated type's, fixed unless the sources declare it a class; another `.init(…)` is the annotated
    /// type's initializer, fixed when it is a plain struct's. An implicit member (`.name`, `.name(…)`) is a member of
    /// a type the annotation names (`Token`, `[Kind: [String]]`), or without one, of the declaring type or a type the
    /// initializer names (`[Method.get, .post]`). `nil` when it is not fixed whatever it names.
    static func references(of value: ExprSyntax, binding: PatternBindingSyntax, owner: String?) -> [String]? {
        let annotated = binding.typeAnnotation.map { StateSyntax.lastComponent(of: $0.type.trimmedDescription) }
            .map { $0 == "Self" ? owner ?? $0 : $0 }
        return StateSyntax.fixedReferences(value, owner: owner).flatMap { names -> [String]? in
            let context =
                binding.typeAnnotation.map { StateSyntax.typeNames(in: $0.type, owner: owner) }
                ?? StateSyntax.namedTypes(names, owner: owner).union(["*"])
            let typed = names.map {
                $0.hasPrefix(".") ? "\($0)@\(context.sorted().joined(separator: ","))" : $0
            }
            guard typed.contains(where: { $0 == "class:?" || $0.hasPrefix("?.") }) else { return typed }
            return annotated.map { type in
                typed.map {
                    $0 == "class:?" ? "class:\(type)" : $0.hasPrefix("?.") ? type + $0.dropFirst() : $0
                }
            }
        }
    }

    /// What a computed property's getter returns when it is nothing but `return` of one expression (`{ EXIT_SUCCESS }`,
    /// `{ get { return x } }`), or an `#if` each of whose clauses this platform may compile is (swift-argument-parser's
    /// `exitCodeValidationFailure`: `#if os(Windows) … #elseif os(WASI) … #else return EX_USAGE #endif`), and it has no
    /// setter: the values it may give, each of which must be fixed. Not when a result builder may rewrite the body
    /// (a bare expression is then `buildBlock(…)` of it, package code run at each read): an attribute on the property
    /// or its getter other than ``getterAttributes``, or a bare expression in a type or extension that declares
    /// conformances (a builder of a protocol's requirement is inferred there); nor a `dynamic` one, which can be
    /// replaced at run time.
    static func returnedValues(
        of binding: PatternBindingSyntax, in declaration: VariableDeclSyntax, built: Set<String>?
    ) -> [ExprSyntax]? {
        guard declaration.attributes.allSatisfy({ getterAttributes.contains(attributeName($0)) }),
            !declaration.modifiers.contains(where: { $0.name.text == "dynamic" })
        else { return nil }
        let body: CodeBlockItemListSyntax
        switch binding.accessorBlock?.accessors {
        case .getter(let items): body = items
        case .accessors(let accessors):
            guard accessors.count == 1, let getter = accessors.first, getter.accessorSpecifier.text == "get",
                getter.effectSpecifiers == nil,
                getter.attributes.allSatisfy({ getterAttributes.contains(attributeName($0)) }),
                let items = getter.body?.statements
            else { return nil }
            body = items
        case nil: return nil
        }
        guard body.count == 1, let item = body.first?.item else { return nil }
        if let returned = item.as(ReturnStmtSyntax.self) { return returned.expression.map { [$0] } }
        if let expression = item.as(ExprSyntax.self) {
            return declaresConformances(around: declaration) ? nil : [expression]
        }
        guard let conditional = item.as(IfConfigDeclSyntax.self) else { return nil }
        var values: [ExprSyntax] = []
        for clause in conditional.clauses where !CertainClauses.certainlyInactive(clause, built: built) {
            guard case .statements(let statements) = clause.elements, statements.count == 1,
                let returned = statements.first?.item.as(ReturnStmtSyntax.self)?.expression
            else { return nil }
            values.append(returned)
        }
        return values.isEmpty ? nil : values
    }

    /// The attributes that do not change what a getter's body gives.
    static let getterAttributes: Set<String> = [
        "MainActor", "available", "inlinable", "usableFromInline", "_spi",
    ]

    /// Whether the type or extension `declaration` is a member of declares conformances (a global is a member of none).
    static func declaresConformances(around declaration: VariableDeclSyntax) -> Bool {
        var parent = declaration.parent
        while let node = parent {
            if let group = node.asProtocol(DeclGroupSyntax.self) { return group.inheritanceClause != nil }
            parent = node.parent
        }
        return false
    }
}
