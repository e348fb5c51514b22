import SwiftSyntax

/// The fixtures the type around a test method writes: its stored properties' initial values and its `setUp`,
/// `setUpWithError` and `init` bodies (TOMLKit 0.6.0's `let testTable = ["Double": 50.10475, …]`, read back
/// in `testRetrieveValuesFromTable`), with the names of the properties they make. The type is the innermost
/// declaration around the method; an extension's is the type it extends, when this file declares it. An
/// XCTest manifest (`static var allTests = [("testA", testA), …]`) lists tests, no fixture.
struct TestFixtures {
    /// The nodes that write the fixtures.
    private(set) var nodes: [Syntax] = []
    /// Their identifiers: whether a node is a fixture's.
    private(set) var ids: Set<SyntaxIdentifier> = []
    /// The names of the type's stored properties, and of those its set-up assigns.
    private(set) var properties: Set<String> = []

    init(around method: Syntax) {
        var current = method.parent
        while let node = current, !node.is(MemberBlockSyntax.self) { current = node.parent }
        guard let block = current?.as(MemberBlockSyntax.self) else { return }
        var blocks = [block]
        if let extended = block.parent?.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription,
            let declared = Self.declaration(named: extended, in: block.root)
        {
            blocks.append(declared)
        }
        for member in blocks.flatMap(\.members) { read(member.decl) }
        ids = Set(nodes.map(\.id))
    }

    private mutating func read(_ declaration: DeclSyntax) {
        if let variable = declaration.as(VariableDeclSyntax.self) {
            let names = variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
            guard !names.contains(where: { $0 == "allTests" || $0 == "__allTests" }) else { return }
            properties.formUnion(names)
            nodes += variable.bindings.compactMap(\.initializer).flatMap { Syntax($0).descendants(of: Syntax.self) }
        } else if let function = declaration.as(FunctionDeclSyntax.self),
            ["setUp", "setUpWithError"].contains(function.name.text), let body = function.body
        {
            nodes += Syntax(body).descendants(of: Syntax.self)
        } else if let initializer = declaration.as(InitializerDeclSyntax.self), let body = initializer.body {
            nodes += Syntax(body).descendants(of: Syntax.self)
        }
    }

    /// The member block of the class, struct, enum or actor named `name` in the file `root`.
    private static func declaration(named name: String, in root: Syntax) -> MemberBlockSyntax? {
        for group in root.descendants(of: MemberBlockSyntax.self) {
            guard let parent = group.parent else { continue }
            let declared =
                parent.as(ClassDeclSyntax.self)?.name.text ?? parent.as(StructDeclSyntax.self)?.name.text
                ?? parent.as(EnumDeclSyntax.self)?.name.text ?? parent.as(ActorDeclSyntax.self)?.name.text
            if declared == name { return group }
        }
        return nil
    }

    /// Whether `expression` reads a fixture back: a chain of members, subscripts, unwraps and casts rooted at one
    /// of ``properties`` (`testTable["Double"]!.double!`, `self.table.first`, `document["x"] as? Double`), with no
    /// call and no other operator in it: what the fixture holds, not something computed from it.
    func reads(_ expression: ExprSyntax) -> Bool {
        var current = expression
        while true {
            if let cast = EqualityShapeDetector.cast(current) {
                current = cast.value
            } else if let unwrap = current.as(ForceUnwrapExprSyntax.self) {
                current = unwrap.expression
            } else if let chained = current.as(OptionalChainingExprSyntax.self) {
                current = chained.expression
            } else if let subscripted = current.as(SubscriptCallExprSyntax.self) {
                current = subscripted.calledExpression
            } else if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                    return properties.contains(member.declName.baseName.text)
                }
                current = base
            } else if let reference = current.as(DeclReferenceExprSyntax.self) {
                return properties.contains(reference.baseName.text)
            } else {
                return false
            }
        }
    }
}
