import SwiftSyntax
import Testing

@testable import LitmusRunning

@Suite("Swift source parsed to the same depth in every build")
struct SwiftSourceTests {
    /// A function whose value is built by `depth` nested calls, then a call of `assertSnapshot`.
    private func nested(_ depth: Int) -> String {
        var value = "x"
        for _ in 0..<depth { value = ".a(\n\(value)\n)" }
        return "func f() {\n    let doc = \(value)\n    assertSnapshot(of: doc)\n}\n"
    }

    @Test("Sixty nested calls parse without errors, and the call after them is parsed as one")
    func deepNesting() {
        // Given a value built as swift-html 0.5.0's documents are, deeper than a debug SwiftParser's default of 20
        let tree = SwiftSource.parse(nested(60))
        // Then nothing is left unparsed, and the statement after the value is a call of its own
        #expect(!tree.hasError)
        let called = tree.descendants(of: FunctionCallExprSyntax.self).compactMap {
            $0.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        }
        #expect(called == ["assertSnapshot"])
    }
}
