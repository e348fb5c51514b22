import SwiftSyntax

/// A file-private constant holding a dispatch queue made from literals alone, which its file only hands work to
/// (`sync`, `async`, `asyncAfter`, `asyncAndWait`): GraphQL's `private let cacheQueue = DispatchQueue(label: …,
/// attributes: .concurrent)`, a reader/writer lock around caches. Once the work is done the queue holds nothing
/// a later test can see (what the work itself touches is that code's own access), so it is no state tests share
/// (``StateDeclaration/Role/workQueue``). Any other use anywhere in the file keeps it state: `suspend()`,
/// `setTarget(queue:)`, `activate()`, `setSpecific`, handing it on as an argument or to another name (which could
/// then do any of those), a queue made with a `target:` or from anything but literals.
enum WorkQueues {
    /// The calls that only hand the queue work.
    static let workCalls: Set<String> = ["sync", "async", "asyncAfter", "asyncAndWait"]

    /// Whether `value`, a constant's initializer, is `DispatchQueue(…)` (or `Dispatch.DispatchQueue(…)`) of a
    /// string literal label and implicit members (`.concurrent`, `[.concurrent]`, `.userInitiated`) alone.
    static func isQueueOfLiterals(_ value: ExprSyntax) -> Bool {
        guard let call = value.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            ["DispatchQueue", "Dispatch.DispatchQueue"].contains(call.calledExpression.trimmedDescription),
            call.arguments.contains(where: { $0.label?.text == "label" })
        else { return false }
        return call.arguments.allSatisfy { $0.label?.text != "target" && isLiteral($0.expression) }
    }

    /// A string literal without interpolation, an implicit member without arguments, or an array of them.
    private static func isLiteral(_ expression: ExprSyntax) -> Bool {
        if let text = expression.as(StringLiteralExprSyntax.self) {
            return text.segments.allSatisfy { $0.is(StringSegmentSyntax.self) }
        }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.base == nil }
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.allSatisfy { isLiteral($0.expression) }
        }
        return false
    }

    /// Whether every reference in `file` to the name `name` (bare, or a member of any base: `Self.name`,
    /// `Type.name`, also another type's of the same name) is a call of one of ``workCalls`` on it.
    static func onlyGivenWork(_ name: String, in file: SourceFileSyntax) -> Bool {
        let uses = Uses(name: name)
        uses.walk(file)
        return uses.onlyWork
    }

    private final class Uses: SyntaxVisitor {
        let name: String
        var onlyWork = true

        init(name: String) {
            self.name = name
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            guard node.baseName.text == name else { return .visitChildren }
            // `name` itself, or the member access `X.name` it ends.
            var reference = Syntax(node)
            if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
                reference = Syntax(member)
            }
            guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id,
                WorkQueues.workCalls.contains(member.declName.baseName.text),
                let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id
            else {
                onlyWork = false
                return .skipChildren
            }
            return .visitChildren
        }
    }
}
