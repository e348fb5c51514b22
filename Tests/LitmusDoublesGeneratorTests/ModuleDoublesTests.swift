import LitmusDoublesGenerator
import Testing

@Suite("The plugin and CLI front end reads a whole module")
struct ModuleDoublesTests {
    private let sut = ModuleDoubles(moduleName: "Store")

    @Test("A protocol inheriting from another protocol of the module gets the parent's requirements too")
    func resolvesInheritance() throws {
        let files = [
            ModuleDoubles.SourceFile(
                path: "Sources/Store/UserStore.swift", text: "protocol UserStore { func user(id: Int) -> User? }"),
            ModuleDoubles.SourceFile(
                path: "Sources/Store/AdminStore.swift", text: "protocol AdminStore: UserStore { func ban(id: Int) }"),
        ]

        let output = sut.generate(from: files)

        #expect(output.doubles == ["UserStoreMock", "AdminStoreMock"])
        #expect(output.warnings.isEmpty)
        let admin = try #require(output.source.range(of: "final class AdminStoreMock"))
        let adminSource = output.source[admin.lowerBound...]
        #expect(adminSource.contains("func user(id: Int) -> User?"))
        #expect(adminSource.contains("func ban(id: Int)"))
    }

    @Test("The file imports the runtime, the protocols' own imports, and the module with @testable")
    func imports() {
        let files = [
            ModuleDoubles.SourceFile(path: "A.swift", text: "import Foundation\nprotocol Clock { func now() -> Date }")
        ]

        let output = sut.generate(from: files)

        #expect(output.source.contains("import LitmusDoubles\nimport Foundation\n@testable import Store\n"))
    }

    @Test("A protocol that cannot be doubled is a warning with its file, line and column; the others are generated")
    func warnsWithLocation() throws {
        let files = [
            ModuleDoubles.SourceFile(
                path: "Sources/Store/Platform.swift",
                text:
                    "protocol Clock { func now() -> Int }\n\nprotocol Platform {\n    #if os(Linux)\n    func epoll()\n    #endif\n}"
            )
        ]

        let output = sut.generate(from: files)

        #expect(output.doubles == ["ClockMock"])
        let warning = try #require(output.warnings.first)
        #expect(
            warning.description
                == "Sources/Store/Platform.swift:4:5: warning: Platform declares requirements inside #if, which the "
                + "generator cannot evaluate; move them out of #if or write this double by hand (no PlatformMock generated)"
        )
    }

    @Test("A protocol inheriting from a protocol outside the module is a warning naming the parent")
    func unknownParent() {
        let files = [ModuleDoubles.SourceFile(path: "C.swift", text: "protocol Codec: Codable { func encode() }")]

        let output = sut.generate(from: files)

        #expect(output.doubles.isEmpty)
        #expect(output.warnings.map(\.line) == [1])
        #expect(output.warnings.first?.message.hasPrefix("Codec inherits from Codable") == true)
    }

    @Test("Protocols with @Mockable or private ones are skipped with a warning saying why")
    func skipsMockableAndPrivate() {
        let files = [
            ModuleDoubles.SourceFile(
                path: "D.swift",
                text: "@Mockable protocol A { func a() }\nprivate protocol B { func b() }\nprotocol C { func c() }"
            )
        ]

        let output = sut.generate(from: files)

        #expect(output.doubles == ["CMock"])
        #expect(output.warnings.map(\.line) == [1, 2])
    }

    @Test("A protocol inside #if or nested in a type is a warning, never silently left out")
    func warnsAboutNestedProtocols() {
        let files = [
            ModuleDoubles.SourceFile(
                path: "E.swift",
                text:
                    "#if os(Linux)\nprotocol Poller { func poll() }\n#endif\nenum Outer { protocol Inner { func f() } }"
            )
        ]

        let output = sut.generate(from: files)

        #expect(output.doubles.isEmpty)
        #expect(output.warnings.map(\.line) == [2, 4])
        #expect(
            output.warnings.first?.message.hasPrefix("protocol Poller is inside #if or another declaration") == true)
    }
}
