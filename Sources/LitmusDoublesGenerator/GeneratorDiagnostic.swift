import SwiftSyntax

/// Something the generator could not turn into a correct double, attached to the construct's syntax.
///
/// The macro turns it into a compiler diagnostic; the plugin and `litmus doubles` print it as a
/// warning with the file and line. An error means no double was generated for the protocol.
public struct GeneratorDiagnostic: Sendable, CustomStringConvertible {
    /// Whether the double was skipped (`error`) or generated with a caveat (`warning`).
    public enum Severity: String, Sendable {
        /// No double was generated.
        case error
        /// The double was generated; the message says what to watch.
        case warning
    }

    /// Whether the double was generated.
    public let severity: Severity
    /// What the construct is, why it cannot be doubled, and what to do instead.
    public let message: String
    /// The construct named by the message.
    public let node: Syntax

    init(_ severity: Severity, _ message: String, at node: some SyntaxProtocol) {
        self.severity = severity
        self.message = message
        self.node = Syntax(node)
    }

    /// The severity and the message.
    public var description: String { "\(severity.rawValue): \(message)" }
}
