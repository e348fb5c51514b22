import SwiftSyntax

/// The condition a requirement inside `#if` is declared under, and the clauses that select it.
struct IfCondition {
    /// One clause of one `#if`.
    struct Clause: Equatable {
        let ifConfig: SyntaxIdentifier
        let index: Int
    }

    /// The condition as Swift, e.g. `!canImport(Dispatch) && os(WASI)`.
    let text: String
    /// The clauses, outermost `#if` first.
    let clauses: [Clause]

    /// Both conditions at once (`nil`: none).
    static func both(_ first: IfCondition?, _ second: IfCondition?) -> IfCondition? {
        guard let first else { return second }
        guard let second else { return first }
        return IfCondition(text: joined(first.text, second.text), clauses: first.clauses + second.clauses)
    }

    /// Whether declarations under `first` and `second` (`nil`: none) may both exist in one build.
    static func mayCoexist(_ first: IfCondition?, _ second: IfCondition?) -> Bool {
        guard let first, let second else { return true }
        return !first.excludes(second)
    }

    /// Whether `self` and `other` can never both hold: they sit in different clauses of one `#if`.
    func excludes(_ other: IfCondition) -> Bool {
        clauses.contains { mine in
            other.clauses.contains { $0.ifConfig == mine.ifConfig && $0.index != mine.index }
        }
    }

    /// `condition` ready to be negated or joined with `&&`: in parentheses unless it is one name
    /// or call (`DEBUG`, `os(Linux)`, `compiler(>=6.0)`), or unless it stands `alone`.
    static func grouped(_ condition: String, alone: Bool = false) -> String {
        if alone || isAtom(condition) { return condition }
        return "(" + condition + ")"
    }

    /// Each clause of `ifConfig` with the condition that selects it: `#elseif B` after `#if A` is
    /// `!(A) && (B)`, `#else` is `!(A) && !(B)`, each joined to `outer`, the condition of the
    /// `#if` it is nested in.
    static func clauses(
        of ifConfig: IfConfigDeclSyntax,
        within outer: IfCondition?
    ) -> [(clause: IfConfigClauseSyntax, condition: IfCondition)] {
        var earlier: [String] = []
        return ifConfig.clauses.enumerated().map { index, clause in
            var parts = earlier.map { "!" + grouped($0) }
            if let own = clause.condition?.trimmedDescription {
                parts.append(grouped(own, alone: parts.isEmpty))
                earlier.append(own)
            }
            let condition = IfCondition(
                text: joined(outer?.text, parts.joined(separator: " && ")),
                clauses: (outer?.clauses ?? []) + [Clause(ifConfig: ifConfig.id, index: index)]
            )
            return (clause, condition)
        }
    }

    /// `lines` between `#if condition` and `#endif`, indented as the first line is.
    static func wrap(_ lines: [String], in condition: String) -> [String] {
        let indentation = String(lines.first?.prefix { $0 == " " } ?? "")
        return ["\(indentation)#if \(condition)"] + lines + ["\(indentation)#endif"]
    }

    /// `outer && inner`, each grouped; `inner` alone when there is no outer condition.
    static func joined(_ outer: String?, _ inner: String) -> String {
        guard let outer else { return inner }
        return grouped(outer) + " && " + grouped(inner)
    }

    /// A name, or a name followed by one parenthesized argument list that closes at the end.
    private static func isAtom(_ condition: String) -> Bool {
        guard let first = condition.first, first.isLetter || first == "_" else { return false }
        guard let open = condition.firstIndex(of: "(") else {
            return condition.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        }
        guard condition.last == ")" else { return false }
        var depth = 0
        for (offset, character) in condition[open...].enumerated() {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0 { return offset == condition[open...].count - 1 }
        }
        return false
    }
}
