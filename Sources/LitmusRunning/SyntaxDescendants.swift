import SwiftSyntax

/// Collects every node of a tree, in source order.
private final class NodeCollector: SyntaxAnyVisitor {
    var nodes: [Syntax] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        nodes.append(node)
        return .visitChildren
    }
}

extension SyntaxProtocol {
    /// Every node of type `T` under this one, this one included (the audit's analysis and mutation's
    /// operators read the tree with it).
    package func descendants<T: SyntaxProtocol>(of type: T.Type) -> [T] {
        let collector = NodeCollector(viewMode: .sourceAccurate)
        collector.walk(self)
        return collector.nodes.compactMap { $0.as(T.self) }
    }
}
