import LitmusDoublesGenerator
import Testing

/// What real packages' protocols hold (Swinject, swift-distributed-tracing, swift-log): each is doubled
/// or skipped with a warning naming it, never written as a double that does not compile.
@Suite("Real packages' protocols are doubled or skipped with a warning, never written broken")
struct RealProtocolTests {
    private let sut = ModuleDoubles(moduleName: "Kit")

    private func generate(_ text: String, parents: [ModuleDoubles.ParentModule] = []) -> ModuleDoubles.Output {
        sut.generate(from: [.init(path: "Sources/Kit/Kit.swift", text: text)], parents: parents)
    }

    @Test("A subscript without parameter names (Foundation's `subscript<K>(_: K.Type)`) is recorded as subscriptMember")
    func subscriptWithoutNames() {
        let output = generate("public protocol Attributes { subscript(_: Int) -> String { get } }")

        #expect(output.source.contains("let subscriptMember: LitmusDoubles.Member<Int, String>"))
        #expect(!output.source.contains("let subscript:"))
    }

    @Test("A generic subscript's optional value is recorded as Any without a warning (`newValue as Any`)")
    func genericSubscriptSetter() {
        let output = generate("public protocol Attributes { subscript<K>(key: K.Type) -> K? { get set } }")

        #expect(output.source.contains("subscriptKeySetter.call((key: key, newValue: newValue as Any))"))
    }

    @Test("An unavailable protocol (Swinject's ResolverType) is skipped with a warning naming it; the rest are doubled")
    func unavailableProtocol() throws {
        let output = generate(
            """
            public protocol Resolver { func resolve(_ name: String) -> Int }
            @available(*, unavailable, renamed: "Resolver")
            public protocol ResolverType {}
            """
        )

        #expect(output.doubles == ["ResolverMock"])
        let warning = try #require(output.warnings.first)
        #expect(output.warnings.count == 1)
        #expect(warning.line == 3)
        #expect(
            warning.message.contains("protocol ResolverType is `@available(*, unavailable, renamed: \"Resolver\")`"))
        #expect(!output.source.contains("ResolverTypeMock"))
    }

    @Test("A protocol unavailable on one platform only, or deprecated, is still doubled")
    func platformUnavailableOrDeprecated() {
        let output = generate(
            """
            @available(macOS, unavailable)
            protocol Poller { func poll() }
            @available(*, deprecated, message: "use Poller")
            protocol OldPoller { func poll() }
            """
        )

        #expect(output.doubles == ["PollerMock", "OldPollerMock"])
        #expect(output.warnings.isEmpty)
    }

    @Test("An unavailable requirement is left out of the double, with a warning naming it")
    func unavailableRequirement() throws {
        let output = generate(
            """
            protocol Store {
                func load() -> Int
                @available(*, unavailable, message: "use load()")
                func fetch() -> Int
            }
            """
        )

        #expect(output.doubles == ["StoreMock"])
        let warning = try #require(output.warnings.first)
        #expect(warning.message.contains("Store marks `func fetch() -> Int` `@available(*, unavailable"))
        #expect(output.source.contains("func load() -> Int"))
        #expect(!output.source.contains("func fetch()"))
    }

    @Test("A parent in another module, not given: the warning names --parent; a standard library parent is known")
    func parentInAnotherModuleNotGiven() throws {
        let output = generate(
            """
            public protocol Tracer: Instrument { func startSpan(_ name: String) }
            public protocol Instant: Comparable { var nanoseconds: UInt64 { get } }
            """
        )

        #expect(output.doubles == ["InstantMock"])
        let warning = try #require(output.warnings.first)
        #expect(output.warnings.count == 1)
        #expect(warning.message.contains("Tracer inherits from Instrument"))
        #expect(warning.message.contains("--parent <its Sources folder>"))
    }

    @Test("A parent in another module, given with its sources: the child is doubled with its requirements")
    func parentInAnotherModuleGiven() throws {
        let instrumentation = ModuleDoubles.ParentModule(
            name: "Instrumentation",
            files: [
                .init(
                    path: "Sources/Instrumentation/Instrument.swift",
                    text: """
                        import ServiceContextModule
                        public protocol Instrument: Sendable { func inject(_ context: ServiceContext) }
                        public protocol Unrelated { func other() }
                        """
                )
            ]
        )

        let output = generate(
            "public protocol Tracer: LegacyTracer { func startSpan(_ name: String) }\n"
                + "public protocol LegacyTracer: Instrument { func forceFlush() }",
            parents: [instrumentation]
        )

        #expect(output.doubles == ["TracerMock", "LegacyTracerMock"])
        #expect(output.warnings.isEmpty)
        let tracer = try #require(output.doubleSources.first)
        #expect(tracer.contains("func startSpan(_ name: String)"))
        #expect(tracer.contains("func forceFlush()"))
        #expect(tracer.contains("func inject(_ context: ServiceContext)"))
        #expect(!output.source.contains("UnrelatedMock"))
        #expect(output.header.contains("import Instrumentation\n"))
        #expect(output.header.contains("import ServiceContextModule\n"))
    }

    @Test("A parameter pack is recorded as an array of its values; a pack result is cast like a generic one")
    func parameterPack() {
        let output = generate(
            "protocol Batch { func run<each T>(_ values: repeat each T, label: String) -> (repeat each T) }")

        #expect(output.warnings.isEmpty)
        #expect(output.source.contains("LitmusDoubles.Member<(values: [Any], label: String), Any>"))
        #expect(output.source.contains("for litmusValue in repeat each values { litmusValues.append(litmusValue) }"))
        #expect(output.source.contains("returning: ((repeat each T)).self"))
    }

    @Test("A sending result is recorded as its type; the witness keeps sending, as do sending and isolated parameters")
    func sendingAndIsolated() {
        let output = generate(
            """
            protocol Factory {
                func make() -> sending Box
                func adopt(_ box: sending Box)
                func read(on actor: isolated any Actor) -> Int
            }
            """
        )

        #expect(output.warnings.isEmpty)
        #expect(output.source.contains("LitmusDoubles.Member<Void, Box>"))
        #expect(output.source.contains("func make() -> sending Box {"))
        #expect(output.source.contains("LitmusDoubles.Member<Box, Void>"))
        #expect(output.source.contains("func adopt(_ box: sending Box) {"))
        #expect(output.source.contains("func read(on actor: isolated any Actor) -> Int {"))
    }

    @Test("A noncopyable generic result is a warning naming the member; a borrowing one is counted and doubled")
    func noncopyable() throws {
        let output = generate(
            """
            protocol Pool: ~Copyable { func lend<T: ~Copyable>(_ value: borrowing T) }
            protocol Maker { func make<T: ~Copyable>() -> T }
            protocol Holder { associatedtype Item: ~Copyable }
            """
        )

        #expect(output.doubles == ["PoolMock"])
        #expect(output.warnings.count == 2)
        #expect(
            output.warnings[0].message.contains("make() returns a value of a generic parameter that may be noncopyable")
        )
        #expect(output.warnings[1].message.contains("associated type Item: ~Copyable"))
    }

    @Test("A non-escaping @autoclosure is recorded as its value, evaluated once when the call is recorded")
    func autoclosure() {
        let output = generate(
            "protocol Tracer { func start(_ name: String, context: @autoclosure () -> Int, at: @autoclosure () throws -> Int) }"
        )

        #expect(output.warnings.isEmpty)
        #expect(output.source.contains("LitmusDoubles.Member<(name: String, context: Int), Void>"))
        #expect(output.source.contains("call((name: name, context: context()))"))
    }

    @Test("A result type with an init() the module declares is made with it; a shadowing associated type is not")
    func knownInitializer() {
        let output = sut.generate(
            from: [
                .init(path: "Token.swift", text: "public struct Token { public init() {} }\nstruct Item { init() {} }"),
                .init(
                    path: "Subscriber.swift",
                    text: """
                        public protocol Subscriber {
                            var token: Token { get }
                            func make() -> Token
                            func item() -> Item
                        }
                        public protocol Source { associatedtype Token; func next() -> Token }
                        """),
            ]
        )

        #expect(output.warnings.isEmpty)
        #expect(output.source.contains("self.token = .init(\"token\", of: litmusContext, fallback: { Token() })"))
        #expect(output.source.contains("self.make = .init(\"make()\", of: litmusContext, fallback: { Token() })"))
        #expect(output.source.contains("self.item = .init(\"item()\", of: litmusContext, fallback: { Item() })"))
        #expect(output.source.contains("self.next = .init(\"next()\", of: litmusContext)\n"))
        let nested = sut.generate(
            from: [
                .init(
                    path: "Demand.swift",
                    text: """
                        public enum Subscribers { public struct Demand { public static var none: Demand { Demand() } } }
                        public struct Demand { public static let zero = Demand() }
                        public enum Phase { case idle, running(Int) }
                        public enum Busy { case running(Int), idle }
                        @MainActor public final class Screen { public init() {} }
                        public protocol Subscriber {
                            func receive() -> Subscribers.Demand
                            func phase() -> Phase
                            func busy() -> Busy
                            func screen() -> Screen
                        }
                        """)
            ]
        )
        #expect(nested.source.contains("of: litmusContext, recorder: \"receive\"") == false)
        #expect(
            nested.source.contains(
                "self.receive = .init(\"receive()\", of: litmusContext, fallback: { Subscribers.Demand.none })"))
        #expect(nested.source.contains("self.phase = .init(\"phase()\", of: litmusContext, fallback: { Phase.idle })"))
        #expect(nested.source.contains("self.busy = .init(\"busy()\", of: litmusContext)\n"))
        #expect(nested.source.contains("self.screen = .init(\"screen()\", of: litmusContext)\n"))
        let publicOnly = ModuleDoubles(moduleName: "Kit", isTestable: false).generate(
            from: [.init(path: "K.swift", text: "struct Item { init() {} }\npublic protocol P { func item() -> Item }")]
        )
        #expect(publicOnly.source.contains("self.item = .init(\"item()\", of: litmusContext)\n"))
    }

    @Test("Without @testable, the protocols that are not public are named, not silently dropped")
    func publicOnlyNamesDropped() {
        let sut = ModuleDoubles(moduleName: "Kit", isTestable: false)

        let output = sut.generate(
            from: [
                .init(
                    path: "Kit.swift",
                    text: "public protocol A { func a() }\nprotocol B { func b() }\ninternal protocol C {}")
            ]
        )

        #expect(output.doubles == ["AMock"])
        #expect(output.droppedNonPublic == ["B", "C"])
    }
}
