import SwiftSyntax

/// Small queries over syntax trees used by `TestSourceAnalyzer`.
enum CallCollector {
    /// The base names of every function, method and macro called under `node` (`XCTAssertEqual`,
    /// `verify` in `sut.verify()`, `expect` in `#expect`).
    static func names(in node: Syntax) -> Set<String> {
        var names: Set<String> = []
        for call in node.descendants(of: FunctionCallExprSyntax.self) {
            if let name = calledName(call.calledExpression) { names.insert(name) }
        }
        for macro in node.descendants(of: MacroExpansionExprSyntax.self) { names.insert(macro.macroName.text) }
        return names
    }

    /// Whether `call` may call a helper of the test targets: a plain call or a call on `self`/`Self`.
    static func mayCallHelper(_ call: FunctionCallExprSyntax) -> Bool {
        if call.calledExpression.is(DeclReferenceExprSyntax.self) { return true }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return false
        }
        return ["self", "Self"].contains(base.trimmedDescription)
    }

    /// Whether `node` holds a plain `try` (not `try?`): a thrown error fails the test, so it validates.
    static func hasPlainTry(in node: Syntax) -> Bool {
        node.descendants(of: TryExprSyntax.self).contains { $0.questionOrExclamationMark == nil }
    }

    static func calledName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
            return calledName(specialized.expression)
        }
        return nil
    }

    /// `sleep(…)`, `usleep(…)`, `Thread.sleep(…)`, `Task.sleep(…)`.
    static func isSleep(_ call: FunctionCallExprSyntax) -> Bool {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return ["sleep", "usleep", "nanosleep"].contains(reference.baseName.text)
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "sleep"
        {
            let base = member.base?.trimmedDescription
            return base == "Thread" || base == "Task" || base == "Foundation.Thread"
        }
        return false
    }

    /// Whether `call` is the poll interval of a loop that waits for a condition (`while !done { sleep }`,
    /// `repeat { sleep } while !done`): the test waits for the event, looking every interval, as when
    /// nothing sends a notice (a process's end in /proc, a file another process writes). A sleep in a
    /// `for` loop, or outside any loop, is a fixed wait; the loop must be in the same function or closure.
    static func isPollInterval(_ call: FunctionCallExprSyntax) -> Bool {
        var node = call.parent
        while let current = node {
            if current.is(WhileStmtSyntax.self) || current.is(RepeatStmtSyntax.self) { return true }
            if current.is(ForStmtSyntax.self) || current.is(ClosureExprSyntax.self)
                || current.is(FunctionDeclSyntax.self)
            {
                return false
            }
            node = current.parent
        }
        return false
    }
}

/// Assertions that cannot fail.
enum TautologyDetector {
    private static let equalityAssertions: Set<String> = [
        "XCTAssertEqual", "XCTAssertIdentical", "XCTAssertGreaterThanOrEqual", "XCTAssertLessThanOrEqual",
    ]
    private static let truthAssertions: Set<String> = ["XCTAssert", "XCTAssertTrue"]

    /// A sentence describing the tautology at `node`, or `nil`.
    static func message(for node: Syntax) -> String? {
        if let call = node.as(FunctionCallExprSyntax.self), let name = CallCollector.calledName(call.calledExpression) {
            let arguments = Array(call.arguments)
            if equalityAssertions.contains(name), arguments.count >= 2,
                arguments[0].expression.trimmedDescription == arguments[1].expression.trimmedDescription,
                !checksReflexivity(call, arguments),
                !comparesTwoEvaluations(arguments[0].expression, in: call, identity: name == "XCTAssertIdentical")
            {
                return "\(name) compares \(arguments[0].expression.trimmedDescription) with itself"
            }
            if truthAssertions.contains(name), let first = arguments.first, isAlwaysTrue(first.expression),
                !(isSelfComparison(first.expression) && isNamedForReflexivity(call)),
                !isTwoEvaluationsCompared(first.expression, in: call)
            {
                return "\(name)(\(first.expression.trimmedDescription)) is always true"
            }
            if name == "XCTAssertFalse", let first = arguments.first,
                first.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false)
            {
                return "XCTAssertFalse(false) is always true"
            }
            if name == "XCTAssertNil", arguments.first?.expression.is(NilLiteralExprSyntax.self) == true {
                return "XCTAssertNil(nil) is always true"
            }
            // Nimble: expect(x).to(equal(x))
            if name == "to", let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                let expectCall = member.base?.as(FunctionCallExprSyntax.self),
                CallCollector.calledName(expectCall.calledExpression) == "expect",
                let actual = expectCall.arguments.first?.expression.trimmedDescription,
                let matcher = arguments.first?.expression.as(FunctionCallExprSyntax.self),
                CallCollector.calledName(matcher.calledExpression) == "equal",
                matcher.arguments.first?.expression.trimmedDescription == actual
            {
                return "expect(\(actual)).to(equal(\(actual))) compares a value with itself"
            }
        }
        if let macro = node.as(MacroExpansionExprSyntax.self),
            macro.macroName.text == "expect" || macro.macroName.text == "require",
            let first = macro.arguments.first?.expression, isAlwaysTrue(first),
            !(isSelfComparison(first)
                && (isNamedForReflexivity(macro) || comparesClosureParameter(first) || testsItsType(first))),
            !isTwoEvaluationsCompared(first, in: macro)
        {
            return "#\(macro.macroName.text)(\(first.trimmedDescription)) is always true"
        }
        return nil
    }

    /// Whether a comparison of `expression` with itself compares two evaluations on purpose: each side
    /// calls a function or reads a property again (a value is computed twice), and the test is named for
    /// sameness (`getETagValue_isStable_forSameFile`) or compares identity (`===`: a container asked twice
    /// for its scoped instance). `total([7]) == total([7])` in a test named `…_isThatPrice` compares a
    /// computation with itself and stays a tautology; `x == x` always is one.
    private static func comparesTwoEvaluations(
        _ expression: ExprSyntax, in node: some SyntaxProtocol, identity: Bool
    ) -> Bool {
        let evaluates =
            !expression.descendants(of: FunctionCallExprSyntax.self).isEmpty
            || !expression.descendants(of: MemberAccessExprSyntax.self).filter { $0.base != nil }.isEmpty
        guard evaluates else { return false }
        if identity { return true }
        let function = (node.enclosingFunctionName ?? "").lowercased()
        return [
            "stable", "same", "determin", "consisten", "idempot", "repeat", "twice", "again", "cache", "always",
            "reproduc", "unchang", "pure",
        ].contains(where: function.contains)
    }

    /// ``comparesTwoEvaluations(_:in:identity:)`` for a comparison expression `a == b`, `a === b`.
    private static func isTwoEvaluationsCompared(_ expression: ExprSyntax, in node: some SyntaxProtocol) -> Bool {
        guard let (left, op) = comparison(expression) else { return false }
        return comparesTwoEvaluations(left, in: node, identity: op == "===")
    }

    /// The left operand and operator of `a op b`, folded or not.
    private static func comparison(_ expression: ExprSyntax) -> (ExprSyntax, String)? {
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
        {
            return (infix.leftOperand, op)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text {
                return (elements[0], op)
            }
        }
        return nil
    }

    /// Whether comparing a value with itself is the point: a test of `==`, `<` or hashing themselves
    /// (its function is named for equality, comparison or hashing, or its message says "itself").
    private static func checksReflexivity(_ call: FunctionCallExprSyntax, _ arguments: [LabeledExprSyntax]) -> Bool {
        if isNamedForReflexivity(call) { return true }
        return arguments.dropFirst(2).contains { $0.expression.trimmedDescription.lowercased().contains("itself") }
    }

    /// Whether the function `node` is in is named for equality, comparison or hashing (`testComparable`,
    /// Swift Testing's `hashable()`), where `x == x` is what is tested.
    private static func isNamedForReflexivity(_ node: some SyntaxProtocol) -> Bool {
        let function = (node.enclosingFunctionName ?? "").lowercased()
        return ["equa", "compar", "hash", "reflex", "identi"].contains(where: function.contains)
    }

    /// Whether `expression` (`item == item`) compares a parameter of the closure it is in with itself:
    /// a property check's generated value, of a type the test does not fix, whose `==` may well fail on
    /// itself (a NaN): `item == item` there checks that, and is no tautology.
    private static func comparesClosureParameter(_ expression: ExprSyntax) -> Bool {
        guard let (left, _) = comparison(expression), let name = left.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return false }
        var node = expression.parent
        while let current = node {
            if let closure = current.as(ClosureExprSyntax.self), let clause = closure.signature?.parameterClause {
                let names: [String]
                switch clause {
                case .simpleInput(let shorthand): names = shorthand.map(\.name.text)
                case .parameterClause(let parameters):
                    names = parameters.parameters.map { ($0.secondName ?? $0.firstName).text }
                }
                if names.contains(name) { return true }
            }
            node = current.parent
        }
        return false
    }

    /// Whether `expression` (`rng == rng`, `rng.hashValue == rng.hashValue`) compares a value with itself in
    /// a test named for the value's type (`testXoshiro`, where `rng` is `Xoshiro(seed:)`): the test checks
    /// that type's own `==` and hash (swift-property-based's Xoshiro writes both), no tautology.
    private static func testsItsType(_ expression: ExprSyntax) -> Bool {
        guard let (left, _) = comparison(expression) else { return false }
        var base = left
        while let member = base.as(MemberAccessExprSyntax.self), let inner = member.base { base = inner }
        guard let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        var node = expression.parent
        while let current = node, !current.is(FunctionDeclSyntax.self) { node = current.parent }
        guard let function = node?.as(FunctionDeclSyntax.self), let body = function.body else { return false }
        let testName = function.name.text.lowercased()
        for binding in body.descendants(of: PatternBindingSyntax.self)
        where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
            guard let value = binding.initializer?.value else { continue }
            let types = value.descendants(of: FunctionCallExprSyntax.self).compactMap { call in
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            }.filter { $0.first?.isUppercase == true }
            if types.contains(where: { testName.contains($0.lowercased()) }) { return true }
        }
        return false
    }

    /// `true`, `!false`, `x == x`, `x >= x`, `x <= x`.
    private static func isAlwaysTrue(_ expression: ExprSyntax) -> Bool {
        if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            return literal.literal.tokenKind == .keyword(.true)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!",
            let literal = prefix.expression.as(BooleanLiteralExprSyntax.self)
        {
            return literal.literal.tokenKind == .keyword(.false)
        }
        return isSelfComparison(expression)
    }

    /// `x == x`, `x === x`, `x >= x`, `x <= x`.
    private static func isSelfComparison(_ expression: ExprSyntax) -> Bool {
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
            ["==", "===", ">=", "<="].contains(op)
        {
            return infix.leftOperand.trimmedDescription == infix.rightOperand.trimmedDescription
        }
        // Unfolded sequences (the parser does not fold operators): a == a
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
                ["==", "===", ">=", "<="].contains(op)
            {
                return elements[0].trimmedDescription == elements[2].trimmedDescription
            }
        }
        return false
    }
}

/// Collects every node of a tree, in source order.
private final class NodeCollector: SyntaxAnyVisitor {
    var nodes: [Syntax] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        nodes.append(node)
        return .visitChildren
    }
}

extension SyntaxProtocol {
    /// Every node of type `T` under this one, this one included (the audit's analysis and mutation's
    /// operators read the tree with it).
    package func descendants<T: SyntaxProtocol>(of type: T.Type) -> [T] {
        let collector = NodeCollector(viewMode: .sourceAccurate)
        collector.walk(self)
        return collector.nodes.compactMap { $0.as(T.self) }
    }

    /// The name of the function (or closure's function) this node is in.
    var enclosingFunctionName: String? {
        var current = parent
        while let node = current {
            if let function = node.as(FunctionDeclSyntax.self) {
                return (function.ancestorTypeName.map { "\($0)." } ?? "") + function.name.text
            }
            current = node.parent
        }
        return nil
    }

    /// The type (class, struct, extension, enum, actor) this node is declared in.
    var ancestorTypeName: String? {
        var current = parent
        while let node = current {
            if let declaration = node.as(ClassDeclSyntax.self) { return declaration.name.text }
            if let declaration = node.as(StructDeclSyntax.self) { return declaration.name.text }
            if let declaration = node.as(EnumDeclSyntax.self) { return declaration.name.text }
            if let declaration = node.as(ActorDeclSyntax.self) { return declaration.name.text }
            if let declaration = node.as(ExtensionDeclSyntax.self) {
                return declaration.extendedType.trimmedDescription
            }
            current = node.parent
        }
        return nil
    }
}

extension DeclSyntaxProtocol {
    /// Whether this declaration sits in an `#if` clause that holds only on Apple platforms
    /// (`canImport(ObjectiveC)`, `canImport(Darwin)`, `os(macOS)`, `os(iOS)`, … without a negation).
    var isAppleOnly: Bool {
        let markers = [
            "canImport(ObjectiveC)", "canImport(Darwin)", "canImport(UIKit)", "canImport(AppKit)", "os(macOS)",
            "os(iOS)", "os(tvOS)", "os(watchOS)", "os(visionOS)", "_runtime(_ObjC)",
        ]
        var current = parent
        while let node = current {
            if let clause = node.as(IfConfigClauseSyntax.self), let condition = clause.condition?.trimmedDescription,
                clause.poundKeyword.tokenKind != .poundElse, !condition.contains("!"),
                markers.contains(where: condition.contains)
            {
                return true
            }
            current = node.parent
        }
        return false
    }
}

extension TryExprSyntax {
    /// Whether the value of this `try?` is thrown away: a statement of its own, or `_ = try? …`.
    var resultIsDiscarded: Bool {
        guard let parent else { return false }
        if parent.is(CodeBlockItemSyntax.self) { return true }
        if let sequence = parent.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            return elements.count == 3 && elements[0].is(DiscardAssignmentExprSyntax.self)
                && elements[1].is(AssignmentExprSyntax.self)
        }
        if parent.is(ExprListSyntax.self), let sequence = parent.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            return elements.count == 3 && elements[0].is(DiscardAssignmentExprSyntax.self)
                && elements[1].is(AssignmentExprSyntax.self)
        }
        return false
    }
}

/// Whether a `try?` whose result is thrown away means to: not every discarded error is the error under
/// test. Clean-up that may find nothing to clean (removing a temporary folder, closing a socket that
/// failed to open), in a `defer`, a `tearDown` or anywhere; a sleep, whose only error is cancellation; and
/// waiting for a task whose error is not the point (`try? await task.value`, where the test then checks
/// what the task left, a timeout it expects among them).
enum SwallowedErrorIntent {
    /// The words clean-up calls start with (`removeItem`, `close`, `unlink`, `cancel`, `shutdown`, …).
    static let cleanupVerbs = [
        "remove", "delete", "close", "unlink", "cancel", "stop", "shutdown", "shutDown", "terminate", "invalidate",
        "disconnect", "clean", "kill", "tearDown", "teardown", "release", "dispose", "purge", "unmount", "destroy",
        "rmdir", "unregister",
    ]
    /// The functions whose bodies, and the closures whose bodies, run after a test as its clean-up.
    static let cleanupScopes: Set<String> = [
        "tearDown", "tearDownWithError", "addTeardownBlock", "afterEach", "afterSuite", "afterAll",
    ]

    /// Whether `expression`'s discarded error is not the error under test.
    static func isIntended(_ expression: TryExprSyntax) -> Bool {
        isInCleanup(expression) || isCleanup(expression.expression) || isWaitOnly(expression.expression)
    }

    /// Inside a `defer`, a `deinit`, a `tearDown` method, or a closure passed to `addTeardownBlock` or
    /// Quick's `afterEach`.
    static func isInCleanup(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let node = current {
            if node.is(DeferStmtSyntax.self) || node.is(DeinitializerDeclSyntax.self) { return true }
            if let function = node.as(FunctionDeclSyntax.self) { return cleanupScopes.contains(function.name.text) }
            if let closure = node.as(ClosureExprSyntax.self),
                let call = closure.parent?.as(FunctionCallExprSyntax.self)
                    ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                let name = CallCollector.calledName(call.calledExpression), cleanupScopes.contains(name)
            {
                return true
            }
            current = node.parent
        }
        return false
    }

    /// A call named for clean-up: `removeItem`, `folder.delete()`, `socket.close()`, `Socket.unlink(…)`.
    static func isCleanup(_ expression: ExprSyntax) -> Bool {
        guard let call = unwrapped(expression).as(FunctionCallExprSyntax.self),
            let name = CallCollector.calledName(call.calledExpression)
        else { return false }
        return cleanupVerbs.contains { verb in
            name.hasPrefix(verb)
                && (name.count == verb.count || name[name.index(name.startIndex, offsetBy: verb.count)].isUppercase)
        }
    }

    /// A sleep (its one error is cancellation), or the awaited `value`/`result` of a task.
    static func isWaitOnly(_ expression: ExprSyntax) -> Bool {
        let inner = unwrapped(expression)
        if let call = inner.as(FunctionCallExprSyntax.self) {
            return CallCollector.isSleep(call) || CallCollector.calledName(call.calledExpression) == "sleep"
        }
        if let member = inner.as(MemberAccessExprSyntax.self) {
            return ["value", "result"].contains(member.declName.baseName.text)
        }
        return false
    }

    /// `expression` without `await`.
    private static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        if let awaited = expression.as(AwaitExprSyntax.self) { return unwrapped(awaited.expression) }
        return expression
    }
}
