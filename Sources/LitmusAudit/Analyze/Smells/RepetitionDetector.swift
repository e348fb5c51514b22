import SwiftSyntax

/// Duplicate Assert (the same check twice with nothing between but checks) and Assertion Roulette
/// (several XCTest assertions of one kind without a message: XCTest's failure names the line only).
enum RepetitionDetector {
    /// The unlabelled arguments an XCTest assertion takes before its message.
    static let operandCounts: [String: Int] = [
        "XCTAssert": 1, "XCTAssertTrue": 1, "XCTAssertFalse": 1, "XCTAssertNil": 1, "XCTAssertNotNil": 1,
        "XCTAssertNoThrow": 1, "XCTAssertThrowsError": 1, "XCTAssertEqual": 2, "XCTAssertNotEqual": 2,
        "XCTAssertGreaterThan": 2, "XCTAssertGreaterThanOrEqual": 2, "XCTAssertLessThan": 2,
        "XCTAssertLessThanOrEqual": 2, "XCTAssertIdentical": 2, "XCTAssertNotIdentical": 2,
    ]
    /// XCTest assertions in a test, and of them assertions of one kind without a message, that make a
    /// roulette.
    static let rouletteCount = (all: 3, sameKind: 2)

    static func smells(_ test: ScannedTest, sources: SourceFunctions? = nil) -> [Smell] {
        var found: [Smell] = []
        if let duplicate = duplicate(test, sources: sources) {
            found.append(
                Smell(
                    kind: .duplicateAssert, node: duplicate,
                    message:
                        "\(test.shown) checks `\(duplicate.quoted(60))` twice, with nothing between that could change the answer"
                ))
        }
        if test.framework == .xctest, let roulette = roulette(test) {
            found.append(
                Smell(
                    kind: .assertionRoulette, node: roulette.first,
                    message:
                        "\(test.shown) makes \(roulette.count) \(roulette.name) checks without a message among its XCTest assertions: a failure tells them apart by line number only"
                ))
        }
        return found
    }

    /// The second of two identical check statements in one block with the same bindings: only checks
    /// between them, or nothing between them that can change what they read. A name the check reads keeps
    /// its value when it is a `let` of a value type (a struct, an enum, a tuple, `Int`, `String`, `Array`…:
    /// the compiler's facts say; without them, a `let` bound to a literal), or a `var` of one that nothing
    /// between mentions. A class's instance can change through any call between, so a check of one read
    /// again after a call is no repeat.
    private static func duplicate(_ test: ScannedTest, sources: SourceFunctions?) -> Syntax? {
        var bindings: [String: VariableDeclSyntax]?
        for list in test.all(CodeBlockItemListSyntax.self) {
            let items = Array(list)
            for (index, item) in items.enumerated() {
                guard let text = checkText(item) else { continue }
                for later in items.indices.dropFirst(index + 1) where checkText(items[later]) == text {
                    let between = items[(index + 1)..<later]
                    if between.allSatisfy({ checkText($0) != nil }) { return Syntax(items[later]) }
                    let declared = bindings ?? localBindings(test)
                    bindings = declared
                    if readsOnlyUnchanged(item, between: between, bindings: declared, test: test),
                        !readsCapturedElsewhere(item, test: test), !readsSharedObjectAcrossCall(item, between: between)
                    {
                        return Syntax(items[later])
                    }
                }
            }
            // A check that calls something is a repeat too when every name it reads is a `let` of the test that
            // nothing between mentions (Files' `XCTAssertFalse(subfolderWithFile.isEmpty())` after making
            // another folder; ZIPFoundation's same `zipItem(at: tempURL, to: tempURL)` checked twice).
            for (index, item) in items.enumerated() {
                guard let text = checkText(item, allowingCalls: true), checkText(item) == nil else { continue }
                for later in items.indices.dropFirst(index + 1)
                where checkText(items[later], allowingCalls: true) == text {
                    let declared = bindings ?? localBindings(test)
                    bindings = declared
                    let between = items[(index + 1)..<later]
                    if readsOnlyUnmentioned(item, between: between, bindings: declared),
                        !readsCapturedElsewhere(item, test: test),
                        !readsReferencePropertyAcrossCall(item, between: between, test: test),
                        !callsMethodOfOwnClass(item, test: test, sources: sources),
                        !commandsMaker(of: item, between: between, test: test)
                    {
                        return Syntax(items[later])
                    }
                }
            }
        }
        return nil
    }

    /// Whether the check `item` calls a method that changes its instance, of a class the package declares
    /// (``SourceFunctions/methodChangesState(_:ofClass:)``), on a `let` the test made of it: the call itself moves
    /// the instance on, so the same check again reads what the first one changed (Quick/swift-fakes 1.1.0 checks
    /// `expect(subject.call()).to(equal(3))` twice on purpose: a `DynamicResult` whose list of stubs keeps returning
    /// its last one). swift-bson's `encoder.encode(…)` twice, which reads the encoder's settings only, still repeats.
    private static func callsMethodOfOwnClass(
        _ item: CodeBlockItemSyntax, test: ScannedTest, sources: SourceFunctions?
    ) -> Bool {
        guard let sources else { return false }
        return item.descendants(of: FunctionCallExprSyntax.self).contains { call in
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                let base = member.base?.as(DeclReferenceExprSyntax.self),
                let made = test.onlyLetValue(of: base.baseName.text)?.as(FunctionCallExprSyntax.self)?
                    .initializedTypeName()
            else { return false }
            return sources.methodChangesState(member.declName.baseName.text, ofClass: made)
        }
    }

    /// Whether the check `item` reads a name a closure the test hands off can change (``capturedElsewhere``):
    /// a `var value` a sink's `receiveValue: { value = $0 }` sets changes whenever anything between two checks
    /// runs (OpenCombine 0.14.0's `XCTAssertEqual(value, 42)` checked again after `publisher.send(completion:)`).
    private static func readsCapturedElsewhere(_ item: CodeBlockItemSyntax, test: ScannedTest) -> Bool {
        !capturedElsewhere(test, besides: item).isDisjoint(with: readNames(item).map(\.baseName.text))
    }

    /// Whether the check `item` reads a property (not a method's result) of a name whose type the compiler
    /// does not know for a standard library value, while a statement between the two checks calls something:
    /// an instance of a class (OpenCombine's `subscriber.history`, a `TrackingSubscriber` the subject it
    /// subscribed to appends to), or a struct's property computed over one, changes through any call that
    /// reaches it.
    private static func readsReferencePropertyAcrossCall(
        _ item: CodeBlockItemSyntax, between: ArraySlice<CodeBlockItemSyntax>, test: ScannedTest
    ) -> Bool {
        guard runsCode(between) else {
            return false
        }
        return readNames(item).contains { reference in
            guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id,
                member.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != member.id
            else { return false }
            switch test.type(of: reference) {
            case .known(let type): return !type.isStandardLibraryValue
            case .unknown: return true
            }
        }
    }

    /// Whether the check `item` reads into an object a type holds (`UserDefaults.standard[key]`, `Store.shared.count`:
    /// a static's member or element, shared by every holder) while a statement between the two checks runs code,
    /// which can change it (SwifterSwift 8.0.0's `XCTAssertNotNil(UserDefaults.standard[key])` again after
    /// `UserDefaults.standard.removeObject(forKey: key)` and `UserDefaults.standard[key] = false`).
    private static func readsSharedObjectAcrossCall(
        _ item: CodeBlockItemSyntax, between: ArraySlice<CodeBlockItemSyntax>
    )
        -> Bool
    {
        let readsShared = item.descendants(of: MemberAccessExprSyntax.self).contains { member in
            guard let type = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
                type.first?.isUppercase == true,
                let parent = member.parent
            else { return false }
            return parent.as(SubscriptCallExprSyntax.self)?.calledExpression.id == member.id
                || parent.as(MemberAccessExprSyntax.self)?.base?.id == member.id
        }
        return readsShared && runsCode(between)
    }

    /// Whether a statement of `between` runs code that can reach another instance: a call, or an assignment to
    /// a property or an element (`subject.value += 1`: a setter, or an observer such as a subject's sending to its
    /// subscribers, OpenCombine's `CurrentValueSubject`; `defaults[key] = false`: a subscript's setter).
    private static func runsCode(_ between: ArraySlice<CodeBlockItemSyntax>) -> Bool {
        between.contains { item in
            !item.descendants(of: FunctionCallExprSyntax.self).isEmpty
                || item.descendants(of: SequenceExprSyntax.self).contains { sequence in
                    let elements = Array(sequence.elements)
                    let assigns =
                        elements.count >= 3
                        && (elements[1].is(AssignmentExprSyntax.self)
                            || ConditionalLogicDetector.isCompoundAssignment(elements[1]))
                    return assigns
                        && (elements[0].is(MemberAccessExprSyntax.self) || elements[0].is(SubscriptCallExprSyntax.self))
                }
        }
    }

    /// The names the test's closures read, but for closures around `item` or inside it: a closure the test
    /// hands off (an observer, a callback) can change what such a name holds whenever anything between two
    /// checks runs (vapor/sqlite-nio 1.13.2's `updates.count()` checked again after `token.cancel()` and
    /// another insert, the observer appending to `updates`).
    private static func capturedElsewhere(_ test: ScannedTest, besides item: CodeBlockItemSyntax) -> Set<String> {
        let around = Syntax(item)
        let references = test.all(ClosureExprSyntax.self).filter { closure in
            !RequiredBefore.isInside(around, Syntax(closure)) && !RequiredBefore.isInside(Syntax(closure), around)
        }.flatMap { $0.descendants(of: DeclReferenceExprSyntax.self) }
        // A member's name (`$0.name`) is no name of the test's; a `let` of a literal cannot change.
        return Set(
            references.filter { reference in
                reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id
                    && !(test.onlyLetValue(of: reference.baseName.text).map(isLiteral) ?? false)
            }.map(\.baseName.text))
    }

    /// Whether every name the check `item` reads is a `let` of the test declared before it that nothing in
    /// `between` mentions.
    private static func readsOnlyUnmentioned(
        _ item: CodeBlockItemSyntax, between: ArraySlice<CodeBlockItemSyntax>, bindings: [String: VariableDeclSyntax]
    ) -> Bool {
        everyNameRead(by: item, between: between, bindings: bindings) { _, _, isLet, mentioned in
            isLet && !mentioned
        }
    }

    /// Whether `item` reads at least one name, each declared in `bindings` before it, and `keeps` holds for
    /// each: given its reference, its declaration, whether that is a `let`, and whether `between` mentions it.
    private static func everyNameRead(
        by item: CodeBlockItemSyntax, between: ArraySlice<CodeBlockItemSyntax>, bindings: [String: VariableDeclSyntax],
        keeps: (DeclReferenceExprSyntax, VariableDeclSyntax, _ isLet: Bool, _ mentioned: Bool) -> Bool
    ) -> Bool {
        let read = readNames(item)
        guard !read.isEmpty else { return false }
        let mentioned = mentionedNames(in: between)
        return read.allSatisfy { reference in
            let name = reference.baseName.text
            guard let declaration = bindings[name], declaration.position < item.position else { return false }
            return keeps(
                reference, declaration, declaration.bindingSpecifier.tokenKind == .keyword(.let),
                mentioned.contains(name))
        }
    }

    /// The names a check reads: not the functions it calls, nor members, nor types.
    static func readNames(_ item: CodeBlockItemSyntax) -> [DeclReferenceExprSyntax] {
        item.descendants(of: DeclReferenceExprSyntax.self).filter { reference in
            let node = Syntax(reference)
            let isMember = node.parent?.as(MemberAccessExprSyntax.self)?.declName.id == reference.id
            let isCalled =
                node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
                || node.parent?.is(MacroExpansionExprSyntax.self) == true
            return !isMember && !isCalled && reference.baseName.text.first?.isUppercase == false
        }
    }

    /// Calls that take from what they are called on: a check calling one twice reads two different values.
    /// And commands, which act each time they are called: a check of what `send("b")` returns, made twice,
    /// checks two sends (OpenCombine's demand after each value a subject sends).
    static let consuming: Set<String> = [
        "next", "pop", "popLast", "popFirst", "removeFirst", "removeLast", "dequeue", "read", "readLine", "receive",
        "take", "poll", "advance", "makeIterator", "random", "randomElement", "shuffled", "now", "Date", "UUID",
        "send", "write", "append", "insert", "push", "enqueue", "emit", "post", "request", "publish", "increment",
        "decrement", "step", "tick", "wait",
    ]

    /// The verbs a consuming call's name may also start with, followed by a capital: CodableCSV 0.6.7's
    /// `reader.readRow()` checked twice reads two rows; CombineExpectations v0.10.0's `wait(for:
    /// recorder.prefix(1), timeout: 1)` waits again (both read false on first contact). `readiness()` is no read.
    static let consumingPrefixes = ["read", "next", "pop", "take", "dequeue", "receive", "poll", "wait"]

    /// Whether a call of `name` takes from what it is called on or acts each time (``consuming``,
    /// ``consumingPrefixes``).
    static func isConsuming(_ name: String) -> Bool {
        consuming.contains(name)
            || consumingPrefixes.contains { verb in
                name.hasPrefix(verb) && name.dropFirst(verb.count).first.map { $0.isUppercase } == true
            }
    }

    /// The test's local variables, by name (the first declaration of each).
    private static func localBindings(_ test: ScannedTest) -> [String: VariableDeclSyntax] {
        var found: [String: VariableDeclSyntax] = [:]
        for declaration in test.all(VariableDeclSyntax.self) {
            for binding in declaration.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    found[name] == nil
                else { continue }
                found[name] = declaration
            }
        }
        return found
    }

    /// Every name the statements refer to or bind.
    private static func mentionedNames(in statements: ArraySlice<CodeBlockItemSyntax>) -> Set<String> {
        Set(
            statements.flatMap { statement in
                statement.descendants(of: DeclReferenceExprSyntax.self).map(\.baseName.text)
                    + statement.descendants(of: IdentifierPatternSyntax.self).map(\.identifier.text)
            })
    }

    /// Whether every name the check `item` reads keeps its value across `between`: a value, not a reference,
    /// that is a `let` or that nothing between mentions.
    private static func readsOnlyUnchanged(
        _ item: CodeBlockItemSyntax, between: ArraySlice<CodeBlockItemSyntax>, bindings: [String: VariableDeclSyntax],
        test: ScannedTest
    ) -> Bool {
        everyNameRead(by: item, between: between, bindings: bindings) { reference, declaration, isLet, mentioned in
            // A local a property wrapper holds (`@FetchOne(…) var recordID = 0`) is the wrapper's to change: its
            // projected value (`try await $recordID.load()`, pointfreeco/sqlite-data 1.11.0) or any code it observes
            // may set it between the two checks.
            if isWrapped(declaration) { return false }
            let isValue: Bool
            switch test.type(of: reference) {
            case .known(let type): isValue = type.isValue
            case .unknown:
                let name = reference.baseName.text
                isValue =
                    declaration.bindings.first { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }?
                    .initializer.map { isLiteral($0.value) } ?? false
            }
            // A property of a struct may be computed over a reference it holds (apple/swift-nio-ssh 0.15.1's
            // `harness.flushedMessages`, the writes a class delegate saw): across a call it may change.
            // Not a literal's, nor a standard library value's (`let items = [1, 2, 3]`: `items.count`).
            let readsMember = reference.parent?.as(MemberAccessExprSyntax.self)?.base?.id == reference.id
            let holdsOwnValue: Bool
            switch test.type(of: reference) {
            case .known(let type): holdsOwnValue = type.isStandardLibraryValue
            case .unknown: holdsOwnValue = true
            }
            if readsMember, !holdsOwnValue,
                runsCode(between)
            {
                return false
            }
            return isValue && (isLet || !mentioned)
        }
    }

    /// Whether `declaration` is a `var` a property wrapper holds: an attribute of a capitalized name that is not one
    /// of the language's (`@MainActor`, `@Sendable`).
    private static func isWrapped(_ declaration: VariableDeclSyntax) -> Bool {
        declaration.bindingSpecifier.tokenKind == .keyword(.var)
            && declaration.attributes.contains { element in
                let name = element.as(AttributeSyntax.self)?.attributeName.trimmedDescription ?? ""
                return name.first?.isUppercase == true && !["MainActor", "Sendable"].contains(name)
            }
    }

    /// A literal value: a number, a string without interpolation, a Boolean, or an array of literals.
    private static func isLiteral(_ expression: ExprSyntax) -> Bool {
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
            || expression.is(BooleanLiteralExprSyntax.self)
        {
            return true
        }
        if let text = expression.as(StringLiteralExprSyntax.self) {
            return EqualityShapeDetector.plainText(text) != nil
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.allSatisfy { isLiteral($0.expression) }
        }
        return false
    }

    /// The text of a statement that is one check, without spaces, or `nil`.
    private static func checkText(_ item: CodeBlockItemSyntax, allowingCalls: Bool = false) -> String? {
        let statement = Syntax(item.item)
        let nodes =
            [statement] + (statement.as(ExprSyntax.self)?.as(TryExprSyntax.self).map { [Syntax($0.expression)] } ?? [])
        let isCheck = nodes.contains { node in
            if let macro = node.as(MacroExpansionExprSyntax.self) {
                return ["expect", "require"].contains(macro.macroName.text)
            }
            guard let call = node.as(FunctionCallExprSyntax.self),
                let name = CallCollector.calledName(call.calledExpression)
            else { return false }
            return name.hasPrefix("XCTAssert") || ["to", "toNot", "notTo"].contains(name)
        }
        // A check that calls or awaits something computes its value again: the repeat can differ (a sequence
        // iterated twice, a guess made again), so only checks of values already there are compared.
        let computes = statement.descendants(of: FunctionCallExprSyntax.self).contains { call in
            guard let name = CallCollector.calledName(call.calledExpression) else { return true }
            if allowingCalls { return isConsuming(name) }
            return !(name.hasPrefix("XCTAssert") || ["expect", "to", "toNot", "notTo", "equal"].contains(name))
        }
        guard isCheck, !computes, statement.descendants(of: AwaitExprSyntax.self).isEmpty else { return nil }
        return tokenText(statement)
    }

    /// A statement's tokens without the spaces and comments between them: two checks written apart the same
    /// way read the same, while a string literal keeps its spaces (`decode("48 ")` is not `decode(" 48")`:
    /// swift-configuration; the trailing spaces of `"deploy.bat   "`: swift-subprocess).
    static func tokenText(_ node: Syntax) -> String {
        node.tokens(viewMode: .sourceAccurate).map(\.text).joined(separator: " ")
    }
}
