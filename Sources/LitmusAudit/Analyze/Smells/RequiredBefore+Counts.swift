import SwiftSyntax

/// Counts a check requires: `XCTAssertEqual(vertices.count, 8)` (or `#expect(vertices.count == 8)`) right before
/// `guard vertices.count >= 8 else { return }` leaves the guard's `else` only when the count is not 8, when the check
/// has failed already (nicklockwood/Euclid 0.8's path and polygon tests, eleven such guards). Only the checks right
/// before the branch count (the statements just before it in its block, each a check): between them nothing can
/// change the count.
extension RequiredBefore {
    /// Whether `condition` compares `R.count` with an integer literal (`>=`, `>`, `==`) and a check right before
    /// `statement` requires `R.count == N` for an `N` that satisfies it.
    static func countCheckedRightBefore(_ condition: ExprSyntax, at statement: Syntax, assertions: [Syntax]) -> Bool {
        // A condition that calls nothing: a call may give another count each time (`queue.drain().count`).
        guard condition.descendants(of: FunctionCallExprSyntax.self).isEmpty,
            let (left, op, right) = EqualityShapeDetector.comparison(condition), let collection = countOf(left),
            let bound = integer(right), let (item, list) = block(holding: statement)
        else { return false }
        var required: [String] = []
        for previous in list.filter({ $0.endPosition <= item.position }).reversed() {
            // A statement that is a check and nothing else (under `try` or not).
            let statement = previous.item.as(ExprSyntax.self)?.withoutTryOrAwait.trimmedDescription
            let checks = assertions.filter {
                $0.position >= previous.position && $0.endPosition <= previous.endPosition
            }
            guard checks.contains(where: { $0.as(ExprSyntax.self)?.withoutTryOrAwait.trimmedDescription == statement })
            else { break }
            let values = checks.flatMap(requiredValues)
            // A check that names the collection but does not require its count may change it
            // (`XCTAssertEqual(stack.removeLast(), end)`).
            if !values.contains(where: { $0.hasPrefix("count: \(collection) == ") }),
                changesMaybe(collection, in: previous.trimmedDescription)
            {
                break
            }
            required += values
        }
        return required.contains { text in
            guard let count = text.split(separator: " ").last.flatMap({ Int($0) }),
                text == exactCountText(collection, count)
            else { return false }
            switch op {
            case ">=": return count >= bound
            case ">": return count > bound
            case "==": return count == bound
            default: return false
            }
        }
    }

    /// Whether `text` names `collection` other than to read it (`.first`, `.last`, `.isEmpty`, `.count`, an element).
    private static func changesMaybe(_ collection: String, in text: String) -> Bool {
        var rest = text
        for read in [".first", ".last", ".isEmpty", ".count", "["] {
            rest = rest.replacingOccurrences(of: collection + read, with: "")
        }
        return rest.contains(collection)
    }

    /// The statement holding `statement` (a `guard`, or an `if` as a statement) and the block it is in.
    static func block(holding statement: Syntax) -> (CodeBlockItemSyntax, CodeBlockItemListSyntax)? {
        guard
            let item = statement.parent?.as(ExpressionStmtSyntax.self)?.parent?.as(CodeBlockItemSyntax.self)
                ?? statement.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return nil }
        return (item, list)
    }

    /// What ``requiredValues(_:)`` gives for `R.count` compared equal to an integer literal, either way round.
    static func exactCount(_ left: ExprSyntax, _ right: ExprSyntax) -> String? {
        if let collection = countOf(left), let value = integer(right) { return exactCountText(collection, value) }
        if let collection = countOf(right), let value = integer(left) { return exactCountText(collection, value) }
        return nil
    }

    private static func exactCountText(_ collection: String, _ count: Int) -> String {
        "count: \(collection) == \(count)"
    }

    /// `R` of `R.count` compared equal to a positive integer literal, either way round.
    static func positiveCount(_ left: ExprSyntax, _ right: ExprSyntax) -> String? {
        if let collection = countOf(left), let value = integer(right), value > 0 { return collection }
        if let collection = countOf(right), let value = integer(left), value > 0 { return collection }
        return nil
    }

    /// `R` of `R.count` compared greater than a literal at least `atLeast`.
    static func countAbove(_ left: ExprSyntax, _ right: ExprSyntax, atLeast: Int) -> String? {
        guard let collection = countOf(left), let value = integer(right), value >= atLeast else { return nil }
        return collection
    }

    static func countOf(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "count"
        else { return nil }
        return member.base?.trimmedDescription
    }

    /// An integer literal's value, or the count of the test's own table (``tableCount(_:)``).
    static func integer(_ expression: ExprSyntax) -> Int? {
        expression.as(IntegerLiteralExprSyntax.self).flatMap {
            Int($0.literal.text.replacingOccurrences(of: "_", with: ""))
        } ?? tableCount(expression)
    }

    /// The count `T.count` has when `T` is bound once in the function around it, with `let`, to an array or dictionary
    /// literal (and by no other pattern or closure parameter): supabase/supabase-swift v2.55.1's `#expect(capture.urls.count
    /// == schemes.count)` of `let schemes = ["https", "http", "myapp", "supabase"]`, before a loop over `capture.urls`.
    private static func tableCount(_ expression: ExprSyntax) -> Int? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "count",
            let name = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        var current = Syntax(expression).parent
        while let node = current, !node.is(FunctionDeclSyntax.self) { current = node.parent }
        guard let function = current,
            function.descendants(of: IdentifierPatternSyntax.self).filter({ $0.identifier.text == name }).count == 1,
            !function.descendants(of: ClosureShorthandParameterSyntax.self).contains(where: { $0.name.text == name }),
            !function.descendants(of: ClosureParameterSyntax.self).contains(where: {
                ($0.secondName ?? $0.firstName).text == name
            }),
            let binding = function.descendants(of: PatternBindingSyntax.self).first(where: {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            }),
            binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let),
            let value = binding.initializer?.value
        else { return nil }
        if let array = value.as(ArrayExprSyntax.self) { return array.elements.count }
        if let dictionary = value.as(DictionaryExprSyntax.self) {
            if case .elements(let elements) = dictionary.content { return elements.count }
            return 0
        }
        return nil
    }

}
