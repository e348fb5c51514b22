import Foundation
import SwiftSyntax

/// A test that reaches a host on the network (a Mystery Guest: the host, its data and its uptime are
/// outside the test): it makes a request (a URLSession's `data`, `dataTask`, `download`, `upload`,
/// `bytes` or `webSocketTask`, `Data(contentsOf:)` or `String(contentsOf:)` of a URL, AsyncHTTPClient's
/// `execute`, `get`, `post`) and writes a URL whose host is not the loopback host (`https://api.github.com/…`).
/// Not: a test whose URLs all name the loopback host (a server it started), a request of a literal path or
/// loopback URL whatever other URLs the test writes (``reachesOnlyLocally(_:)``), nor one that stubs its requests
/// (a `URLProtocol` in the session's `protocolClasses`, `URLProtocol.registerClass`, an HTTP stub). The
/// compiler's facts confirm the request is Foundation's or AsyncHTTPClient's; without them the names decide,
/// and the finding is unconfirmed.
enum NetworkReach {
    /// The requests of a URLSession (on a receiver named for a session).
    static let sessionRequests: Set<String> = [
        "data", "dataTask", "download", "downloadTask", "upload", "uploadTask", "bytes", "webSocketTask",
    ]
    /// AsyncHTTPClient's requests (on a receiver named for a client).
    static let clientRequests: Set<String> = ["execute", "get", "post", "put", "delete"]
    /// The modules a request confirmed by the facts is declared in.
    static let networkModules: Set<String> = TypedDeclaration.foundationModules.union(["AsyncHTTPClient"])
    /// Words of a test that stubs its requests.
    static let stubbing = ["protocolClasses", "registerClass", "HTTPStubs", "stub(", "Stub", "Mock", "mock"]

    /// The request that reaches a host, its message, and why it is unconfirmed; `nil` when there is none.
    static func reach(_ test: ScannedTest) -> (node: Syntax, message: String, unconfirmed: Unconfirmed?)? {
        let hosts = remoteHosts(test)
        guard let host = hosts.first else { return nil }
        guard !stubsRequests(test), !routesToLoopback(test) else { return nil }
        let remoteBase = givesRemoteBase(test)
        for call in test.all(FunctionCallExprSyntax.self)
        where isRequest(call) && (remoteBase || !reachesOnlyLocally(call)) {
            var unconfirmed: Unconfirmed?
            switch test.declaration(calledBy: call) {
            case .known(let declaration):
                guard networkModules.contains(declaration.module ?? "") else { continue }
            case .unknown(let why): unconfirmed = why
            }
            return (
                Syntax(call),
                "reaches the host \(host) on the network (`\(call.quoted(50))`)", unconfirmed
            )
        }
        return nil
    }

    /// Whether the test stubs its requests (``stubbing``): a `URLProtocol` in a session's `protocolClasses` or
    /// registered with `URLProtocol.registerClass`, an OHHTTPStubs stub, a mock it registers (WeTransfer/Mocker
    /// 3.0.2's `Mock(url: …).register()`, whose shared instance registers its URLProtocol for every session): its
    /// requests, `URLSession.shared`'s too, are answered in the process.
    static func stubsRequests(_ test: ScannedTest) -> Bool {
        let text = test.body?.trimmedDescription ?? ""
        return stubbing.contains(where: text.contains)
    }

    /// Whether `call` looks like a request.
    private static func isRequest(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = CallCollector.calledName(call.calledExpression) else { return false }
        if ["Data", "String", "NSData"].contains(name) {
            return call.arguments.first?.label?.text == "contentsOf"
                && !(call.arguments.first?.expression.trimmedDescription.contains("fileURLWithPath") ?? false)
        }
        guard
            let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription
                .lowercased()
        else { return false }
        if sessionRequests.contains(name) { return receiver.contains("session") }
        return clientRequests.contains(name) && receiver.contains("client")
    }

    /// Whether `call` requests a literal path (`client.execute(uri: "/hello", …)` of a server in the process:
    /// hummingbird 2.28.1's middleware tests, whose remote hosts are header values) or a URL of the loopback
    /// host: whatever other URLs the test writes, this request does not reach them, unless the test gives a
    /// remote base URL (``givesRemoteBase(_:)``).
    private static func reachesOnlyLocally(_ call: FunctionCallExprSyntax) -> Bool {
        guard let argument = call.arguments.first,
            argument.label == nil || ["uri", "url", "path"].contains(argument.label?.text ?? ""),
            let literal = argument.expression.as(StringLiteralExprSyntax.self),
            let first = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text
        else { return false }
        if first.hasPrefix("/") { return true }
        guard let scheme = ["https://", "http://", "wss://", "ws://"].first(where: first.hasPrefix) else {
            return false
        }
        return isLoopback(host(first.dropFirst(scheme.count)))
    }

    /// Whether the test passes a remote URL as an argument named for a URL or a host (`APIClient(baseURL:
    /// "https://api.github.com")`): a request of a path may then resolve against it.
    private static func givesRemoteBase(_ test: ScannedTest) -> Bool {
        test.all(LabeledExprSyntax.self).contains { argument in
            let label = argument.label?.text.lowercased() ?? ""
            guard label.contains("url") || label.contains("host") || label.contains("server"),
                let first = argument.expression.as(StringLiteralExprSyntax.self)?.segments.first?
                    .as(StringSegmentSyntax.self)?.content.text,
                let scheme = ["https://", "http://", "wss://", "ws://"].first(where: first.hasPrefix)
            else { return false }
            return !isLoopback(host(first.dropFirst(scheme.count)))
        }
    }

    /// The host a URL's text names after its scheme: `api.github.com` of `api.github.com/zen`, `[::1]`, and of
    /// `user:password@127.0.0.1:8080/`, `127.0.0.1` (async-http-client 1.30.3 splices `user:password@` into its local
    /// HTTPBin's URL: the user is no host).
    private static func host(_ rest: Substring) -> String {
        let authority = rest.prefix { !["/", "?", "#"].contains($0) }
        let hostAndPort = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        return hostAndPort.hasPrefix("[")
            ? String(hostAndPort.prefix { $0 != "]" }) + "]" : String(hostAndPort.prefix { $0 != ":" })
    }

    /// The settings of a client that send its requests somewhere else than their URLs' hosts.
    static let routings: Set<String> = ["proxy", "dnsOverride"]

    /// Whether the test sends its client's requests to the loopback host whatever hosts their URLs name: through a
    /// proxy there (`configuration: .init(proxy: .server(host: "localhost", port: bin.port))`) or by resolving the
    /// names there (`config.dnsOverride = ["example.com": "localhost"]`): async-http-client 1.30.3's proxy and DNS
    /// tests, whose requests of `http://test/ok` reach the test's own HTTPBin. Every host the setting names (a
    /// dictionary's values) must be the loopback host.
    static func routesToLoopback(_ test: ScannedTest) -> Bool {
        let labelled = test.all(LabeledExprSyntax.self).filter { routings.contains($0.label?.text ?? "") }
            .map(\.expression)
        // An assignment, folded (`a = b`) or as the parser leaves it (three elements).
        let assignments =
            test.all(InfixOperatorExprSyntax.self).filter { $0.operator.is(AssignmentExprSyntax.self) }
            .map { ($0.leftOperand, $0.rightOperand) }
            + test.all(SequenceExprSyntax.self).compactMap { sequence -> (ExprSyntax, ExprSyntax)? in
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
                return (elements[0], elements[2])
            }
        let assigned = assignments.compactMap { target, value -> ExprSyntax? in
            let name =
                target.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? target.as(DeclReferenceExprSyntax.self)?.baseName.text
            return routings.contains(name ?? "") ? value : nil
        }
        return (labelled + assigned).contains { setting in
            let named: [ExprSyntax] =
                setting.as(DictionaryExprSyntax.self)?.content.as(DictionaryElementListSyntax.self)
                .map { $0.map(\.value) } ?? [setting]
            let hosts = named.flatMap { value in
                ([value.as(StringLiteralExprSyntax.self)].compactMap { $0 }
                    + value.descendants(of: StringLiteralExprSyntax.self))
                    .compactMap { $0.segments.first?.as(StringSegmentSyntax.self)?.content.text }
            }
            return !hosts.isEmpty && hosts.allSatisfy(isLoopback)
        }
    }

    /// The hosts of the test's URL literals (`http`, `https`, `ws`, `wss`) that are not the loopback host.
    static func remoteHosts(_ test: ScannedTest) -> [String] {
        test.all(StringLiteralExprSyntax.self).compactMap { literal in
            guard let first = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text,
                let scheme = ["https://", "http://", "wss://", "ws://"].first(where: first.hasPrefix)
            else { return nil }
            let host = host(first.dropFirst(scheme.count))
            guard !host.isEmpty, !isLoopback(host) else { return nil }
            return host
        }
    }

    /// `localhost`, `127.x.x.x`, `[::1]`, `0.0.0.0`.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasPrefix("127.") || host.hasPrefix("[::1") || host == "0.0.0.0"
            || host.hasSuffix(".localhost")
    }
}
