import SwiftParser
import SwiftSyntax
import Testing

@testable import LitmusAudit

/// The syntax queries the detectors share (SyntaxQueries.swift).
@Suite("Syntax queries")
struct SyntaxQueriesTests {

    /// The first expression statement of `source`.
    private func expression(_ source: String) throws -> ExprSyntax {
        let statement = try #require(Parser.parse(source: source).statements.first)
        return try #require(statement.item.as(ExprSyntax.self))
    }

    @Test("A quote is the source on one line, cut after a whole token with an ellipsis when it is long")
    func quoted() throws {
        // Given postgres-nio's shape, a call whose trailing closure opens on the line, and a short call
        let long = try expression(
            """
            factory.nextConnectAttempt { connectionID in  // the pool's next attempt
                    throw ConnectionPoolError.requestCancelled
            }
            """)
        let short = try expression("XCTAssertEqual(a,  b)")

        // Then the long one stops after a token, on one line, and the short one is whole with its spaces
        #expect(long.quoted(45) == "factory.nextConnectAttempt { connectionID in …")
        #expect(
            long.quoted(200)
                == "factory.nextConnectAttempt { connectionID in throw ConnectionPoolError.requestCancelled }")
        #expect(short.quoted(50) == "XCTAssertEqual(a, b)")
    }

    @Test("A first token longer than the quote is cut inside it")
    func longFirstToken() throws {
        // Given a name of 30 characters
        let name = try expression("aVeryLongIdentifierOfThirtyCh")

        // Then the quote of 10 is its first 10 characters and an ellipsis
        #expect(name.quoted(10) == "aVeryLongI…")
    }
}
