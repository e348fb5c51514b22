import LitmusSupport
import SwiftSyntax

/// Functions of the package that return `nil` only where a failable parse of one of their parameters fails.
extension SourceFunctions {
    /// A failable parse a function's `nil` depends on: the initializer as written (`URL`), its argument's label
    /// (`string`), and which of the function's parameters it parses.
    struct GuardedParse: Equatable {
        let type: String
        let label: String?
        let parameter: Int
    }

    /// The parses whose failure is the only way the function `name` (of `owner`, with these argument labels)
    /// returns `nil`, when every declaration of it is written so: each `return nil` is the whole `else` of a `guard`
    /// each condition of which binds a one-argument parse of a parameter (`guard let url = URL(string: string) else {
    /// return nil }`), and every other way out makes a value with an initializer of a type the package declares
    /// without a failable one (``initializesOnlyValues(_:)``). pkl-swift 0.10.0's `ModuleSource.uri(_:)`, unwrapped by
    /// its tests with a literal URI: `nil` there only if `URL(string:)` fails on that literal. `nil` when a
    /// declaration has another shape, rebinds a parameter, or none is found.
    func nilOnlyWhenParsesFail(_ name: String, owner: String?, labels: [String?]) -> [GuardedParse]? {
        let key = "\(name)|\(owner ?? "")|\(labels)"
        if let known = lock.withLock({ guardedParses[key] }) { return known }
        let answer = readGuardedParses(name, owner: owner, labels: labels)
        lock.withLock { _ = guardedParses.updateValue(answer, forKey: key) }
        return answer
    }

    /// ``nilOnlyWhenParsesFail(_:owner:labels:)``, read from the files.
    private func readGuardedParses(_ name: String, owner: String?, labels: [String?]) -> [GuardedParse]? {
        let declarations: [(parses: [GuardedParse], made: [String])?] = lock.withLock {
            var found: [(parses: [GuardedParse], made: [String])?] = []
            for (index, text) in loaded().enumerated() where ByteSearch.contains("func \(name)", in: text) {
                for function in tree(index).descendants(of: FunctionDeclSyntax.self)
                where Self.declares(function, name, owner: owner, labels: labels) {
                    found.append(Self.guardedParses(function))
                }
            }
            return found
        }
        guard !declarations.isEmpty else { return nil }
        var parses: [GuardedParse] = []
        for declaration in declarations {
            guard let declaration, declaration.made.allSatisfy(initializesOnlyValues) else { return nil }
            parses += declaration.parses
        }
        return parses
    }

    /// Whether the files declare a failable initializer (`init?`, `init!`) of the type `name`, in it or an extension of
    /// it, whoever declares the type: a library's type the package extends so may give `nil`.
    func declaresFailableInitializer(of name: String) -> Bool {
        remembered("failableInit|\(name)") {
            let texts = lock.withLock { loaded() }
            return texts.contains { text in
                ByteSearch.contains(name, in: text) && ByteSearch.contains("init", in: text)
                    && SwiftSource.parse(text).descendants(of: InitializerDeclSyntax.self).contains {
                        $0.optionalMark != nil && Self.ownerName(of: Syntax($0)) == name
                    }
            }
        }
    }

    /// Whether `call` makes a value of a type the files declare (`Key(intValue: 2)`, `Key<T>(…)`, `Outer.Key(…)`,
    /// `Key.init(…)`) with a failable initializer that never gives `nil`: every initializer of that type (in it or an
    /// extension) the call's argument labels can name (a parameter with a default may be left out) that is failable
    /// has a body that neither returns `nil` nor hands over to another initializer (`self.init(…)`, which may), and
    /// there is one. swift-extras-json 0.6.0's `ArrayKey.init?(intValue:)` only stores the value (`ArrayKey(intValue:
    /// 2)!` is read false), as does a test's own coding key (`init?(stringValue:) { self.stringValue = stringValue }`,
    /// swift-foundation's `_TestKey`). Overloads are told apart by labels only: Swift-BigInt's `BInt(text)!` may be
    /// its `init?(_ number: String, radix: Int = 10)`, which returns `nil`, beside a plain `init(_ z: Int)`. An
    /// `init?(rawValue:)` the compiler writes for an enum is declared nowhere: not known.
    func initializerNeverFails(_ call: FunctionCallExprSyntax) -> Bool {
        guard call.trailingClosure == nil, let type = call.initializedTypeName() else { return false }
        let labels = call.arguments.map { $0.label?.text }
        return remembered("never-nil-init|\(type)|\(labels)") {
            lock.withLock {
                var failable = 0
                for (index, text) in loaded().enumerated()
                where ByteSearch.contains(type, in: text) && ByteSearch.contains("init", in: text) {
                    for initializer in tree(index).descendants(of: InitializerDeclSyntax.self)
                    where Self.ownerName(of: Syntax(initializer)) == type
                        && initializer.optionalMark != nil && Self.accepts(initializer, labels)
                    {
                        guard let body = initializer.body, !Self.mayGiveNil(body) else { return false }
                        failable += 1
                    }
                }
                return failable > 0
            }
        }
    }

    /// Whether a call with the argument labels `labels` (`nil` for none) can name `initializer`: its parameters in
    /// order, each given by its label, or left out when it has a default value.
    private static func accepts(_ initializer: InitializerDeclSyntax, _ labels: [String?]) -> Bool {
        var given = labels[...]
        for parameter in initializer.signature.parameterClause.parameters {
            let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
            if let next = given.first, next == label {
                given = given.dropFirst()
            } else if parameter.defaultValue == nil {
                return false
            }
        }
        return given.isEmpty
    }

    /// Whether an initializer's body may give `nil`: a `return nil` anywhere in it (a closure's too, to be safe), or an
    /// `init` named in it: a hand-over to another initializer (`self.init(…)`, `super.init(…)`), which may fail (another
    /// type's `.init(…)` too, to be safe).
    private static func mayGiveNil(_ body: CodeBlockSyntax) -> Bool {
        body.descendants(of: ReturnStmtSyntax.self).contains { $0.expression?.is(NilLiteralExprSyntax.self) == true }
            || body.descendants(of: MemberAccessExprSyntax.self).contains { $0.declName.baseName.text == "init" }
    }

    /// Whether `function` is named `name`, takes arguments labelled `labels` (`nil` for `_`), and is declared in `owner`
    /// or an extension of it when one is given.
    private static func declares(_ function: FunctionDeclSyntax, _ name: String, owner: String?, labels: [String?])
        -> Bool
    {
        let declared = function.signature.parameterClause.parameters.map {
            $0.firstName.text == "_" ? nil : $0.firstName.text
        }
        guard function.name.text == name, declared == labels else { return false }
        guard let owner else { return true }
        return Self.ownerName(of: Syntax(function)) == owner
    }

    /// The parses of `function`'s `nil` and the types its other ways out make, or `nil` for another shape
    /// (``nilOnlyWhenParsesFail(_:owner:labels:)``).
    private static func guardedParses(_ function: FunctionDeclSyntax) -> (parses: [GuardedParse], made: [String])? {
        guard let body = function.body?.statements,
            let result = function.signature.returnClause?.type.as(OptionalTypeSyntax.self)?.wrappedType
        else { return nil }
        let parameters = function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }
        let rebinds = body.descendants(of: IdentifierPatternSyntax.self).contains {
            parameters.contains($0.identifier.text)
        }
        guard !rebinds else { return nil }
        var parses: [GuardedParse] = []
        var guardedReturns: Set<SyntaxIdentifier> = []
        for guardStatement in body.descendants(of: GuardStmtSyntax.self) where guardStatement.isOwnCode(of: body) {
            guard guardStatement.body.statements.count == 1,
                let exit = guardStatement.body.statements.first?.item.as(ReturnStmtSyntax.self),
                exit.expression?.is(NilLiteralExprSyntax.self) == true
            else { continue }
            var found: [GuardedParse] = []
            for condition in guardStatement.conditions {
                guard case .optionalBinding(let binding) = condition.condition,
                    let call = binding.initializer?.value.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
                    call.trailingClosure == nil, let argument = call.arguments.first,
                    let reference = argument.expression.as(DeclReferenceExprSyntax.self),
                    let index = parameters.firstIndex(of: reference.baseName.text)
                else { return nil }
                found.append(
                    GuardedParse(
                        type: call.calledExpression.trimmedDescription, label: argument.label?.text, parameter: index))
            }
            parses += found
            guardedReturns.insert(exit.id)
        }
        let returns = body.descendants(of: ReturnStmtSyntax.self).filter {
            $0.isOwnCode(of: body) && !guardedReturns.contains($0.id)
        }
        guard !returns.isEmpty else { return nil }
        var made: [String] = []
        for exit in returns {
            guard let call = exit.expression?.as(FunctionCallExprSyntax.self) else { return nil }
            let called = call.calledExpression.trimmedDescription
            if called == ".init" || called == "Self" || called == "Self.init" {
                made.append(result.trimmedDescription)
            } else if called.first?.isUppercase == true, !called.contains(".") {
                made.append(called)
            } else {
                return nil
            }
        }
        return (parses, made)
    }
}
