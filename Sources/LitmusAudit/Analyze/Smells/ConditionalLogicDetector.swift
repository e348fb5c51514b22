import SwiftSyntax

/// Conditional Test Logic that can let a broken test pass: a check under an `if`, a `switch` case, a
/// loop or a `catch`, where another way through checks nothing. Not flagged: conditions on what the test
/// does not control (`#if`, `#available`, the platform, the environment, the host's network, a helper that asks the
/// platform, ``PlatformGate``), an `if` whose other branch fails
/// or checks too (`if let x { check(x) } else { XCTFail() }`), a `switch` every case of which checks or
/// fails, a `guard … else { XCTFail() }`, a loop over a literal collection, a literal range or
/// `allCases` (it always iterates), a `catch` after a `do` that fails, or checks, when nothing is thrown
/// (`try f(); XCTFail("no error")`), an `if let` whose value an earlier check requires (``RequiredBefore``),
/// an `if` on a loop's element that adds checks to those the loop makes of every element
/// (``addsToElementChecks(_:assertions:)``), an `if` whose other way is empty and says the check is made elsewhere
/// (``isExplainedEmpty(_:)``), or whose skip a later check of emptiness notices
/// (``checksEmptied(_:region:assertions:in:)``), an `if` or a `guard` on the elements of loops over a table the
/// test wrote out (``tableLoopElements(around:in:literalNames:tableHelpers:)``), an `if` or a `switch` on a parameter
/// of the test's own function that each call gives a value the test wrote (``localFunctionTables(_:names:)``), and
/// the failure calls themselves
/// (`XCTFail`, `Issue.record`).
enum ConditionalLogicDetector {
    static func smells(_ test: ScannedTest, helpers: HelperIndex) -> [Smell] {
        guard let body = test.body else { return [] }
        // The parameters of a test run with arguments (`@Test(arguments: […])`): a branch on them is the
        // test's own table, decided for each case it lists.
        let written = literalCollections(test).union(memberTables(test)).union(
            test.declaration.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters.map {
                ($0.secondName ?? $0.firstName).text
            } ?? [])
        // … and, inside each of its own functions, the parameters each call gives a value it wrote.
        let localTables = localFunctionTables(test, names: written)
        // The sizes the test fixes, read only for a check inside a `stride`.
        var sizes: [String: Int]?
        var flagged: [(Syntax, String)] = []
        for assertion in test.assertions
        where isCheck(assertion, in: body) && !fulfilsWaitedExpectation(after: assertion, in: body, helpers: helpers) {
            let literalNames = localTables.reduce(into: written) { names, table in
                if RequiredBefore.isInside(assertion, Syntax(table.0)) { names.formUnion(table.1) }
            }
            // The elements of the loops over the test's own tables around the check: a branch on them is
            // decided by the table, as one on a parameterized test's argument.
            let tableNames = literalNames.union(
                tableLoopElements(
                    around: assertion, in: body, literalNames: literalNames, tableHelpers: helpers.tableHelpers))
            let fixed = sizes ?? fixedSizes(test)
            sizes = fixed
            if let why = skipper(
                of: assertion, in: body, test: test, literalNames: literalNames, tableNames: tableNames,
                assertions: test.assertions, sizes: fixed, helpers: helpers)
                ?? silentGuard(
                    before: assertion, tableNames: tableNames, assertions: test.assertions, body: body,
                    framework: test.framework, helpers: helpers)
            {
                flagged.append((assertion, why))
            }
        }
        guard let first = flagged.first else { return [] }
        return [
            Smell(
                kind: .conditionalTestLogic, node: first.0,
                message: SmellScan.counted(
                    "\(test.shown) checks `\(first.0.quoted(50))` only \(first.1): when it is not, nothing is checked and the test passes",
                    flagged.count))
        ]
    }

    /// Whether the test makes `assertion` again, written the same, after `construct` (the branch or loop that may skip
    /// it) and unconditionally in a scope that holds `construct`: when `construct` skips `assertion`, the same check
    /// still runs (swift-collections 1.6.0's BitSetTests sample `expectEqual(Array(actual), expected.sorted())` under
    /// `if i % 25 == 0` in a walk, then make it after the walk). Not a repeat before it, inside the same construct
    /// (postgres-nio's `#expect(dataSource.requestCount == expected)` twice in one `while`), under a branch or loop of
    /// its own, or a check written otherwise.
    private static func isMadeAgain(
        _ assertion: Syntax, past construct: Syntax, among assertions: [Syntax], in body: Syntax
    ) -> Bool {
        let text = assertion.trimmedDescription
        return assertions.contains { other in
            guard other.position >= construct.endPosition, other.trimmedDescription == text else { return false }
            let scope = RequiredBefore.scope(of: other, in: body)
            return RequiredBefore.isInside(construct, scope) && RequiredBefore.isUnconditional(other, in: scope)
        }
    }

    /// `XCTFail`, `Issue.record`, Nimble's `fail`, `XCTAssert(false)`, `#expect(Bool(false))`.
    static func isFailureOnly(_ node: Syntax) -> Bool {
        guard let name = SmellScan.assertionName(node) else { return false }
        if AssertionSites.failureOnlyNames.contains(name) { return true }
        let first = SmellScan.arguments(node).first?.expression.trimmedDescription
        return first == "false" || first == "Bool(false)"
    }

    /// Whether `assertion` checks something a branch may skip: not a failure (`XCTFail`, or an error thrown out of the
    /// test), which is what a branch that fails does, unless it sits under a bare flag (``isUnderFlag(_:)``).
    private static func isCheck(_ assertion: Syntax, in body: Syntax) -> Bool {
        (!isFailureOnly(assertion) && !isThrownOut(assertion, of: body)) || isUnderFlag(assertion)
    }

    /// What can skip `node` in the test's `body`, the innermost first, or `nil`.
    /// A branch on `tableNames` (the test's table, its parameters, the elements of its loops over them)
    /// is the table's, not a skip.
    private static func skipper(
        of node: Syntax, in body: Syntax, test: ScannedTest, literalNames: Set<String>, tableNames: Set<String>,
        assertions: [Syntax], sizes: [String: Int], helpers: HelperIndex
    ) -> String? {
        var child = node
        var current = node.parent
        while let syntax = current, syntax.id != body.id {
            var reason: String?
            if let branch = syntax.as(IfExprSyntax.self), !isUncontrolled(branch.conditions.trimmedDescription),
                !helpers.gatesOnPlatform(branch.conditions),
                !readsOnly(branch.conditions, tableNames),
                !RequiredBefore.covers(branch, assertions: assertions, body: body),
                !JustMade.covers(branch, test: test), !addsToElementChecks(branch, assertions: assertions),
                child.id != branch.body.id || !countedPassReached(branch, assertions: assertions, in: body),
                child.id != branch.body.id || !checksOnlyAbsence(node, under: branch)
            {
                let other: Syntax? =
                    child.id == branch.body.id ? branch.elseBody.map(Syntax.init) : Syntax(branch.body)
                if child.id == branch.body.id || child.id == branch.elseBody?.id,
                    !(other.map { checksOrFails($0, assertions: assertions) || isExplainedEmpty($0) } ?? false),
                    !checksEmptied(branch, region: child, assertions: assertions, in: body),
                    child.id != branch.body.id
                        || !(failsWhenFalse(branch.conditions, framework: test.framework, helpers: helpers)
                            || searchFailsAfterLoop(from: node, body: body))
                {
                    reason =
                        "when `if \(branch.conditions.quoted(40))` "
                        + (child.id == branch.body.id ? "holds" : "does not hold")
                }
            } else if let switchCase = syntax.as(SwitchCaseSyntax.self),
                let statement = switchCase.parent?.parent?.as(SwitchExprSyntax.self),
                !isUncontrolled(statement.subject.trimmedDescription),
                !readsOnly(statement.subject, tableNames),
                statement.cases.contains(where: { !checksOrFails(Syntax($0), assertions: assertions) }),
                !switchesOnCheckedCount(
                    statement, assertions: assertions, in: body,
                    checks: { checksOrFails(Syntax($0), assertions: assertions) })
            {
                reason = "in `\(switchCase.label.quoted(40))` of a switch some case of which checks nothing"
            } else if let loop = syntax.as(ForStmtSyntax.self), child.id == loop.body.id,
                !alwaysIterates(loop.sequence, literalNames: literalNames, sizes: sizes),
                !requiresIterating(
                    loop, assertions: assertions, body: body,
                    isTable: { alwaysIterates($0, literalNames: literalNames, sizes: sizes) }),
                !checksAccumulator(
                    Syntax(loop), region: [Syntax(loop.body)], inputs: [Syntax(loop.sequence)], assertions: assertions,
                    in: body, tableNames: tableNames),
                !searchFailsAfterLoop(from: node, body: body)
            {
                reason = "inside `for … in \(loop.sequence.quoted(40))`, which may not iterate"
            } else if let loop = syntax.as(WhileStmtSyntax.self), child.id == loop.body.id,
                !isUncontrolled(loop.conditions.trimmedDescription),
                // `while true` always runs its body (swift-websocket 1.6.2's ping loop).
                loop.conditions.trimmedDescription != "true", !holdsOnEntry(loop, in: body),
                !drainsFilledGroup(loop, literalNames: literalNames),
                !checksAccumulator(
                    Syntax(loop), region: [Syntax(loop.body)], inputs: [Syntax(loop.conditions)],
                    assertions: assertions,
                    in: body, tableNames: tableNames)
            {
                reason = "inside `while \(loop.conditions.quoted(40))`, which may not iterate"
            } else if let clause = syntax.as(CatchClauseSyntax.self), child.id == clause.body.id,
                let statement = clause.parent?.parent?.as(DoStmtSyntax.self),
                !CaughtErrors.failsWhenNothingThrows(statement.body),
                !checksWhenNothingThrows(statement, assertions: assertions)
            {
                reason = "in `catch \(clause.catchItems.quoted(40))`, which runs only when the `do` throws"
            }
            if let reason, !isMadeAgain(node, past: syntax, among: assertions, in: body) { return reason }
            child = syntax
            current = syntax.parent
        }
        return nil
    }

    /// Whether a check runs when `statement`'s body throws nothing: one in its body, one after it, or one around
    /// it (Nimble 14.0.0's `failsWithErrorMessage("…") { do { try requireFail(…) } catch { … } }` checks the
    /// failure the closure records). CwlCatchException 2.2.1's `do { try catchExceptionAsError { throw urlError } }
    /// catch let error as URLError { XCTAssertEqual(error, urlError) }` checks nothing when nothing is thrown.
    private static func checksWhenNothingThrows(_ statement: DoStmtSyntax, assertions: [Syntax]) -> Bool {
        assertions.contains {
            RequiredBefore.isInside($0, Syntax(statement.body)) || $0.position >= statement.endPosition
                || RequiredBefore.isInside(Syntax(statement), $0)
        }
    }

    /// A `guard` before `node` in a block around it whose `else` leaves without failing
    /// (`guard let x = f() else { return }`): when it leaves, the check is skipped and the test passes.
    /// Not a guard whose conditions read only `tableNames`, the test's own table.
    private static func silentGuard(
        before node: Syntax, tableNames: Set<String>, assertions: [Syntax], body: Syntax,
        framework: ScannedTest.Framework, helpers: HelperIndex
    )
        -> String?
    {
        var current = node.parent
        var item: Syntax = node
        while let syntax = current {
            if let list = syntax.as(CodeBlockItemListSyntax.self) {
                // Constants the block derives from the table before the guard (`let count = layout.count`).
                var derived = tableNames
                for statement in list {
                    if statement.id == item.id { break }
                    if let declaration = statement.item.as(VariableDeclSyntax.self) {
                        // A name declared again holds what it is declared with now.
                        let constants = derivedConstants(statement, from: derived)
                        derived.subtract(
                            declaration.bindings.flatMap { $0.pattern.descendants(of: IdentifierPatternSyntax.self) }
                                .map(\.identifier.text))
                        derived.formUnion(constants)
                    }
                    guard let guardStatement = statement.item.as(GuardStmtSyntax.self),
                        !isUncontrolled(guardStatement.conditions.trimmedDescription),
                        !helpers.gatesOnPlatform(guardStatement.conditions),
                        !failsWhenFalse(guardStatement.conditions, framework: framework, helpers: helpers),
                        !readsOnly(guardStatement.conditions, derived),
                        !checksOrFails(Syntax(guardStatement.body), assertions: assertions),
                        !failsErrorMatcher(guardStatement),
                        !isOnceGuard(guardStatement, in: list, body: body),
                        !RequiredBefore.covers(
                            guardStatement.conditions, at: Syntax(guardStatement), assertions: assertions, body: body),
                        !cutShortLoopShows(
                            guardStatement, in: list, tableNames: tableNames, assertions: assertions, body: body)
                    else { continue }
                    return
                        "after `guard \(guardStatement.conditions.quoted(40))`, whose else leaves without failing"
                }
            }
            if syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self) { return nil }
            item = syntax
            current = syntax.parent
        }
        return nil
    }

    /// Whether `guardStatement` (in `list`) only cuts a loop short (`guard !next.isEmpty else { break }`,
    /// `… else { continue }`, with no label, right in the loop's body) and a check after the loop notices what
    /// the statements after the guard did not change
    /// (``checksAccumulator(_:region:inputs:assertions:in:tableNames:)``).
    private static func cutShortLoopShows(
        _ guardStatement: GuardStmtSyntax, in list: CodeBlockItemListSyntax, tableNames: Set<String>,
        assertions: [Syntax], body: Syntax
    ) -> Bool {
        guard let last = guardStatement.body.statements.last?.item,
            last.as(BreakStmtSyntax.self).map({ $0.label == nil })
                ?? last.as(ContinueStmtSyntax.self).map({ $0.label == nil }) ?? false,
            let block = list.parent?.as(CodeBlockSyntax.self)
        else { return false }
        let loop: (Syntax, Syntax)?
        if let forLoop = block.parent?.as(ForStmtSyntax.self) {
            loop = (Syntax(forLoop), Syntax(forLoop.sequence))
        } else if let whileLoop = block.parent?.as(WhileStmtSyntax.self) {
            loop = (Syntax(whileLoop), Syntax(whileLoop.conditions))
        } else {
            loop = nil
        }
        guard let (statement, inputs) = loop else { return false }
        let after = list.filter { $0.position >= guardStatement.endPosition }.map(Syntax.init)
        return checksAccumulator(
            statement, region: after, inputs: [Syntax(guardStatement.conditions), inputs],
            assertions: assertions, in: body, tableNames: tableNames)
    }

    /// Whether a failure call sits right under an `if` on a bare flag (`if isRunningFunctionalTests {
    /// fail() }`): when the flag is off, the failure is never checked. A failure under a comparison
    /// (`if total != 3 { XCTFail() }`) is the check itself.
    private static func isUnderFlag(_ node: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current {
            if let branch = syntax.as(IfExprSyntax.self) {
                guard branch.conditions.count == 1,
                    let condition = branch.conditions.first?.condition.as(ExprSyntax.self)
                else { return false }
                return condition.is(DeclReferenceExprSyntax.self) && !isUncontrolled(condition.trimmedDescription)
            }
            if syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self) { return false }
            current = syntax.parent
        }
        return false
    }

    /// Whether a check of the loop's scope, before or after it and outside it, requires what it goes over
    /// to be non-empty (`XCTAssertEqual(items.count, 3)` after `for item in items { … }`): when the loop
    /// does not iterate, that check fails, so the loop's checks cannot be skipped while the test passes.
    /// A `zip` iterates when each of its two sequences does (a table the test wrote, `isTable`, or one such a
    /// check requires), and when one does and a check equates the two counts (vapor/fluent-kit 1.57.0's
    /// `XCTAssertEqual(db.sqlSerializers.count, expectedQueries.count)` before `for … in zip(expectedQueries,
    /// db.sqlSerializers)`, and `XCTAssertEqual(serializer.binds.count, binds.count)` before `zip(binds,
    /// serializer.binds)`, `binds` an element of that table). Two counts equated, neither side the test's, may
    /// both be 0.
    private static func requiresIterating(
        _ loop: ForStmtSyntax, assertions: [Syntax], body: Syntax, isTable: (ExprSyntax) -> Bool
    ) -> Bool {
        let scope = RequiredBefore.scope(of: Syntax(loop), in: body)
        let unconditional = assertions.filter { check in
            !RequiredBefore.isInside(check, Syntax(loop)) && RequiredBefore.isUnconditional(check, in: scope)
        }
        if let call = loop.sequence.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "zip", call.arguments.count == 2
        {
            let sides = call.arguments.map(\.expression)
            let iterates = sides.map { isTable($0) || required($0, by: unconditional) }
            return !iterates.contains(false)
                || (iterates.contains(true) && countsEquated(sides[0], sides[1], by: unconditional))
        }
        return required(loop.sequence, by: unconditional)
    }

    /// Whether one of `checks` requires `sequence` (or what a method makes of its elements) to be non-empty.
    private static func required(_ sequence: ExprSyntax, by checks: [Syntax]) -> Bool {
        var sequence = sequence
        // What a method makes of the same elements (`items.enumerated()`, `items.indices`) is as long.
        while true {
            if let call = sequence.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                ["enumerated", "reversed", "sorted", "shuffled"].contains(member.declName.baseName.text)
            {
                sequence = base
            } else if let member = sequence.as(MemberAccessExprSyntax.self), let base = member.base,
                ["indices", "keys", "values", "lazy"].contains(member.declName.baseName.text)
            {
                sequence = base
            } else {
                break
            }
        }
        let nonEmpty = sequence.trimmedDescription + ".isEmpty == false"
        return checks.contains { RequiredBefore.requiredValues($0).contains(nonEmpty) }
    }

    /// Whether one of `checks` states `a.count == b.count`, either way round (`XCTAssertEqual`, `#expect`,
    /// `XCTAssert`, `XCTAssertTrue`).
    private static func countsEquated(_ a: ExprSyntax, _ b: ExprSyntax, by checks: [Syntax]) -> Bool {
        let counts = Set([a, b].map { $0.trimmedDescription + ".count" })
        return checks.contains { check in
            guard let name = SmellScan.assertionName(check) else { return false }
            let arguments = SmellScan.arguments(check).filter { $0.label == nil }.map(\.expression)
            let compared: [ExprSyntax]
            if name == "XCTAssertEqual", arguments.count >= 2 {
                compared = Array(arguments.prefix(2))
            } else if ["XCTAssert", "XCTAssertTrue", "#expect", "#require"].contains(name), let first = arguments.first,
                let (left, op, right) = EqualityShapeDetector.comparison(first), op == "=="
            {
                compared = [left, right]
            } else {
                return false
            }
            return Set(compared.map(\.trimmedDescription)) == counts
        }
    }

    /// Whether `branch` checks or fails: an assertion, a failure, a `throw`, or `fatalError`.
    /// One of the test's `assertions` in it counts too: a call of a helper that checks (swift-websocket
    /// 1.6.2's `if !runAllTests { try await autobahnTests(cases: some) } else { try await autobahnTests(cases:
    /// all) }` checks on either way).
    private static func checksOrFails(_ branch: Syntax, assertions: [Syntax]) -> Bool {
        if assertions.contains(where: { RequiredBefore.isInside($0, branch) }) { return true }
        let local = localCheckingFunctions(assertions)
        return branch.descendants(of: Syntax.self).contains { node in
            if node.is(ThrowStmtSyntax.self) { return true }
            if let macro = node.as(MacroExpansionExprSyntax.self) {
                return ["expect", "require"].contains(macro.macroName.text)
            }
            guard let call = node.as(FunctionCallExprSyntax.self),
                let name = CallCollector.calledName(call.calledExpression)
            else { return false }
            return TestSourceAnalyzer.asserts(name) || local.contains(name)
                || ["to", "toNot", "notTo", "fatalError", "preconditionFailure"].contains(name)
        }
    }

    /// The functions declared inside another function (a test's own local helper, `func check(_ child:)`)
    /// that hold one of the test's checks: a call of one checks (apple/swift-argument-parser 1.8.2's
    /// MirrorTests switches over a mirror's children, each case calling the test's `checkChildValue`).
    private static func localCheckingFunctions(_ assertions: [Syntax]) -> Set<String> {
        Set(
            assertions.compactMap { check -> String? in
                var current = check.parent
                var innermost: FunctionDeclSyntax?
                while let node = current {
                    if let declaration = node.as(FunctionDeclSyntax.self) {
                        // A function around the innermost one: that one is local to it.
                        if let innermost { return innermost.name.text }
                        innermost = declaration
                    }
                    current = node.parent
                }
                return nil
            })
    }
}
