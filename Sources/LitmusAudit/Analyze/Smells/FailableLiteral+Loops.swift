import SwiftSyntax

/// The values a `for` loop of the test gives a name, when the loop goes over the test's own literal table.
extension FailableLiteral {
    /// Where a loop's pattern binds a name: the whole element, or one member of a tuple pattern.
    private enum Place: Equatable {
        case whole
        case member(Int)
    }

    /// The values a `for` loop around `expression` binds it to, when `expression` names the loop's element (or one
    /// name of its tuple pattern) and the loop goes over a literal the test wrote, in the loop or as its one `let`:
    /// each element of an array literal (or each tuple's member at the name's place), or each key (or value) of a
    /// dictionary literal (`for (url, result) in urls`: AliSoftware/OHHTTPStubs 9.1.0's tables of literal URLs,
    /// `URL(string: url)!`, ten read false on first contact). `nil` when the loop binds the name again inside, when
    /// a closure lies between, or when the table is anything else.
    static func loopElements(_ expression: ExprSyntax, test: ScannedTest) -> [ExprSyntax]? {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        var node = expression.parent
        while let current = node, !current.is(FunctionDeclSyntax.self), !current.is(ClosureExprSyntax.self) {
            if let loop = current.as(ForStmtSyntax.self), let place = place(of: name, in: loop.pattern) {
                let boundAgain = loop.body.descendants(of: IdentifierPatternSyntax.self).contains {
                    $0.identifier.text == name
                }
                guard !boundAgain else { return nil }
                let table =
                    loop.sequence.as(DeclReferenceExprSyntax.self).flatMap { test.onlyLetValue(of: $0.baseName.text) }
                    ?? loop.sequence
                return members(of: table, at: place)
            }
            node = current.parent
        }
        return nil
    }

    /// Where `pattern` binds `name`: the pattern itself, or a member of its tuple (`(url, result)`); `nil` when it
    /// does not bind it.
    private static func place(of name: String, in pattern: PatternSyntax) -> Place? {
        if pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name { return .whole }
        guard let tuple = pattern.as(TuplePatternSyntax.self) else { return nil }
        return tuple.elements.enumerated().first { _, element in
            element.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        }.map { .member($0.offset) }
    }

    /// The elements of the literal `table` at `place`: an array's elements (or each tuple element's member), a
    /// dictionary's keys (member 0) or values (member 1); `nil` for any other table or shape.
    private static func members(of table: ExprSyntax, at place: Place) -> [ExprSyntax]? {
        if let array = table.as(ArrayExprSyntax.self) {
            guard case .member(let index) = place else { return array.elements.map(\.expression) }
            let members = array.elements.compactMap { element -> ExprSyntax? in
                guard let tuple = element.expression.as(TupleExprSyntax.self), tuple.elements.count > index else {
                    return nil
                }
                return tuple.elements[tuple.elements.index(tuple.elements.startIndex, offsetBy: index)].expression
            }
            return members.count == array.elements.count ? members : nil
        }
        guard let dictionary = table.as(DictionaryExprSyntax.self),
            case .elements(let elements) = dictionary.content, case .member(let index) = place, index < 2
        else { return nil }
        return elements.map { index == 0 ? $0.key : $0.value }
    }
}
