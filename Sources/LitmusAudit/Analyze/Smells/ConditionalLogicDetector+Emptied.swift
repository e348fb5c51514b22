import SwiftSyntax

/// Two ways through an `if` that check nothing and still do not let a broken test pass unseen: one that a check
/// after it notices (it takes out of a collection the test filled, and the test then states the collection is
/// empty), and one the author left empty on purpose, saying the check is made elsewhere.
extension ConditionalLogicDetector {
    /// The methods that take elements out of a collection.
    static let removals: Set<String> = [
        "remove", "removeValue", "removeFirst", "removeLast", "removeAll", "popFirst", "popLast",
    ]

    /// Whether skipping `region` (the part of `branch` that holds a check) shows in a check after `branch`: the
    /// region takes elements out of a `var` the test declared and filled before `branch` (``isFilled``), nothing else
    /// in the same pass takes out of it, the conditions of `branch` read nothing of that variable, and a check after
    /// `branch`, on every way through the variable's scope, with no change of it between outside the region, states it
    /// is empty (`#expect(set.isEmpty)`, `XCTAssertEqual(dict.count, 0)`). When the way is skipped for an element the variable holds, the element stays
    /// and that check fails (attaswift/BigInt 6.0.1's `if !wasAlreadyRemoved { let existing = set.remove(int); #expect(
    /// existing != nil) }` in a walk, then `#expect(set.isEmpty)` after it). Not a branch whose conditions read the
    /// variable: `if set.contains(x) { #expect(set.remove(x) != nil) }` skips exactly what a broken insert left out,
    /// and the set is empty either way.
    static func checksEmptied(_ branch: IfExprSyntax, region: Syntax, assertions: [Syntax], in body: Syntax) -> Bool {
        let taken = Set(removalCalls(in: region).map(\.name))
        guard !taken.isEmpty else { return false }
        let decided = reached(
            from: Set(readNames(Syntax(branch.conditions))), through: localValues(in: body, outside: [region]))
        return body.descendants(of: PatternBindingSyntax.self).contains { binding in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, taken.contains(name),
                !decided.contains(name), binding.endPosition <= branch.position,
                binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.var)
            else { return false }
            let scope = RequiredBefore.scope(of: Syntax(binding), in: body)
            guard RequiredBefore.isInside(Syntax(branch), scope), isFilled(name, in: scope, from: binding, to: branch)
            else { return false }
            // Another way that takes out of it in the same pass (the other branch, a statement of the walk before the
            // branch) empties it too when the region is skipped: the check then notices nothing.
            let pass = RequiredBefore.scope(of: Syntax(branch), in: body)
            guard
                !removalCalls(in: pass).contains(where: {
                    $0.name == name && !RequiredBefore.isInside(Syntax($0.call), region)
                })
            else { return false }
            let sites = changeSites(in: scope).filter { $0.name == name }
            return assertions.contains { check in
                check.position >= branch.endPosition && RequiredBefore.isUnconditional(check, in: scope)
                    && statesEmpty(check, name)
                    && !sites.contains { site in
                        site.position >= branch.position && site.position < check.position
                            && !(site.position >= region.position && site.position < region.endPosition)
                    }
            }
        }
    }

    /// The methods that put elements into a collection.
    static let fills: Set<String> = ["insert", "append", "formUnion", "update", "updateValue", "merge", "push"]

    /// The calls in `node` of a method in ``removals`` on a variable (`set.remove(x)`), with the variable's name.
    private static func removalCalls(in node: Syntax) -> [(name: String, call: FunctionCallExprSyntax)] {
        node.descendants(of: FunctionCallExprSyntax.self).compactMap { call in
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                removals.contains(member.declName.baseName.text),
                let name = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
            else { return nil }
            return (name, call)
        }
    }

    /// Whether `name` is filled in `scope` after its `binding` and before `branch`, by a statement on every way through
    /// the scope: an element put in (`set.insert(x)`, `list.append(x)`, `dict[k] = v`, `list += [x]`), or the variable
    /// handed `inout` (`insert(&set, values: …)`). Not a method that only reads it (`set.contains(x)`), nor a fill under a
    /// branch or a loop of its own.
    private static func isFilled(
        _ name: String, in scope: Syntax, from binding: PatternBindingSyntax, to branch: IfExprSyntax
    ) -> Bool {
        let counts = { (node: Syntax) in
            node.position >= binding.endPosition && node.position < branch.position
                && RequiredBefore.isUnconditional(node, in: scope)
        }
        let calls = scope.descendants(of: FunctionCallExprSyntax.self).contains { call in
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name
            else { return false }
            return fills.contains(member.declName.baseName.text) && counts(Syntax(call))
        }
        let handed = scope.descendants(of: InOutExprSyntax.self).contains {
            $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name && counts(Syntax($0))
        }
        // `dict[key] = value` (not `= nil`, which takes one out), `list += [x]`.
        let assigned = scope.descendants(of: SequenceExprSyntax.self).contains { sequence in
            let elements = Array(sequence.elements)
            guard counts(Syntax(sequence)), elements.count == 3 else { return false }
            if elements[1].is(AssignmentExprSyntax.self), let subscripted = elements[0].as(SubscriptCallExprSyntax.self)
            {
                return subscripted.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
                    && !elements[2].is(NilLiteralExprSyntax.self)
            }
            return elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+="
                && elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == name
        }
        return calls || handed || assigned
    }

    /// Whether `check` states that the collection `name` is empty: `name.isEmpty` as the whole condition of `#expect`,
    /// `#require`, `XCTAssert` or `XCTAssertTrue`, or an equality of `name.count` with `0`, or of `name` with `[]` or
    /// `[:]`.
    private static func statesEmpty(_ check: Syntax, _ name: String) -> Bool {
        let assertion = SmellScan.assertionName(check) ?? ""
        let arguments = SmellScan.arguments(check).filter { $0.label == nil }.map(\.expression)
        guard let first = arguments.first else { return false }
        var sides: [ExprSyntax] = []
        if ["#expect", "#require", "XCTAssert", "XCTAssertTrue"].contains(assertion) {
            if first.trimmedDescription == "\(name).isEmpty" { return true }
            if let (left, op, right) = EqualityShapeDetector.comparison(first), op == "==" { sides = [left, right] }
        } else if assertion == "XCTAssertEqual", arguments.count >= 2 {
            sides = Array(arguments.prefix(2))
        }
        let texts = Set(sides.map(\.trimmedDescription))
        return texts == ["\(name).count", "0"] || texts == [name, "[]"] || texts == [name, "[:]"]
    }

    /// Whether `other` (the way through a branch that does not hold the check) is a block with no statement and a
    /// comment that says the check is made elsewhere (attaswift/BigInt 6.0.1's `if self.common.contains(int) { // It
    /// was already checked in 'smi' loop } else if let result = dict[int] { #expect(…) }`): the author chose to check
    /// nothing there, and wrote where it is checked instead. Not an empty block without a comment, one whose comment
    /// says something else (`// Not every backend persists users`), says to do something later or names a failure, a
    /// bug or a skip (`TODO`, `known failure, see #12`), nor one whose comment is code put out of the build (`//
    /// #expect(a == b)`, `// expectEqual(a, b)`).
    static func isExplainedEmpty(_ other: Syntax) -> Bool {
        guard let block = other.as(CodeBlockSyntax.self), block.statements.isEmpty else { return false }
        let texts = (block.leftBrace.trailingTrivia + block.rightBrace.leadingTrivia).commentTexts
        guard !texts.isEmpty else { return false }
        return texts.allSatisfy { text in
            // Code put out: a call (`name(`) or a macro (`#expect`).
            if text.contains("#") || text.range(of: #"[A-Za-z_][A-Za-z0-9_.]*\("#, options: .regularExpression) != nil {
                return false
            }
            let words = Set(text.lowercased().split { !$0.isLetter }.map(String.init))
            return !words.isDisjoint(with: checkedElsewhere) && words.isDisjoint(with: notChecked)
        }
    }

    /// Words of a comment that says the check is made elsewhere.
    static let checkedElsewhere: Set<String> = [
        "already", "checked", "covered", "tested", "verified", "elsewhere", "above", "below", "earlier", "separately",
        "previously",
    ]
    /// Words of a comment that says something is missing or wrong there.
    static let notChecked: Set<String> = [
        "todo", "fixme", "xxx", "fail", "fails", "failing", "failure", "bug", "flaky", "disabled", "skip", "skipped",
        "known", "broken", "unsupported", "yet",
    ]
}
