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

    static func smells(_ test: ScannedTest) -> [Smell] {
        var found: [Smell] = []
        if let duplicate = duplicate(test) {
            found.append(
                Smell(
                    kind: .duplicateAssert, node: duplicate,
                    message:
                        "\(test.shown) checks `\(duplicate.trimmedDescription.prefix(60))` twice, with nothing between that could change the answer"
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

    /// The second of two identical check statements in one block with only checks between them.
    private static func duplicate(_ test: ScannedTest) -> Syntax? {
        for list in test.all(CodeBlockItemListSyntax.self) {
            var seen: Set<String> = []
            for item in list {
                guard let text = checkText(item) else {
                    seen.removeAll()
                    continue
                }
                if !seen.insert(text).inserted { return Syntax(item) }
            }
        }
        return nil
    }

    /// The text of a statement that is one check, without spaces, or `nil`.
    private static func checkText(_ item: CodeBlockItemSyntax) -> String? {
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
            return !(name.hasPrefix("XCTAssert") || ["expect", "to", "toNot", "notTo", "equal"].contains(name))
        }
        guard isCheck, !computes, statement.descendants(of: AwaitExprSyntax.self).isEmpty else { return nil }
        return statement.trimmedDescription.filter { !$0.isWhitespace }
    }

    /// The assertion name used at least twice without a message in a test of three XCTest assertions or
    /// more, with its count and first call.
    private static func roulette(_ test: ScannedTest) -> (name: String, count: Int, first: Syntax)? {
        var byName: [String: [Syntax]] = [:]
        var all = 0
        for assertion in test.assertions {
            guard let call = assertion.as(FunctionCallExprSyntax.self),
                let name = CallCollector.calledName(call.calledExpression), name.hasPrefix("XCTAssert")
            else { continue }
            all += 1
            guard let operands = operandCounts[name] else { continue }
            let unlabelled = call.arguments.filter { $0.label == nil }.count
            if unlabelled <= operands { byName[name, default: []].append(assertion) }
        }
        guard all >= rouletteCount.all else { return nil }
        let worst = byName.filter { $0.value.count >= rouletteCount.sameKind }.min {
            $0.value[0].position < $1.value[0].position
        }
        return worst.map { ($0.key, $0.value.count, $0.value[0]) }
    }
}
