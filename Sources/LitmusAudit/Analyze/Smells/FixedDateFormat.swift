import Foundation
import SwiftSyntax

/// `formatter.date(from: "2005-03-18T01:58:29Z")!` where the test binds `formatter` to a `DateFormatter()` and
/// sets its `dateFormat`, `locale` and `timeZone` to values it writes out: the same text parses the same way on
/// every machine and every run, so it is parsed here with the same settings. What parses here cannot be `nil`
/// there; what does not traps on the first run and is reported (hummingbird-project/hummingbird-auth 2.5.0's
/// RFC 6238 dates). A formatter whose locale or time zone the test leaves to the machine may parse differently
/// there, and still counts.
enum FixedDateFormat {
    /// `f.date(from: f.string(from: d))`, the same formatter `f` (a name or a member path, no call) both ways (Kitura
    /// 3.0.1's `Coder.defaultDateFormatter.date(from: Coder.defaultDateFormatter.string(from: Date()))!`, three read
    /// false on first contact): a formatter reads back the text it writes with its own format, locale and zone.
    /// (A day whose midnight a zone's daylight saving skips can defeat a format without hours; no test found so far
    /// relies on one.)
    static func parsesOwnText(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "date", call.arguments.count == 1,
            call.arguments.first?.label?.text == "from", let formatter = member.base,
            formatter.descendants(of: FunctionCallExprSyntax.self).isEmpty,
            !formatter.is(FunctionCallExprSyntax.self),
            let written = call.arguments.first?.expression.as(FunctionCallExprSyntax.self),
            let writer = written.calledExpression.as(MemberAccessExprSyntax.self),
            writer.declName.baseName.text == "string", written.arguments.count == 1,
            written.arguments.first?.label?.text == "from", let base = writer.base
        else { return false }
        return RepetitionDetector.tokenText(Syntax(base)) == RepetitionDetector.tokenText(Syntax(formatter))
    }

    /// Whether unwrapping `call` cannot trap: a fixed formatter's parse of a literal that parses, or any
    /// formatter's parse of its own text of a date (``parsesOwnText(_:)``).
    static func cannotFail(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Bool {
        if parsesOwnText(call) { return true }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "date", call.arguments.count == 1,
            call.arguments.first?.label?.text == "from", let text = literal(call.arguments.first?.expression),
            let name = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let made = test.onlyLetValue(of: name)?.as(FunctionCallExprSyntax.self),
            made.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "DateFormatter",
            made.arguments.isEmpty, FailableLiteral.isLibrary(made, test: test)
        else { return false }
        var format: String?
        var locale: String?
        var zone: TimeZone?
        for sequence in test.all(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                let target = elements[0].as(MemberAccessExprSyntax.self), target.base?.trimmedDescription == name
            else { continue }
            switch target.declName.baseName.text {
            case "dateFormat": format = literal(elements[2])
            case "locale": locale = argument(of: elements[2], type: "Locale", label: "identifier").flatMap(literal)
            case "timeZone": zone = timeZone(elements[2])
            default: continue
            }
        }
        guard let format, let locale, let zone else { return false }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = zone
        formatter.dateFormat = format
        return formatter.date(from: text) != nil
    }

    /// `TimeZone(secondsFromGMT: 0)`, `TimeZone(identifier: "UTC")` or `TimeZone(abbreviation: "GMT")` of literals.
    private static func timeZone(_ expression: ExprSyntax) -> TimeZone? {
        if let seconds = argument(of: expression, type: "TimeZone", label: "secondsFromGMT")?
            .as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text.replacingOccurrences(of: "_", with: "")) })
        {
            return TimeZone(secondsFromGMT: seconds)
        }
        if let identifier = argument(of: expression, type: "TimeZone", label: "identifier").flatMap(literal) {
            return TimeZone(identifier: identifier)
        }
        return argument(of: expression, type: "TimeZone", label: "abbreviation").flatMap(literal).flatMap {
            TimeZone(abbreviation: $0)
        }
    }

    /// The one argument labelled `label` of `type(…)`, or of `.init(…)`.
    private static func argument(of expression: ExprSyntax, type: String, label: String) -> ExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            call.arguments.first?.label?.text == label
        else { return nil }
        let called = call.calledExpression.trimmedDescription
        guard called == type || called == ".init" else { return nil }
        return call.arguments.first?.expression
    }

    /// The text of a string literal with no interpolation.
    private static func literal(_ expression: ExprSyntax?) -> String? {
        expression?.as(StringLiteralExprSyntax.self).flatMap(EqualityShapeDetector.plainText)
    }
}
