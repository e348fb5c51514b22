import SwiftSyntax

/// Traps of SwiftNIO's test set-up that cannot fire: a `try!` of a call that throws only on input the test
/// writes out valid, and a cast that the embedded channel's own type makes hold (apple/swift-nio-extras
/// 1.35.2: 53 of its 59 traps read false at first contact were these).
/// - `SocketAddress(ipAddress: "127.0.0.1", port: 80)` (or `.init(ipAddress:port:)`) throws only for a text
///   that is no IP address; `SocketAddress.makeAddressResolvingHost("localhost", port: 0)` resolves the
///   loopback host every machine has.
/// - `loop.syncShutdownGracefully()` of an `EmbeddedEventLoop` reports no error.
/// - `channel.eventLoop as! EmbeddedEventLoop` of an `EmbeddedChannel`, whose loop is always one.
/// The compiler's facts confirm the call is NIO's and the value's type; without them a name the test binds to
/// `EmbeddedEventLoop()` or `EmbeddedChannel(…)` does.
enum EmbeddedNIO {
    /// The modules SwiftNIO declares these in.
    static let modules: Set<String> = ["NIOCore", "NIOEmbedded", "NIOPosix"]

    /// Whether `try! expression` cannot trap.
    static func cannotThrow(_ expression: ExprSyntax, test: ScannedTest) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self), isNIO(call, test: test) else { return false }
        let labels = call.arguments.map { $0.label?.text ?? "" }
        let name = CallCollector.calledName(call.calledExpression) ?? ""
        if ["SocketAddress", "init"].contains(name), labels == ["ipAddress", "port"] {
            return literal(call.arguments.first?.expression).map(isIPAddress) ?? false
        }
        if name == "makeAddressResolvingHost", labels.first == "" {
            return literal(call.arguments.first?.expression).map { ["localhost", "127.0.0.1", "::1"].contains($0) }
                ?? false
        }
        if name == "syncShutdownGracefully", call.arguments.isEmpty,
            let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        {
            return isValue(base, of: "EmbeddedEventLoop", test: test)
        }
        return false
    }

    /// Whether `value as! type` holds: the event loop of an embedded channel cast to `EmbeddedEventLoop`.
    static func castHolds(_ value: ExprSyntax, to type: TypeSyntax, test: ScannedTest) -> Bool {
        guard type.trimmedDescription == "EmbeddedEventLoop",
            let member = value.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "eventLoop",
            let base = member.base
        else { return false }
        return isValue(base, of: "EmbeddedChannel", test: test)
    }

    /// Whether `call` is SwiftNIO's: by the compiler's facts, or, without them, by its name.
    private static func isNIO(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Bool {
        switch test.declaration(calledBy: call) {
        case .known(let declaration): return modules.contains(declaration.module ?? "")
        case .unknown: return true
        }
    }

    /// Whether `expression` is a value of the NIO class `type`: by its type in the compiler's facts, a name the
    /// test binds once to `type(…)`, or a stored property of the test's type declared as one (`var channel:
    /// EmbeddedChannel!`, then `self.channel.eventLoop as! EmbeddedEventLoop`: apple/swift-nio-http2 1.46.0, 60).
    private static func isValue(_ expression: ExprSyntax, of type: String, test: ScannedTest) -> Bool {
        if case .known(let typed) = test.type(of: expression) {
            return typed.unwrapped.mangled.hasSuffix("\(type.count)\(type)CD")
        }
        if AssignedAtSetUp.declaredType(of: expression, test: test) == type { return true }
        let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        let value = name.flatMap(test.onlyLetValue(of:))?.as(FunctionCallExprSyntax.self)
        return value.map { CallCollector.calledName($0.calledExpression) == type } ?? false
    }

    /// The text of a string literal with no interpolation.
    private static func literal(_ expression: ExprSyntax?) -> String? {
        expression?.as(StringLiteralExprSyntax.self).flatMap(EqualityShapeDetector.plainText)
    }

    /// Whether `text` is an IPv4 address in dotted decimal or an IPv6 address, as `inet_pton` reads them.
    static func isIPAddress(_ text: String) -> Bool {
        isIPv4(Substring(text)) || isIPv6(text)
    }

    /// Four decimal numbers of 0 to 255, without leading zeros.
    private static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                    && (part == "0" || part.first != "0") && Int(part).map { $0 <= 255 } == true
            }
    }

    /// Eight groups of one to four hexadecimal digits, or fewer with one `::`, the last two groups possibly an
    /// IPv4 address.
    private static func isIPv6(_ text: String) -> Bool {
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        var groups = 0
        for (index, half) in halves.enumerated() where !half.isEmpty {
            var parts = half.split(separator: ":", omittingEmptySubsequences: false)
            if index == halves.count - 1, let last = parts.last, last.contains(".") {
                guard isIPv4(last) else { return false }
                parts.removeLast()
                groups += 2
            }
            guard parts.allSatisfy({ $0.count >= 1 && $0.count <= 4 && $0.allSatisfy(\.isHexDigit) }) else {
                return false
            }
            groups += parts.count
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }
}
