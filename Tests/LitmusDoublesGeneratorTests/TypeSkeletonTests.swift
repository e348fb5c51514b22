import LitmusSupport
import Testing

@testable import LitmusDoublesGenerator

@Suite("The values a type offers are found in its file's type skeleton as in the whole file")
struct TypeSkeletonTests {
    private let text = """
        public struct Token {
            public init() { let made = [1, 2].map { $0 * 2 }; _ = made }
            public static var empty: Token { Token() }
            func name() -> String { "token" }
        }
        public enum Phase { case idle, running(Int) }
        extension Subscribers {
            public struct Demand {
                public static let none: Demand = Demand()
                init() { if true { } }
            }
        }
        func helper() { struct Local { init() {} } }
        """

    @Test("Function, initializer, accessor and closure bodies are blanked; type and extension bodies kept")
    func blanksNonTypeBodies() throws {
        let skeleton = try #require(MadeValues.typeSkeleton(of: text))

        #expect(skeleton.utf8.count == text.utf8.count)
        #expect(skeleton.split(separator: "\n").count == text.split(separator: "\n").count)
        #expect(skeleton.contains("public init() {"))
        #expect(!skeleton.contains("map"))
        #expect(!skeleton.contains("\"token\""))
        #expect(skeleton.contains("public static let none: Demand = Demand()"))
        #expect(skeleton.contains("case idle, running(Int)"))
        #expect(!skeleton.contains("struct Local"))
    }

    @Test("MadeValues finds the same values in the skeleton as in the whole file")
    func sameValues() {
        let files = [SourceFile(path: "Sources/Kit/Kit.swift", text: text)]
        let wanted: Set<String> = ["Token", "Phase", "Subscribers.Demand"]

        let skimmed = MadeValues.find(wanted, in: files, publicOnly: true, skim: true)
        let whole = MadeValues.find(wanted, in: files, publicOnly: true, skim: false)

        #expect(skimmed == whole)
        #expect(
            skimmed == ["Token": "Token()", "Phase": "Phase.idle", "Subscribers.Demand": "Subscribers.Demand.none"])
    }

    @Test("A possible regex literal makes the skim give up, so the file is parsed whole")
    func givesUpOnRegex() {
        #expect(MadeValues.typeSkeleton(of: "struct A { func f() { _ = /a+/ } }") == nil)
    }
}

@Suite("A file declares a wanted type when the type's name follows struct, class, enum or actor as a word")
struct DeclaresTypeTests {
    @Test(
        "The name right after a keyword, across blanks, line breaks or other bytes than a word's",
        arguments: ["public struct Token {", "enum\n    Token: Int {", "final class Token{}", "x = 1; actor Token {}"])
    func declared(text: String) {
        #expect(MadeValues.declaresType(namedOneOf: ["Other", "Token"], in: text))
    }

    @Test(
        "The name inside a longer word, after a word that is not a keyword, or a keyword inside a longer word",
        arguments: [
            "struct Tokens {", "struct MyToken {", "let Token = 1", "structure Token", "extension Token {}", "Token",
        ])
    func notDeclared(text: String) {
        #expect(!MadeValues.declaresType(namedOneOf: ["Token"], in: text))
    }
}
