import Foundation
import Testing

@_spi(Benchmarks) @testable import LitmusDoublesGenerator

@Suite("A file's skeleton blanks only the bodies no protocol can be in")
struct SkeletonTests {
    /// The skeleton of `text` as a string, or `nil` where the skim gives up.
    private func skeleton(_ text: String) -> String? {
        ModuleDoubles.Skeleton(of: text).map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    @Test("A function body is blanked, a protocol body is kept whole, and line breaks move to the blank's end")
    func blanksBodies() throws {
        let text = """
            import Foundation
            protocol Clock { var now: Date { get } }
            extension Clock {
                func later() -> Date { now.addingTimeInterval(1) }
            }
            """

        let result = try #require(skeleton(text))

        // The extension's body was a line break, a line and a line break: now the line's spaces,
        // then both line breaks, so the closing brace keeps its line and column.
        let blankLine = String(repeating: " ", count: "    func later() -> Date { now.addingTimeInterval(1) }".count)
        #expect(
            result == "import Foundation\nprotocol Clock { var now: Date { get } }\nextension Clock {\(blankLine)\n\n}"
        )
        #expect(result.utf8.count == text.utf8.count)
    }

    @Test("A body that holds a protocol keeps its headers and protocols; its other bodies are blanked")
    func nestedProtocolKeepsItsContainer() throws {
        let text = "enum Outer { static func f() { g() }\n protocol Inner { func h() } }"

        let result = try #require(skeleton(text))

        #expect(result == "enum Outer { static func f() {     }\n protocol Inner { func h() } }")
    }

    @Test(
        "Braces and the word protocol inside strings, interpolations and comments neither open bodies nor count",
        arguments: [
            #"let a = "{ protocol P"; func f() { }"#,
            #"let a = "\(xs.map { "}" })"; func f() { }"#,
            ##"let a = #"\{ " \#(b) protocol"#; func f() { }"##,
            "let a = \"\"\"\n  }\n  \\(\"{\") protocol X\n  \"\"\"\nfunc f() { }",
            "/* { /* protocol */ } */ func f() { }",
            "// protocol { \nfunc f() { }",
            "let `protocol` = 1; func f() { }",
            "let x = a.protocol + b / 2; func f() { }",
        ]
    )
    func literalsAndComments(text: String) throws {
        let result = try #require(ModuleDoubles.Skeleton(of: text))

        #expect(result.protocolKeywords == 0)
        // The function's body is the one brace pair in code, and it holds one blank already.
        #expect(String(decoding: result.bytes, as: UTF8.self) == text)
    }

    @Test("Each protocol keyword in code is counted, labels and members are not")
    func countsKeywords() throws {
        let text = "protocol A {}\nstruct S { protocol B {} }\nfunc f() { g(protocol: 1); x.protocol }"

        let result = try #require(ModuleDoubles.Skeleton(of: text))

        #expect(result.protocolKeywords == 2)
        let blanked = String(repeating: " ", count: " g(protocol: 1); x.protocol ".count)
        #expect(String(decoding: result.bytes, as: UTF8.self).hasSuffix("func f() {\(blanked)}"))
    }

    @Test(
        "The skim gives up where it cannot follow the text exactly",
        arguments: [
            "let r = /a{/; protocol P {}",  // a bare regex literal
            "let r = #/a{/#; protocol P {}",  // an extended one
            "func f() { protocol P {}",  // an unclosed body
            "} protocol P {}",  // a brace closing nothing
            "let s = \"{ \nprotocol P {}",  // a string ending at the line's end
            "/* protocol P {}",  // an unterminated comment
            "let s = \"\"\" protocol P {}",  // an unterminated multiline string
        ]
    )
    func givesUp(text: String) {
        #expect(ModuleDoubles.Skeleton(of: text) == nil)
    }

    @Test("Divisions are not taken for regex literals")
    func divisions() throws {
        let text = "let a = b / 2\nlet c = d/e\nvar f = 1; f /= 2\nfunc g() { h() }"

        let result = try #require(skeleton(text))

        #expect(result == "let a = b / 2\nlet c = d/e\nvar f = 1; f /= 2\nfunc g() {     }")
    }

    @Test("The pipeline's output is the same whether it parses skeletons or whole files")
    func sameOutput() throws {
        let files = [
            ModuleDoubles.SourceFile(
                path: "A.swift",
                text: """
                    import Foundation
                    /// Fetches.
                    @MainActor public protocol Fetching: Sendable {
                        var base: URL { get set }
                        func fetch(_ url: URL) async throws -> Data
                    }
                    extension Fetching {
                        func fetchAll(_ urls: [URL]) async throws -> [Data] {
                            var result: [Data] = []
                            for url in urls { result.append(try await fetch(url)) }
                            return result
                        }
                    }
                    struct Box {
                        protocol Hidden { func f() }
                        func g() { print("}") }
                    }
                    """
            ),
            ModuleDoubles.SourceFile(
                path: "B.swift",
                text: """
                    import OSLog
                    func helper() { let x = "\\(1)"; _ = x }
                    protocol Caching: Fetching where Self: AnyObject {
                        subscript(key: String) -> Data? { get }
                    }
                    """
            ),
            ModuleDoubles.SourceFile(path: "C.swift", text: "// A protocol in a comment only.\nfunc f() {}"),
            ModuleDoubles.SourceFile(path: "D.swift", text: "let r = /a{/\nprotocol Regexed { func r() }"),
            ModuleDoubles.SourceFile(path: "E.swift", text: "func broken( {\nprotocol AfterError { func e() }"),
        ]
        let sut = ModuleDoubles(moduleName: "Net")

        let skimmed = sut.generate(from: files, skim: true)
        let whole = sut.generate(from: files, skim: false)

        // E.swift's skeleton does not parse, nor does its text: the broken function holds the protocol.
        #expect(skimmed.doubles == ["FetchingMock", "CachingMock", "RegexedMock"])
        #expect(skimmed.source == whole.source)
        #expect(skimmed.warnings.map(\.description) == whole.warnings.map(\.description))
        #expect(
            skimmed.warnings.map(\.description) == [
                "A.swift:15:14: warning: protocol Hidden is nested in another declaration; only top-level protocols "
                    + "are doubled: move it to the top level, or write this double by hand",
                "E.swift:2:10: warning: protocol AfterError is nested in another declaration; only top-level "
                    + "protocols are doubled: move it to the top level, or write this double by hand",
            ])
    }
}

extension SkeletonTests {
    @Test("A blanked body keeps its count of line breaks, CRLF as one, and what follows keeps its column")
    func lineBreaks() throws {
        let text = "func f() {\r\n  a()\r\n  b()\n  }\r\nprotocol P {}"

        let result = try #require(skeleton(text))

        // 17 bytes between the braces, 3 line breaks in 5 of them: 12 spaces, 3 newlines, then the
        // 2 spaces that were after the last break.
        #expect(result == "func f() {" + String(repeating: " ", count: 12) + "\n\n\n  }\r\nprotocol P {}")
    }
}

extension SkeletonTests {
    @Test(
        "A protocol keyword followed by a form feed, vertical tab or NUL is a keyword, as in the byte scan",
        arguments: ["\u{0C}", "\u{0B}", "\u{00}"]
    )
    func unusualWhitespace(separator: String) throws {
        let text = "protocol A { func a() }\nprotocol\(separator)B { func b(x: Int) }"

        let result = try #require(ModuleDoubles.Skeleton(of: text))

        #expect(result.protocolKeywords == 2)
        #expect(String(decoding: result.bytes, as: UTF8.self) == text)
    }
}
