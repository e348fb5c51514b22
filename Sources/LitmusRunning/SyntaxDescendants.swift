import SwiftSyntax

/// Collects every node of type `T` of a tree, in source order: each node is cast as it is visited, so the
/// others are never kept (collecting every node, then casting, spent a tenth of the analysis in retaining and
/// releasing them).
private final class NodeCollector<T: SyntaxProtocol>: SyntaxAnyVisitor {
    var nodes: [T] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let typed = node.as(T.self) { nodes.append(typed) }
        return .visitChildren
    }
}

extension SyntaxProtocol {
    /// Every node of type `T` under this one, this one included (the audit's analysis and mutation's
    /// operators read the tree with it).
    package func descendants<T: SyntaxProtocol>(of type: T.Type) -> [T] {
        let collector = NodeCollector<T>(viewMode: .sourceAccurate)
        collector.walk(self)
        return collector.nodes
    }
}
