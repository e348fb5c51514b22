import SwiftSyntax

/// A helper that answers whether the platform can run a test: it returns Boolean literals or what the environment
/// says, and `false` only under a condition on what the test does not control
/// (``ConditionalLogicDetector/uncontrolled``: `#available`, `#if os(…)`, the environment). swiftlang/swift-experimental-string-processing's `ensureNewStdlib()` is `guard
/// #available(SwiftStdlib 5.7, *) else { XCTExpectFailure { XCTFail(…) }; return false }; return true`, and its
/// tests begin `guard ensureNewStdlib() else { return }`: a platform gate, as `guard #available(…)` written in the
/// test would be. Not a helper that returns a value it computes, nor `false` on a condition of its own.
enum PlatformGate {
    /// Whether `function` is such a helper, or one that returns what the environment says (``readsEnvironment(_:)``).
    static func isGate(_ function: FunctionDeclSyntax) -> Bool {
        guard let body = function.body, function.signature.returnClause?.type.trimmedDescription == "Bool" else {
            return false
        }
        if readsEnvironment(function) { return true }
        let returns = body.descendants(of: ReturnStmtSyntax.self).filter { $0.enclosingClosure(in: body) == nil }
        var returnsFalse = false
        for statement in returns {
            guard let expression = statement.expression else { return false }
            guard let value = expression.as(BooleanLiteralExprSyntax.self) else {
                // What the environment says, under a clause of the platform's (swift-server/async-http-client 1.33.1's
                // `isTestingNIOTS()`: `#if canImport(Network)` it returns `environment["DISABLE_TS_TESTS"] != "true"`,
                // `#else` false; its NIOTS tests begin `guard isTestingNIOTS() else { return }`, six read false).
                guard function.signature.parameterClause.parameters.isEmpty,
                    ConditionalLogicDetector.isUncontrolled(expression.trimmedDescription)
                else { return false }
                returnsFalse = true
                continue
            }
            guard value.literal.tokenKind == .keyword(.false) else { continue }
            returnsFalse = true
            guard isUnderUncontrolledCondition(Syntax(statement), in: Syntax(body)) else { return false }
        }
        return returnsFalse
    }

    /// Whether `function`, taking no parameters, returns only a value read from what the test does not control: each
    /// `return` of a text ``ConditionalLogicDetector/isUncontrolled(_:)`` reads, directly, through a constant of the body
    /// (`let shouldRun = …`), or through a `static let` of its type (grpc/grpc-swift 1.26.1's `runTimeSensitiveTests()`,
    /// which returns `GRPCTestCase.runTimeSensitiveTests`, `Bool(fromTruthLike:
    /// ProcessInfo.processInfo.environment["ENABLE_TIMING_TESTS"], …)`, and prints that it skips; its tests begin
    /// `guard self.runTimeSensitiveTests() else { return }`, six read false on first contact).
    static func readsEnvironment(_ function: FunctionDeclSyntax) -> Bool {
        guard function.signature.parameterClause.parameters.isEmpty, let body = function.body else { return false }
        // A body of one expression returns it.
        let returned: [ExprSyntax?] =
            body.statements.count == 1 && body.statements.first?.item.is(ExprSyntax.self) == true
            ? [body.statements.first?.item.as(ExprSyntax.self)]
            : body.descendants(of: ReturnStmtSyntax.self).filter { $0.enclosingClosure(in: body) == nil }.map(
                \.expression)
        return !returned.isEmpty
            && returned.allSatisfy { value in
                guard let value else { return false }
                let read = resolved(value, in: body, function: function)
                return ConditionalLogicDetector.isUncontrolled(read.trimmedDescription)
            }
    }

    /// `value`, or what it names: a constant of `body`'s own statements (`let shouldRun = …`), then a `static let` of
    /// the type `function` is a member of (`Type.name`, `Self.name`, `name`).
    private static func resolved(_ value: ExprSyntax, in body: CodeBlockSyntax, function: FunctionDeclSyntax)
        -> ExprSyntax
    {
        var value = value
        if let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let given = body.statements.compactMap({ $0.item.as(VariableDeclSyntax.self) })
                .filter({ $0.bindingSpecifier.tokenKind == .keyword(.let) }).flatMap(\.bindings)
                .first(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name })?
                .initializer?.value
        {
            value = given
        }
        var name = value.as(DeclReferenceExprSyntax.self)?.baseName.text
        if let member = value.as(MemberAccessExprSyntax.self), member.base?.is(DeclReferenceExprSyntax.self) == true {
            name = member.declName.baseName.text
        }
        return name.flatMap { constant($0, besides: function) } ?? value
    }

    /// The value of the `static let name` the type around `function` declares.
    private static func constant(_ name: String, besides function: FunctionDeclSyntax) -> ExprSyntax? {
        guard let members = function.parent?.parent?.as(MemberBlockItemListSyntax.self) else { return nil }
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                variable.bindingSpecifier.tokenKind == .keyword(.let),
                variable.modifiers.contains(where: { $0.name.text == "static" })
            else { continue }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                return binding.initializer?.value
            }
        }
        return nil
    }

    /// Whether the nearest `if`, `guard` or `#if` clause around `node` has only conditions the test does not control,
    /// each of them (an `#else`, those of the clauses before it; not `#available(…), Database.shared.connect()`, nor an
    /// `if` of the helper's own inside an `#available` one).
    private static func isUnderUncontrolledCondition(_ node: Syntax, in body: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current, syntax.id != body.id {
            if let choice = syntax.as(IfExprSyntax.self) { return allUncontrolled(choice.conditions) }
            if let statement = syntax.as(GuardStmtSyntax.self) { return allUncontrolled(statement.conditions) }
            // A clause is taken when its condition holds and none before it does (`#else` when none does): each
            // condition up to it must be the platform's.
            if let clause = syntax.as(IfConfigClauseSyntax.self),
                let clauses = clause.parent?.as(IfConfigClauseListSyntax.self)
            {
                for earlier in clauses {
                    if let condition = earlier.condition,
                        !ConditionalLogicDetector.isUncontrolled(condition.trimmedDescription)
                    {
                        return false
                    }
                    if earlier.id == clause.id { break }
                }
                return true
            }
            current = syntax.parent
        }
        return false
    }

    /// Whether every element of `conditions` is on what the test does not control.
    private static func allUncontrolled(_ conditions: ConditionElementListSyntax) -> Bool {
        conditions.allSatisfy { ConditionalLogicDetector.isUncontrolled($0.condition.trimmedDescription) }
    }
}

extension SyntaxProtocol {
    /// The closure around this node inside `top`, if any.
    fileprivate func enclosingClosure(in top: some SyntaxProtocol) -> ClosureExprSyntax? {
        var current = parent
        while let syntax = current, syntax.id != top.id {
            if let closure = syntax.as(ClosureExprSyntax.self) { return closure }
            current = syntax.parent
        }
        return nil
    }
}

/// What the test does not control: the platform, the environment, the host (read by ``PlatformGate`` and by the
/// conditions ``ConditionalLogicDetector`` does not flag).
extension ConditionalLogicDetector {
    /// Words of a condition on something the test does not control.
    static let uncontrolled = [
        "#available", "#unavailable", "ProcessInfo", "environment", "isCI", "os(", "arch(", "Platform", "isLinux",
        "isMac", "isRunningOn", "canImport", "CommandLine", "getenv", "isSimulator", "operatingSystem",
        "MemoryLayout", "bitWidth",
        // A target triple's operating system (swiftlang/swift-driver's `if driver.targetTriple.isDarwin { … }` before the
        // checks of what only Darwin's toolchain emits): the host's, or the test's own `-target`, taken every run.
        "isDarwin", "isWindows",
        // The host's network: whether it has IPv6 or multicast, an interface of a name (swift-nio 2.101.3's
        // `guard System.supportsIPv6 else { return }` before its IPv6 cases).
        "supportsIPv6", "IPv6Supported", "multicastSupported", "supportsMulticast", "if_nametoindex", "getifaddrs",
    ]

    /// Whether a condition reads what the test does not control.
    static func isUncontrolled(_ condition: String) -> Bool {
        uncontrolled.contains { standsAsName(condition, $0) } || comparesVersion(condition)
            || readsCompileOptions(condition)
    }

    /// Whether `word` stands in `condition` as a name or a camel-case part of one: `isMac` in `Self.isMac` and
    /// `isMacOS`, not in `isMacroOrCompilerDirective` (a property nicklockwood/SwiftFormat 0.62.1 declares on its tokens,
    /// read as a platform gate until 2026-12-05); `Platform` in `currentPlatform`; `environment` in `processInfo.environment`, not in
    /// `environmental`. Words that are not names (`os(`, `#available`) are matched as they are written.
    static func standsAsName(_ condition: String, _ word: String) -> Bool {
        guard let last = word.last, last.isLetter else { return condition.contains(word) }
        var searched = condition[...]
        while let found = searched.range(of: word) {
            let before =
                found.lowerBound > condition.startIndex ? condition[condition.index(before: found.lowerBound)] : " "
            let after = found.upperBound < condition.endIndex ? condition[found.upperBound] : " "
            let starts = !(before.isLetter || before.isNumber || before == "_") || word.first?.isUppercase == true
            let ends = !(after.isLowercase || after.isNumber || after == "_")
            if starts && ends { return true }
            searched = condition[found.upperBound...]
        }
        return false
    }

    /// Whether a condition asks how the linked SQLite library was built: its `PRAGMA compile_options` (GRDB.swift
    /// 7.10.0's `if try String.fetchCursor(db, sql: "PRAGMA COMPILE_OPTIONS").contains("ENABLE_UPDATE_DELETE_LIMIT")`
    /// before the checks of `UPDATE … LIMIT`, which a library built without it refuses) or
    /// `sqlite3_compileoption_used`: one answer for the whole process, as a version is. Not a condition on what a
    /// query of the test's own tables returns.
    static func readsCompileOptions(_ condition: String) -> Bool {
        condition.contains("sqlite3_compileoption_used")
            || condition.range(of: #""\s*PRAGMA\s+compile_options\b"#, options: [.regularExpression, .caseInsensitive])
                != nil
    }

    /// Whether a condition compares with a number a version a type holds (`Database.sqliteLibVersionNumber >=
    /// 3030000`, GRDB.swift 7.10.0; `Python.versionInfo.major >= 3`, PythonKit): the linked library's or the
    /// runtime's, one for the whole process, a gate on what the host provides as `#available` is. Not a version of a
    /// value the test made (`decoded.schemaVersion == 2`, `parse("v3").version >= 3`), two versions compared (`v1 <
    /// v2`), nor a word that only holds the letters (`Stats.inversionCount > 0`).
    static func comparesVersion(_ condition: String) -> Bool {
        let pattern = #"\b[A-Z]\w*\.(version|\w*Version)\w*(\.\w+)*\s*(>=|<=|==|!=|<|>)\s*\d"#
        return condition.range(of: pattern, options: .regularExpression) != nil
    }
}
