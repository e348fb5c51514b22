import SwiftSyntax

/// Errors a test catches and then lets go: a `catch` that only prints or logs the error (`catch {
/// print(error) }`) swallows it as `try?` does, and `XCTAssertThrowsError(error)` in a `catch` checks a
/// value that cannot throw: it fails whenever the code throws, and when it does not, nothing checks that it
/// should have. Both are swallowedError. Not: a `catch` that checks, fails or throws, one after a `do`
/// whose body fails when nothing is thrown (`try f(); XCTFail("no error")`: printing the expected error is
/// fine there), nor one around clean-up, waiting or making fixtures only (``SwallowedErrorIntent``), nor a
/// catch of named error values or of an error type the test targets declare (``catchesAll(_:ownType:)``).
enum CaughtErrors {
    /// The calls that only show a value.
    static let showing: Set<String> = ["print", "debugPrint", "dump", "NSLog", "log", "debug", "info", "error"]

    /// The swallowed errors of a test's `body`: each `catch` that lets its error go, with why.
    static func swallowed(
        in body: CodeBlockSyntax, test shown: String, ownType: (String) -> Bool = { _ in false },
        helpers: HelperIndex? = nil
    ) -> [(node: Syntax, message: String)] {
        body.descendants(of: DoStmtSyntax.self).flatMap { statement -> [(node: Syntax, message: String)] in
            guard !statement.catchClauses.isEmpty, !failsWhenNothingThrows(statement.body),
                !triesOnlyIntended(statement.body), !ExitTestBody.contains(statement, failing: true)
            else { return [] }
            let checkedAfter = checkedNilAfter(statement) || checkedReceiverAfter(statement, helpers: helpers)
            // A test's own error type caught after checks of the `do` body lets a throw skip them: the error the
            // test hands the code under test may come back where it should not (groue/CombineExpectations 0.10.0's
            // `catch is TestError { }` after `XCTAssertEqual(elements, [0, 1])` in the `do`).
            let ownTypeHere = checks(in: statement.body) ? { _ in false } : ownType
            return statement.catchClauses.compactMap { clause in
                if let misused = assertThrowsOfCaughtError(clause) {
                    return (
                        Syntax(misused),
                        "\(shown) checks `\(misused.quoted(50))` in a catch: the caught error cannot throw, so the check fails whenever the code throws and nothing checks that it throws"
                    )
                }
                guard onlyShows(clause.body), !checkedAfter, catchesAll(clause, ownType: ownTypeHere),
                    !SwallowedErrorIntent.commentSaysExpected(clause)
                else {
                    return nil
                }
                let does = clause.body.statements.isEmpty ? "does nothing with it" : "only prints it"
                return (
                    Syntax(clause),
                    "\(shown) catches an error and \(does) (`\(clause.quoted(50))`): the test passes whatever is thrown"
                )
            }
        }
    }

    /// Whether the `do` only assigns optionals declared before it with no value (`var encoded: Data?`,
    /// `encoded = try form.encode()`), nothing between the declaration and the `do` names them, and the
    /// statements right after it require each not `nil` (`XCTAssertNotNil(encoded)`, `XCTUnwrap`, `#require`): a
    /// throw leaves it `nil`, and that check fails (Alamofire 5.12.0's `do { encodedData = try
    /// multipartFormData.encode() } catch { // No-op }`, then `XCTAssertNotNil(encodedData, …)`). Only the
    /// error's text is lost.
    static func checkedNilAfter(_ statement: DoStmtSyntax) -> Bool {
        guard let item = statement.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        var assigned: [String] = []
        for inner in statement.body.statements {
            guard let elements = inner.item.as(SequenceExprSyntax.self)?.elements.map({ $0 }), elements.count == 3,
                elements[1].is(AssignmentExprSyntax.self), elements[2].is(TryExprSyntax.self),
                let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
            else { return false }
            assigned.append(name)
        }
        guard !assigned.isEmpty else { return false }
        let before = Array(list.prefix { $0.id != item.id })
        let checks = list.drop { $0.id != item.id }.dropFirst().prefix(assigned.count).compactMap {
            requiredNotNil($0.item)?.as(DeclReferenceExprSyntax.self)?.baseName.text
        }
        return assigned.allSatisfy { name in declaredNil(name, in: before) } && Set(checks) == Set(assigned)
    }

    /// Whether every statement of the `do` calls a method of a local value (`try parser.searchAndParse(path: …)`, its
    /// result unused), and a check after the `do`, one of the statements of its block, reads a member of one of them
    /// or a constant made from one there (`let result = parser.stencilContext()`, then `XCTDiffContexts(result, …)`):
    /// a throw leaves that value short of what the call would have made, and the check of it fails (SwiftGen 6.6.3's
    /// CoreDataTests, `catch { print(…) }` and then a comparison of the parser's whole result). Only the error's
    /// text is lost. Not a check under a branch of its own, one that reads only other names or the value itself
    /// (`XCTAssertNotNil(parser)`), nor a call on `self` or on a type (`try Parser.load()`), which holds no such value.
    static func checkedReceiverAfter(_ statement: DoStmtSyntax, helpers: HelperIndex?) -> Bool {
        guard let item = statement.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self), !statement.body.statements.isEmpty
        else { return false }
        var receivers = Set<String>()
        for inner in statement.body.statements {
            guard
                let call = inner.item.as(TryExprSyntax.self)?.expression.withoutTryOrAwait
                    .as(FunctionCallExprSyntax.self),
                let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?
                    .as(DeclReferenceExprSyntax.self)?.baseName,
                receiver.tokenKind != .keyword(.self), receiver.text.first?.isLowercase == true
            else { return false }
            receivers.insert(receiver.text)
        }
        var made = Set<String>()
        for later in list.drop(while: { $0.id != item.id }).dropFirst() {
            let observes = observes(Syntax(later), members: receivers.union(made), values: made)
            if let declaration = later.item.as(VariableDeclSyntax.self), declaration.bindingSpecifier.text == "let" {
                if observes {
                    made.formUnion(
                        declaration.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
                    )
                }
                continue
            }
            let top = Syntax(later.item.as(ExprSyntax.self)?.withoutTryOrAwait ?? ExprSyntax(MissingExprSyntax()))
            if observes, !SmellScan.assertions(in: [top], helpers: helpers).isEmpty { return true }
        }
        return false
    }

    /// Whether `node` reads a member of one of `members` (`parser.count`, `parser.context()`) or one of `values`
    /// itself.
    private static func observes(_ node: Syntax, members: Set<String>, values: Set<String>) -> Bool {
        node.descendants(of: DeclReferenceExprSyntax.self).contains { reference in
            let name = reference.baseName.text
            guard let access = reference.parent?.as(MemberAccessExprSyntax.self) else { return values.contains(name) }
            return access.declName.id != reference.id && (members.contains(name) || values.contains(name))
        }
    }

    /// Whether `name` is declared among `items` as a `var` of an optional type with no value, or `nil`, and no
    /// item after that declaration names it.
    private static func declaredNil(_ name: String, in items: [CodeBlockItemSyntax]) -> Bool {
        guard
            let index = items.lastIndex(where: { item in
                item.item.as(VariableDeclSyntax.self)?.bindings.contains {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                } ?? false
            }),
            let declaration = items[index].item.as(VariableDeclSyntax.self),
            declaration.bindingSpecifier.tokenKind == .keyword(.var),
            let binding = declaration.bindings.first(where: {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            }),
            binding.typeAnnotation?.type.is(OptionalTypeSyntax.self) ?? false,
            binding.initializer.map({ $0.value.is(NilLiteralExprSyntax.self) }) ?? true
        else { return false }
        return !items[(index + 1)...].contains { later in
            later.descendants(of: DeclReferenceExprSyntax.self).contains { $0.baseName.text == name }
        }
    }

    /// What `item` requires not `nil`: the argument of `XCTAssertNotNil`, `XCTUnwrap` or `#require` (after any
    /// `try`, or as a `let`'s value).
    private static func requiredNotNil(_ item: CodeBlockItemSyntax.Item) -> ExprSyntax? {
        var expression: ExprSyntax? = item.as(ExprSyntax.self)
        if let declaration = item.as(VariableDeclSyntax.self) {
            expression = declaration.bindings.first?.initializer?.value
        }
        if let tried = expression?.as(TryExprSyntax.self) { expression = tried.expression }
        if let call = expression?.as(FunctionCallExprSyntax.self),
            ["XCTAssertNotNil", "XCTUnwrap"].contains(CallCollector.calledName(call.calledExpression))
        {
            return call.arguments.first?.expression
        }
        if let macro = expression?.as(MacroExpansionExprSyntax.self), macro.macroName.text == "require" {
            return macro.arguments.first?.expression
        }
        return nil
    }

    /// Whether `clause` catches more than named error values: every clause but one whose every item names a
    /// value (`catch TestClient.Error.connectionClosing {}`, `catch .ioOnClosedChannel`, `catch
    /// Errno.notPermitted`, `catch SomeError.code(let c)`), the outcome the test allows while every other error
    /// still fails it (hummingbird 2.28.1's idle-handler tests catch the two ways a server may close the
    /// connection so), or whose `where` names the values it lets through (``namesValue(_:)``), or whose type the test
    /// targets declare (`ownType`, by its first component: vapor/queues-redis-driver 1.1.2's `catch is
    /// FailingJob.Failure { // pass }`, the error of a job the test made to fail, beside `catch { XCTFail(…) }`). A
    /// type of the code under test or of a library (`catch is DecodingError`, `catch let e as DecodingError`), another
    /// `where`, `_` or a bare binding catches whatever the code under test throws of it, and is read as before.
    static func catchesAll(_ clause: CatchClauseSyntax, ownType: (String) -> Bool = { _ in false }) -> Bool {
        guard !clause.catchItems.isEmpty else { return true }
        return !clause.catchItems.allSatisfy { item in
            if let condition = item.whereClause?.condition { return namesValue(condition, of: boundName(item)) }
            if let type = caughtType(item), let first = type.split(separator: ".").first, ownType(String(first)) {
                return true
            }
            guard let pattern = item.pattern?.as(ExpressionPatternSyntax.self) else { return false }
            let named = pattern.expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? pattern.expression
            return named.is(MemberAccessExprSyntax.self)
                && pattern.expression.descendants(of: AsExprSyntax.self).isEmpty
                && pattern.expression.descendants(of: IsExprSyntax.self).isEmpty
        }
    }

    /// The type a catch item takes: `T` of `is T` or of `let e as T`.
    private static func caughtType(_ item: CatchItemSyntax) -> String? {
        var pattern = item.pattern
        if let binding = pattern?.as(ValueBindingPatternSyntax.self) { pattern = binding.pattern }
        if let typed = pattern?.as(IsTypePatternSyntax.self) { return typed.type.trimmedDescription }
        guard let expression = pattern?.as(ExpressionPatternSyntax.self)?.expression else { return nil }
        if let cast = expression.as(AsExprSyntax.self) { return cast.type.trimmedDescription }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            Array(sequence.elements)[1].is(UnresolvedAsExprSyntax.self)
        {
            return sequence.elements.last?.as(TypeExprSyntax.self)?.type.trimmedDescription
        }
        return nil
    }

    /// The name a catch item binds its error to (`let error as T`, `let e`), `error` when it binds none.
    private static func boundName(_ item: CatchItemSyntax) -> String {
        var pattern = item.pattern.map(Syntax.init)
        if let typed = pattern?.as(ExpressionPatternSyntax.self)?.expression.as(AsExprSyntax.self)?.expression {
            pattern = Syntax(typed)
        }
        if let unresolved = pattern?.as(ExpressionPatternSyntax.self)?.expression.as(SequenceExprSyntax.self) {
            pattern = unresolved.elements.first.map(Syntax.init)
        }
        let names = (pattern.map { [$0] + $0.descendants(of: Syntax.self) } ?? []).compactMap {
            $0.as(IdentifierPatternSyntax.self)?.identifier.text
                ?? $0.as(PatternExprSyntax.self)?.pattern.as(ValueBindingPatternSyntax.self)?.pattern
                .as(IdentifierPatternSyntax.self)?.identifier.text
        }
        return names.first ?? "error"
    }

    /// Whether a catch's `where` lets only named values of the caught error through: `error.code == .unsupported`
    /// (swift-nio 2.101.3's `catch let error as FileSystemError where error.code == .unsupported { }`, a platform
    /// without extended attributes), or several joined by `||`, each comparing `error` (its bound name) or a member
    /// of it.
    private static func namesValue(_ condition: ExprSyntax, of error: String) -> Bool {
        guard let sequence = condition.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        let operators = stride(from: 1, to: elements.count, by: 2).map {
            elements[$0].as(BinaryOperatorExprSyntax.self)?.operator.text
        }
        let operands = stride(from: 0, to: elements.count, by: 2).map { elements[$0] }
        // `a == .x || a == .y`: comparisons of equality joined by `||`, each with a named value on its right.
        guard operators.count == operands.count - 1,
            operators.enumerated().allSatisfy({ index, text in text == (index % 2 == 0 ? "==" : "||") }),
            operands.count % 2 == 0
        else { return false }
        // A named value made by a call of it (`error == .serviceFinishedUnexpectedly()`, hummingbird-project/
        // postgres-migrations 1.2.0's expected end of a service group) names one too.
        let named = { (value: ExprSyntax) in
            (value.as(FunctionCallExprSyntax.self)?.calledExpression ?? value).is(MemberAccessExprSyntax.self)
        }
        // The error itself or a member of it (`error.code`).
        let subject = { (value: ExprSyntax) in
            (value.as(MemberAccessExprSyntax.self)?.base ?? value).as(DeclReferenceExprSyntax.self)?.baseName.text
        }
        return stride(from: 0, to: operands.count, by: 2).allSatisfy { index in
            named(operands[index + 1]) && subject(operands[index]) == error
        }
    }

    /// Whether `attempt` (`try? f { … throw E() }`) can discard only errors the test throws itself: `f` is a
    /// function of the test targets that `rethrows` (in `rethrowing`), so it throws only what its closures
    /// throw, and no closure given to it holds a `try` (postgres-nio 1.33.2's `try? await
    /// factory.nextConnectAttempt { _ in throw ConnectionCreationError() }`, a connection made to fail on
    /// purpose).
    static func throwsOnlyOwnErrors(_ attempt: TryExprSyntax, rethrowing: Set<String>) -> Bool {
        guard let call = attempt.expression.withoutTryOrAwait.as(FunctionCallExprSyntax.self),
            let name = CallCollector.calledName(call.calledExpression), rethrowing.contains(name)
        else { return false }
        // A receiver that is itself a call (`makeConnection().attempt { … }`) may throw its own errors.
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base, !base.is(DeclReferenceExprSyntax.self)
        {
            return false
        }
        let closures =
            call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
            + [call.trailingClosure].compactMap { $0 } + call.additionalTrailingClosures.map(\.closure)
        // Another argument may be a function value that throws anything: only closures and literals are read.
        let literalsOrClosures = call.arguments.allSatisfy { argument in
            let value = argument.expression
            return value.is(ClosureExprSyntax.self) || value.is(StringLiteralExprSyntax.self)
                || value.is(IntegerLiteralExprSyntax.self) || value.is(BooleanLiteralExprSyntax.self)
                || value.as(MemberAccessExprSyntax.self).map { $0.base == nil } ?? false
        }
        return literalsOrClosures && !closures.isEmpty
            && closures.allSatisfy { $0.descendants(of: TryExprSyntax.self).isEmpty }
    }

    /// Whether a `catch` body does nothing but show values (or nothing at all).
    private static func onlyShows(_ body: CodeBlockSyntax) -> Bool {
        body.statements.allSatisfy { item in
            guard
                let call = item.item.as(FunctionCallExprSyntax.self)
                    ?? item.item.as(ExprSyntax.self)?.as(
                        FunctionCallExprSyntax.self),
                let name = CallCollector.calledName(call.calledExpression)
            else { return false }
            return showing.contains(name)
        }
    }

    /// `XCTAssertThrowsError(E)` in `clause` where `E` holds no `try` and no call: a value, which cannot throw.
    private static func assertThrowsOfCaughtError(_ clause: CatchClauseSyntax) -> FunctionCallExprSyntax? {
        clause.body.descendants(of: FunctionCallExprSyntax.self).first { call in
            guard CallCollector.calledName(call.calledExpression) == "XCTAssertThrowsError",
                let value = call.arguments.first?.expression
            else { return false }
            return value.descendants(of: TryExprSyntax.self).isEmpty
                && value.descendants(of: FunctionCallExprSyntax.self).isEmpty
        }
    }

    /// Whether a `do` body fails when nothing is thrown: a failure call (`XCTFail`, `Issue.record`, `fail`) after its
    /// first `try`, or a statement there that fails whichever way it goes (tuist/XcodeProj 9.16.0's
    /// `XCTAssertTrue(false, "Expected to throw an error but it didn't")`). A failure by name is still counted under an
    /// `if` of its own (a limit: `if r.isEmpty { XCTFail() }` passes when nothing is thrown and `r` is not empty).
    static func failsWhenNothingThrows(_ body: CodeBlockSyntax) -> Bool {
        var tried = false
        for item in body.statements {
            if !item.descendants(of: TryExprSyntax.self).isEmpty { tried = true }
            // A failure call by name anywhere in the statement (as before), or a statement that fails whichever way
            // it goes (``FailingPath/fails(_:)``: `XCTAssertTrue(false, …)` itself, not under an `if` of its own).
            let fails =
                item.descendants(of: FunctionCallExprSyntax.self).contains {
                    ["XCTFail", "record", "fail"].contains(CallCollector.calledName($0.calledExpression) ?? "")
                } || FailingPath.fails(item)
            if tried, fails { return true }
            // `for try await x in sequence` tries too, for the statements after it (a failure in its body runs
            // only for an element, not when nothing is thrown).
            if item.descendants(of: ForStmtSyntax.self).contains(where: { $0.tryKeyword != nil }) { tried = true }
        }
        return false
    }

    /// Whether `body` makes a check (``SmellScan/assertions(in:helpers:)``).
    private static func checks(in body: CodeBlockSyntax) -> Bool {
        !SmellScan.assertions(in: Array(body.descendants(of: Syntax.self))).isEmpty
    }

    /// Whether every `try` of a `do` body is clean-up, waiting or a fixture's making.
    private static func triesOnlyIntended(_ body: CodeBlockSyntax) -> Bool {
        let tries = body.descendants(of: TryExprSyntax.self)
        return !tries.isEmpty
            && tries.allSatisfy { attempt in
                SwallowedErrorIntent.isInCleanup(attempt) || SwallowedErrorIntent.isCleanup(attempt.expression)
                    || SwallowedErrorIntent.isWaitOnly(attempt.expression)
                    || SwallowedErrorIntent.isFixture(attempt.expression)
            }
    }

    /// `_ = try …decode(…)` in `body`: a decoded value thrown away, whose round trip only checks that
    /// decoding does not throw.
    static func discardedDecode(in body: CodeBlockSyntax) -> Syntax? {
        body.descendants(of: SequenceExprSyntax.self).lazy.compactMap { sequence -> Syntax? in
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[0].is(DiscardAssignmentExprSyntax.self),
                elements[1].is(AssignmentExprSyntax.self),
                let attempt = elements[2].as(TryExprSyntax.self), attempt.questionOrExclamationMark == nil,
                let call = attempt.expression.withoutTryOrAwait.as(FunctionCallExprSyntax.self),
                CallCollector.calledName(call.calledExpression) == "decode"
            else { return nil }
            return Syntax(sequence)
        }.first
    }
}
