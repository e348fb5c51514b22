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

    @Test("An import whose name contains the module's name is kept: StoreKit is not the module Store")
    func importsNamedLikeTheModule() {
        let files = [
            ModuleDoubles.SourceFile(
                path: "A.swift", text: "import StoreKit\nimport Store.Prices\nprotocol Shop { func buy() }")
        ]

        let output = sut.generate(from: files)

        #expect(output.header.contains("import StoreKit\n"))
        #expect(!output.header.contains("import Store.Prices"))
    }

    @Test("A protocol that cannot be doubled is a warning with its file, line and column; the others are generated")
    func warnsWithLocation() throws {
        let files = [
            ModuleDoubles.SourceFile(
                path: "Sources/Store/Platform.swift",
                text:
                    "protocol Clock { func now() -> Int }\n\nprotocol Platform {\n    #if os(Linux)\n    associatedtype Handle\n"
                    + "    #endif\n}"
            )
        ]

        let output = sut.generate(from: files)

        #expect(output.doubles == ["ClockMock"])
        let warning = try #require(output.warnings.first)
        #expect(
            warning.description
                == "Sources/Store/Platform.swift:5:5: warning: Platform declares associated type Handle inside #if, "
                + "which would make the double's generic parameters depend on the build; move it out of #if or write "
                + "this double by hand (no PlatformMock generated)"
        )
    }

    @Test("A protocol inheriting from a protocol outside the module is a warning naming the parent")
    func unknownParent() {
        let files = [ModuleDoubles.SourceFile(path: "C.swift", text: "protocol Codec: Service { func encode() }")]

        let output = sut.generate(from: files)

        #expect(output.doubles.isEmpty)
        #expect(output.warnings.map(\.line) == [1])
        #expect(output.warnings.first?.message.hasPrefix("Codec inherits from Service") == true)
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

    @Test("A protocol nested in a type is a warning, never silently left out")
    func warnsAboutNestedProtocols() {
        let files = [
            ModuleDoubles.SourceFile(
                path: "E.swift",
                text: "protocol Clock { func now() -> Int }\nenum Outer { protocol Inner { func f() } }"
            )
        ]

        let output = sut.generate(from: files)

        #expect(output.doubles == ["ClockMock"])
        #expect(output.warnings.map(\.line) == [2])
        #expect(output.warnings.first?.message.hasPrefix("protocol Inner is nested in another declaration") == true)
    }

    @Test("A protocol inside #if is doubled under its condition, once per clause that declares it")
    func doublesProtocolsInsideIf() throws {
        let files = [
            ModuleDoubles.SourceFile(
                path: "P.swift",
                text: """
                    #if os(Linux)
                    protocol Poller { func poll() -> Int }
                    #else
                    protocol Poller { func poll() -> Bool }
                    #endif
                    #if DEBUG
                    protocol Tracing: Poller { func trace() }
                    #endif
                    """
            )
        ]

        let output = sut.generate(from: files)

        #expect(output.warnings.isEmpty)
        #expect(output.doubles == ["PollerMock", "PollerMock", "TracingMock"])
        #expect(output.doubleSources[0].hasPrefix("#if os(Linux)\n"))
        #expect(output.doubleSources[0].contains("func poll() -> Int"))
        #expect(output.doubleSources[1].hasPrefix("#if !os(Linux)\n"))
        #expect(output.doubleSources[1].contains("func poll() -> Bool"))
        // Under DEBUG either Poller may be the parent; the first one that can coexist is taken.
        let tracing = output.doubleSources[2]
        #expect(tracing.hasPrefix("#if DEBUG\n") && tracing.hasSuffix("\n#endif"))
        #expect(tracing.contains("func trace()") && tracing.contains("func poll() -> Int"))
    }

    @Test("The same protocol twice where both can exist is a warning; the first is doubled")
    func duplicateAcrossFiles() {
        let files = [
            ModuleDoubles.SourceFile(path: "A.swift", text: "protocol Poller { func poll() }"),
            ModuleDoubles.SourceFile(path: "B.swift", text: "#if DEBUG\nprotocol Poller { func poll() }\n#endif"),
        ]

        let output = sut.generate(from: files)

        #expect(output.doubles == ["PollerMock"])
        #expect(
            output.warnings.map(\.description) == [
                "B.swift:2:10: warning: protocol Poller is declared twice in Store; only the first is doubled"
            ])
    }

    @Test(
        "Only a file holding the word protocol may declare one",
        arguments: [
            ("protocol P {}", true),
            ("public protocol P {}", true),
            ("@objc(P) protocol P {}", true),
            ("struct S {}\nprotocol/**/P {}", true),
            ("protocol`P` {}", true),
            ("struct S {}\nprotocol\n", true),
            ("/* a\n// b */ protocol P {}", true),
            ("let x = 1 // the protocol below\nprotocol P {}", true),
            ("struct S: Codable { let protocols: [String] }", false),
            ("let myprotocol = 1; let protocol_ = 2; let $protocol = 3", false),
            ("enum Protocol { case http }", false),
            ("/// Conforms to the protocol of its parent.\nstruct S {}", false),
            ("    // protocol P { func f() }", false),
            ("request.protocol = .http", false),
            ("func connect(protocol: String) {}", false),
            (String(repeating: "let x = 1\n", count: 7) + "protocol P {}", true),
            (
                String(repeating: "let x = 1\n", count: 7) + "let protocols = [1]" + String(repeating: " ", count: 20),
                false
            ),
            ("", false),
        ]
    )
    func mayDeclareProtocol(text: String, expected: Bool) {
        #expect(ModuleDoubles.mayDeclareProtocol(text) == expected)
    }

    @Test("A file without protocols is skipped, yet a protocol inheriting across files still resolves")
    func skipsFilesWithoutProtocols() throws {
        let files = [
            ModuleDoubles.SourceFile(path: "A.swift", text: "import Foundation\nprotocol Child: Parent { func b() }"),
            ModuleDoubles.SourceFile(path: "B.swift", text: "import Dispatch\nstruct Model { let protocols: [Int] }"),
            ModuleDoubles.SourceFile(path: "C.swift", text: "protocol Parent { func a() }"),
        ]

        let output = sut.generate(from: files)

        #expect(!ModuleDoubles.mayDeclareProtocol(files[1].text))
        #expect(output.doubles == ["ChildMock", "ParentMock"])
        #expect(output.warnings.isEmpty)
        let child = try #require(output.doubleSources.first)
        #expect(child.contains("func a()") && child.contains("func b()"))
        #expect(output.header.contains("import Foundation") && !output.header.contains("import Dispatch"))
    }

    @Test(
        "Doubles, sources and warnings come in the files' order however the parsing is spread over cores",
        .tags(.parsing))
    func deterministicOrder() {
        let files = (0..<48).map { index in
            // Every third protocol inherits from the next one, declared in a later file; every
            // fifth file also holds a protocol nested in a type, which is a warning.
            let parent = index % 3 == 0 ? ": P\(index + 1)" : ""
            let nested = index % 5 == 0 ? "\nenum Box\(index) { protocol Inner { func f() } }" : ""
            return ModuleDoubles.SourceFile(
                path: "F\(index).swift",
                text: "protocol P\(index)\(parent) { func m\(index)() }" + nested
            )
        }
        let first = sut.generate(from: files)

        #expect(first.doubles == (0..<48).map { "P\($0)Mock" })
        #expect(first.warnings.map(\.path) == stride(from: 0, to: 48, by: 5).map { "F\($0).swift" })
        for _ in 0..<2 {
            let again = sut.generate(from: files)
            #expect(again.source == first.source)
            #expect(again.warnings.map(\.description) == first.warnings.map(\.description))
        }
    }
}

extension ModuleDoublesTests {
    @Test("A consuming or borrowing parameter, which may be noncopyable, is counted, not stored")
    func ownershipParameters() {
        let text = "protocol Executing { func enqueue(_ job: consuming Job, on lane: borrowing Lane, tag: String) }"

        let source = sut.generate(from: [.init(path: "E.swift", text: text)]).source

        #expect(source.contains("let enqueue: LitmusDoubles.Member<String, Void>"))
        #expect(source.contains("func enqueue(_ job: consuming Job, on lane: borrowing Lane, tag: String)"))
    }
}

extension ModuleDoublesTests {
    @Test("A parameter typed by a function typealias of the module is counted, not stored; other names are stored")
    func closureAliases() {
        let files = [
            ModuleDoubles.SourceFile(path: "Types.swift", text: "public typealias Done = @Sendable (Int) -> Void\n"),
            ModuleDoubles.SourceFile(path: "Other.swift", text: "struct Box { typealias Item = () -> Void }\n"),
            ModuleDoubles.SourceFile(
                path: "Jobs.swift",
                text: """
                    protocol Jobs {
                        associatedtype Item
                        func run(_ done: Done, item: Item)
                        func keep(_ done: @escaping Done)
                        func maybe(_ done: Done?)
                    }
                    """
            ),
        ]

        let source = sut.generate(from: files).source

        #expect(source.contains("let run: LitmusDoubles.Member<Item, Void>"))
        #expect(source.contains("let keep: LitmusDoubles.Member<Done, Void>"))
        #expect(source.contains("let maybe: LitmusDoubles.Member<Done?, Void>"))
    }
}

extension ModuleDoublesTests {
    @Test("A child binding its parent's associated types gets typealiases, not generic parameters")
    func boundAssociatedTypes() throws {
        let files = [
            ModuleDoubles.SourceFile(
                path: "M.swift",
                text: """
                    protocol Middleware {
                        associatedtype Input
                        associatedtype Output: Sendable
                        func handle(_ input: Input, next: @Sendable (Input) async throws -> Output) async throws -> Output
                    }
                    protocol RouterMiddleware: Middleware where Input == Request, Self.Output == Response {}
                    protocol Keyed: Middleware where Input: Hashable {}
                    """
            )
        ]

        let output = sut.generate(from: files)

        #expect(output.warnings.isEmpty)
        let router = try #require(output.doubleSources.first { $0.contains("class RouterMiddlewareMock") })
        #expect(router.contains("final class RouterMiddlewareMock: RouterMiddleware, Sendable {"))
        #expect(router.contains("    typealias Input = Request\n"))
        #expect(router.contains("    typealias Output = Response\n"))
        // The non-escaping @Sendable closure is counted, not stored.
        #expect(router.contains("let handle: LitmusDoubles.AsyncMember<Input, Output>"))
        let keyed = try #require(output.doubleSources.first { $0.contains("class KeyedMock") })
        #expect(
            keyed.contains("final class KeyedMock<Input, Output: Sendable>: Keyed, Sendable where Input: Hashable {"))
    }

    @Test("A child's constraint on an associated type its parent declared is merged into the generic parameter")
    func mergedAssociatedTypeConstraints() throws {
        let files = [
            ModuleDoubles.SourceFile(
                path: "S.swift",
                text: """
                    protocol HasSource { associatedtype Source: Sendable }
                    protocol HasComparableSource: HasSource {
                        associatedtype Source: Comparable = Int
                        var source: Source { get }
                    }
                    """
            )
        ]

        let output = sut.generate(from: files)

        let source = try #require(output.doubleSources.first { $0.contains("class HasComparableSourceMock") })
        #expect(
            source.contains("final class HasComparableSourceMock<Source: Sendable & Comparable>: HasComparableSource"))
    }
}

extension ModuleDoublesTests {
    @Test("A same-type requirement in an associated type's own where clause binds it; one between generic types stays")
    func sameTypeInAssociatedTypeWhereClause() throws {
        let files = [
            ModuleDoubles.SourceFile(
                path: "V.swift",
                text: """
                    protocol View {
                        associatedtype Body where Body == Never
                        associatedtype Iterator: IteratorProtocol
                        associatedtype Element where Element == Iterator.Element
                        func render(_ element: Element) -> Body?
                    }
                    """
            )
        ]

        let source = try #require(sut.generate(from: files).doubleSources.first)

        #expect(source.contains("    typealias Body = Never\n"))
        #expect(
            source.contains(
                "final class ViewMock<Iterator: IteratorProtocol, Element>: View, Sendable where Element == Iterator.Element {"
            )
        )
    }
}

extension ModuleDoublesTests {
    @Test("An alias declared across a line break is found; an associated type or generic named like one shadows it")
    func closureAliasCornerCases() throws {
        let files = [
            ModuleDoubles.SourceFile(
                path: "T.swift", text: "public typealias\n    Later = () -> Void\ntypealias Handler = () -> Void\n"),
            ModuleDoubles.SourceFile(
                path: "P.swift",
                text: """
                    protocol Scheduler { func schedule(_ work: Later) }
                    protocol Shadowed {
                        associatedtype Handler
                        func on(_ handler: Handler)
                        func map<Later>(_ value: Later)
                    }
                    """
            ),
        ]

        let output = sut.generate(from: files)

        let scheduler = try #require(output.doubleSources.first { $0.contains("class SchedulerMock") })
        #expect(scheduler.contains("let schedule: LitmusDoubles.Member<Void, Void>"))
        let shadowed = try #require(output.doubleSources.first { $0.contains("class ShadowedMock") })
        #expect(shadowed.contains("let on: LitmusDoubles.Member<Handler, Void>"))
        #expect(shadowed.contains("let map: LitmusDoubles.Member<Any, Void>"))
    }
}
