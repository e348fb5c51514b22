import Foundation
import LitmusRunning
import SwiftOperators
import SwiftSyntax

/// The check that would kill a surviving mutant, read from its operator and the code it changed: the
/// boundary value of a relational mutant, the operand values where an arithmetic one makes no
/// difference, the function whose result a return-value mutant empties, the call whose side effect no
/// test observes. Only values written in the code appear; where nothing can be derived, it says so.
enum SurvivorChecks {
    /// The check of each of `mutants` (all of the file whose text is `source`), by mutant id.
    static func checks(for mutants: [Mutant], source: String) -> [Int: String] {
        let parsed = SwiftSource.parse(source)
        let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }.as(SourceFileSyntax.self) ?? parsed
        var result: [Int: String] = [:]
        for mutant in mutants { result[mutant.id] = check(for: mutant, in: folded) }
        return result
    }

    /// The check of one mutant of `tree`.
    static func check(for mutant: Mutant, in tree: SourceFileSyntax) -> String {
        let nodes = nodes(at: mutant.node, in: tree)
        guard let node = nodes.first else {
            return "No check can be derived: the code at line \(mutant.start.line) is not the code that was mutated."
        }
        let place = enclosingName(of: node).map { " in `\($0)`" } ?? ""
        guard infixOperators.contains(mutant.mutationOperator) else { return check(for: mutant, at: node, place) }
        guard let infix = nodes.lazy.compactMap({ $0.as(InfixOperatorExprSyntax.self) }).first else {
            return underivable(mutant)
        }
        return check(for: mutant, infix: infix, place)
    }

    /// The operators that mutate an infix expression, whose check reads its two sides.
    private static let infixOperators: Set<MutationOperator> = [
        .relationalBoundary, .negatedRelational, .arithmetic, .compoundAssignment, .logicalConnector, .rangeOperator,
        .nilCoalescing,
    ]

    /// The check of a mutant of `infix` (one of ``infixOperators``), in `place`.
    private static func check(for mutant: Mutant, infix: InfixOperatorExprSyntax, _ place: String) -> String {
        let original = mutant.original
        let replacement = mutant.replacement
        switch mutant.mutationOperator {
        case .relationalBoundary:
            return boundary(infix, original, replacement)
        case .negatedRelational:
            let mutated = "\(code(infix.leftOperand)) \(replacement) \(code(infix.rightOperand))"
            return
                "No test checks an outcome that depends on `\(code(infix))`: the tests pass with `\(mutated)` instead. "
                + "Assert on a result where it is true and on one where it is false."
        case .arithmetic:
            return arithmetic(infix, original, replacement)
        case .compoundAssignment:
            let target = code(infix.leftOperand)
            let value = code(infix.rightOperand)
            let identity = original == "+=" || original == "-=" ? "0" : "1"
            if value == identity {
                return
                    "No test can kill this mutant: `\(target) \(original) \(value)` and `\(target) \(replacement) \(value)` leave `\(target)` the same (an equivalent mutant)."
            }
            return
                "No test checks `\(target)` after `\(code(infix))`\(place) with `\(value)` other than \(identity): the tests pass with `\(target) \(replacement) \(value)` instead."
        case .logicalConnector:
            let left = code(infix.leftOperand)
            let right = code(infix.rightOperand)
            return
                "No test has exactly one of `\(left)` and `\(right)` true, the only cases where `\(original)` and `\(replacement)` differ: "
                + "add one and check its outcome."
        case .rangeOperator:
            let range = code(infix)
            let bound = code(infix.rightOperand)
            let op = infix.operator.trimmedDescription
            return op == "..<"
                ? "No test notices `\(range)`\(place) reaching `\(bound)` too: check the last element or the count."
                : "No test notices `\(range)`\(place) stopping before `\(bound)`: check the last element or the count."
        case .nilCoalescing:
            return
                "No test gives `\(code(infix.leftOperand))` a value (other than `\(code(infix.rightOperand))`) and checks the result\(place): "
                + "the tests pass when it always takes `\(code(infix.rightOperand))`."
        default:
            return underivable(mutant)
        }
    }

    /// The check of a mutant of `node` that is no infix expression, in `place`.
    private static func check(for mutant: Mutant, at node: Syntax, _ place: String) -> String {
        let original = mutant.original
        let replacement = mutant.replacement
        switch mutant.mutationOperator {
        case .negatedCondition:
            return negatedCondition(node, place)
        case .booleanLiteral:
            return
                "No test checks an outcome that depends on this `\(original)`\(place): the tests pass with `\(replacement)` instead."
        case .integerLiteral:
            return
                "No test checks an outcome that depends on the value \(original)\(place): the tests pass with \(replacement) instead."
        case .stringLiteral:
            return "No test checks the text \(oneLine(original))\(place): the tests pass with \(replacement) instead."
        case .returnValue:
            let function = enclosingName(of: node).map { "`\($0)`" } ?? "the function"
            return
                "No test checks that \(function) returns something other than \(replacement): the tests pass when it returns \(replacement) here."
        case .removedCall:
            return
                "No test observes the side effect of `\(oneLine(original))`\(place): the tests pass without the call. "
                + "Check the state it changes, or verify the call on a double."
        case .swappedCall:
            let call = code(node)
            if original == "first" || original == "last" {
                return
                    "No test checks `\(call)` on values whose first and last elements differ: the tests pass with `\(replacement)` instead."
            }
            return
                "No test checks `\(call)` with arguments that differ: the tests pass with `\(replacement)` instead."
        default:
            return underivable(mutant)
        }
    }

    /// `age >= 18` → `age > 18`: they differ only where the two sides are equal.
    private static func boundary(_ infix: InfixOperatorExprSyntax, _ original: String, _ replacement: String) -> String
    {
        let left = code(infix.leftOperand)
        let right = code(infix.rightOperand)
        let mutated = "`\(left) \(replacement) \(right)`"
        if isNumber(infix.rightOperand), !isNumber(infix.leftOperand) {
            return
                "No test checks `\(left)` at the boundary \(right), the only value where `\(code(infix))` and \(mutated) differ: add a case where `\(left)` is \(right)."
        }
        if isNumber(infix.leftOperand), !isNumber(infix.rightOperand) {
            return
                "No test checks `\(right)` at the boundary \(left), the only value where `\(code(infix))` and \(mutated) differ: add a case where `\(right)` is \(left)."
        }
        return
            "No test checks the case where `\(left)` equals `\(right)`, the only one where `\(code(infix))` and \(mutated) differ."
    }

    /// `a + b` → `a - b`: they agree where `b` is the operation's identity.
    private static func arithmetic(_ infix: InfixOperatorExprSyntax, _ original: String, _ replacement: String)
        -> String
    {
        let left = code(infix.leftOperand)
        let right = code(infix.rightOperand)
        let mutated = "`\(left) \(replacement) \(right)`"
        let identity: String?
        switch original {
        case "+", "-": identity = "0"
        case "*", "/": identity = "1"
        default: identity = nil
        }
        if let identity, right == identity {
            return
                "No test can kill this mutant: `\(code(infix))` and \(mutated) are equal for every `\(left)` (an equivalent mutant)."
        }
        let unless = identity.map { " whenever `\(right)` is not \($0)" } ?? ""
        return
            "No test checks the value of `\(code(infix))`: the tests pass with \(mutated), which differs\(unless). "
            + "Expect the exact value in a case where they differ."
    }

    /// A condition turned around: the branch it guards is not checked.
    private static func negatedCondition(_ node: Syntax, _ place: String) -> String {
        let condition = code(node)
        var current = node.parent
        var statement = "branch"
        while let parent = current {
            if parent.is(IfExprSyntax.self) {
                statement = "`if`"
                break
            }
            if parent.is(GuardStmtSyntax.self) {
                statement = "`guard`"
                break
            }
            if parent.is(WhileStmtSyntax.self) || parent.is(RepeatStmtSyntax.self) {
                statement = "loop"
                break
            }
            if parent.is(TernaryExprSyntax.self) {
                statement = "choice"
                break
            }
            if parent.is(CodeBlockSyntax.self) { break }
            current = parent.parent
        }
        return
            "No test checks what the \(statement) on `\(condition)`\(place) decides: the tests pass with it turned around. "
            + "Check an outcome where it is true and one where it is false."
    }

    /// The syntax nodes whose text is exactly `range`, innermost first.
    static func nodes(at range: Range<Int>, in tree: SourceFileSyntax) -> [Syntax] {
        guard range.lowerBound >= 0, range.upperBound <= tree.endPosition.utf8Offset,
            let token = tree.token(at: AbsolutePosition(utf8Offset: range.lowerBound))
        else { return [] }
        var found: [Syntax] = []
        var current: Syntax? = Syntax(token)
        while let node = current {
            let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = node.endPositionBeforeTrailingTrivia.utf8Offset
            if start < range.lowerBound || end > range.upperBound { break }
            if start == range.lowerBound, end == range.upperBound { found.append(node) }
            current = node.parent
        }
        return found
    }

    /// The function, initializer, property or subscript the node is in: `total(of:)`, `init(name:)`, `name`.
    static func enclosingName(of node: Syntax) -> String? {
        var current = node.parent
        while let parent = current {
            if let function = parent.as(FunctionDeclSyntax.self) {
                return function.name.text + labels(function.signature.parameterClause.parameters)
            }
            if let initializer = parent.as(InitializerDeclSyntax.self) {
                return "init" + labels(initializer.signature.parameterClause.parameters)
            }
            if let binding = parent.as(PatternBindingSyntax.self), isDeclaration(binding) {
                return binding.pattern.trimmedDescription
            }
            if parent.is(SubscriptDeclSyntax.self) { return "subscript" }
            current = parent.parent
        }
        return nil
    }

    /// Whether a binding declares a property or a global (a local variable is not the place to name).
    private static func isDeclaration(_ binding: PatternBindingSyntax) -> Bool {
        guard let variable = binding.parent?.parent?.as(VariableDeclSyntax.self) else { return false }
        if variable.parent?.is(MemberBlockItemSyntax.self) == true { return true }
        return variable.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
    }

    private static func labels(_ parameters: FunctionParameterListSyntax) -> String {
        "(" + parameters.map { "\($0.firstName.text):" }.joined() + ")"
    }

    private static func isNumber(_ expression: ExprSyntax) -> Bool {
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self) { return true }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return isNumber(prefix.expression)
        }
        return false
    }

    private static func underivable(_ mutant: Mutant) -> String {
        "No check can be derived for this \(mutant.mutationOperator.rawValue) mutant from the code at line \(mutant.start.line)."
    }

    private static func code(_ node: some SyntaxProtocol) -> String { oneLine(node.trimmedDescription) }

    /// The code on one line, at most 80 characters.
    static func oneLine(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        return flat.count > 80 ? String(flat.prefix(77)) + "..." : flat
    }
}
