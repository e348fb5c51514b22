import Foundation
import SwiftParser
import SwiftSyntax

/// Swift source parsed the same way in every build of Litmus. SwiftParser stops at a nesting depth of its own, 20
/// levels in a debug build and 256 in a release one, and leaves the rest of the statement it was in unparsed: in a
/// debug `litmus` (`swift package litmus` builds one) a test whose value is built by twenty nested calls
/// (pointfreeco/swift-html 0.5.0's `.document(.html(.head(…)))`) lost the `assertSnapshot` after it and was reported
/// as asserting nothing. Every parse of the audit, the mutation run and the package's manifests goes through here,
/// with the release build's depth. A debug parser takes about 14 KB of stack a level, more than the 512 KB a
/// thread of Swift's concurrency pool has on macOS past about 30 levels: the parse runs on a thread of its own with
/// a stack that holds the deepest one (``stackSize``), and the caller waits for it.
package enum SwiftSource {
    /// The deepest nesting parsed, as a release build of SwiftParser parses by default.
    package static let maximumNestingLevel = 256
    /// The stack of the thread a parse runs on: room for ``maximumNestingLevel`` levels of a debug parser.
    package static let stackSize = 16 << 20

    /// `text` parsed as a source file.
    package static func parse(_ text: String) -> SourceFileSyntax {
        let result = ParseResult()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var parser = Parser(text, maximumNestingLevel: maximumNestingLevel)
            result.tree = SourceFileSyntax.parse(from: &parser)
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        // The semaphore orders the thread's write before this read.
        return result.tree!
    }

    /// Where the parsing thread leaves its tree.
    private final class ParseResult: @unchecked Sendable {
        var tree: SourceFileSyntax?
    }
}
