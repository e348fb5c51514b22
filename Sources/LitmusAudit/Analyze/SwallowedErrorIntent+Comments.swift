import SwiftSyntax

extension SwallowedErrorIntent {
    /// Words of a comment that says the error is the expected outcome, or not what the test is about, each a word
    /// of its own (`expected`, not `unexpected`).
    static let expectedWords: Set<String> = [
        "expected", "ignore", "ignored", "ignoring", "intended", "intentional", "intentionally", "deliberate",
        "deliberately", "pass", "passes",
    ]
    /// Phrases that say the same.
    static let expectedPhrases = [
        "on purpose", "should fail", "will fail", "must fail", "meant to fail", "should throw", "will throw",
        "must throw", "meant to throw", "is thrown", "not the point", "don't care", "do not care", "doesn't matter",
    ]

    /// Whether a comment beside the discarded error says that it is expected or does not matter: on the line of
    /// the `try?` or the `catch`, on the lines right above its statement, or inside the catch's block
    /// (nicklockwood/ShapeScript 1.11.2's `try? program.evaluate(in: context) // Throws file not found, but we can
    /// ignore`, swift-system's `catch Errno.notPermitted { // pass }`, GRDB.swift's `// ignore if error or not,
    /// that's not the point`). Not a comment that says to do something later (`TODO`, `FIXME`), nor one about
    /// something else.
    static func commentSaysExpected(_ node: some SyntaxProtocol) -> Bool {
        var texts: [String] = []
        var statement = Syntax(node)
        while let parent = statement.parent, !parent.is(CodeBlockItemSyntax.self), !parent.is(CodeBlockSyntax.self) {
            statement = parent
        }
        if let item = statement.parent?.as(CodeBlockItemSyntax.self) { statement = Syntax(item) }
        texts += comments(in: statement.leadingTrivia)
        texts += comments(in: statement.lastToken(viewMode: .sourceAccurate)?.trailingTrivia ?? [])
        texts += comments(in: node.lastToken(viewMode: .sourceAccurate)?.trailingTrivia ?? [])
        if let clause = node.as(CatchClauseSyntax.self) {
            texts += comments(in: clause.body.leftBrace.trailingTrivia)
            texts += comments(in: clause.body.rightBrace.leadingTrivia)
            texts += comments(in: clause.leadingTrivia)
        }
        return texts.contains { text in
            let lowered = text.lowercased()
            guard !lowered.contains("todo"), !lowered.contains("fixme"), !lowered.contains("not expected") else {
                return false
            }
            let words = Set(lowered.split { !$0.isLetter }.map(String.init))
            return !words.isDisjoint(with: expectedWords) || expectedPhrases.contains { lowered.contains($0) }
        }
    }

    /// The comments of `trivia`, each piece's text.
    private static func comments(in trivia: Trivia) -> [String] {
        trivia.compactMap { piece in
            switch piece {
            case .lineComment(let text), .blockComment(let text), .docLineComment(let text),
                .docBlockComment(let text):
                return text
            default: return nil
            }
        }
    }
}
