import LitmusDoublesGenerator
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The expansion of `@Mockable`: emits the protocol's double beside it, under `#if DEBUG` unless told
/// otherwise. The compiler plugin (LitmusDoublesMacroPlugin) forwards to it; tests expand it directly.
public struct MockableExpansion: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let protocolDecl = declaration.as(ProtocolDeclSyntax.self) else {
            context.diagnose(
                Diagnostic(node: node, message: MockableMessage(text: MockableMessage.notAProtocol, severity: .error))
            )
            return []
        }
        var options = DoubleOptions()
        if let condition = conditionArgument(of: node, context: context) {
            options.condition = condition.value
        }
        let double = DoubleGenerator(options: options).generate(for: protocolDecl)
        for diagnostic in double.diagnostics {
            let severity: DiagnosticSeverity = diagnostic.severity == .error ? .error : .warning
            context.diagnose(
                Diagnostic(
                    node: diagnostic.node, message: MockableMessage(text: diagnostic.message, severity: severity))
            )
        }
        guard let source = double.source else { return [] }
        return [DeclSyntax(stringLiteral: source)]
    }

    /// `condition: "DEBUG || TESTING"` or `condition: nil`; `nil` result means the argument is absent.
    private static func conditionArgument(
        of node: AttributeSyntax,
        context: some MacroExpansionContext
    ) -> (value: String?, Void)? {
        guard case .argumentList(let arguments) = node.arguments,
            let argument = arguments.first(where: { $0.label?.text == "condition" })
        else { return nil }
        if argument.expression.is(NilLiteralExprSyntax.self) {
            return (nil, ())
        }
        if let literal = argument.expression.as(StringLiteralExprSyntax.self),
            let value = literal.representedLiteralValue, !value.isEmpty
        {
            return (value, ())
        }
        context.diagnose(
            Diagnostic(
                node: argument.expression,
                message: MockableMessage(text: MockableMessage.badCondition, severity: .error)
            )
        )
        return nil
    }
}

/// A diagnostic of `@Mockable`, carrying the generator's message.
struct MockableMessage: DiagnosticMessage {
    static let notAProtocol = "@Mockable applies to protocols only; put it on the protocol the double should conform to"
    static let badCondition =
        "@Mockable(condition:) takes a string literal such as \"DEBUG\", or nil to compile the double in every build"

    let text: String
    let severity: DiagnosticSeverity

    var message: String { text }
    var diagnosticID: MessageID { MessageID(domain: "LitmusDoublesMacroPlugin", id: "Mockable") }
}
