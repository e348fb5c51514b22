import SwiftSyntax

/// What the functions of the test targets reach through the helpers they call: helpers are followed
/// across files and through each other. Assertions are followed by name (a call of any function of that
/// name asserts); the checks of the other framework by declaration: a call reaches only the
/// declarations it can call, a local function of an enclosing function first, and only those whose
/// parameters its argument labels fit (`assert(x)` is the standard library's, not a helper
/// `assert(_:within:)`).
struct HelperIndex {
    /// A function declared in the test targets.
    private struct Declaration {
        var name: String
        var parameters: [Parameter]
        /// The function it is declared in, for a local function.
        var scope: SyntaxIdentifier?
        /// The type it is a member of (``TypeFamilies/owner(of:)``), `nil` for a free function.
        var owner: String?
        /// The calls in its body that may call a helper.
        var calls: [FunctionCallExprSyntax]
        /// Those of its own statements, not in closures (work handed to others).
        var directCalls: [FunctionCallExprSyntax]
        /// What it returns, as written: which overloads a use of the result can call.
        var returned: Returned = .other
    }

    /// The names each function calls.
    var calls: [String: Set<String>] = [:]
    /// Functions that assert (or `try`), themselves or through a helper, by name.
    var asserting: Set<String> = []
    /// Functions that assert with an explicit check (a `try` alone does not count), themselves or through
    /// a helper, by name: a `try` in a `Task { }` nobody awaits checks nothing, its error goes nowhere.
    var checking: Set<String> = []
    /// Types of the test targets that check when a test names them, with the files whose tests can use each
    /// (``CheckingTypes``).
    var checkingTypes: [String: Set<String>] = [:]
    /// The functions of the package's own sources, for what their results can be; `nil` without them.
    var sources: SourceFunctions?
    /// The texts the package's own sources write; `nil` without them.
    var texts: PackageTexts?
    /// The package's code under test, whose own checks a test exercises (``CodeUnderTest``).
    var codeUnderTest: CodeUnderTest?
    /// Whether the test targets declare a function named `expect` (then `expect(x)` is not Nimble's).
    var declaresExpect = false
    /// Types other tests run as fixtures: `X` of `X.self` passed to a call that runs tests
    /// (``FixtureRuns``), such as Quick's own `qck_runSpec(FunctionalTests_ItSpec.self)`, in any branch
    /// of an `#if` (the smell checks read them all).
    var runTypes: Set<String> = []
    /// Classes of the target with no superclass, which hold no XCTest tests (``ScannedTests/mayInheritAClass``).
    var noSuperclass: Set<String> = []
    /// Helpers that run a test's closure once per case of a table made only of their other arguments
    /// (``TableHelpers``), by name and argument labels.
    var tableHelpers = TableHelpers.Index()
    /// The declarations at the top level of the target's files (`let initialStore = [...]` in a file of shared
    /// fixtures), by each name they bind: a test of any file of the target reads them.
    var targetConstants: [String: [VariableDeclSyntax]] = [:]
    /// The bodies of the target's functions that are not tests, by name: what a helper a test calls writes
    /// (freshOS/Arrow 7.0.0's `mockJSON()` text, decoded by its tests' fixture).
    private(set) var functionBodies: [String: [CodeBlockSyntax]] = [:]

    /// Whether the test targets declare a type named `name` (a class, struct, enum, actor or protocol).
    func declaresType(_ name: String) -> Bool { families.declares(name) }

    /// Whether the class `name` is a Quick spec through the target's own classes: it inherits `QuickSpec` or
    /// `AsyncSpec` by a base class of the target (siesta 1.5.2's specs inherit `ResourceSpecBase`, a `SiestaSpec`,
    /// a `QuickSpec`: none of their examples was read before).
    func isSpecClass(_ name: String) -> Bool { families.inherits(name, anyOf: ["QuickSpec", "AsyncSpec"]) }

    private var declarations: [Declaration] = []
    /// Which types' members a call on `self` reaches (``TypeFamilies``).
    private var families: TypeFamilies
    /// Declarations that wait for time (`sleep`, `Task.sleep`, … in their own statements, outside closures and
    /// poll loops), themselves or through a helper they call there: a test calling one waits for time too.
    private var sleeping: Set<Int> = []
    private var byName: [String: [Int]] = [:]
    /// Declarations that call `XCTAssert…`/`XCTFail`, themselves or through a helper (tests are not helpers).
    private var reachingXCTestAssertion: Set<Int> = []
    /// Declarations that expand `#expect`, themselves or through a helper (tests are not helpers).
    private var reachingExpectMacro: Set<Int> = []
    /// Declarations that call `waitForExpectations`, themselves or through a helper (tests are not helpers): a test
    /// calling one waits for every expectation it made with `expectation(description:)` before the call returns
    /// (Kitura-net's `performServerTest`).
    private var reachingWaitForAll: Set<Int> = []
    /// Declarations that make an expectation with `expectation(…)` and take a closure that is handed an
    /// `XCTestExpectation` (`asyncTasks: (XCTestExpectation) -> Void...`), and never invert one: with
    /// ``reachingWaitForAll``, the expectation a closure passed to one is handed is waited for (Kitura's
    /// `performServerTest { expectation in … }`).
    private var handingExpectation: Set<Int> = []
    /// Declarations that wait for the expectations handed to them (``waitsForParameter(_:)``).
    private var waitingForGiven: Set<Int> = []
    /// Declarations whose XCTest failures are each an `XCTFail` followed by a `throw` (``throwsAfterFailing(_:)``),
    /// with the labels of the parameters a call must leave at their default `nil` for the throw to come.
    private var throwingAfterFailure: [Int: Set<String>] = [:]
    /// Declarations that return `nil` only once they have recorded a failure, with the framework it fails
    /// (``NilAfterFailure``).
    private var nilAfterFailure: [Int: ScannedTest.Framework] = [:]
    /// Declarations that return `false` only once they have recorded a failure, with the framework it fails
    /// (``NilAfterFailure``, `absence: .falseValue`).
    private var falseAfterFailure: [Int: ScannedTest.Framework] = [:]
    /// Declarations that answer whether the platform can run a test (``PlatformGate``).
    private var platformGates: Set<Int> = []
    /// Declarations whose every XCTest failure of their own is under an `if` on a `Bool` parameter, with those
    /// parameters' labels (``failsOnlyWhen(_:)``): a call giving one `false` makes no XCTest failure there.
    private var gatedXCTestFailures: [Int: Set<String>] = [:]

    /// The functions the package names as checks of its own (`checks` in `.litmus-audit.json`): a call of one
    /// by that name, on any receiver, is a check.
    var configured: Set<String> = []
    /// The names of the test targets' functions every declaration of which `rethrows`: a call of one throws
    /// only what its closures throw.
    var rethrowing: Set<String> = []

    /// Indexes `functions`, every function declared in the test targets, members of the types `types` (every
    /// declaration of the targets' files) declare and extend; the functions named `configured` check, as XCTest's
    /// assertions do.
    init(functions: [FunctionDeclSyntax], types: [DeclSyntax] = [], configured: Set<String> = []) {
        self.configured = configured
        families = TypeFamilies(declarations: types)
        var assertingSeeds: Set<String> = []
        var checkingSeeds: Set<String> = []
        var sleepingSeeds: Set<Int> = []
        var xctestSeeds: Set<Int> = []
        var expectSeeds: Set<Int> = []
        var waitingSeeds: Set<Int> = []
        var throwingOtherwise: Set<String> = []
        var throwingHelpers: Set<Int> = []
        for function in functions {
            let name = function.name.text
            if name == "expect" { declaresExpect = true }
            if function.signature.effectSpecifiers?.throwsClause?.throwsSpecifier.tokenKind == .keyword(.rethrows) {
                rethrowing.insert(name)
            } else {
                throwingOtherwise.insert(name)
            }
            guard let body = function.body else { continue }
            let called = CallCollector.names(in: Syntax(body))
            calls[name, default: []].formUnion(called)
            let checks = called.contains(where: TestSourceAnalyzer.asserts) || !called.isDisjoint(with: configured)
            if checks || CallCollector.hasPlainTry(in: Syntax(body)) { assertingSeeds.insert(name) }
            if checks { checkingSeeds.insert(name) }
            // A test is never called as a helper: one named `success()` must not make `.success(x)` one.
            guard !Self.isTest(function) else { continue }
            functionBodies[name, default: []].append(body)
            let index = declarations.count
            if !SleepDetector.waits(in: body).isEmpty { sleepingSeeds.insert(index) }
            if called.contains("waitForExpectations") { waitingSeeds.insert(index) }
            if Self.handsExpectation(function, calling: called) { handingExpectation.insert(index) }
            if Self.waitsForParameter(function) { waitingForGiven.insert(index) }
            declarations.append(
                Declaration(
                    name: name,
                    parameters: function.signature.parameterClause.parameters.map { Parameter($0, of: function) },
                    scope: function.enclosingFunction?.id, owner: TypeFamilies.owner(of: function),
                    calls: body.descendants(of: FunctionCallExprSyntax.self).filter(CallCollector.mayCallHelper),
                    directCalls: SleepDetector.directCalls(in: body).filter(CallCollector.mayCallHelper),
                    returned: Returned(function.signature.returnClause)))
            byName[name, default: []].append(index)
            // A helper that reports to both frameworks (`if Test.current != nil { Issue.record(…) } else {
            // XCTFail(…) }`, swift-snapshot-testing 1.19.7's recordIssue) fails the test whichever runs it.
            let callsXCTest = called.contains(where: IgnoredCheckDetector.isXCTestAssertion)
            let reportsToSwiftTesting = Self.reportsToSwiftTesting(body)
            if callsXCTest && !reportsToSwiftTesting { xctestSeeds.insert(index) }
            if function.signature.effectSpecifiers?.throwsClause != nil {
                if !callsXCTest {
                    throwingHelpers.insert(index)
                } else if let unless = Self.throwsAfterFailing(function) {
                    throwingAfterFailure[index] = unless
                }
            }
            if let framework = NilAfterFailure.framework(of: function) { nilAfterFailure[index] = framework }
            if let framework = NilAfterFailure.framework(of: function, absence: .falseValue) {
                falseAfterFailure[index] = framework
            }
            if PlatformGate.isGate(function) { platformGates.insert(index) }
            if callsXCTest { gatedXCTestFailures[index] = Self.failsOnlyWhen(function) }
            if !callsXCTest,
                body.descendants(of: MacroExpansionExprSyntax.self).contains(where: { $0.macroName.text == "expect" })
            {
                expectSeeds.insert(index)
            }
        }
        rethrowing.subtract(throwingOtherwise)
        asserting = Self.callers(of: assertingSeeds, over: calls)
        checking = Self.callers(of: checkingSeeds, over: calls)
        reachingWaitForAll = reach(waitingSeeds, through: \.calls)
        sleeping = reach(sleepingSeeds, through: \.directCalls)
        reachingXCTestAssertion = reach(xctestSeeds, through: \.calls)
        addThrowingCallers(throwingHelpers.intersection(reachingXCTestAssertion))
        reachingExpectMacro = reach(expectSeeds, through: \.calls)
    }

    /// Whether `call` calls a helper that waits for time.
    func callsSleepingHelper(_ call: FunctionCallExprSyntax) -> Bool { !sleeping.isDisjoint(with: resolve(call)) }

    /// Whether `call` calls a helper that waits for every expectation of the test (``reachingWaitForAll``).
    func waitsForAll(_ call: FunctionCallExprSyntax) -> Bool { !reachingWaitForAll.isDisjoint(with: resolve(call)) }

    /// Whether `call` hands an argument to a helper that waits for the expectations handed to it
    /// (``waitsForParameter(_:)``): sourcekit-lsp's `try await fulfillmentOfOrThrow(expectation)`.
    func waitsForGiven(_ call: FunctionCallExprSyntax) -> Bool {
        !call.arguments.isEmpty && !waitingForGiven.isDisjoint(with: resolve(call))
    }

    /// Whether every helper `call` may call hands the closures it takes an expectation it made and then waits for
    /// every expectation (``handingExpectation``, ``reachingWaitForAll``): an expectation such a closure is handed
    /// and does not fulfil fails the test when the wait times out.
    func handsWaitedExpectation(_ call: FunctionCallExprSyntax) -> Bool {
        let resolved = resolve(call)
        return !resolved.isEmpty
            && resolved.allSatisfy { handingExpectation.contains($0) && reachingWaitForAll.contains($0) }
    }

    /// Whether `call` calls a helper that reaches `XCTAssert…`/`XCTFail`.
    func reachesXCTestAssertion(_ call: FunctionCallExprSyntax) -> Bool {
        !reachingXCTestAssertion.isDisjoint(with: resolve(call))
    }

    /// Whether `call` calls a helper that reaches `XCTAssert…`/`XCTFail` with the arguments it gives: not when every
    /// helper it can call fails only under an `if` on a `Bool` parameter the call gives `false` and reaches no other
    /// helper that fails (PostHog/posthog-ios 3.69.3's `getBatchedEvents(server, failIfNotCompleted: false)`, whose
    /// `XCTFail` is under `if result != .completed, failIfNotCompleted`).
    func reachesXCTestAssertionGiven(_ call: FunctionCallExprSyntax) -> Bool {
        let reaching = resolve(call).filter(reachingXCTestAssertion.contains)
        guard !reaching.isEmpty else { return false }
        let off = Set(
            call.arguments.compactMap { argument in
                argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false)
                    ? argument.label?.text : nil
            })
        return !reaching.allSatisfy { index in
            guard let gates = gatedXCTestFailures[index], !gates.isDisjoint(with: off) else { return false }
            return declarations[index].calls.allSatisfy { reachingXCTestAssertion.isDisjoint(with: resolve($0)) }
        }
    }

    /// Whether `call`, tried with a plain `try`, calls only helpers that throw right after each XCTest failure of
    /// their own (``throwsAfterFailing(_:)``), given no argument that makes them return instead: the thrown error
    /// fails the test whichever framework runs it.
    func failsByThrowing(_ call: FunctionCallExprSyntax) -> Bool {
        let resolved = resolve(call)
        let labels = Set(call.arguments.compactMap { $0.label?.text })
        guard !resolved.isEmpty,
            resolved.allSatisfy({ throwingAfterFailure[$0].map { $0.isDisjoint(with: labels) } ?? false })
        else { return false }
        var current = call.parent
        while let node = current, !node.is(CodeBlockItemSyntax.self) {
            if let attempt = node.as(TryExprSyntax.self) { return attempt.questionOrExclamationMark == nil }
            if node.is(ClosureExprSyntax.self) { return false }
            current = node.parent
        }
        return false
    }

    /// Adds to ``throwingAfterFailure`` each of `candidates` (throwing helpers that reach an XCTest failure, none of
    /// their own) whose every call reaching one fails by throwing and leaves the helper with its error
    /// (``failsByThrowing(_:)``, ``leavesFunction(_:)``): swift-nio 2.101.3's local `func doTest(…) throws` around
    /// `try assertNoThrowWithValue(…)`, which a Swift Testing test calls in `#expect(throws: Never.self) { … }`.
    private mutating func addThrowingCallers(_ candidates: Set<Int>) {
        var changed = true
        while changed {
            changed = false
            for index in candidates.sorted() where throwingAfterFailure[index] == nil {
                let reaching = declarations[index].calls.filter(reachesXCTestAssertion)
                guard !reaching.isEmpty, reaching.allSatisfy({ failsByThrowing($0) && Self.leavesFunction($0) })
                else { continue }
                throwingAfterFailure[index] = []
                changed = true
            }
        }
    }

    /// Whether `call` calls only helpers that return `nil` only once they have recorded a failure a test of
    /// `framework` fails by (``NilAfterFailure``): `guard let x = helper(…) else { return }` leaves a failed test.
    func failsWhenNil(_ call: FunctionCallExprSyntax, framework: ScannedTest.Framework) -> Bool {
        fails(call, framework: framework, by: nilAfterFailure, ruledOut: [.bool, .nothing])
    }

    /// Whether `call` calls only helpers that return `false` only once they have recorded a failure a test of
    /// `framework` fails by: `guard helper(…) else { return }` leaves a failed test (DDMathParser 3.1.0's
    /// `XCTAssertNoThrows`).
    func failsWhenFalse(_ call: FunctionCallExprSyntax, framework: ScannedTest.Framework) -> Bool {
        fails(call, framework: framework, by: falseAfterFailure, ruledOut: [.optional, .nothing])
    }

    /// Whether every helper `call` may call, but the overloads a use of its result rules out by what they return
    /// (`ruledOut`: an optional binding cannot take a `Bool`, a condition cannot take an optional, neither takes
    /// nothing: DDMathParser's two `XCTAssertNoThrows`), is one of `helpers` for `framework`.
    private func fails(
        _ call: FunctionCallExprSyntax, framework: ScannedTest.Framework, by helpers: [Int: ScannedTest.Framework],
        ruledOut: Set<Returned>
    ) -> Bool {
        // A Quick example runs under XCTest: an `XCTFail` fails it.
        let failing: ScannedTest.Framework = framework == .quick ? .xctest : framework
        let resolved = resolve(call).filter { !ruledOut.contains(declarations[$0].returned) }
        return !resolved.isEmpty && resolved.allSatisfy { helpers[$0] == failing }
    }

    /// Whether `conditions` are one call, negated or not, of helpers that answer whether the platform can run a test
    /// (``PlatformGate``): `guard ensureNewStdlib() else { return }` is a platform's gate, not the test's logic.
    func gatesOnPlatform(_ conditions: ConditionElementListSyntax) -> Bool {
        guard conditions.count == 1, var expression = conditions.first?.condition.as(ExprSyntax.self) else {
            return false
        }
        if let negation = expression.as(PrefixOperatorExprSyntax.self), negation.operator.text == "!" {
            expression = negation.expression
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return false }
        let resolved = resolve(call)
        return !resolved.isEmpty && resolved.allSatisfy(platformGates.contains)
    }

    /// Whether `closure`, an argument of `call` (by its label, or the trailing closure, given to the last
    /// parameter), goes to a parameter of a function type that returns a value in every helper `call` may call:
    /// tuist/XcodeProj 9.16.0's `testWrite(from:initModel: { try? XCScheme(path: $0) }, …)` hands the optional to
    /// the helper, which checks it.
    func returnsValue(of closure: ClosureExprSyntax, in call: FunctionCallExprSyntax) -> Bool {
        let resolved = resolve(call)
        let trailing = call.trailingClosure?.id == closure.id
        // A labelled argument, by its label; the trailing closure, to the last parameter. An unlabelled argument is
        // not matched (its place among defaulted and variadic parameters is not read here).
        let label = call.arguments.first { $0.expression.id == closure.id }?.label?.text
        guard !resolved.isEmpty, trailing || label != nil else { return false }
        return resolved.allSatisfy { index in
            let parameters = declarations[index].parameters
            let parameter = trailing ? parameters.last : parameters.first { $0.label == label }
            return parameter?.takesValueReturningFunction ?? false
        }
    }

    /// Whether `call` calls a helper that reaches `#expect`.
    func reachesExpectMacro(_ call: FunctionCallExprSyntax) -> Bool {
        !reachingExpectMacro.isDisjoint(with: resolve(call))
    }

    /// `seeds` and every declaration that calls one of them by the calls at `path`, directly or through others.
    private func reach(_ seeds: Set<Int>, through path: KeyPath<Declaration, [FunctionCallExprSyntax]>) -> Set<Int> {
        let callees = declarations.map { declaration in Set(declaration[keyPath: path].flatMap(resolve)) }
        var reached = seeds
        var changed = true
        while changed {
            changed = false
            for index in declarations.indices
            where !reached.contains(index) && !callees[index].isDisjoint(with: reached) {
                reached.insert(index)
                changed = true
            }
        }
        return reached
    }

    /// The declarations `call` may call: by name, those whose parameters fit its labels; a local
    /// function of a function enclosing the call hides the others; a call on `self` reaches its type's family
    /// (``TypeFamilies``).
    private func resolve(_ call: FunctionCallExprSyntax) -> [Int] {
        guard CallCollector.mayCallHelper(call), let name = CallCollector.calledName(call.calledExpression),
            let candidates = byName[name]
        else { return [] }
        let labels = call.arguments.map { $0.label?.text }
        let closures = (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
        let fitting = candidates.filter { Self.fits(labels, trailingClosures: closures, declarations[$0].parameters) }
        var scope = call.enclosingFunction
        while let function = scope {
            let local = fitting.filter { declarations[$0].scope == function.id }
            if !local.isEmpty { return local }
            scope = function.enclosingFunction
        }
        let members = fitting.filter { declarations[$0].scope == nil }.map { ($0, declarations[$0].owner) }
        return families.reachable(members, from: call)
    }
}
