import LitmusSupport
import SwiftSyntax

/// Functions declared `throws` that cannot throw: nothing in their bodies throws. A `try!` of one cannot trap
/// (mattpolzin/OpenAPIKit 6.4.0's `JSONSchema.with(examples:) throws`, whose body only returns, and `with(example:)`,
/// which calls it; GraphQLSwift/DataLoader 2.3.5's `load(key:on:) throws`, a `lock.withLock { … }` of a closure
/// without `try`; a test helper `getTestFilePath() throws` that returns `Bundle.module.path(…) ?? "…"`).
extension SourceFunctions {
    /// Names too common to tell one function from a library's of the same name (``TrapProvenance/commonNames``, and
    /// `wait`, SwiftNIO's futures').
    private static let commonNames = TrapProvenance.commonNames.union(["wait"])

    /// Whether what a `try!` covers (`covered`, ``TrapProvenance/covered(by:)``) cannot throw
    /// (``attemptCannotThrow(_:visiting:)``).
    func neverThrows(_ covered: [Syntax]) -> Bool {
        var visiting: Set<String> = []
        return attemptCannotThrow(covered, visiting: &visiting)
    }

    /// Whether the calls a `try` covers (`covered`; not what its closures call) cannot throw: one of them at least is of
    /// a declaration of the files declared `throws` whose body cannot throw (``cannotThrow(_:visiting:)``), and every
    /// other is of functions or initializers the files declare, each not throwing or such a one, or of an enumeration's
    /// case. A `try` over no call of the files' (a getter that may throw, `try await task.value`, a subscript when the
    /// files declare a throwing one, a macro such as `#require`), over a call they do not declare, or over calls only of
    /// their non-throwing functions (a library's method of the same name may be the one called) may throw.
    private func attemptCannotThrow(_ covered: [Syntax], visiting: inout Set<String>) -> Bool {
        if covered.contains(where: {
            !$0.descendants(of: MacroExpansionExprSyntax.self).isEmpty
                || (!$0.descendants(of: SubscriptCallExprSyntax.self).isEmpty
                    && throwingGetters().contains("subscript"))
                || readsThrowingGetter($0)
        }) {
            return false
        }
        var throwingSeen = false
        for call in covered.flatMap(Self.coveredCalls) {
            switch calleeThrows(call, visiting: &visiting) {
            case .no: continue
            case .declaredOnly: throwingSeen = true
            case .may: return false
            }
        }
        return throwingSeen
    }

    /// Whether `node` reads, other than by calling it, a name a throwing getter may have: one the files declare with
    /// `get throws` (or `get async throws`), or the standard library's `value` (`try await task.value`).
    private func readsThrowingGetter(_ node: Syntax) -> Bool {
        let names = throwingGetters()
        return node.descendants(of: DeclReferenceExprSyntax.self).contains { reference in
            guard names.contains(reference.baseName.text) else { return false }
            let called =
                reference.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == ExprSyntax(reference).id
            let calledMember =
                reference.parent?.as(MemberAccessExprSyntax.self).flatMap {
                    $0.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == ExprSyntax($0).id ? $0 : nil
                } != nil
            return !called && !calledMember
        }
    }

    /// The names of the properties the files declare with a throwing getter, and `value`, and `subscript` when they
    /// declare a subscript whose getter throws; read once.
    private func throwingGetters() -> Set<String> {
        lock.withLock {
            if let known = throwingGetterNames { return known }
            var names: Set<String> = ["value"]
            for (index, text) in loaded().enumerated()
            where ByteSearch.contains("get throws", in: text) || ByteSearch.contains("get async throws", in: text) {
                for binding in tree(index).descendants(of: PatternBindingSyntax.self) {
                    guard case .accessors(let accessors) = binding.accessorBlock?.accessors,
                        accessors.contains(where: {
                            $0.accessorSpecifier.tokenKind == .keyword(.get) && $0.effectSpecifiers?.throwsClause != nil
                        }),
                        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                    else { continue }
                    names.insert(name)
                }
            }
            // A subscript whose getter throws (`subscript(key: String) -> Int { get throws { … } }`).
            for (index, text) in loaded().enumerated() where ByteSearch.contains("subscript", in: text) {
                let throwing = tree(index).descendants(of: SubscriptDeclSyntax.self).contains { declaration in
                    guard case .accessors(let accessors) = declaration.accessorBlock?.accessors else { return false }
                    return accessors.contains { $0.effectSpecifiers?.throwsClause != nil }
                }
                if throwing { names.insert("subscript") }
            }
            throwingGetterNames = names
            return names
        }
    }

    /// What a call can do: nothing throwing, throw by declaration only (every body that declares it cannot), or throw.
    private enum Throwing { case no, declaredOnly, may }

    /// ``Throwing`` of `call`'s callee, by the declarations in the files that the call's argument labels fit
    /// (``fits(_:_:)``): a function's, or an initializer's (`Type(…)`, `.init(…)`; a type the files declare with none that
    /// fits has the compiler's, which does not throw).
    private func calleeThrows(_ call: FunctionCallExprSyntax, visiting: inout Set<String>) -> Throwing {
        let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        // The type a member is called on, written (`JSONSchema` of `JSONSchema.string(…)`, `Inner` of `Outer.Inner.init`).
        let base = member?.base?.trimmedDescription.split(separator: ".").last.map(String.init)
        guard let name = CallCollector.calledName(call.calledExpression), !Self.callsLocalValue(call) else {
            return .may
        }
        let labels = call.arguments.map { $0.label?.text }
        let closures = (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
        if name == "init" || name.first?.isUppercase == true {
            let type = name == "init" ? base : name
            // The compiler's `init(from:)` of a `Decodable` throws.
            if let type, !declaresType(type) || labels == ["from"] { return .may }
            let initializers = lock.withLock {
                loaded().indices.filter { declares(loaded()[$0], type ?? "init") }.flatMap { index in
                    tree(index).descendants(of: InitializerDeclSyntax.self).filter {
                        Self.fits($0.signature.parameterClause, labels, closures: closures)
                    }
                }
            }
            let owned = initializers.filter { initializer in
                type.map { Self.ownerName(of: Syntax(initializer)) == $0 } ?? true
            }
            // None of the type's own: the compiler's memberwise one, unless one elsewhere (a protocol extension's) fits.
            if owned.isEmpty {
                guard type != nil else { return .may }
                return initializers.contains { $0.signature.effectSpecifiers?.throwsClause != nil } ? .may : .no
            }
            return worst(owned.map { ($0.signature.effectSpecifiers?.throwsClause != nil, $0.body) }, &visiting)
        }
        guard !Self.commonNames.contains(name) else { return .may }
        let functions = lock.withLock {
            loaded().indices.filter { declares(loaded()[$0], "func \(name)") }.flatMap { index in
                tree(index).descendants(of: FunctionDeclSyntax.self).filter {
                    $0.name.text == name && Self.fits($0.signature.parameterClause, labels, closures: closures)
                }
            }
        }
        guard !functions.isEmpty else {
            guard member != nil, base.map({ $0.first?.isUppercase == true }) ?? true else { return .may }
            return declaresEnumCase(name, in: base) ? .no : .may
        }
        return worst(functions.map { ($0.signature.effectSpecifiers?.throwsClause != nil, $0.body) }, &visiting)
    }

    /// The ``Throwing`` of declarations, each whether it is declared throwing and its body: none declared throwing is
    /// ``Throwing/no``; each one declared throwing whose body cannot throw, ``Throwing/declaredOnly``.
    private func worst(_ declarations: [(throwing: Bool, body: CodeBlockSyntax?)], _ visiting: inout Set<String>)
        -> Throwing
    {
        var answer = Throwing.no
        for declaration in declarations where declaration.throwing {
            guard let body = declaration.body, cannotThrow(body, visiting: &visiting) else { return .may }
            answer = .declaredOnly
        }
        return answer
    }

    /// Whether a call with the argument labels `labels` (`nil` for none) and `closures` trailing closures may call a
    /// declaration of the parameters `clause`: each label in order names a parameter, those skipped have default
    /// values, and the trailing closures take what is left.
    private static func fits(_ clause: FunctionParameterClauseSyntax, _ labels: [String?], closures: Int) -> Bool {
        var remaining = labels[...]
        var parameters = Array(clause.parameters)[...]
        while let parameter = parameters.first {
            let label: String? = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            if let next = remaining.first, next == label {
                remaining.removeFirst()
                parameters.removeFirst()
                // A variadic parameter takes the unlabelled arguments after it.
                if parameter.ellipsis != nil { while remaining.first == .some(nil) { remaining.removeFirst() } }
            } else if parameter.defaultValue != nil {
                parameters.removeFirst()
            } else {
                break
            }
        }
        return remaining.isEmpty && (parameters.count <= closures || parameters.allSatisfy { $0.defaultValue != nil })
    }

    /// Whether nothing in a function's `body` throws: no `throw`, and every plain `try` covers only calls that cannot
    /// throw (``calleeThrows(_:visiting:)``); a function being read already counts as one that cannot (a throw comes
    /// only from a `throw` or a call that may throw).
    private func cannotThrow(_ body: CodeBlockSyntax, visiting: inout Set<String>) -> Bool {
        let key = "\(body.position.utf8Offset)|\(body.root.id.hashValue)"
        guard visiting.insert(key).inserted else { return true }
        if !body.descendants(of: ThrowStmtSyntax.self).isEmpty { return false }
        for attempt in body.descendants(of: TryExprSyntax.self) where attempt.questionOrExclamationMark == nil {
            if !attemptCannotThrow(TrapProvenance.covered(by: attempt), visiting: &visiting) { return false }
        }
        return true
    }

    /// Whether the files declare an enumeration case `name` (`case string(Context)`), in the enum `type` when it is
    /// given: making one cannot throw.
    private func declaresEnumCase(_ name: String, in type: String?) -> Bool {
        remembered("enum-case|\(name)|\(type ?? "")") {
            lock.withLock {
                loaded().indices.filter { declares(loaded()[$0], name) }.contains { index in
                    tree(index).descendants(of: EnumCaseElementSyntax.self).contains { element in
                        element.name.text == name
                            && (type.map {
                                Self.ownerName(of: Syntax(element)) == $0
                            } ?? true)
                    }
                }
            }
        }
    }

    /// The calls under `node` that a `try` there covers: not those inside a closure, which its own `try` covers.
    private static func coveredCalls(_ node: Syntax) -> [FunctionCallExprSyntax] {
        node.descendants(of: FunctionCallExprSyntax.self).filter { call in
            var current = Syntax(call).parent
            while let syntax = current, syntax.id != node.id {
                if syntax.is(ClosureExprSyntax.self) { return false }
                current = syntax.parent
            }
            return true
        }
    }

    /// Whether the bare name `call` calls is bound where it is called: a parameter or a closure's of a function around
    /// it, or a name a pattern binds there (`try body()`, `try handler()`): a value, not the files' function.
    private static func callsLocalValue(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        var current = Syntax(call).parent
        while let syntax = current {
            if let function = syntax.as(FunctionDeclSyntax.self) {
                if function.signature.parameterClause.parameters.contains(where: {
                    ($0.secondName ?? $0.firstName).text == name
                }) {
                    return true
                }
                return function.descendants(of: IdentifierPatternSyntax.self).contains { $0.identifier.text == name }
            }
            if let closure = syntax.as(ClosureExprSyntax.self),
                closure.signature?.parameterClause?.trimmedDescription.contains(name) == true
            {
                return true
            }
            current = syntax.parent
        }
        return Syntax(call).root.descendants(of: IdentifierPatternSyntax.self).contains { $0.identifier.text == name }
    }
}
