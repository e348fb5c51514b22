import SwiftSyntax

extension NeverNil {
    /// Whether `member` is `x.url` of a request or response made with a URL: `URLRequest(url: u)` or
    /// `URLResponse(url: u, …)`, written in place or bound to a `let` the test names (kylef/Mockingjay's
    /// `let request = URLRequest(url: URL(string: "https://fuller.li/")!)` then `request.url!`): Foundation keeps the URL
    /// it was given. Not a `var` (it may be set to `nil`), nor `HTTPURLResponse(…)`, whose initializer may fail, nor
    /// a type the package declares.
    static func isGivenURL(_ member: MemberAccessExprSyntax, test: ScannedTest, sources: SourceFunctions?) -> Bool {
        guard member.declName.baseName.text == "url", let base = member.base,
            let call = test.boundValue(of: base).as(FunctionCallExprSyntax.self),
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            ["URLRequest", "URLResponse"].contains(type), call.arguments.first?.label?.text == "url",
            sources?.declaresType(type) != true
        else { return false }
        return FailableLiteral.isLibrary(call, test: test)
    }
}
