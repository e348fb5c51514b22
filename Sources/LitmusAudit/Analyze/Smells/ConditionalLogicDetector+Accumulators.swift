import SwiftSyntax

/// A skipped path that a later check notices: the path changes a variable (a count, a collection it fills,
/// a buffer it writes), and a check after it, on every way through, compares that variable with a value
/// the skip does not decide and that differs from the variable's start. When the path is skipped the
/// variable keeps its start and that check fails, so the path's own checks cannot be skipped while the
/// test passes (vapor/sqlite-nio 1.13.2 sums a row's columns in a `for`; swift-nio-extras 1.35.2 fills a
/// buffer in a `while let` and compares it with the body the test wrote; swift-collections 1.6.0 walks a
/// dictionary it filled with `payload + 1` entries and checks `seen.count == payload + 1` after the walk).
extension ConditionalLogicDetector {
    /// Whether skipping `region` (a loop's body, which a `guard … else { break }` in it may also cut
    /// short) shows in a check after `skipper`: see the type's summary. `inputs` are what decides the skip
    /// (a loop's sequence or condition, a `guard`'s conditions): a value read from them
    /// (`XCTAssertEqual(seen, rows.count)` after `for row in rows`) is as empty as the skip, and tells
    /// nothing. `tableNames` are the test's own values (its parameters, its literal tables).
    static func checksAccumulator(
        _ skipper: Syntax, region: [Syntax], inputs: [Syntax], assertions: [Syntax], in body: Syntax,
        tableNames: Set<String>
    ) -> Bool {
        let changed = Set(region.flatMap { changeSites(in: $0).map(\.name) })
        let scope = RequiredBefore.scope(of: skipper, in: body)
        let starts = Dictionary(
            body.descendants(of: PatternBindingSyntax.self).compactMap { binding -> (String, String)? in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    changed.contains(name), binding.position < skipper.position,
                    binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.var),
                    RequiredBefore.scope(of: Syntax(binding), in: body).id == scope.id,
                    let value = binding.initializer?.value,
                    !changes(of: name, in: scope, from: binding.endPosition, to: skipper.position)
                else { return nil }
                if isLiteral(value) || isEmptyValue(value) { return (name, value.trimmedDescription) }
                // A start the test fixed otherwise (`var index = inputs.count - 1` of a literal `inputs`): its number.
                return fixedInteger(value, before: Syntax(binding), in: body).map { (name, String($0)) }
            }
        ) { first, _ in first }
        guard !starts.isEmpty else { return false }
        let values = localValues(in: body, outside: region)
        let mutated = Set(changeSites(in: body).filter { !$0.assigned }.map(\.name))
        let decided = reached(from: Set(inputs.flatMap(readNames)), through: values).union(changed)
        return assertions.contains { check in
            guard check.position >= skipper.endPosition, RequiredBefore.isUnconditional(check, in: scope) else {
                return false
            }
            return comparedValues(check).contains { compared in
                guard let start = starts[compared.name],
                    !changes(of: compared.name, in: scope, from: skipper.endPosition, to: check.position),
                    !sameValue(compared.other.trimmedDescription, start)
                else { return false }
                // A flag: only one every pass through the path sets to what the check states.
                if let flag = compared.other.as(BooleanLiteralExprSyntax.self),
                    !setsFlag(compared.name, to: flag.literal.text, in: region)
                {
                    return false
                }
                // A number the test fixed decides: the skip leaves the start, which it is or is not (`XCTAssertEqual(i, c)`
                // after walking `SortedSet(0 ..< c)`, `let c = 10_000`, even though the walk's input is made of it:
                // attaswift/BTree 4.1.0; `let c = 0` is the start, and the skip passes).
                if let fixed = fixedInteger(compared.other, before: check, in: body) {
                    return compared.whole ? !sameValue(String(fixed), start) : isEmptyValue(start) && fixed != 0
                }
                let read = reached(from: Set(readNames(Syntax(compared.other))), through: values)
                guard read.isDisjoint(with: decided) else { return false }
                return differs(
                    compared.other, whole: compared.whole, fromEmpty: isEmptyValue(start) || start == "0",
                    isMade: { isTestMade($0, values: values, mutated: mutated, tableNames: tableNames, seen: []) })
            }
        }
    }

    /// Whether `other` cannot be what a skipped path leaves, its start being a literal or an empty value: a
    /// literal other than the start (for a property of the variable, `count` or `isEmpty`, only from an empty
    /// start, and not one an empty value has: `0`, `[]`, `""`, `nil`, a Boolean); from an empty start, a closed
    /// range (`0 ... i`, never empty) or what a type makes of one (`Array(0 ... n)`), or a number plus a
    /// positive literal (`payload + 1`); or a value the test made itself from literals
    /// (``isTestMade(_:values:mutated:tableNames:seen:)``). A name the test does not bind (`expectedCount`) may
    /// be that start.
    private static func differs(
        _ other: ExprSyntax, whole: Bool, fromEmpty: Bool, isMade: (ExprSyntax) -> Bool
    ) -> Bool {
        if !whole && !fromEmpty { return false }
        if isLiteral(other) {
            return whole || !["0", "[]", "[:]", "\"\"", "nil", "true", "false"].contains(other.trimmedDescription)
        }
        guard fromEmpty else { return isMade(other) }
        // What a type makes of one such value (`Array(0 ... n)`).
        if let call = other.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            call.arguments.first?.label == nil,
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true,
            let argument = call.arguments.first?.expression,
            differs(argument, whole: whole, fromEmpty: fromEmpty, isMade: isMade)
        {
            return true
        }
        if let (low, op, high) = EqualityShapeDetector.comparison(other) {
            if op == "..." { return true }
            if op == "+", let value = [low, high].compactMap(integer).first, value > 0 { return true }
        }
        return isMade(other)
    }

    /// Whether the test made `expression` itself: a literal, one of its `tableNames`, a name it binds only to
    /// such values and changes only by assigning them (`var body = ""` then `body += "Lorem ipsum…"`; not one
    /// a method changes, `expected.append(contentsOf: …)`), what a type makes of them (`ByteBuffer.of(string:
    /// body)`, `String(count)`), an enumeration's case (`.ok`), their members and their arithmetic. Not a
    /// type's property (`Catalog.shared`): that is the code under test's.
    private static func isTestMade(
        _ expression: ExprSyntax, values: [String: [ExprSyntax]], mutated: Set<String>, tableNames: Set<String>,
        seen: Set<String>
    ) -> Bool {
        let made = { (inner: ExprSyntax) in
            isTestMade(inner, values: values, mutated: mutated, tableNames: tableNames, seen: seen)
        }
        if isLiteral(expression) { return true }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if tableNames.contains(name) { return true }
            guard !seen.contains(name), !mutated.contains(name), let written = values[name], !written.isEmpty else {
                return false
            }
            return written.allSatisfy {
                isTestMade($0, values: values, mutated: mutated, tableNames: tableNames, seen: seen.union([name]))
            }
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            guard let base = member.base else { return true }
            return base.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase != true && made(base)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return sequence.elements.allSatisfy { $0.is(BinaryOperatorExprSyntax.self) || made($0) }
        }
        if let tuple = expression.as(TupleExprSyntax.self) { return tuple.elements.allSatisfy { made($0.expression) } }
        if let array = expression.as(ArrayExprSyntax.self) { return array.elements.allSatisfy { made($0.expression) } }
        if let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil {
            let callee = call.calledExpression.as(MemberAccessExprSyntax.self)?.base ?? call.calledExpression
            return callee.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true
                && call.arguments.allSatisfy { made($0.expression) }
        }
        return false
    }

    /// An empty value: `[]`, `""`, `[:]`, or a call with no arguments or only empty ones (`Set<Int>()`,
    /// `ByteBuffer.of(bytes: [])`).
    private static func isEmptyValue(_ text: String) -> Bool { ["[]", "\"\"", "[:]"].contains(text) }

    private static func isEmptyValue(_ value: ExprSyntax) -> Bool {
        if isEmptyValue(value.trimmedDescription) { return true }
        guard let call = value.as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return false }
        return call.arguments.allSatisfy { isEmptyValue($0.expression.trimmedDescription) }
    }

    /// Whether two texts are the same value: equal, or equal numbers (`0.0` and `0`).
    private static func sameValue(_ text: String, _ other: String) -> Bool {
        if text == other { return true }
        guard let number = Double(text.replacingOccurrences(of: "_", with: "")),
            let otherNumber = Double(other.replacingOccurrences(of: "_", with: ""))
        else { return false }
        return number == otherNumber
    }

    private static func integer(_ expression: ExprSyntax) -> Int? {
        expression.as(IntegerLiteralExprSyntax.self).flatMap {
            Int($0.literal.text.replacingOccurrences(of: "_", with: ""))
        }
    }

    /// Whether `scope` changes `name` between the two positions (``changeSites(in:)``).
    private static func changes(
        of name: String, in scope: Syntax, from start: AbsolutePosition, to end: AbsolutePosition
    ) -> Bool {
        changeSites(in: scope).contains { $0.name == name && $0.position >= start && $0.position < end }
    }

    /// What each name of the test is given: its initial value and every value assigned to it (`x = e`, `x += e`).
    /// Not the names `region` declares: a check after it reads another of that name (swift-collections 1.6.0's
    /// `let payload = item.key.payload` in a walk, beside the `payload` of the closure around it).
    static func localValues(in body: Syntax, outside region: [Syntax]) -> [String: [ExprSyntax]] {
        var values: [String: [ExprSyntax]] = [:]
        for binding in body.descendants(of: PatternBindingSyntax.self)
        where !region.contains(where: { Syntax(binding).id == $0.id || RequiredBefore.isInside(Syntax(binding), $0) }) {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value
            else { continue }
            values[name, default: []].append(value)
        }
        for sequence in body.descendants(of: SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) || isCompoundAssignment(elements[1]),
                let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
            else { continue }
            values[name, default: []].append(elements[2])
        }
        return values
    }

    /// `names` and every name read by the values given to them, and so on.
    static func reached(from names: Set<String>, through values: [String: [ExprSyntax]]) -> Set<String> {
        var reached = names
        var next = Array(names)
        while let name = next.popLast() {
            for value in values[name] ?? [] {
                for read in readNames(Syntax(value)) where reached.insert(read).inserted { next.append(read) }
            }
        }
        return reached
    }

    /// The names `node` reads: its references, not the member names after a dot.
    static func readNames(_ node: Syntax) -> [String] {
        var references = node.descendants(of: DeclReferenceExprSyntax.self)
        if let only = node.as(DeclReferenceExprSyntax.self) { references.append(only) }
        return
            references.filter { reference in
                reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id
            }
            .map(\.baseName.text)
    }

    /// The places `node` changes a name: assigned (`i = …`, `i += …`), a method called on it (`seen.insert(x)`,
    /// `buffer.writeBuffer(&part)`) or passed `inout` (`&buffer`); `assigned` for the first.
    static func changeSites(in node: Syntax) -> [(name: String, position: AbsolutePosition, assigned: Bool)] {
        var sites: [(name: String, position: AbsolutePosition, assigned: Bool)] = []
        for sequence in node.descendants(of: SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) || isCompoundAssignment(elements[1]),
                let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
            else { continue }
            sites.append((name, sequence.position, true))
        }
        for call in node.descendants(of: FunctionCallExprSyntax.self) {
            guard
                let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?
                    .as(DeclReferenceExprSyntax.self)?.baseName.text
            else { continue }
            sites.append((name, call.position, false))
        }
        for passed in node.descendants(of: InOutExprSyntax.self) {
            guard let name = passed.expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { continue }
            sites.append((name, passed.position, false))
        }
        return sites
    }

    /// A number, text, Boolean, `nil` or array literal.
    private static func isLiteral(_ expression: ExprSyntax) -> Bool {
        expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
            || expression.is(StringLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self)
            || expression.is(NilLiteralExprSyntax.self) || expression.is(ArrayExprSyntax.self)
    }

    /// The variables an equality `check` states compares, as a whole (`seen`) or by a property or a method's
    /// result (`seen.count`, `actual.sorted()`), with the other side: the first two values of an equality
    /// assertion (`XCTAssertEqual`, `expectEqual`, `expectEqualElements`, `expectNoDifference`), or the
    /// equality that is the whole condition of `#expect`, `#require`, `XCTAssert` or `XCTAssertTrue` (not one
    /// under `!`, `||` or another call: `XCTAssertFalse(a == b)` holds when they differ); and a flag such a check
    /// states is `true` (`XCTAssertTrue(rowFetched)`, `#expect(found)`), or `XCTAssertFalse` or `!` states is
    /// `false`, compared with that literal (GRDB 7.10.0's `rowFetched = true` in a `while let row = try rows.next()`).
    static func comparedValues(_ check: Syntax) -> [(name: String, whole: Bool, other: ExprSyntax)] {
        let name = SmellScan.assertionName(check) ?? ""
        let arguments = SmellScan.arguments(check).filter { $0.label == nil }.map(\.expression)
        var sides: [(ExprSyntax, ExprSyntax)] = []
        let truths: Set<String> = ["#expect", "#require", "XCTAssert", "XCTAssertTrue", "expectTrue"]
        // `#require(x)` of an optional checks only that it is not `nil`: no flag.
        let flagTruths = truths.subtracting(["#require"])
        if equalityAssertions.contains(name), arguments.count >= 2 {
            sides.append((arguments[0], arguments[1]))
        } else if truths.contains(name), let condition = arguments.first, let pair = equalitySides(condition) {
            sides.append(pair)
        } else if let condition = arguments.first, let flag = statedFlag(condition, true: flagTruths.contains(name)),
            flagTruths.contains(name) || ["XCTAssertFalse", "expectFalse"].contains(name)
        {
            sides.append(flag)
        }
        return sides.flatMap { left, right in
            [(left, right), (right, left)].compactMap { side, other in
                root(of: side).map { (name: $0.name, whole: $0.whole, other: other) }
            }
        }
    }

    /// Whether a statement of `region` (a loop's body, or the statements after a `guard` in it) sets `name` to the
    /// literal `value`, with nothing after it that
    /// could leave the pass (`continue`, `break`, `return`, `throw`, a `guard`): once set, the pass reaches its
    /// checks (`rowFetched = true` in the body; a `guard … else { continue }` before it skips both). Not one under an
    /// `if` (`if line.hasPrefix("#") { sawHeader = true; continue }`), nor one a way out follows.
    private static func setsFlag(_ name: String, to value: String, in region: [Syntax]) -> Bool {
        let items = region.flatMap { part -> [CodeBlockItemSyntax] in
            if let block = part.as(CodeBlockSyntax.self) { return Array(block.statements) }
            return part.as(CodeBlockItemSyntax.self).map { [$0] } ?? []
        }
        guard
            let index = items.firstIndex(where: { statement in
                guard let elements = statement.item.as(SequenceExprSyntax.self).map({ Array($0.elements) }) else {
                    return false
                }
                return elements.count == 3 && elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == name
                    && elements[1].is(AssignmentExprSyntax.self)
                    && elements[2].as(BooleanLiteralExprSyntax.self)?.literal.text == value
            })
        else { return false }
        return items[(index + 1)...].allSatisfy { statement in
            !statement.descendants(of: Syntax.self).contains {
                $0.is(ContinueStmtSyntax.self) || $0.is(BreakStmtSyntax.self) || $0.is(ReturnStmtSyntax.self)
                    || $0.is(ThrowStmtSyntax.self) || $0.is(GuardStmtSyntax.self)
            }
        }
    }

    /// A bare variable a Boolean check states (`rowFetched`, `!failed`), with the literal it states it is: `true`
    /// for a check that it holds (`stated`), negated by `!`.
    private static func statedFlag(_ condition: ExprSyntax, true stated: Bool) -> (ExprSyntax, ExprSyntax)? {
        var value = stated
        var inner = condition
        if let negation = inner.as(PrefixOperatorExprSyntax.self), negation.operator.text == "!" {
            value.toggle()
            inner = negation.expression
        }
        guard inner.is(DeclReferenceExprSyntax.self) else { return nil }
        return (inner, ExprSyntax(BooleanLiteralExprSyntax(literal: .keyword(value ? .true : .false))))
    }

    /// The assertions that state two values are equal.
    static let equalityAssertions: Set<String> = [
        "XCTAssertEqual", "expectEqual", "expectEqualElements", "expectNoDifference", "XCTAssertNoDifference",
    ]

    /// The two sides of `a == b`, folded (an infix expression) or as the parser leaves it, where either
    /// side may be arithmetic (`seen.count == payload + 1`); not an equality joined to others by `&&` or `||`.
    private static func equalitySides(_ expression: ExprSyntax) -> (ExprSyntax, ExprSyntax)? {
        if let (left, op, right) = EqualityShapeDetector.comparison(expression) {
            return op == "==" ? (left, right) : nil
        }
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        let operators = elements.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
        guard operators.filter({ $0 == "==" }).count == 1,
            !operators.contains(where: { ["&&", "||", "!=", "<", ">", "<=", ">=", "??"].contains($0) }),
            let index = elements.firstIndex(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "==" })
        else { return nil }
        let side = { (part: ArraySlice<ExprSyntax>) -> ExprSyntax in
            part.count == 1
                ? part[part.startIndex] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(Array(part))))
        }
        return (side(elements[..<index]), side(elements[(index + 1)...]))
    }

    /// The variable `expression` reads: itself (`seen`, whole), or the base of its properties and of the
    /// methods called on it (`seen.count`, `actual.sorted()`, `buffer!.readableBytes`).
    private static func root(of expression: ExprSyntax) -> (name: String, whole: Bool)? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return (reference.baseName.text, true) }
        var current = expression
        while true {
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                current = base
            } else if let call = current.as(FunctionCallExprSyntax.self),
                call.calledExpression.is(MemberAccessExprSyntax.self)
            {
                current = call.calledExpression
            } else if let unwrapped = current.as(ForceUnwrapExprSyntax.self) {
                current = unwrapped.expression
            } else if let chained = current.as(OptionalChainingExprSyntax.self) {
                current = chained.expression
            } else {
                break
            }
        }
        guard current.id != expression.id, let reference = current.as(DeclReferenceExprSyntax.self) else {
            return nil
        }
        return (reference.baseName.text, false)
    }
}
