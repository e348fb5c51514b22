import Foundation
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

    /// Whether `member` is the `host` or `scheme` of a `let` (the test's, or its file's once at the top level) bound to
    /// Foundation's `URL(string: "…")!` of a plain literal that has one (auth0/Auth0.swift 3.1.0's `private let Url =
    /// URL(string: "https://samples.auth0.com")!` then `Url.host!`, 21 read false on first contact): the text decides
    /// it, once and for all. Not a URL the package builds (`URL.httpsURL(from:)`), a literal without a host
    /// (`URL(string: "/path")!`), a `var`, nor a type the package declares.
    static func isLiteralURLPart(_ member: MemberAccessExprSyntax, test: ScannedTest) -> Bool {
        let part = member.declName.baseName.text
        guard ["host", "scheme"].contains(part), let base = member.base?.as(DeclReferenceExprSyntax.self),
            var value = test.letValue(of: base.baseName.text, at: Syntax(member)) ?? fileLetValue(of: base, test: test)
        else { return false }
        if let unwrapped = value.as(ForceUnwrapExprSyntax.self) { value = unwrapped.expression }
        guard let call = value.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "URL",
            call.arguments.count == 1, call.arguments.first?.label?.text == "string",
            let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self),
            let text = EqualityShapeDetector.plainText(literal), FailableLiteral.isLibrary(call, test: test),
            let url = URL(string: text)
        else { return false }
        return (part == "host" ? url.host : url.scheme) != nil
    }
}
