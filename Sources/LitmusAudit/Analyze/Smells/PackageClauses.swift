import SwiftSyntax

/// The `#if` clauses that tell SwiftPM's build of a package from other builds of the same files: those of an `#if
/// SWIFT_PACKAGE` or `#if !SWIFT_PACKAGE` and its `#else` (hkellaway/Gloss 3.2.1's set-up assigns its fixtures from
/// the test models under `#if SWIFT_PACKAGE` and reads them from its bundle's files `#else`, for Xcode). Which of them
/// the build compiles is known: SwiftPM defines `SWIFT_PACKAGE` for every target (``PackageBuild/packageConditions``),
/// loose files are read without it. Any other clause (`#if os(Linux)`, `#if DEBUG`) is left to say nothing here: a
/// test some other platform or configuration builds may find what it sets unset.
enum PackageClauses {
    /// The clauses around `node`, innermost first, up to `top` (excluded), that tell SwiftPM's build from others.
    static func clauses(around node: Syntax, upTo top: Syntax) -> [IfConfigClauseSyntax] {
        var found: [IfConfigClauseSyntax] = []
        var current = node.parent
        while let parent = current, parent.id != top.id {
            if let clause = parent.as(IfConfigClauseSyntax.self), tellsPackageBuild(clause) { found.append(clause) }
            current = parent.parent
        }
        return found
    }

    /// Whether `node`, inside `top`, is in such a clause the build does not compile (`compiled` says).
    static func excluded(_ node: Syntax, upTo top: Syntax, compiled: (Syntax) -> Bool) -> Bool {
        clauses(around: node, upTo: top).contains { !isCompiled($0, compiled: compiled) }
    }

    /// Whether the build compiles `clause`: what `compiled` says of its first element (a clause with none holds
    /// nothing to compile).
    static func isCompiled(_ clause: IfConfigClauseSyntax, compiled: (Syntax) -> Bool) -> Bool {
        guard let first = clause.elements.flatMap({ Syntax($0).children(viewMode: .sourceAccurate).first }) else {
            return true
        }
        return compiled(first)
    }

    /// Whether `clause` belongs to an `#if` whose only condition is `SWIFT_PACKAGE` or `!SWIFT_PACKAGE`, with at most
    /// an `#else` beside it.
    static func tellsPackageBuild(_ clause: IfConfigClauseSyntax) -> Bool {
        guard let clauses = clause.parent?.as(IfConfigClauseListSyntax.self), clauses.count <= 2,
            let first = clauses.first,
            ["SWIFT_PACKAGE", "!SWIFT_PACKAGE"].contains(first.condition?.trimmedDescription)
        else { return false }
        return clauses.count == 1 || clauses.last?.poundKeyword.tokenKind == .poundElse
    }
}
