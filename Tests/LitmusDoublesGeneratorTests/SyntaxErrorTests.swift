import LitmusDoublesExpansion
import LitmusDoublesGenerator
import MacroTesting
import Testing

@Suite("A protocol that does not parse is reported, never doubled from a guess")
struct SyntaxErrorTests {
    private let sut = ModuleDoubles(moduleName: "Store")

    @Test("The plugin and CLI pass the parser's message on at its file, line and column, and skip the protocol")
    func moduleWithASyntaxError() {
        // Given
        let files = [
            ModuleDoubles.SourceFile(path: "Sources/Store/Broken.swift", text: "protocol P { func f( }\n")
        ]

        // When
        let output = sut.generate(from: files)

        // Then
        #expect(output.doubles == [])
        #expect(!output.source.contains("class PMock"))
        #expect(
            output.warnings.map(\.description) == [
                "Sources/Store/Broken.swift:1:21: warning: syntax error: expected ')' to end parameter clause "
                    + "(the compiler rejects this file too)",
                "Sources/Store/Broken.swift:1:10: warning: protocol P does not parse (expected ')' to end parameter "
                    + "clause); fix the syntax error and its double is generated (no PMock generated)",
            ])
    }

    @Test("A protocol that parses is still doubled when another file of the module does not parse")
    func otherFilesStillDoubled() {
        // Given
        let files = [
            ModuleDoubles.SourceFile(path: "Broken.swift", text: "protocol P { func f( }\n"),
            ModuleDoubles.SourceFile(path: "Clock.swift", text: "protocol Clock { func now() -> Int }\n"),
        ]

        // When
        let output = sut.generate(from: files)

        // Then
        #expect(output.doubles == ["ClockMock"])
        #expect(output.warnings.count == 2)
    }
}

@Suite(
    "@Mockable on a protocol that does not parse generates nothing",
    .macros(["Mockable": MockableExpansion.self], record: .missing)
)
struct SyntaxErrorExpansionTests {
    @Test("The macro reports the syntax error instead of a double of what it guessed")
    func brokenProtocol() {
        assertMacro {
            """
            @Mockable
            protocol P { func f( }
            """
        } diagnostics: {
            """
            @Mockable
            protocol P { func f( }
                     │          ╰─ 🛑 expected ')' to end parameter clause
                     │             ✏️ insert ')'
                     ┬
                     ╰─ 🛑 protocol P does not parse (expected ')' to end parameter clause); fix the syntax error and its double is generated
            """
        }
    }
}
