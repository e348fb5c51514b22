import LitmusSupport
import SwiftSyntax

/// Functions declared `throws` that cannot throw: nothing in their bodies throws. A `try!` of one cannot trap
/// (mattpolzin/OpenAPIKit 6.4.0's `JSONSchema.with(examples:) throws`, whose body only returns, and `with(example:)`,
/// which calls it; GraphQLSwift/DataLoader 2.3.5's `load(key:on:) throws`, a `lock.withLock { … }` of a closure
/// without `try`; a test helper `getTestFilePath() throws` that returns `Bundle.module.path(…) ?? "…"`).
extension SourceFunctions {
    /// Names too common to tell one function from a library's of the same name (``TrapProvenance``'s list).
    private static let commonNames: Set<String> = [
        "encode", "decode", "hash", "makeIterator", "next", "callAsFunction", "description", "run",
        "start", "stop", "close", "read", "write", "get", "set", "send", "receive", "handle", "value", "wait",
    ]

    /// Whether the calls in `covered` (what a `try!` covers, ``TrapProvenance/covered(by:)``; not what its closures call)
    /// cannot throw, and one of them at least is of a declaration of the files declared `throws`: each call is of
    /// functions or initializers the files declare, each either not throwing or one whose body cannot throw
    /// (``cannotThrow(_:visiting:)``), or of an enumeration's case. A call the files do not declare may throw.
    func neverThrows(_ covered: [Syntax]) -> Bool {
        var visiting: Set<String> = []
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

    /// What a call can do: nothing throwing, throw by declaration only (every body that declares it cannot), or throw.
    private enum Throwing { case no, declaredOnly, may }

    /// ``Throwing`` of `call`'s callee, by the declarations in the files that the call's argument labels fit
    /// (``fits(_:_:)``): a function's, or an initializer's (`Type(…)`, `.init(…)`; a type the files declare with none that
    /// fits has the compiler's, which does not throw).
    private func calleeThrows(_ call: FunctionCallExprSyntax, visiting: inout Set<String>) -> Throwing {
        let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        let callee =
            member?.declName.baseName.text ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        guard let name = callee, !Self.callsLocalValue(call) else { return .may }
        let labels = call.arguments.map { $0.label?.text }
        let closures = (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
        if name == "init" || name.first?.isUppercase == true {
            let type =
                name == "init" ? member?.base?.trimmedDescription.split(separator: ".").last.map(String.init) : name
            if let type, !declaresType(type) { return .may }
            let initializers = lock.withLock {
                loaded().indices.filter { declares(loaded()[$0], "init") }.flatMap { index in
                    tree(index).descendants(of: InitializerDeclSyntax.self).filter { initializer in
                        Self.fits(initializer.signature.parameterClause, labels, closures: closures)
                            && (type.map {
                                Self.owner(of: Syntax(initializer))?.split(separator: ".").last.map(String.init) == $0
                            }
                                ?? true)
                    }
                }
            }
            if initializers.isEmpty { return type == nil ? .may : .no }
            return worst(initializers.map { ($0.signature.effectSpecifiers?.throwsClause != nil, $0.body) }, &visiting)
        }
        guard !Self.commonNames.contains(name) else { return .may }
        let functions = lock.withLock {
            loaded().indices.filter { declares(loaded()[$0], "func \(name)") }.flatMap { index in
                tree(index).descendants(of: FunctionDeclSyntax.self).filter {
                    $0.name.text == name && Self.fits($0.signature.parameterClause, labels, closures: closures)
                }
            }
        }
        guard !functions.isEmpty else { return declaresEnumCase(name) ? .no : .may }
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
            for call in Self.coveredCalls(Syntax(attempt.expression)) {
                if calleeThrows(call, visiting: &visiting) == .may { return false }
            }
        }
        return true
    }

    /// Whether the files declare an enumeration case `name` (`case string(Context)`): making one cannot throw.
    private func declaresEnumCase(_ name: String) -> Bool {
        remembered("enum-case|\(name)") {
            lock.withLock {
                loaded().indices.filter { declares(loaded()[$0], name) }.contains { index in
                    tree(index).descendants(of: EnumCaseElementSyntax.self).contains { $0.name.text == name }
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
