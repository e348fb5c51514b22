import SwiftSyntax

/// One check a test makes: an assertion call or macro, or a call of a helper that asserts.
public struct AssertionSite: Sendable, Hashable, Codable {
    /// A construct between the test and the check that can skip it, and where its body starts.
    public struct Skipper: Sendable, Hashable, Codable {
        /// `the closure passed to search(…) (line 12), never called`.
        public var description: String
        /// The first statement of its body: executed zero times when it skipped the check.
        public var body: SourcePosition
    }

    /// Where the call starts.
    public var position: SourcePosition
    /// What it calls, as written: `XCTAssertEqual`, `#expect`, or a helper's name.
    public var call: String
    /// The helper it calls, when the check is a call of a helper of the test targets that asserts.
    public var helper: String?
    /// Whether the call only ever fails (`XCTFail`, `Issue.record`, Nimble's `fail`, `XCTAssertNotNil(nil)`,
    /// `#expect(Bool(false))`): the condition around it is the check.
    public var failsOnly = false
    /// What must have run for the check to count as made: the call itself; for a call that only
    /// fails, its ``decider``.
    public var decidedAt: SourcePosition
    /// What decides a call that only fails: the innermost `if`/`guard`/`switch`/`catch` around it, else
    /// the statement of the function's body holding it (a closure never called, a loop that did not
    /// iterate, an argument never evaluated: `logger.debug(failIfEvaluated())` is the check); `nil`:
    /// the call itself.
    public var decider: SourcePosition? = nil
    /// The constructs that can skip it, innermost first.
    public var skippers: [Skipper]
}

/// The checks of one test (or helper), as the static analysis finds them.
public struct AssertionSites: Sendable, Hashable, Codable {
    /// The test's name as the analysis names it (`Class.method`, `Suite/function`), or the helper's.
    public var name: String
    /// Its file.
    public var file: String
    /// Its checks, in source order, nested closures and local functions included.
    public var sites: [AssertionSite]
    /// Whether the body also checks with a plain `try` (a thrown error fails the test).
    public var checksByTry: Bool
    /// The body's first statement: executed zero times when the runner never entered the function.
    public var body: SourcePosition?

    /// Every position whose execution count tells whether a check ran and what skipped it.
    var positions: [SourcePosition] {
        (body.map { [$0] } ?? []) + sites.flatMap { [$0.position, $0.decidedAt] + $0.skippers.map(\.body) }
    }

    /// Finds the checks in `function`'s body; `nil` when it has no body.
    static func find(
        in function: FunctionDeclSyntax, named name: String, file: String, helpers: HelperIndex,
        converter: SourceLocationConverter
    ) -> AssertionSites? {
        guard let body = function.body else { return nil }
        func position(_ node: some SyntaxProtocol) -> SourcePosition {
            let location = node.startLocation(converter: converter)
            return SourcePosition(file: file, line: location.line, column: location.column)
        }
        var sites: [AssertionSite] = []
        func add(_ node: Syntax, call: String, helper: String?) {
            let (skippers, decider) = constructs(around: node, in: function, position: position)
            let failsOnly = alwaysFails(node, call)
            sites.append(
                AssertionSite(
                    position: position(node), call: call, helper: helper, failsOnly: failsOnly,
                    decidedAt: failsOnly ? decider : position(node), decider: decider, skippers: skippers))
        }
        for call in body.descendants(of: FunctionCallExprSyntax.self) {
            guard let name = CallCollector.calledName(call.calledExpression), !notChecks.contains(name) else {
                continue
            }
            if TestSourceAnalyzer.asserts(name) {
                add(Syntax(call), call: name, helper: nil)
            } else if helpers.asserting.contains(name), CallCollector.mayCallHelper(call), !isInsideAssertion(call) {
                // A helper computing an assertion's operand (`#expect(try total() == 3)`) is no check of its own.
                add(Syntax(call), call: name, helper: name)
            }
        }
        for macro in body.descendants(of: MacroExpansionExprSyntax.self)
        where ["expect", "require"].contains(macro.macroName.text) {
            add(Syntax(macro), call: "#" + macro.macroName.text, helper: nil)
        }
        sites.sort { ($0.position.line, $0.position.column) < ($1.position.line, $1.position.column) }
        return AssertionSites(
            name: name, file: file, sites: sites, checksByTry: CallCollector.hasPlainTry(in: Syntax(body)),
            body: body.statements.first.map { position($0) })
    }

    /// Whether `call` is an argument of an assertion (not inside a closure passed to it).
    private static func isInsideAssertion(_ call: FunctionCallExprSyntax) -> Bool {
        var current = call.parent
        while let node = current, !node.is(ClosureExprSyntax.self), !node.is(CodeBlockItemSyntax.self) {
            if let macro = node.as(MacroExpansionExprSyntax.self) {
                return ["expect", "require"].contains(macro.macroName.text)
            }
            if let outer = node.as(FunctionCallExprSyntax.self),
                let name = CallCollector.calledName(outer.calledExpression),
                TestSourceAnalyzer.asserts(name)
            {
                return true
            }
            current = node.parent
        }
        return false
    }

    /// Whether the check fails whenever it runs: `XCTFail`, `Issue.record`, Nimble's `fail`, or an
    /// assertion of a literal (`XCTAssertNotNil(nil)`, `XCTAssert(false)`, `#expect(Bool(false))`).
    private static func alwaysFails(_ node: Syntax, _ call: String) -> Bool {
        if failureOnlyNames.contains(call) { return true }
        let first =
            node.as(FunctionCallExprSyntax.self)?.arguments.first?.expression
            ?? node.as(MacroExpansionExprSyntax.self)?.arguments.first?.expression
        guard let literal = first?.trimmedDescription else { return false }
        switch call {
        case "XCTAssertNotNil": return literal == "nil"
        case "XCTAssertNil", "XCTAssertFalse": return literal == "true"
        case "XCTAssert", "XCTAssertTrue", "#expect", "#require": return literal == "false" || literal == "Bool(false)"
        default: return false
        }
    }

    /// Calls named like assertions that check nothing themselves: they wait, create or wrap.
    static let notChecks: Set<String> = [
        "expectation", "wait", "waitForExpectations", "fulfillment", "confirmation", "withKnownIssue",
        "XCTExpectFailure", "waitUntil", "expectedFailure",
    ]
    /// Calls that only fail: the condition around them is the check.
    static let failureOnlyNames: Set<String> = ["XCTFail", "record", "fail"]

    /// The constructs between `node` and `function` that can skip it (innermost first), and what
    /// decides it if it only fails: the innermost conditional (`if`, `guard`, `switch`, `catch`), if one
    /// comes before a closure or loop, else the statement of `function`'s body holding it.
    private static func constructs(
        around node: Syntax, in function: FunctionDeclSyntax, position: (Syntax) -> SourcePosition
    ) -> ([AssertionSite.Skipper], SourcePosition) {
        var skippers: [AssertionSite.Skipper] = []
        var decider: SourcePosition?
        var statement = position(node)
        var deciding = true
        var child = node
        var current = node.parent
        func line(_ syntax: some SyntaxProtocol) -> Int { position(Syntax(syntax)).line }
        func skipper(_ description: String, _ statements: CodeBlockItemListSyntax?) {
            guard let first = statements?.first else { return }
            skippers.append(.init(description: description, body: position(Syntax(first))))
        }
        func decide(_ construct: some SyntaxProtocol) {
            if deciding, decider == nil { decider = position(Syntax(construct)) }
        }
        while let syntax = current, syntax.id != function.id {
            if syntax.is(CodeBlockItemSyntax.self), syntax.parent?.parent?.id == function.body?.id {
                statement = position(syntax)
            }
            if let closure = syntax.as(ClosureExprSyntax.self) {
                skipper("\(closureName(closure)) (line \(line(closure))), never called", closure.statements)
                deciding = false
            } else if let loop = syntax.as(ForStmtSyntax.self), child.id == loop.body.id {
                skipper(
                    "the for loop over \(loop.sequence.quoted(40)) (line \(line(loop))), which did not iterate",
                    loop.body.statements)
                deciding = false
            } else if let loop = syntax.as(WhileStmtSyntax.self), child.id == loop.body.id {
                skipper("the while loop (line \(line(loop))), which did not iterate", loop.body.statements)
                deciding = false
            } else if let branch = syntax.as(IfExprSyntax.self) {
                let kind = ifKind(branch)
                if child.id == branch.body.id {
                    skipper("the `\(kind)` (line \(line(branch))), whose condition never held", branch.body.statements)
                } else if let otherwise = branch.elseBody?.as(CodeBlockSyntax.self), child.id == otherwise.id {
                    skipper("the else of the `\(kind)` (line \(line(branch))), never taken", otherwise.statements)
                }
                decide(branch)
            } else if let guardStatement = syntax.as(GuardStmtSyntax.self), child.id == guardStatement.body.id {
                skipper(
                    "the else of the guard (line \(line(guardStatement))), never taken", guardStatement.body.statements)
                decide(guardStatement)
            } else if let switchCase = syntax.as(SwitchCaseSyntax.self) {
                skipper(
                    "the `\(switchCase.label.quoted(40))` (line \(line(switchCase))), never matched",
                    switchCase.statements)
                if let statement = switchCase.parent?.parent?.as(SwitchExprSyntax.self) { decide(statement) }
            } else if let clause = syntax.as(CatchClauseSyntax.self) {
                skipper("the catch (line \(line(clause))), never entered", clause.body.statements)
                if let statement = clause.parent?.parent?.as(DoStmtSyntax.self) { decide(statement) }
            } else if let local = syntax.as(FunctionDeclSyntax.self) {
                skipper(
                    "the local function \(local.name.text) (line \(line(local))), never called", local.body?.statements)
                deciding = false
            }
            child = syntax
            current = syntax.parent
        }
        return (skippers, decider ?? statement)
    }

    /// `the closure passed to search(…)`, or `a closure`.
    private static func closureName(_ closure: ClosureExprSyntax) -> String {
        var node = closure.parent
        while let syntax = node, !syntax.is(CodeBlockItemSyntax.self) {
            if let call = syntax.as(FunctionCallExprSyntax.self),
                let name = CallCollector.calledName(call.calledExpression)
            {
                return "the closure passed to \(name)(…)"
            }
            node = syntax.parent
        }
        return "a closure"
    }

    /// `if let`, `if case` or `if`.
    private static func ifKind(_ branch: IfExprSyntax) -> String {
        for condition in branch.conditions {
            if condition.condition.is(OptionalBindingConditionSyntax.self) { return "if let" }
            if condition.condition.is(MatchingPatternConditionSyntax.self) { return "if case" }
        }
        return "if"
    }
}

extension SourceAnalysis {
    /// Marks each call of a helper that only fails (every check of every declaration of that name only
    /// fails: `Issue.record("should not be evaluated")`) as only failing too, decided where such a call
    /// is: the closure never called, the loop that did not iterate or the argument never evaluated is
    /// the check. Repeated until no more helper is found, for helpers calling such helpers.
    mutating func markCallsOfFailingHelpers() {
        func mark(_ list: inout [AssertionSites], failing: Set<String>) -> Bool {
            var changed = false
            for index in list.indices {
                for site in list[index].sites.indices {
                    guard let helper = list[index].sites[site].helper, failing.contains(helper),
                        !list[index].sites[site].failsOnly
                    else { continue }
                    list[index].sites[site].failsOnly = true
                    list[index].sites[site].decidedAt =
                        list[index].sites[site].decider ?? list[index].sites[site].position
                    changed = true
                }
            }
            return changed
        }
        var changed = true
        while changed {
            let failing = Set(
                helperSites.filter { _, declarations in
                    declarations.allSatisfy { !$0.checksByTry && !$0.sites.isEmpty && $0.sites.allSatisfy(\.failsOnly) }
                }.keys)
            guard !failing.isEmpty else { return }
            changed = mark(&assertionSites, failing: failing)
            for name in helperSites.keys {
                changed = mark(&helperSites[name, default: []], failing: failing) || changed
            }
        }
    }
}
