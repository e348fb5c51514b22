import SwiftSyntax

/// Mystery Guest (a test reading the environment, the network, or a file by a fixed path outside its
/// fixtures) and Resource Optimism (reading such a file without checking that it is there). Files from
/// `Bundle.module`, `Bundle(for:)`, `#filePath`, or a temporary folder are the test's own fixtures; a
/// path the test writes first is its own too, and so is a server on the loopback host it calls.
enum ResourceDetector {
    /// Calls that read a file, with the label of the argument naming it.
    static let fileReads: [String: String] = [
        "contentsOfFile": "", "contents": "atPath", "contentsOfDirectory": "atPath", "Data": "contentsOf",
        "String": "contentsOf", "FileHandle": "forReadingAtPath", "NSData": "contentsOf",
    ]
    /// Words of a path that is the test's own.
    static let ownPlaces = [
        "Bundle", "#file", "#filePath", "temporaryDirectory", "NSTemporaryDirectory", "fixture", "Fixture",
        "Resources",
    ]

    static func smells(_ test: ScannedTest) -> [Smell] {
        var found: [Smell] = []
        let calls = test.all(FunctionCallExprSyntax.self)
        let written = Set(
            calls.filter { call in
                ["write", "createFile", "createDirectory", "copyItem", "moveItem"].contains(
                    CallCollector.calledName(call.calledExpression) ?? "")
            }.flatMap { $0.descendants(of: StringLiteralExprSyntax.self).map(\.trimmedDescription) })
        let checksExistence = calls.contains { call in
            ["fileExists", "XCTSkipUnless", "XCTSkipIf", "isReadableFile"].contains(
                CallCollector.calledName(call.calledExpression) ?? "")
        }
        var guest: (Syntax, String)?
        var optimistic: (node: Syntax, message: String)?
        for call in calls {
            if guest == nil, let environment = readsEnvironment(call),
                !isSkipSwitch(Syntax(call), checks: test.assertions),
                !readsWhatItSet(call.arguments.first?.expression, before: Syntax(call), in: calls)
            {
                guest = (Syntax(call), environment)
            }
            guard let path = fixedPath(read: call), !written.contains(path) else { continue }
            if guest == nil { guest = (Syntax(call), "reads the file \(path.prefix(60)) by a fixed path") }
            if optimistic == nil, !checksExistence {
                optimistic = (Syntax(call), "reads a file by a fixed path without checking that it exists")
            }
        }
        if let place = MachinePlaces.place(test) {
            if guest == nil { guest = (place.node, place.message) }
            if optimistic == nil, place.mayBeMissing, !checksExistence {
                optimistic = (place.node, "works on the machine's own files without checking that they are there")
            }
        }
        for member in test.all(MemberAccessExprSyntax.self) where guest == nil {
            let base = member.base?.trimmedDescription
            switch (base, member.declName.baseName.text) {
            case (let base?, "environment")
            where base.hasSuffix("processInfo") && !isSkipSwitch(Syntax(member), checks: test.assertions)
                && !isOwnProcessInfo(base, of: test)
                && !readsWhatItSet(
                    member.parent?.as(SubscriptCallExprSyntax.self)?.arguments.first?.expression,
                    before: Syntax(member),
                    in: calls):
                guest = (Syntax(member), "reads the environment (ProcessInfo.processInfo.environment)")
            // Its `configuration` read to make a session of the test's own is no call (auth0/Auth0.swift 3.1.0's
            // `URLSession(configuration: URLSession.shared.configuration)`, 9 read false on first contact).
            case ("URLSession", "shared")
            where !talksToLoopback(test) && !NetworkReach.stubsRequests(test)
                && member.parent?.as(MemberAccessExprSyntax.self)?.declName.baseName.text != "configuration":
                guest = (Syntax(member), "calls the network (URLSession.shared)")
            case ("Bundle", "main"):
                guest = (Syntax(member), "reads Bundle.main, the test runner's bundle, not the test's own")
            default: break
            }
        }
        var unconfirmed: Unconfirmed?
        if let network = NetworkReach.reach(test) {
            if guest == nil {
                guest = (network.node, network.message)
                unconfirmed = network.unconfirmed
            }
            if optimistic == nil, !checksReachability(test) {
                optimistic = (network.node, "reaches a host on the network without checking that it can be reached")
            }
        }
        if let guest {
            found.append(
                Smell(
                    kind: .mysteryGuest, node: guest.0,
                    message:
                        "\(test.shown) \(guest.1): what it depends on is outside the test, where a reader cannot see it",
                    unconfirmed: unconfirmed))
        }
        if let optimistic {
            found.append(
                Smell(kind: .resourceOptimism, node: optimistic.node, message: "\(test.shown) \(optimistic.message)"))
        }
        return found
    }

    /// Whether the test, its attributes included, skips or expects a failure when the network or the host
    /// is not there: a skip (`XCTSkipUnless`, `.enabled(if:)`, `.disabled(if:)`), a known issue, or a
    /// `URLError` it catches or expects (`#expect(throws: URLError.self)` of a host that cannot exist).
    private static func checksReachability(_ test: ScannedTest) -> Bool {
        let text = test.declaration.trimmedDescription
        return ["XCTSkip", ".enabled(if", ".disabled(if", "withKnownIssue", "URLError"].contains(where: text.contains)
    }

    /// Whether the test's string literals name the loopback host (`http://127.0.0.1:\(port)`,
    /// `ws://localhost:…`): its network calls go to a server it started itself, no outside resource
    /// (FlyingFox 0.27.1's server tests were six false findings).
    private static func talksToLoopback(_ test: ScannedTest) -> Bool {
        test.all(StringSegmentSyntax.self).contains { segment in
            let text = segment.content.text
            return ["://127.0.0.1", "://localhost", "://[::1]"].contains { text.contains($0) }
        }
    }

    /// Whether `node` is read only to decide whether the test runs at all: in the condition of `XCTSkipIf` or
    /// `XCTSkipUnless`, or of a `guard` or an `if` whose way out only returns or throws (`guard
    /// ProcessInfo.processInfo.environment["CI"] == nil else { return }`); or whether its checks run: of an `if` with
    /// no `else` whose every statement is one of `checks`. Such a read is a switch the reader
    /// sees, not data the test depends on (pointfreeco/swift-case-paths 1.10.0's 23 tests skipped on CI,
    /// swift-snapshot-testing 1.19.7's `GITHUB_WORKFLOW`).
    static func isSkipSwitch(_ node: Syntax, checks: [Syntax] = []) -> Bool {
        var child = node
        var current = node.parent
        while let syntax = current {
            // A value bound from it (`guard let home = …["HOME"]`) is data the test goes on with.
            if syntax.is(CodeBlockItemSyntax.self) || syntax.is(ClosureExprSyntax.self)
                || syntax.is(OptionalBindingConditionSyntax.self)
            {
                return false
            }
            if let call = syntax.as(FunctionCallExprSyntax.self),
                ["XCTSkipIf", "XCTSkipUnless"].contains(CallCollector.calledName(call.calledExpression) ?? ""),
                child.id != call.calledExpression.id
            {
                return true
            }
            if let guardStatement = syntax.as(GuardStmtSyntax.self), child.id == guardStatement.conditions.id {
                return onlyLeaves(guardStatement.body)
            }
            // So does an `if` whose body only checks: where the variable is set (a CI's, pointfreeco's
            // swift-snapshot-testing 1.19.7 `if !…environment.keys.contains("GITHUB_WORKFLOW") { assertSnapshot(…) }`,
            // its image snapshots skipped where renderers differ), checks are switched off, no value read.
            if let branch = syntax.as(IfExprSyntax.self), child.id == branch.conditions.id {
                return branch.elseBody == nil && (onlyLeaves(branch.body) || onlyChecks(branch.body, checks: checks))
            }
            child = syntax
            current = syntax.parent
        }
        return false
    }

    /// Whether `key`, the variable an environment read at `read` names, is a string literal that a call before it
    /// in the test sets, not in a `defer` or in a closure the read is not in (either may run later): `setenv("API_KEY", v,
    /// 1)` (overwriting: with 0 a value already there stays), or a setter of an environment given it as its key
    /// (`Dotenv.set(value: "1234", forKey: "API_KEY")`, thebarndog/swift-dotenv 2.0.1: a receiver whose name says
    /// "env", a `set` or `setX` method, the name as its `forKey:`, `key:` or first argument). The test wrote what it
    /// reads: nothing outside it is read.
    private static func readsWhatItSet(_ key: ExprSyntax?, before read: Syntax, in calls: [FunctionCallExprSyntax])
        -> Bool
    {
        guard let name = key?.as(StringLiteralExprSyntax.self).flatMap(EqualityShapeDetector.plainText) else {
            return false
        }
        let names = { (argument: LabeledExprSyntax?) in
            argument?.expression.as(StringLiteralExprSyntax.self).flatMap(EqualityShapeDetector.plainText) == name
        }
        return calls.contains { call in
            guard call.endPosition <= read.position, !runsLater(Syntax(call), than: read),
                let called = CallCollector.calledName(call.calledExpression)
            else { return false }
            let arguments = Array(call.arguments)
            if called == "setenv" {
                guard arguments.count == 3, names(arguments[0]),
                    let overwrite = arguments[2].expression.as(IntegerLiteralExprSyntax.self).flatMap({
                        Int($0.literal.text)
                    })
                else { return false }
                return overwrite != 0
            }
            let isSetter = called == "set" || called.hasPrefix("set") && called.dropFirst(3).first?.isUppercase == true
            guard isSetter,
                let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription,
                receiver.lowercased().contains("env")
            else { return false }
            let key = arguments.first { ["forKey", "key"].contains($0.label?.text ?? "") } ?? arguments.first
            return names(key)
        }
    }

    /// Whether `node` is inside a `defer` block, or a closure that `read` is not in, below the nearest node holding
    /// both: code that may run after the read that follows it.
    private static func runsLater(_ node: Syntax, than read: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current {
            if syntax.position <= read.position && read.endPosition <= syntax.endPosition { return false }
            if syntax.is(DeferStmtSyntax.self) || syntax.is(ClosureExprSyntax.self) { return true }
            current = syntax.parent
        }
        return false
    }

    /// Whether every statement of `block` is one of `checks` (the test's checks), or `try` or `await` of one.
    private static func onlyChecks(_ block: CodeBlockSyntax, checks: [Syntax]) -> Bool {
        let ids = Set(checks.map(\.id))
        return !block.statements.isEmpty
            && block.statements.allSatisfy { item in
                var expression = item.item.as(ExprSyntax.self)
                while let inner = expression?.as(TryExprSyntax.self)?.expression
                    ?? expression?.as(AwaitExprSyntax.self)?.expression
                {
                    expression = inner
                }
                return expression.map { ids.contains($0.id) } ?? false
            }
    }

    /// A block that only returns (nothing) or throws.
    private static func onlyLeaves(_ block: CodeBlockSyntax) -> Bool {
        !block.statements.isEmpty
            && block.statements.allSatisfy { item in
                if let statement = item.item.as(ReturnStmtSyntax.self) { return statement.expression == nil }
                return item.item.is(ThrowStmtSyntax.self)
            }
    }

    /// `getenv("X")`.
    private static func readsEnvironment(_ call: FunctionCallExprSyntax) -> String? {
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "getenv" else { return nil }
        return "reads the environment (\(call.quoted(40)))"
    }

    /// The literal path a file read names (`Data(contentsOf: URL(fileURLWithPath: "/etc/x"))`,
    /// `String(contentsOfFile: "data.json")`), when it is no fixture of the test's own.
    private static func fixedPath(read call: FunctionCallExprSyntax) -> String? {
        guard let name = CallCollector.calledName(call.calledExpression) else { return nil }
        let argument: LabeledExprSyntax?
        if name == "String" || name == "Data" || name == "NSData" {
            argument = call.arguments.first {
                ["contentsOf", "contentsOfFile"].contains($0.label?.text ?? "")
            }
        } else if let label = fileReads[name], !label.isEmpty {
            argument = call.arguments.first { $0.label?.text == label }
        } else {
            argument = nil
        }
        guard let expression = argument?.expression else { return nil }
        let text = expression.trimmedDescription
        guard !ownPlaces.contains(where: text.contains) else { return nil }
        // The path itself: a string literal, or a file URL made from one.
        let literal =
            expression.as(StringLiteralExprSyntax.self)
            ?? expression.as(FunctionCallExprSyntax.self).flatMap { url in
                url.arguments.first { $0.label?.text == "fileURLWithPath" }?.expression.as(StringLiteralExprSyntax.self)
            }
        guard let literal, literal.segments.count == 1, let path = SmellScan.literalText(ExprSyntax(literal)),
            !path.isEmpty, !path.hasPrefix("http")
        else { return nil }
        return literal.trimmedDescription
    }

    /// Whether `base` (`processInfo`, `self.processInfo`) is a property the test's type declares for itself, not
    /// Foundation's `ProcessInfo.processInfo`: a wrapped one (tgrapperon/swift-dependencies-additions 1.1.1's
    /// `@Dependency(\.processInfo) var processInfo`, a test value that reads no environment) or one given another
    /// value.
    private static func isOwnProcessInfo(_ base: String, of test: ScannedTest) -> Bool {
        guard ["processInfo", "self.processInfo"].contains(base),
            let type = AssignedAtSetUp.enclosingType(of: test.declaration),
            let members = AssignedAtSetUp.members(of: type)
        else { return false }
        return members.contains { member in
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                let binding = variable.bindings.first(where: {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "processInfo"
                })
            else { return false }
            return !variable.attributes.isEmpty
                || binding.initializer.map { $0.value.trimmedDescription != "ProcessInfo.processInfo" } ?? false
        }
    }
}
