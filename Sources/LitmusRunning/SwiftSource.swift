import SwiftParser
import SwiftSyntax

/// Swift source parsed the same way in every build of Litmus. SwiftParser stops at a nesting depth of its own, 20
/// levels in a debug build and 256 in a release one, and leaves the rest of the statement it was in unparsed: in a
/// debug `litmus` (`swift package litmus` builds one) a test whose value is built by twenty nested calls
/// (pointfreeco/swift-html 0.5.0's `.document(.html(.head(…)))`) lost the `assertSnapshot` after it and was reported
/// as asserting nothing. Every parse of the audit, the mutation run and the package's manifests goes through here,
/// with the release build's depth (a debug build parses 250 nested calls on a test's thread).
package enum SwiftSource {
    /// The deepest nesting parsed, as a release build of SwiftParser parses by default.
    package static let maximumNestingLevel = 256

    /// `text` parsed as a source file.
    package static func parse(_ text: String) -> SourceFileSyntax {
        var parser = Parser(text, maximumNestingLevel: maximumNestingLevel)
        return SourceFileSyntax.parse(from: &parser)
    }
}
