import LitmusSupport
import Testing

@Suite("The Swift lexer shared by the specs scanner and the doubles' skeletons")
struct SwiftLexerTests {
    /// The kinds and texts of the tokens of `source` at `depth`, and the problem's message.
    private func lex(_ source: String, depth: Int = 0) -> (tokens: [String], problem: String?) {
        let bytes = Array(source.utf8)
        let lexed = SwiftLexer.tokens(of: bytes)
        let tokens = lexed.tokens.filter { $0.interpolationDepth == depth }.map {
            "\($0.kind) \(SwiftLexer.text($0.range, of: bytes))"
        }
        return (tokens, lexed.problem?.message)
    }

    @Test("Words, numbers, backquoted names and punctuation")
    func words() {
        let sut = lex("let `class` = $0 + 12")
        #expect(
            sut.tokens == [
                "identifier let", "escapedIdentifier `class`", "punctuation =", "identifier $0",
                "punctuation +", "number 12",
            ]
        )
        #expect(sut.problem == nil)
    }

    @Test("Keywords are the words on Swift's list, unescaped")
    func keywords() {
        let bytes = Array("protocol `protocol` protocols".utf8)
        let tokens = SwiftLexer.tokens(of: bytes).tokens
        #expect(tokens.map { SwiftLexer.isKeyword($0, of: bytes) } == [true, false, false])
    }

    @Test("Comments, nested block comments included, are one token each")
    func comments() {
        let sut = lex("a // { b\n/* c /* { */ d */ e")
        #expect(sut.tokens == ["identifier a", "comment // { b", "comment /* c /* { */ d */", "identifier e"])
    }

    @Test("String literals: plain, multiline, raw; their interpolations are lexed one level deeper")
    func strings() {
        let source = ##"a("x{\(f("}"))", """"## + "\n{\n" + ##"""", #"\(g) \#(h)"#)"##
        let sut = lex(source)
        #expect(
            sut.tokens == [
                "identifier a", "punctuation (", #"stringLiteral "x{\(f("}"))""#, "punctuation ,",
                "stringLiteral \"\"\"\n{\n\"\"\"", "punctuation ,", ##"stringLiteral #"\(g) \#(h)"#"##,
                "punctuation )",
            ]
        )
        #expect(
            lex(source, depth: 1).tokens == [
                "identifier f", "punctuation (", #"stringLiteral "}""#, "punctuation )", "identifier h",
            ])
    }

    @Test("Regex literals with #, and directives at the start of a line with their condition")
    func regexAndDirectives() {
        let sut = lex("#if os(Linux) // note\nlet r = #/a{/#\n#endif\n#available")
        #expect(
            sut.tokens == [
                "directive #if os(Linux)", "comment // note", "identifier let", "identifier r", "punctuation =",
                "regexLiteral #/a{/#", "directive #endif", "punctuation #", "identifier available",
            ]
        )
    }

    @Test("Each token knows its line and column")
    func positions() {
        let tokens = SwiftLexer.tokens(of: Array("a\n  \"x\n\"\"\" b".utf8)).tokens
        #expect(tokens.first.map { [$0.line, $0.column] } == [1, 1])
        #expect(
            SwiftLexer.tokens(of: Array("a\n  bc /*\n*/ d".utf8)).tokens.map { [$0.line, $0.column] } == [
                [1, 1], [2, 3], [2, 6], [3, 4],
            ])
        #expect(tokens.count == 2)
    }

    @Test(
        "What does not end stops the lexing with a problem on the line it starts on",
        arguments: [
            ("a\n/* b", "a /* comment is never closed", 2), ("\"a\nb\"", "a string literal is never closed", 1),
            ("x\n\"\"\"\na", "a string literal is never closed", 2), ("#/a", "a #/ regex literal is never closed", 1),
            ("`a\nb`", "a backquoted name is never closed", 1), ("\"\\(a", "an interpolation is never closed", 1),
        ]
    )
    func problems(source: String, message: String, line: Int) {
        let problem = SwiftLexer.tokens(of: Array(source.utf8)).problem
        #expect(problem?.message == message)
        #expect(problem?.line == line)
    }
}
