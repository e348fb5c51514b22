import LitmusRunning
import SwiftOperators
import SwiftSyntax

/// One Swift source file of the code under test, and the mutants the operators find in it.
public struct MutationSource: Sendable {
    /// The file's path, as reports should show it (relative to the package).
    public var path: String
    /// The file's text.
    public var text: String

    /// Creates a source from its path and text.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The mutants of this file, numbered from `firstID` in the order of their places in the file.
    public func mutants(firstID: Int = 1) -> [Mutant] {
        let parsed = SwiftSource.parse(text)
        let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }.as(SourceFileSyntax.self) ?? parsed
        let converter = SourceLocationConverter(fileName: path, tree: folded)
        let finder = MutantFinder(
            context: MutationContext(tree: folded, converter: converter), bytes: Array(text.utf8), file: path)
        finder.walk(folded)
        let order = Dictionary(uniqueKeysWithValues: MutationOperator.allCases.enumerated().map { ($1, $0) })
        var seen: Set<String> = []
        return finder.found.sorted {
            ($0.changed.lowerBound, $0.node.lowerBound, order[$0.mutationOperator] ?? 0, $0.replacement)
                < ($1.changed.lowerBound, $1.node.lowerBound, order[$1.mutationOperator] ?? 0, $1.replacement)
        }
        .filter { seen.insert("\($0.changed)|\($0.replacement)").inserted }
        .enumerated().map { index, mutant in
            var numbered = mutant
            numbered.id = firstID + index
            return numbered
        }
    }
}

/// Walks a folded syntax tree and records what each operator would change.
final class MutantFinder: SyntaxVisitor {
    let context: MutationContext
    let bytes: [UInt8]
    let file: String
    var found: [Mutant] = []

    init(context: MutationContext, bytes: [UInt8], file: String) {
        self.context = context
        self.bytes = bytes
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        guard let token = node.operator.as(BinaryOperatorExprSyntax.self)?.operator, context.allows(node) else {
            return .visitChildren
        }
        let op = token.text
        for (mutationOperator, replacement) in Operators.binary(op, node) {
            add(mutationOperator, node: node, changed: token, replacement: replacement)
        }
        if op == "??" {
            add(.nilCoalescing, node: node, changed: node, replacement: node.rightOperand.trimmedDescription)
        }
        if let replacement = Operators.rangeBound(op, node) {
            add(.rangeOperator, node: node, changed: node.rightOperand, replacement: replacement)
        }
        // `+=` also appends to strings and arrays, which have no `-=`.
        if let replacement = Operators.compoundAssignments[op], let item = node.parent?.as(CodeBlockItemSyntax.self),
            !node.rightOperand.is(ArrayExprSyntax.self), !node.rightOperand.is(StringLiteralExprSyntax.self)
        {
            add(.compoundAssignment, node: item.item, changed: token, replacement: replacement, statement: true)
        }
        return .visitChildren
    }

    override func visit(_ node: ConditionElementSyntax) -> SyntaxVisitorContinueKind {
        if case .expression(let expression) = node.condition,
            node.parent?.parent?.is(IfExprSyntax.self) == true || node.parent?.parent?.is(GuardStmtSyntax.self) == true
                || node.parent?.parent?.is(WhileStmtSyntax.self) == true
        {
            negate(expression)
        }
        return .visitChildren
    }

    override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind {
        negate(node.condition)
        return .visitChildren
    }

    override func visit(_ node: TernaryExprSyntax) -> SyntaxVisitorContinueKind {
        negate(node.condition)
        return .visitChildren
    }

    override func visit(_ node: BooleanLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if context.allows(node) {
            let flipped = node.literal.tokenKind == .keyword(.true) ? "false" : "true"
            add(.booleanLiteral, node: node, changed: node, replacement: flipped)
        }
        return .visitChildren
    }

    override func visit(_ node: IntegerLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if context.allows(node), node.parent?.is(GenericArgumentSyntax.self) != true {
            for replacement in Operators.integers(node.literal.text) {
                add(.integerLiteral, node: node, changed: node, replacement: replacement)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let empty = node.segments.allSatisfy { segment in
            segment.as(StringSegmentSyntax.self)?.content.text.isEmpty == true
        }
        if !empty, context.allows(node) {
            add(.stringLiteral, node: node, changed: node, replacement: Operators.emptied(node))
        }
        return .visitChildren
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let expression = node.expression, !Operators.isLiteral(expression), context.allows(expression),
            let type = Operators.returnType(of: node), let empty = Operators.emptyValue(of: type),
            expression.trimmedDescription != empty
        {
            add(.returnValue, node: expression, changed: expression, replacement: empty)
        }
        return .visitChildren
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        if Operators.isRemovableCall(node), context.allows(node.item) {
            add(.removedCall, node: node.item, changed: node.item, replacement: "", statement: true)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self), node.arguments.count >= 2,
            let swapped = Operators.swaps[reference.baseName.text], context.allows(node)
        {
            add(.swappedCall, node: node, changed: reference, replacement: swapped)
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName
        guard node.base != nil, let swapped = Operators.swaps[name.text], context.allows(node) else {
            return .visitChildren
        }
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
            add(.swappedCall, node: call, changed: name, replacement: swapped)
        } else if name.text == "first" || name.text == "last" {
            add(.swappedCall, node: node, changed: name, replacement: swapped)
        }
        return .visitChildren
    }

    private func negate(_ condition: ExprSyntax) {
        guard context.allows(condition), !condition.is(BooleanLiteralExprSyntax.self) else { return }
        add(.negatedCondition, node: condition, changed: condition, replacement: "!(\(condition.trimmedDescription))")
    }

    private func add(
        _ mutationOperator: MutationOperator, node: some SyntaxProtocol, changed: some SyntaxProtocol,
        replacement: String, statement: Bool = false
    ) {
        let changedRange = Self.range(of: changed)
        found.append(
            Mutant(
                id: 0, mutationOperator: mutationOperator, file: file,
                start: context.position(changed.positionAfterSkippingLeadingTrivia),
                end: context.position(changed.endPositionBeforeTrailingTrivia),
                original: String(decoding: bytes[changedRange], as: UTF8.self), replacement: replacement,
                changed: changedRange, node: Self.range(of: node), isStatement: statement))
    }

    private static func range(of node: some SyntaxProtocol) -> Range<Int> {
        node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
    }
}
