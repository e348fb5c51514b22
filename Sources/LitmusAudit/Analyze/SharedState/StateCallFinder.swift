import SwiftSyntax

/// Finds, in one file, the calls of the toolchain's functions that touch ``SharedState`` (``StateAPIs``) and
/// the modules it imports. A file's path is the literal the call is given, when it is one; a path built from a
/// unique name (`UUID()`, or a name the file only ever sets from one) is a file of the test's own; any other
/// path is computed, so it may be anywhere (and, when relative, the current directory decides where).
final class StateCallFinder: SyntaxVisitor {
    private let file: String
    private let converter: SourceLocationConverter
    private let unique: Set<String>
    private let regions: CompiledRegions
    private(set) var accesses: [StateAccess] = []
    private(set) var imports: [String] = []

    /// `built`: the modules the build compiled, when known (an import under `#if canImport` of another is not
    /// compiled).
    init(file: String, tree: SourceFileSyntax, built: Set<String>? = nil) {
        self.file = file
        converter = SourceLocationConverter(fileName: file, tree: tree)
        unique = UniqueNames.find(in: tree)
        regions = CompiledRegions(tree, configuration: HostBuildConfiguration(built: built))
        super.init(viewMode: .sourceAccurate)
    }

    /// The modules imported in code this platform compiles (not those of an `#if os(Windows)`).
    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.first?.name.text, regions.compiles(node) { imports.append(module) }
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let effect = effect(of: node) { record(effect, call: node) }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard let base = node.base else { return .visitChildren }
        let member = node.declName.baseName.text
        let written = base.trimmedDescription.replacingOccurrences(of: " ", with: "")
        let last = StateSyntax.lastComponent(of: written)
        if let effect = StateAPIs.properties["\(written).\(member)"] ?? StateAPIs.properties["\(last).\(member)"],
            let state = effect.state
        {
            let use = StateSyntax.use(of: ExprSyntax(node))
            add(state, reads: effect.reads || use.reads, writes: effect.writes || use.writes, at: node)
        }
        return .visitChildren
    }

    private func effect(of call: FunctionCallExprSyntax) -> StateAPIs.Effect? {
        if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            let label = call.arguments.first?.label?.text ?? ""
            // The C library's functions take no argument labels: `remove(at: index)` is a method of the code's
            // own (swift-argument-parser's SplitArguments), not C's `remove(path)`.
            let unlabelled = call.arguments.allSatisfy { $0.label == nil }
            return StateAPIs.initializers["\(name)(\(label)"] ?? StateAPIs.initializers["\(name)("]
                ?? (unlabelled ? StateAPIs.functions[name] : nil)
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        if StateAPIs.sessionMethods.contains(name),
            let base = member.base?.trimmedDescription.lowercased(),
            base.hasSuffix("session") || base.hasSuffix("shared")
        {
            return .both(.network(nil))
        }
        if name == "bind" || name == "connect", let port = Self.port(of: call) { return port }
        guard let effect = StateAPIs.methods[name] else { return nil }
        if let labels = effect.path, effect.state == nil, argument(labelled: labels, of: call) == nil { return nil }
        return effect
    }

    /// `bind(host:port:)` or `connect(host:port:)` with a port: the network at that port, none at port 0.
    private static func port(of call: FunctionCallExprSyntax) -> StateAPIs.Effect? {
        guard let argument = call.arguments.first(where: { $0.label?.text == "port" }) else { return nil }
        let literal = argument.expression.as(IntegerLiteralExprSyntax.self).flatMap { Int($0.literal.text) }
        if literal == 0 { return nil }
        return .both(.network(literal))
    }

    private func argument(labelled labels: String, of call: FunctionCallExprSyntax) -> LabeledExprSyntax? {
        let wanted = Set(labels.split(separator: "|").map(String.init))
        return call.arguments.first { wanted.contains($0.label?.text ?? "") }
    }

    private func record(_ effect: StateAPIs.Effect, call: FunctionCallExprSyntax) {
        if let state = effect.state {
            add(state, reads: effect.reads, writes: effect.writes, at: call)
            return
        }
        let path = effect.path.flatMap { argument(labelled: $0, of: call) } ?? call.arguments.first
        // `write(to: &stream)` writes into a value (`TextOutputStreamable`), not a file.
        if path?.expression.is(InOutExprSyntax.self) == true { return }
        if effect.own || path.map({ isUnique($0.expression) }) == true {
            add(.ownFile, reads: effect.reads, writes: effect.writes, at: call)
            return
        }
        let literal = path.flatMap { Self.literalPath($0.expression) }
        add(.file(literal), reads: effect.reads, writes: effect.writes, at: call)
        if literal.map({ !$0.hasPrefix("/") }) ?? true { add(.currentDirectory, reads: true, writes: false, at: call) }
    }

    /// A path written as a literal: `"/tmp/x"`, or `URL(fileURLWithPath: "/tmp/x")`.
    static func literalPath(_ expression: ExprSyntax) -> String? {
        if let string = expression.as(StringLiteralExprSyntax.self) { return string.representedLiteralValue }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.trimmedDescription == "URL",
            let argument = call.arguments.first, argument.label?.text == "fileURLWithPath"
        else { return nil }
        return argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }

    private func isUnique(_ expression: ExprSyntax) -> Bool {
        let words = UniqueNames.words(of: Syntax(expression))
        return !words.isDisjoint(with: StateAPIs.uniqueWords) || !words.isDisjoint(with: unique)
    }

    private func add(_ state: SharedState, reads: Bool, writes: Bool, at node: some SyntaxProtocol) {
        let location = node.startLocation(converter: converter)
        accesses.append(
            StateAccess(state, reads: reads, writes: writes, file: file, line: location.line, column: location.column))
    }
}

/// The names a file only ever sets from a unique name (`let folder = temporary.appendingPathComponent(
/// UUID().uuidString)`, a property set so in `setUp`), followed through the names set from them, and the functions
/// of the file that only ever return one (FlyingFox's `makeTempFile(contents:)`, whose result a test removes).
enum UniqueNames {
    /// The unique names of `tree`.
    static func find(in tree: SourceFileSyntax) -> Set<String> {
        let collector = AssignmentCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        var unique: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for (name, values) in collector.values where !unique.contains(name) {
                let allUnique = values.allSatisfy { words in
                    !words.isDisjoint(with: StateAPIs.uniqueWords) || !words.isDisjoint(with: unique)
                }
                if allUnique {
                    unique.insert(name)
                    changed = true
                }
            }
        }
        return unique
    }

    /// The identifiers of `node`'s tokens.
    /// An unqualified call (`makeTempFile()`, `self.makeTempFile()`, `Self.makeTempFile()`) also gives
    /// `func:makeTempFile`: a function of the file is matched by its calls alone, not by a member or label of
    /// its name (`Bundle.module.url(forResource:)` is no call of the file's `url()`).
    static func words(of node: Syntax) -> Set<String> {
        var words = Set(
            node.tokens(viewMode: .sourceAccurate).compactMap { token in
                if case .identifier(let text) = token.tokenKind { return text }
                return nil
            })
        for call in [node].compactMap({ $0.as(FunctionCallExprSyntax.self) })
            + node.descendants(of: FunctionCallExprSyntax.self)
        {
            if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                words.insert("func:\(name)")
            } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                ["self", "Self"].contains(member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text ?? "")
            {
                words.insert("func:\(member.declName.baseName.text)")
            }
        }
        return words
    }

    /// Every value each name is bound or assigned to in a file, as the words of the value.
    private final class AssignmentCollector: SyntaxVisitor {
        var values: [String: [Set<String>]] = [:]

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = node.initializer?.value
            {
                values[name, default: []].append(UniqueNames.words(of: Syntax(value)))
            }
            return .visitChildren
        }

        /// A function's value is what each of its `return`s gives (or its one expression): a function without
        /// one gives nothing that could be unique. A returned constant of the function's own body is read as its
        /// value (`let url = …UUID()…; return url`): names are the file's, and the callers' `let url =
        /// makeTempFile()` would otherwise make a cycle no name leaves.
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            let key = "func:\(node.name.text)"
            // A requirement without a body, or a method another type may override, may give anything.
            guard let body = node.body,
                !node.modifiers.contains(where: { ["override", "open"].contains($0.name.text) })
            else {
                values[key, default: []].append([])
                return .visitChildren
            }
            let returns = ReturnCollector(viewMode: .sourceAccurate)
            returns.walk(body.statements)
            var results = returns.values
            if results.isEmpty, body.statements.count == 1, let only = body.statements.first?.item.as(ExprSyntax.self) {
                results = [only]
            }
            let parameters = Set(node.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
            // Every name the function binds, however (`let`, `if let`, `for`, a closure's): a returned name bound
            // once, by a constant of the body's own statements, is that constant's value.
            var bindings: [String: Int] = [:]
            for pattern in body.statements.descendants(of: IdentifierPatternSyntax.self) {
                bindings[pattern.identifier.text, default: 0] += 1
            }
            var constants: [String: ExprSyntax] = [:]
            for statement in body.statements {
                guard let declaration = statement.item.as(VariableDeclSyntax.self),
                    declaration.bindingSpecifier.tokenKind == .keyword(.let)
                else { continue }
                for binding in declaration.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let value = binding.initializer?.value
                    else { continue }
                    constants[name] = value
                }
            }
            let values = results.map { result -> Set<String> in
                var value = result
                if let name = result.as(DeclReferenceExprSyntax.self)?.baseName.text, bindings[name] != nil {
                    // A name the function binds is its own local, not the file's name: its one constant, or unknown.
                    guard bindings[name] == 1, let constant = constants[name] else { return [] }
                    value = constant
                }
                let words = UniqueNames.words(of: Syntax(value))
                // What a parameter gives is the caller's: never this function's own unique name.
                return words.isDisjoint(with: parameters) ? words : []
            }
            if !values.isEmpty { self.values[key, default: []] += values }
            return .visitChildren
        }

        override func visit(_ node: ExprListSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node)
            for index in elements.indices.dropLast(2) where elements[index + 1].is(AssignmentExprSyntax.self) {
                let target = elements[index].trimmedDescription.replacingOccurrences(of: "self.", with: "")
                guard target.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
                values[target, default: []].append(UniqueNames.words(of: Syntax(elements[index + 2])))
            }
            return .visitChildren
        }
    }

    /// The values a function's own `return`s give (not those of the closures and functions inside it); a bare
    /// `return` gives an empty value, never unique.
    private final class ReturnCollector: SyntaxVisitor {
        var values: [ExprSyntax] = []

        override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
            values.append(node.expression ?? ExprSyntax(NilLiteralExprSyntax()))
            return .skipChildren
        }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}
