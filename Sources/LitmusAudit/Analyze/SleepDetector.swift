import SwiftSyntax

/// Where a test waits for time. A sleep counts when the test itself waits: in its own statements, not
/// in a closure it hands to something else (a stub server's handler that sleeps, the work a timeout is
/// tested on, a `Task` the test cancels: that sleep is the work, and the test waits for an event), and
/// not as the poll interval of a loop that waits for a condition (``CallCollector/isPollInterval(_:)``).
enum SleepDetector {
    /// The sleeps that make `scope` (a function's body, or a closure the test runner calls as a test:
    /// Quick's `it`) wait.
    static func waits(in scope: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        directCalls(in: scope).filter { CallCollector.isSleep($0) && !waitsForNothing($0) }
    }

    /// Whether the sleep `call` waits for no event: the poll interval of a loop that waits for a condition, a yield,
    /// a window or a critical section it widens, or jitter.
    static func waitsForNothing(_ call: FunctionCallExprSyntax) -> Bool {
        CallCollector.isPollInterval(call) || isYield(call) || isWindow(call) || isJitter(call)
    }

    /// Whether `call` sleeps a random time that may come near zero (`Task.sleep(nanoseconds: .random(in:
    /// 0..<10_000_000))`, `sleep(UInt32(Double(arc4random_uniform(100)) / 100.0))`, `0.01 + .random(in: -0.01...0.01)`):
    /// jitter that varies the interleaving a race test explores, no wait for an event, which would take a fixed time
    /// (apple/swift-tools-support-async 0.18.0, swift-sdk-generator, async-http-client, BrightFutures 8.2.0: four read
    /// false, none true). The length is the random number itself, converted, scaled by a literal, or added to a literal
    /// no larger than the random range's upper bound; a fixed floor above it (`1_000_000_000 + .random(in: 0...1_000)`),
    /// a scaled delay of the test's (`base * .random(in: 0.9...1.1)`), a random pick among fixed delays, or one branch of
    /// a condition is still a wait.
    static func isJitter(_ call: FunctionCallExprSyntax) -> Bool {
        guard call.arguments.count == 1, let argument = call.arguments.first else { return false }
        return randomLengthBound(argument.expression) != nil
    }

    /// The upper bound of a random length `expression` (``isJitter(_:)``): of `.random(in: a...b)` or `a..<b` its
    /// literal `b`, of `arc4random_uniform(n)` its `n`, of `drand48()` 1; `nil` when it is not one.
    private static func randomLengthBound(_ expression: ExprSyntax) -> Double? {
        var value = expression
        while let tuple = value.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            value = only.expression
        }
        if let call = value.as(FunctionCallExprSyntax.self) {
            let name = CallCollector.calledName(call.calledExpression) ?? ""
            if name == "random", call.arguments.count == 1, call.arguments.first?.label?.text == "in",
                let range = call.arguments.first?.expression.as(SequenceExprSyntax.self), range.elements.count == 3
            {
                return range.elements.last.flatMap(number)
            }
            if name == "arc4random_uniform", call.arguments.count == 1, let bound = call.arguments.first {
                return number(bound.expression)
            }
            if name == "drand48", call.arguments.isEmpty { return 1 }
            // A conversion (`UInt32(…)`, `Double(…)`) keeps the length.
            if ["Int", "UInt", "Int32", "UInt32", "Int64", "UInt64", "Double", "Float", "TimeInterval"].contains(name),
                call.arguments.count == 1, call.arguments.first?.label == nil, let converted = call.arguments.first
            {
                return randomLengthBound(converted.expression)
            }
            return nil
        }
        guard let sequence = value.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text else { return nil }
        switch op {
        case "*", "/":
            if let bound = randomLengthBound(elements[0]), let factor = number(elements[2]), factor > 0 {
                return op == "*" ? bound * factor : bound / factor
            }
            if op == "*", let bound = randomLengthBound(elements[2]), let factor = number(elements[0]), factor > 0 {
                return bound * factor
            }
            return nil
        case "+", "-":
            for (random, floor) in [(elements[2], elements[0]), (elements[0], elements[2])] {
                if let bound = randomLengthBound(random), let fixed = number(floor), abs(fixed) <= bound {
                    return bound + fixed
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// Whether `call` is a sleep no event could replace, by its statement's neighbours in its block:
    /// - a window a state must last through, the same check of state (calling nothing) as the statements right before
    ///   and right after it
    ///   (Thomvis/BrightFutures 8.2.0's `XCTAssertFalse(f.isCompleted)`, a sleep of 0.2 s, and the same check
    ///   again, of a future that completes after a second): nothing happens to be waited for;
    /// - a critical section it widens, between `n += k` right before and `n -= k` right after (BrightFutures's callbacks
    ///   that count how many run at once, sleeping in between so that two would overlap): the sleep is the stimulus.
    /// Two read false on first contact each.
    static func isWindow(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self) {
            guard parent.is(ExprSyntax.self) else { return false }
            node = parent
        }
        guard let item = node.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self),
            let index = list.firstIndex(where: { $0.id == item.id })
        else { return false }
        let before = list[..<index]
        let after = list[list.index(after: index)...]
        guard let previous = before.last, let next = after.first else { return false }
        // A check that reads state and calls nothing (`f.isCompleted`; a `receive()` would wait for an event).
        if RepetitionDetector.tokenText(Syntax(previous.item)) == RepetitionDetector.tokenText(Syntax(next.item)),
            let check = previous.item.as(ExprSyntax.self), isCheck(check),
            check.as(FunctionCallExprSyntax.self).map({ call in
                call.arguments.allSatisfy { $0.expression.descendants(of: FunctionCallExprSyntax.self).isEmpty }
                    && !call.arguments.contains { $0.expression.is(FunctionCallExprSyntax.self) }
            }) ?? false
        {
            return true
        }
        // The statements right around the sleep.
        guard let raised = counterStep(previous, by: "+=") else { return false }
        return counterStep(next, by: "-=") == raised
    }

    /// Whether `expression` is an assertion: an `XCTAssert…` call or a `#expect`.
    private static func isCheck(_ expression: ExprSyntax) -> Bool {
        if let macro = expression.as(MacroExpansionExprSyntax.self) { return macro.macroName.text == "expect" }
        return expression.as(FunctionCallExprSyntax.self).flatMap { CallCollector.calledName($0.calledExpression) }?
            .hasPrefix("XCTAssert") == true
    }

    /// `name op k` as a statement (`executing += 1`), as the text `name op k`; `nil` for anything else.
    private static func counterStep(_ item: CodeBlockItemSyntax, by op: String) -> String? {
        guard let sequence = item.item.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let name = sequence.elements.first?.as(DeclReferenceExprSyntax.self),
            Array(sequence.elements)[1].as(BinaryOperatorExprSyntax.self)?.operator.text == op,
            let step = sequence.elements.last
        else { return nil }
        return name.baseName.text + " " + step.trimmedDescription
    }

    /// The sleeps in work `scope` hands off and then waits for: a closure that sleeps before it fulfils an
    /// expectation, in a test whose own statements wait for expectations (`wait(for:timeout:)`,
    /// `waitForExpectations`, `fulfillment(of:)`) and invert none. The wait lasts at least as long as the
    /// sleep (Swinject 2.10.0's thread-safety test holds 25 queued closures until a date a second ahead). A
    /// closure that sleeps after it fulfils, or fulfils nothing (the work a timeout is tested on), does not
    /// make the test wait.
    static func awaitedSleeps(in scope: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        let waits = directCalls(in: scope).contains { call in
            ["wait", "waitForExpectations", "fulfillment"].contains(
                CallCollector.calledName(call.calledExpression) ?? "")
        }
        let inverts = scope.descendants(of: MemberAccessExprSyntax.self).contains {
            $0.declName.baseName.text == "isInverted"
        }
        guard waits, !inverts else { return [] }
        return scope.descendants(of: ClosureExprSyntax.self).flatMap { closure -> [FunctionCallExprSyntax] in
            let calls = directCalls(in: closure.statements)
            guard
                let fulfil = calls.last(where: { CallCollector.calledName($0.calledExpression) == "fulfill" })?
                    .positionAfterSkippingLeadingTrivia
            else { return [] }
            return calls.filter {
                CallCollector.isSleep($0) && !waitsForNothing($0) && $0.positionAfterSkippingLeadingTrivia < fulfil
            }
        }
    }

    /// Whether `call` sleeps a microsecond or less, by a literal (`Task.sleep(nanoseconds: 1)`,
    /// `.nanoseconds(1_000)`, `usleep(1)`): a suspension point, a hop off the task (pointfreeco/swift-dependencies
    /// 1.17.1 checks that a scope survives one), no wait for time. A millisecond is one: it gives other work
    /// time to run and synchronizes by timing, which a loaded machine breaks (swift-async-algorithms 1.1.4's
    /// `Task.sleep(nanoseconds: 1_000_000)` before checking what another task consumed).
    static func isYield(_ call: FunctionCallExprSyntax) -> Bool {
        guard let argument = call.arguments.first, call.arguments.count == 1 else { return false }
        let seconds: Double?
        switch (CallCollector.calledName(call.calledExpression), argument.label?.text) {
        case ("sleep", "nanoseconds"): seconds = number(argument.expression).map { $0 / 1e9 }
        case ("usleep", nil): seconds = number(argument.expression).map { $0 / 1e6 }
        case ("sleep", "forTimeInterval"): seconds = number(argument.expression)
        case ("sleep", "for"): seconds = duration(argument.expression)
        default: seconds = nil
        }
        return seconds.map { $0 <= 1.000_001e-6 } ?? false  // a microsecond, whatever the rounding of its unit
    }

    /// The seconds of `.milliseconds(1)`, `.microseconds(…)`, `.nanoseconds(…)` or `.seconds(…)` of a literal.
    private static func duration(_ expression: ExprSyntax) -> Double? {
        guard let call = expression.as(FunctionCallExprSyntax.self), let only = call.arguments.first,
            let value = number(only.expression),
            let unit = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        else { return nil }
        let scale = ["seconds": 1, "milliseconds": 1e-3, "microseconds": 1e-6, "nanoseconds": 1e-9][unit]
        return scale.map { value * $0 }
    }

    /// An integer or floating-point literal's value, negative too.
    private static func number(_ expression: ExprSyntax) -> Double? {
        if let negative = expression.as(PrefixOperatorExprSyntax.self), negative.operator.text == "-" {
            return number(negative.expression).map { -$0 }
        }
        let text =
            expression.as(IntegerLiteralExprSyntax.self)?.literal.text
            ?? expression.as(FloatLiteralExprSyntax.self)?.literal.text
        return text.flatMap { Double($0.replacingOccurrences(of: "_", with: "")) }
    }

    /// The calls of `scope`'s own statements: not those in a closure or a local function inside it.
    static func directCalls(in scope: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        scope.descendants(of: FunctionCallExprSyntax.self).filter { $0.isOwnCode(of: scope) }
    }

    /// Quick's example and hook closures, which its runner calls as a test's body.
    static let quickBodies: Set<String> = [
        "it", "fit", "beforeEach", "afterEach", "justBeforeEach", "aroundEach",
    ]
}
