import LitmusDoublesExpansion
import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// The compiler plugin that provides Litmus's macros.
@main
struct LitmusDoublesMacroPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [MockableMacro.self]
}

/// `@Mockable`, declared in LitmusDoublesMacro; the expansion lives in LitmusDoublesExpansion so tests reach it
/// without depending on this host-only target.
public struct MockableMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try MockableExpansion.expansion(of: node, providingPeersOf: declaration, in: context)
    }
}
