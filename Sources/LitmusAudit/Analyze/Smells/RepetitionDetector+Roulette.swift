import SwiftSyntax

/// assertionRoulette: several checks of one kind without a message in one build configuration.
extension RepetitionDetector {
    /// The assertion name used at least twice without a message in a test of three XCTest assertions or
    /// more, with its count and first call. The assertions are counted per build configuration: those in
    /// alternative clauses of an `#if` (`#if canImport(Darwin)` … `#else` …) never compile together
    /// (Quick 7.6.2's `testAllExamplesAreExecuted` has one assertion in each of three clauses). An
    /// `XCTAssertNotNil` of a name an optional binding of the test unwrapped (`guard let entry = …`)
    /// cannot fail, so no failure needs telling apart (ZIPFoundation's `testExtractErrorConditions`).
    static func roulette(_ test: ScannedTest) -> (name: String, count: Int, first: Syntax)? {
        let unwrapped = Set(
            test.all(OptionalBindingConditionSyntax.self).compactMap {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            })
        var counted:
            [(name: String, node: Syntax, unlabelled: Bool, clauses: [SyntaxIdentifier: (index: Int, ways: Int)])] =
                []
        for assertion in test.assertions {
            guard let call = assertion.as(FunctionCallExprSyntax.self),
                let name = CallCollector.calledName(call.calledExpression), name.hasPrefix("XCTAssert")
            else { continue }
            if name == "XCTAssertNotNil", call.arguments.count == 1,
                let value = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                unwrapped.contains(value)
            {
                continue
            }
            // A check of a Boolean literal checks no value: `XCTAssert(false)` fails wherever it is reached, as
            // `XCTFail()` does, and `XCTAssert(true)` never fails (Thomvis/BrightFutures 8.2.0's markers of the
            // callback that must not run, two read false on first contact). It counts among the test's assertions,
            // never among those a failure cannot tell apart.
            let marker =
                ["XCTAssert", "XCTAssertTrue", "XCTAssertFalse"].contains(name)
                && call.arguments.first?.expression.is(BooleanLiteralExprSyntax.self) == true
            let unlabelled =
                !marker
                && (operandCounts[name].map { call.arguments.filter { $0.label == nil }.count <= $0 } ?? false)
            counted.append((name, assertion, unlabelled, clauses(of: assertion, in: test.statements.map(Syntax.init))))
        }
        // Each `#if` around a check, with how many ways it compiles.
        var choices: [SyntaxIdentifier: Int] = [:]
        for check in counted { choices.merge(check.clauses.mapValues(\.ways)) { first, _ in first } }
        var best: (name: String, count: Int, first: Syntax)?
        for configuration in configurations(choices) {
            let compiled = counted.filter { check in
                configuration.map { chosen in check.clauses.allSatisfy { chosen[$0.key] == $0.value.index } } ?? true
            }
            guard compiled.count >= rouletteCount.all else { continue }
            var byName: [String: [Syntax]] = [:]
            for check in compiled where check.unlabelled { byName[check.name, default: []].append(check.node) }
            let worst = byName.filter { $0.value.count >= rouletteCount.sameKind }.min {
                $0.value[0].position < $1.value[0].position
            }
            // The configuration with the most checks of one kind; of equals, the one whose first comes first.
            if let worst,
                best.map({
                    worst.value.count > $0.count
                        || (worst.value.count == $0.count && worst.value[0].position < $0.first.position)
                }) ?? true
            {
                best = (worst.key, worst.value.count, worst.value[0])
            }
        }
        return best
    }

    /// The `#if` declarations around `node`, each with the index of the clause that holds it and how many
    /// ways it compiles (its clauses, and none of them when it has no `#else`); and the same for an `if`
    /// on what the test does not control, such as `if #available(…) { … } else { … }`: one way per platform,
    /// never both in one run. Any other `if` with an `else` in the test's `statements` counts so too where nothing
    /// around it in the test runs it again (no loop, no closure, no local function): one run takes one of its ways (DDMathParser 3.1.0's
    /// `if Operator.defaultPowerAssociativity == .left { XCTAssertEqual(d, 64) } else { XCTAssertEqual(d, 512) }`).
    private static func clauses(of node: Syntax, in statements: Syntax?) -> [SyntaxIdentifier: (index: Int, ways: Int)]
    {
        var found: [SyntaxIdentifier: (index: Int, ways: Int)] = [:]
        // The test's own `if`s met so far, until a loop or a closure of the test around them may run both ways.
        var once: [SyntaxIdentifier: (index: Int, ways: Int)] = [:]
        var inTest = statements != nil
        var child = node
        var current = node.parent
        while let syntax = current {
            if let branch = syntax.as(IfExprSyntax.self), child.id == branch.body.id || child.id == branch.elseBody?.id
            {
                let way = (child.id == branch.body.id ? 0 : 1, 2)
                if ConditionalLogicDetector.isUncontrolled(branch.conditions.trimmedDescription) {
                    found[branch.id] = way
                } else if inTest, branch.elseBody != nil {
                    once[branch.id] = way
                }
            }
            if inTest {
                if syntax.id == statements?.id {
                    found.merge(once) { first, _ in first }
                    inTest = false
                } else if syntax.is(ForStmtSyntax.self) || syntax.is(WhileStmtSyntax.self)
                    || syntax.is(RepeatStmtSyntax.self) || syntax.is(ClosureExprSyntax.self)
                    || syntax.is(FunctionDeclSyntax.self)
                {
                    once = [:]
                }
            }
            child = syntax
            if let clause = syntax.as(IfConfigClauseSyntax.self),
                let declaration = clause.parent?.parent?.as(IfConfigDeclSyntax.self),
                let index = Array(declaration.clauses).firstIndex(where: { $0.id == clause.id })
            {
                let hasElse = declaration.clauses.contains { $0.poundKeyword.tokenKind == .poundElse }
                found[declaration.id] = (index, declaration.clauses.count + (hasElse ? 0 : 1))
            }
            current = syntax.parent
        }
        return found
    }

    /// Every choice of one way for each `#if` (`nil`: no `#if`, one configuration), or `nil` alone when
    /// there are too many to try (more than 64): then every check counts together, as before.
    private static func configurations(_ choices: [SyntaxIdentifier: Int]) -> [[SyntaxIdentifier: Int]?] {
        guard !choices.isEmpty else { return [nil] }
        var all: [[SyntaxIdentifier: Int]] = [[:]]
        for (conditional, ways) in choices {
            all = all.flatMap { partial in (0..<ways).map { partial.merging([conditional: $0]) { $1 } } }
            if all.count > 64 { return [nil] }
        }
        return all
    }
}
