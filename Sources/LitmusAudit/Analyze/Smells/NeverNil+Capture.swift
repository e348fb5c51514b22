import SwiftSyntax

extension NeverNil {
    /// Whether `name` is captured `[weak name]` by a closure given to a method of `name` itself, and read inside it
    /// (or inside closures given to methods of `name` there): the object runs the closure, so it is alive when the
    /// closure reads it. ReactiveX/RxSwift 6.10.2's scheduler tests: `scheduler.scheduleRelative((), dueTime: …) {
    /// [weak scheduler] _ in times.append(scheduler!.now) }` (9 read false at first contact). Not a closure given
    /// to another object, which may keep it past the capture's life, nor a capture of a `var` (the test may let the
    /// object go). A limit: an object that hands the closure on to run after the test ends (an asynchronous loader) is
    /// taken to run it itself.
    static func isWeakCaptureOfCaller(_ name: DeclReferenceExprSyntax, test: ScannedTest) -> Bool {
        let text = name.baseName.text
        // The test's `let` holds the object to its end; a `var` the test may set to nil (`loader = nil`) does not.
        guard test.onlyLetValue(of: text) != nil else { return false }
        var current = Syntax(name).parent
        while let node = current {
            if let closure = node.as(ClosureExprSyntax.self) {
                guard let call = callGiven(closure), isCalled(on: text, call) else { return false }
                if captures(closure, weakly: text) { return true }
            }
            if node.is(FunctionDeclSyntax.self) { return false }
            current = node.parent
        }
        return false
    }

    /// The call `closure` is an argument of (trailing or labeled).
    private static func callGiven(_ closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        closure.parent?.as(FunctionCallExprSyntax.self)
            ?? closure.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self)
    }

    /// Whether `call` is a method call on `name` or `name!`.
    private static func isCalled(on name: String, _ call: FunctionCallExprSyntax) -> Bool {
        guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return false }
        let receiver = base.as(ForceUnwrapExprSyntax.self)?.expression ?? base
        return receiver.as(DeclReferenceExprSyntax.self)?.baseName.text == name
    }

    /// Whether `closure`'s capture list holds `weak name`.
    private static func captures(_ closure: ClosureExprSyntax, weakly name: String) -> Bool {
        closure.signature?.capture?.items.contains { item in
            item.specifier?.specifier.tokenKind == .keyword(.weak)
                && (item.name.text == name || item.initializer?.value.trimmedDescription == name)
        } ?? false
    }

    /// Whether `member` is `X.recordedEvents[i].value.element` of RxTest, `X` the test's `let` bound to
    /// `createHotObservable([…])` or `createColdObservable([…])` of a literal array whose `i`-th event is a `.next`:
    /// the element of a `.next` event is never nil (ReactiveX/RxSwift 6.10.2's flatMap tests, 14 read false).
    static func isRecordedNextElement(_ member: MemberAccessExprSyntax, test: ScannedTest) -> Bool {
        guard member.declName.baseName.text == "element",
            let value = member.base?.as(MemberAccessExprSyntax.self), value.declName.baseName.text == "value",
            let lookup = value.base?.as(SubscriptCallExprSyntax.self), lookup.arguments.count == 1,
            let index = lookup.arguments.first?.expression.as(IntegerLiteralExprSyntax.self).flatMap({
                Int($0.literal.text)
            }),
            let events = lookup.calledExpression.as(MemberAccessExprSyntax.self),
            events.declName.baseName.text == "recordedEvents",
            let name = events.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let made = test.onlyLetValue(of: name)?.as(FunctionCallExprSyntax.self),
            let maker = made.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
            ["createHotObservable", "createColdObservable"].contains(maker),
            let list = made.arguments.first?.expression.as(ArrayExprSyntax.self), index < list.elements.count
        else { return false }
        let event = list.elements[list.elements.index(list.elements.startIndex, offsetBy: index)].expression
        guard let call = event.as(FunctionCallExprSyntax.self),
            let called = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return false }
        return called.declName.baseName.text == "next"
            && (called.base == nil || called.base?.trimmedDescription.hasPrefix("Recorded") == true)
    }
}
