import SwiftSyntax

/// Tests inside an `#if` that no build compiles (docs/audit.md, "Tests that never run"). Each atom of the
/// condition is true, false or unknown on a platform (`os(macOS)` is false on Linux; `arch(arm64)`,
/// `swift(>=6)` and `DEBUG` unknown); an `#if` leaves a test out on a platform when it is false there, not
/// unknown. A test no platform at all can compile (`#if false`, `#if os(Linux) && os(macOS)`) is a finding;
/// one that this run and the package's CI workflows never compile (``BuildPlatforms``: only another
/// platform's build, or only with a custom condition no manifest, workflow or build option defines) is a
/// note: the package's choice, which its maintainers may not know. One per `#if` clause, at its first test.
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

    /// The findings of `files` (each with its tree) in test module `module`: a finding for the tests no build
    /// can compile, a note for those compiled only for a platform or with a condition `platforms` never has.
    static func findings(
        in files: [(tree: SourceFileSyntax, file: NeverRunDetector.File)], module: String, platforms: BuildPlatforms
    ) -> [AnalyzedFinding] {
        var found: [AnalyzedFinding] = []
        for (tree, file) in files where file.nodes.contains(where: { $0.is(IfConfigDeclSyntax.self) }) {
            // By the outermost clause this platform leaves out, and whether a build anywhere could compile them.
            var groups: [(clause: IfConfigClauseSyntax, dead: Bool, tests: [ScannedTest])] = []
            for test in ScannedTests.collect(in: tree, module: module, testClasses: [], compiles: { _ in true })
            where !file.compiles(test.declaration) {
                let dead = compiledNowhere(test.declaration, .unknown, undefined: .unknown)
                guard dead || compiledNowhere(test.declaration, platforms, undefined: .no),
                    let clause = (dead ? clauseFalseEverywhere(around: test.declaration) : nil)
                        ?? outermostClause(of: test.declaration, leftOutBy: file.compiles)
                else { continue }
                if let index = groups.firstIndex(where: { $0.clause.id == clause.id && $0.dead == dead }) {
                    groups[index].tests.append(test)
                } else {
                    groups.append((clause, dead, [test]))
                }
            }
            found += groups.compactMap { finding(of: $0.tests, in: $0.clause, dead: $0.dead, file, module, platforms) }
        }
        return found
    }

    /// The finding (or, when only this run's and CI's builds leave them out, the note) of `tests`, inside `clause`.
    private static func finding(
        of tests: [ScannedTest], in clause: IfConfigClauseSyntax, dead: Bool, _ file: NeverRunDetector.File,
        _ module: String, _ platforms: BuildPlatforms
    ) -> AnalyzedFinding? {
        guard let first = tests.first else { return nil }
        let one = tests.count == 1
        let names = tests.prefix(3).map(\.shown).joined(separator: ", ") + (tests.count > 3 ? ", …" : "")
        let subject =
            (one ? "\(first.shown) is" : "\(tests.count) tests (\(names)) are") + " inside `#if "
            + (clause.condition?.trimmedDescription ?? "#else")
            + "` (line \(clause.startLocation(converter: file.converter).line))"
        let message =
            dead
            ? "\(subject), which is false on every platform: no build compiles \(one ? "it, so it never runs" : "them, so they never run")"
            : "\(subject), which is false "
                + (platforms.source.map {
                    "on \(platforms.platforms.sorted().joined(separator: ", ")), every platform \($0) builds for, "
                } ?? "")
                + "with the conditions its manifests, workflows and options define: \(one ? "it never runs" : "they never run") "
                + "there, by the package's choice (another platform, or a flag no build passes)"
        var finding = AnalyzedFinding(
            cause: .compiledOut, testName: first.name, file: file.file,
            line: first.declaration.startLocation(converter: file.converter).line, message: message)
        finding.isNote = !dead
        if first.framework == .xctest, let owner = first.owner {
            let method = first.name.split(separator: ".").last.map(String.init) ?? first.name
            finding.testID = TestID((module.isEmpty ? "" : module + ".") + "\(owner)/\(method)")
        }
        return finding
    }

    /// Whether no platform of `platforms` compiles `node`: on each, some `#if` clause around it is false. A
    /// custom condition none of `platforms.conditions` names is `undefined` (false, or unknown).
    static func compiledNowhere(_ node: Syntax, _ platforms: BuildPlatforms, undefined: Truth) -> Bool {
        let clauses = enclosingClauses(of: node)
        guard !clauses.isEmpty else { return false }
        return platforms.platforms.allSatisfy { platform in
            clauses.contains { value(of: $0, on: platform, platforms, undefined: undefined) == .no }
        }
    }

    /// Whether `clause` is the one taken on `platform`: its condition holds and no earlier one's does.
    static func value(
        of clause: IfConfigClauseSyntax, on platform: String, _ platforms: BuildPlatforms, undefined: Truth
    ) -> Truth {
        guard let list = clause.parent?.as(IfConfigClauseListSyntax.self) else { return .unknown }
        var result = Truth.yes
        for sibling in list {
            if sibling.id == clause.id {
                return result
                    && (sibling.condition.map { evaluate($0, on: platform, platforms, undefined: undefined) } ?? .yes)
            }
            result =
                result
                && !(sibling.condition.map { evaluate($0, on: platform, platforms, undefined: undefined) } ?? .yes)
        }
        return .unknown
    }

    /// The value of an `#if` condition on `platform`.
    static func evaluate(
        _ condition: ExprSyntax, on platform: String, _ platforms: BuildPlatforms, undefined: Truth
    ) -> Truth {
        if let literal = condition.as(BooleanLiteralExprSyntax.self) {
            return literal.literal.tokenKind == .keyword(.true) ? .yes : .no
        }
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return evaluate(inner.expression, on: platform, platforms, undefined: undefined)
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return !evaluate(prefix.expression, on: platform, platforms, undefined: undefined)
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            return evaluate(sequence: Array(sequence.elements), on: platform, platforms, undefined: undefined)
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self) {
            return evaluate(
                sequence: [infix.leftOperand, infix.operator, infix.rightOperand], on: platform, platforms,
                undefined: undefined)
        }
        if let reference = condition.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name == "DEBUG" || name == "SWIFT_PACKAGE" || platforms.conditions.contains(name) { return .unknown }
            return undefined
        }
        if let call = condition.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return atom(name, argument: call.arguments.first?.expression.trimmedDescription ?? "", on: platform)
        }
        return .unknown
    }

    /// `a && b || c`, unfolded: `&&` binds tighter than `||`.
    private static func evaluate(
        sequence elements: [ExprSyntax], on platform: String, _ platforms: BuildPlatforms, undefined: Truth
    ) -> Truth {
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
            conjunction = conjunction && evaluate(element, on: platform, platforms, undefined: undefined)
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

    /// The outermost clause around `node` that is false on every platform whatever a build defines (`#if
    /// false`): the cause of a test no build compiles, not a clause outside it that a flag may turn on
    /// (swift-collections 1.6.0's `#if false // FIXME` inside `#if UnstableContainersPreview`, a trait its CI
    /// enables). `nil` when no one clause is (`#if os(Linux)` inside `#if os(macOS)`).
    private static func clauseFalseEverywhere(around node: Syntax) -> IfConfigClauseSyntax? {
        enclosingClauses(of: node).last { clause in
            BuildPlatforms.unknown.platforms.allSatisfy {
                value(of: clause, on: $0, .unknown, undefined: .unknown) == .no
            }
        }
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
