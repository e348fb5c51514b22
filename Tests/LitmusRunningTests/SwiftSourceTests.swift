import Foundation
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

    @Test("Two hundred and fifty nested calls parse on a thread with macOS's 512 KB stack of a concurrency thread")
    func deepNestingOnASmallStack() {
        // Given the deepest nesting parsed, from a thread whose stack a debug parser would overflow at 30 levels
        let text = nested(250)
        let parsed = Parsed()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            parsed.calls = SwiftSource.parse(text).descendants(of: FunctionCallExprSyntax.self).count
            done.signal()
        }
        thread.stackSize = 512 << 10
        // When it is parsed there
        thread.start()
        done.wait()
        // Then it does not crash, and every call is read
        #expect(parsed.calls == 251)
    }

    /// What the parsing thread found.
    private final class Parsed: @unchecked Sendable {
        var calls = 0
    }
}
