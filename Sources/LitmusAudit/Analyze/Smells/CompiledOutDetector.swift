import SwiftSyntax

/// Tests inside an `#if` that no build of the package compiles (docs/audit.md, "Tests that never run"): its
/// condition is false on every platform this run and the package's CI workflows build for
/// (``BuildPlatforms``), whatever the rest (architecture, compiler version, `DEBUG`) is. Each atom of the
/// condition is true, false or unknown on a platform (`os(macOS)` is false on Linux; `arch(arm64)`,
/// `swift(>=6)` and `DEBUG` unknown; a custom condition no manifest, workflow or build argument names is
/// false once a workflow says where the tests run); a test counts as compiled out only when some `#if`
/// around it is false, not unknown, on each platform. One finding per `#if` clause, at its first test.
enum CompiledOutDetector {
    /// A condition's value on one platform.
    enum Truth: Equatable {
        case yes, no, unknown

        static prefix func ! (value: Truth) -> Truth {
            switch value {
            case .yes: return .no
            case .no: return .yes
            case .unknown: return .unknown
            }
        }

        static func && (lhs: Truth, rhs: Truth) -> Truth {
            if lhs == .no || rhs == .no { return .no }
            return lhs == .yes && rhs == .yes ? .yes : .unknown
        }

        static func || (lhs: Truth, rhs: Truth) -> Truth {
            if lhs == .yes || rhs == .yes { return .yes }
            return lhs == .no && rhs == .no ? .no : .unknown
        }
    }

    /// The findings of `files` (each with its tree) in test module `module`.
    static func findings(
        in files: [(tree: SourceFileSyntax, file: NeverRunDetector.File)], module: String, platforms: BuildPlatforms
    ) -> [AnalyzedFinding] {
        var found: [AnalyzedFinding] = []
        for (tree, file) in files where file.nodes.contains(where: { $0.is(IfConfigDeclSyntax.self) }) {
            let tests = ScannedTests.collect(in: tree, module: module, testClasses: [], compiles: { _ in true })
                .filter { !file.compiles($0.declaration) && compiledNowhere($0.declaration, platforms) }
            // By the outermost clause this platform leaves out: one finding for the tests of one `#if`.
            var groups: [(clause: IfConfigClauseSyntax, tests: [ScannedTest])] = []
            for test in tests {
                guard let clause = outermostClause(of: test.declaration, leftOutBy: file.compiles) else { continue }
                if let index = groups.firstIndex(where: { $0.clause.id == clause.id }) {
                    groups[index].tests.append(test)
                } else {
                    groups.append((clause, [test]))
                }
            }
            for (clause, tests) in groups {
                guard let first = tests.first else { continue }
                let condition = clause.condition?.trimmedDescription ?? "#else"
                let names = tests.prefix(3).map(\.shown).joined(separator: ", ") + (tests.count > 3 ? ", …" : "")
                let line = clause.startLocation(converter: file.converter).line
                let platformsText =
                    platforms.source.map {
                        "\(platforms.platforms.sorted().joined(separator: ", ")), every platform \($0) builds for"
                    } ?? "every platform"
                var finding = AnalyzedFinding(
                    cause: .compiledOut, testName: first.name, file: file.file,
                    line: first.declaration.startLocation(converter: file.converter).line,
                    message:
                        "\(tests.count == 1 ? "\(first.shown) is" : "\(tests.count) tests (\(names)) are") inside "
                        + "`#if \(condition)` (line \(line)), which is false on \(platformsText): "
                        + "no build compiles \(tests.count == 1 ? "it" : "them"), so \(tests.count == 1 ? "it never runs" : "they never run")"
                )
                if first.framework == .xctest, let owner = first.owner {
                    let method = first.name.split(separator: ".").last.map(String.init) ?? first.name
                    finding.testID = TestID((module.isEmpty ? "" : module + ".") + "\(owner)/\(method)")
                }
                found.append(finding)
            }
        }
        return found
    }

    /// Whether no platform of `platforms` compiles `node`: on each, some `#if` clause around it is false.
    static func compiledNowhere(_ node: Syntax, _ platforms: BuildPlatforms) -> Bool {
        let clauses = enclosingClauses(of: node)
        guard !clauses.isEmpty else { return false }
        return platforms.platforms.allSatisfy { platform in
            clauses.contains { value(of: $0, on: platform, platforms) == .no }
        }
    }

    /// Whether `clause` is the one taken on `platform`: its condition holds and no earlier one's does.
    static func value(of clause: IfConfigClauseSyntax, on platform: String, _ platforms: BuildPlatforms) -> Truth {
        guard let list = clause.parent?.as(IfConfigClauseListSyntax.self) else { return .unknown }
        var result = Truth.yes
        for sibling in list {
            if sibling.id == clause.id {
                return result && (sibling.condition.map { evaluate($0, on: platform, platforms) } ?? .yes)
            }
            result = result && !(sibling.condition.map { evaluate($0, on: platform, platforms) } ?? .yes)
        }
        return .unknown
    }

    /// The value of an `#if` condition on `platform`.
    static func evaluate(_ condition: ExprSyntax, on platform: String, _ platforms: BuildPlatforms) -> Truth {
        if let literal = condition.as(BooleanLiteralExprSyntax.self) {
            return literal.literal.tokenKind == .keyword(.true) ? .yes : .no
        }
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return evaluate(inner.expression, on: platform, platforms)
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return !evaluate(prefix.expression, on: platform, platforms)
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            return evaluate(sequence: Array(sequence.elements), on: platform, platforms)
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self) {
            return evaluate(
                sequence: [infix.leftOperand, infix.operator, infix.rightOperand], on: platform, platforms)
        }
        if let reference = condition.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name == "DEBUG" || name == "SWIFT_PACKAGE" || platforms.conditions.contains(name) { return .unknown }
            return platforms.source == nil ? .unknown : .no
        }
        if let call = condition.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return atom(name, argument: call.arguments.first?.expression.trimmedDescription ?? "", on: platform)
        }
        return .unknown
    }

    /// `a && b || c`, unfolded: `&&` binds tighter than `||`.
    private static func evaluate(sequence elements: [ExprSyntax], on platform: String, _ platforms: BuildPlatforms)
        -> Truth
    {
        var alternatives: [Truth] = []
        var conjunction = Truth.yes
        for element in elements {
            if let binary = element.as(BinaryOperatorExprSyntax.self) {
                if binary.operator.text == "||" {
                    alternatives.append(conjunction)
                    conjunction = .yes
                } else if binary.operator.text != "&&" {
                    return .unknown
                }
                continue
            }
            conjunction = conjunction && evaluate(element, on: platform, platforms)
        }
        alternatives.append(conjunction)
        return alternatives.reduce(Truth.no) { $0 || $1 }
    }

    /// `os(…)`, `canImport(…)`, `targetEnvironment(…)`, `_runtime(…)` on `platform`; any other test (the
    /// architecture, compiler and language versions, features) is unknown.
    private static func atom(_ name: String, argument: String, on platform: String) -> Truth {
        let apple = BuildPlatforms.apple.contains(platform)
        switch name {
        case "os":
            let aliases = ["OSX": "macOS", "xrOS": "visionOS"]
            return (aliases[argument] ?? argument) == platform ? .yes : .no
        case "canImport":
            let module = argument.split(separator: ",").first.map(String.init) ?? argument
            return canImport(module, on: platform)
        case "targetEnvironment": return apple ? .unknown : .no
        case "_runtime": return (argument == "_ObjC") == apple ? .yes : .no
        default: return .unknown
        }
    }

    /// Whether `module` can be imported on `platform`: the system's own modules are known, others unknown.
    private static func canImport(_ module: String, on platform: String) -> Truth {
        let apple = BuildPlatforms.apple.contains(platform)
        if apple {
            if ["Darwin", "ObjectiveC", "Foundation", "XCTest", "Dispatch", "CoreFoundation"].contains(module) {
                return .yes
            }
            let absent = ["Glibc", "Musl", "Android", "WinSDK", "ucrt", "FoundationNetworking", "FoundationXML"]
            return absent.contains(module) ? .no : .unknown
        }
        if platform == "Linux" {
            if ["Glibc", "Foundation", "FoundationNetworking", "FoundationXML", "XCTest", "Dispatch"].contains(module) {
                return .yes
            }
            return HostBuildConfiguration.foreignModules.contains(module) ? .no : .unknown
        }
        if platform == "Windows" {
            if ["WinSDK", "ucrt"].contains(module) { return .yes }
            return ["Darwin", "Glibc", "ObjectiveC", "UIKit", "AppKit"].contains(module) ? .no : .unknown
        }
        return ["Darwin", "ObjectiveC", "UIKit", "AppKit", "WinSDK"].contains(module) ? .no : .unknown
    }

    /// The `#if` clauses around `node`, innermost first.
    private static func enclosingClauses(of node: Syntax) -> [IfConfigClauseSyntax] {
        var clauses: [IfConfigClauseSyntax] = []
        var current = node.parent
        while let ancestor = current {
            if let clause = ancestor.as(IfConfigClauseSyntax.self) { clauses.append(clause) }
            current = ancestor.parent
        }
        return clauses
    }

    /// The outermost clause around `node` that this platform's build leaves out.
    private static func outermostClause(of node: Syntax, leftOutBy compiles: (Syntax) -> Bool)
        -> IfConfigClauseSyntax?
    {
        enclosingClauses(of: node).last { clause in
            guard let elements = clause.elements else { return false }
            return !compiles(Syntax(elements))
        }
    }
}
