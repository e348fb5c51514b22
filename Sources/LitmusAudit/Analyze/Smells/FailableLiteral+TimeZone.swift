import Foundation
import SwiftSyntax

/// Foundation's `TimeZone` made from what the source fixes: `TimeZone(identifier: "America/Los_Angeles")`,
/// `TimeZone(abbreviation: "EST")`, `TimeZone(secondsFromGMT: -3600 * 8 - 30)` (swiftlang/swift-foundation's
/// calendar and formatting tests set their zones so, 62 unwraps read false on first contact). Each is made here
/// with the same initializer: a zone the time zone database names is named on every platform that has one, and
/// an offset within ±18 hours is one on every platform; what is not made here traps on the first run.
extension FailableLiteral {
    /// How each failable initializer of `TimeZone` that takes a text is tried, by its argument label.
    static let timeZoneTexts: [String: @Sendable (String) -> Bool] = [
        "identifier": { TimeZone(identifier: $0) != nil }, "abbreviation": { TimeZone(abbreviation: $0) != nil },
    ]

    /// The verdict on `call` when it is such a `TimeZone(…)` of Foundation; `nil` when it is none.
    static func timeZone(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Verdict? {
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "TimeZone",
            call.arguments.count == 1, let argument = call.arguments.first, let label = argument.label?.text
        else { return nil }
        let made: Bool
        if let parses = timeZoneTexts[label], let texts = literalTexts(argument.expression, test: test) {
            made = texts.allSatisfy(parses)
        } else if label == "secondsFromGMT", let seconds = fixedInteger(argument.expression) {
            made = TimeZone(secondsFromGMT: seconds) != nil
        } else {
            return nil
        }
        guard isLibrary(call, test: test) else { return .canFail }
        return made ? .cannotFail : .canFail
    }

    /// An integer the source fixes: a literal, one negated, or `+`, `-` and `*` of such (`-3600 * 8 - 30`), in
    /// parentheses or not; `nil` for anything else, or a result that overflows.
    static func fixedInteger(_ expression: ExprSyntax) -> Int? {
        if let literal = expression.as(IntegerLiteralExprSyntax.self) {
            return Int(literal.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return fixedInteger(prefix.expression).flatMap { $0 == .min ? nil : -$0 }
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
            let only = tuple.elements.first, only.label == nil
        {
            return fixedInteger(only.expression)
        }
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count % 2 == 1 else { return nil }
        // Products first, then sums and differences, left to right.
        var terms: [Int] = []
        var signs: [Int] = [1]
        guard var current = fixedInteger(elements[0]) else { return nil }
        for index in stride(from: 1, to: elements.count, by: 2) {
            guard let op = elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text,
                let operand = fixedInteger(elements[index + 1])
            else { return nil }
            switch op {
            case "*":
                let (product, overflow) = current.multipliedReportingOverflow(by: operand)
                guard !overflow else { return nil }
                current = product
            case "+", "-":
                terms.append(current)
                signs.append(op == "+" ? 1 : -1)
                current = operand
            default: return nil
            }
        }
        terms.append(current)
        var total = 0
        for (sign, term) in zip(signs, terms) {
            let (sum, overflow) =
                sign > 0 ? total.addingReportingOverflow(term) : total.subtractingReportingOverflow(term)
            guard !overflow else { return nil }
            total = sum
        }
        return total
    }
}
