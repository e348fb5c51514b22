import SwiftSyntax

/// Which `#if` clauses this platform certainly does not compile, for the declarations of shared state. Dropping a
/// declaration drops state, so a clause is dropped only when no flag of the package's build can take it: its
/// condition is certainly false here, or an earlier clause of its `#if` is certainly taken. Known: `os(…)`,
/// `arch(…)`, `targetEnvironment(…)`, `canImport(…)` of another platform's module or of the toolchain's C
/// libraries and Foundation's parts, and of a module the build compiled; `true`, `false`, `!`, `&&`, `||`. Not
/// known: custom conditions (`DEBUG`, a `-D`, a `.define`, a trait), `swift(…)` and `compiler(…)` (the package's
/// language mode), features and attributes: a clause whose taking depends on them is kept.
enum CertainClauses {
    /// Whether `clause` is certainly not compiled on this platform, given the modules the build compiled
    /// (`built`, when known).
    static func certainlyInactive(_ clause: IfConfigClauseSyntax, built: Set<String>?) -> Bool {
        guard let clauses = clause.parent?.as(IfConfigClauseListSyntax.self) else { return false }
        for earlier in clauses {
            if earlier.id == clause.id { break }
            if let condition = earlier.condition, value(of: condition, built: built) == true { return true }
        }
        guard let condition = clause.condition else { return false }
        return value(of: condition, built: built) == false
    }

    /// The value of a condition where it is certain here; `nil` where a build's flags or mode may decide it.
    static func value(of condition: ExprSyntax, built: Set<String>?) -> Bool? {
        if let literal = condition.as(BooleanLiteralExprSyntax.self) {
            return literal.literal.tokenKind == .keyword(.true)
        }
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return value(of: only.expression, built: built)
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return value(of: prefix.expression, built: built).map { !$0 }
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self),
            let operation = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
        {
            return combine(
                operation, value(of: infix.leftOperand, built: built), value(of: infix.rightOperand, built: built))
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            return value(of: Array(sequence.elements), built: built)
        }
        guard let call = condition.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let argument = call.arguments.first?.expression.trimmedDescription
        else { return nil }
        let host = HostBuildConfiguration(built: built)
        switch name {
        case "os": return try? host.isActiveTargetOS(name: argument)
        case "arch": return try? host.isActiveTargetArchitecture(name: argument)
        case "targetEnvironment": return ["simulator", "macCatalyst"].contains(argument) ? false : nil
        case "canImport":
            let module = String(argument.prefix { $0 != "." })
            if let known = HostBuildConfiguration.hostModules[module] { return known }
            if HostBuildConfiguration.foreignModules.contains(module) { return false }
            return built?.contains(module) == true ? true : nil
        default: return nil
        }
    }

    /// An unfolded `a || b && c`: `&&` binds tighter than `||`.
    private static func value(of elements: [ExprSyntax], built: Set<String>?) -> Bool? {
        func operation(_ element: ExprSyntax) -> String? { element.as(BinaryOperatorExprSyntax.self)?.operator.text }
        guard elements.count % 2 == 1,
            stride(from: 1, to: elements.count, by: 2).allSatisfy({ ["&&", "||"].contains(operation(elements[$0])) })
        else { return nil }
        var alternatives: [Bool?] = []
        var all: Bool? = true
        for index in stride(from: 0, to: elements.count, by: 2) {
            all = combine("&&", all, value(of: elements[index], built: built))
            if index + 1 == elements.count || operation(elements[index + 1]) == "||" {
                alternatives.append(all)
                all = true
            }
        }
        return alternatives.dropFirst().reduce(alternatives[0]) { combine("||", $0, $1) }
    }

    /// `a && b`, `a || b` where either may be unknown.
    private static func combine(_ operation: String, _ left: Bool?, _ right: Bool?) -> Bool? {
        switch operation {
        case "&&":
            if left == false || right == false { return false }
            return left == true && right == true ? true : nil
        case "||":
            if left == true || right == true { return true }
            return left == false && right == false ? false : nil
        default: return nil
        }
    }
}
