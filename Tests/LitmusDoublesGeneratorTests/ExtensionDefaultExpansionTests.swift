import Testing

@testable import LitmusDoublesGenerator

@Suite("Members a protocol extension implements: the double reaches those defaults for unstubbed calls")
struct ExtensionDefaultExpansionTests {
    private let sut = ModuleDoubles(moduleName: "Store")

    private func generate(_ texts: [String], parents: [ModuleDoubles.ParentModule] = [], testable: Bool = true)
        -> ModuleDoubles.Output
    {
        let files = texts.enumerated().map { ModuleDoubles.SourceFile(path: "F\($0.offset).swift", text: $0.element) }
        return ModuleDoubles(moduleName: "Store", isTestable: testable).generate(from: files, parents: parents)
    }

    private let greeter = """
        public protocol Greeter {
            func name() -> String
            func greeting(for hour: Int) -> String
        }
        """

    @Test("The witness runs the default for an unstubbed call, through a helper lacking that member and a trampoline")
    func snapshot() throws {
        let output = generate([
            greeter,
            """
            extension Greeter {
                public func greeting(for hour: Int) -> String { hour < 12 ? "Good morning, \\(name())" : "Hello" }
            }
            """,
        ])

        #expect(output.warnings.isEmpty)
        let start = try #require(output.source.range(of: "    func greeting(for hour: Int) -> String {"))
        #expect(
            output.source[start.lowerBound...] == """
                    func greeting(for hour: Int) -> String {
                        if let litmusReal = self.litmusForwardee, self.double.greeting.forwards(hour) {
                            return litmusReal.real.greeting(for: hour)
                        }
                        if self.double.greeting.usesDefault(hour) {
                            let litmusDefault = GreeterMockDefaultGreeting(litmusDouble: self)
                            return self.double.greeting.runningDefault { litmusDefault.litmusDefault_GreeterMock_greeting(for: hour) }
                        }
                        return self.double.greeting.call(hour)
                    }
                }

                /// Conforms to `Greeter` without `greeting`, so that calling it runs the default of the
                /// protocol's extension; its other members call the double. `GreeterMock` answers an unstubbed call with it.
                fileprivate struct GreeterMockDefaultGreeting: Greeter, Sendable {
                    let litmusDouble: GreeterMock

                    func name() -> String {
                        litmusDouble.name()
                    }
                }

                /// Calls through `Greeter` the members whose extension default answers `GreeterMock`'s unstubbed calls.
                extension Greeter {
                    fileprivate func litmusDefault_GreeterMock_greeting(for hour: Int) -> String {
                        self.greeting(for: hour)
                    }
                }

                """)
        // `name()` has no default: its witness is as before.
        #expect(output.source.contains("    func name() -> String {\n        if let litmusReal"))
        #expect(!output.source.contains("self.double.name.usesDefault"))
    }

    @Test("Each member with a default gets a helper of its own, so a default's calls to the others reach the double")
    func oneHelperPerDefault() {
        let output = generate([
            """
            protocol Greeter {
                func name() -> String
                func greeting() -> String
                var punctuation: String { get }
                subscript(letter index: Int) -> Character { get }
            }
            extension Greeter {
                func greeting() -> String { name() + punctuation }
                var punctuation: String { "!" }
                subscript(letter index: Int) -> Character { Array(greeting())[index] }
            }
            """
        ])

        #expect(output.source.contains("fileprivate struct GreeterMockDefaultGreeting: Greeter, Sendable {"))
        #expect(output.source.contains("fileprivate struct GreeterMockDefaultPunctuation: Greeter, Sendable {"))
        #expect(output.source.contains("fileprivate struct GreeterMockDefaultSubscriptLetter: Greeter, Sendable {"))
        // The punctuation's helper calls the double for greeting(), and leaves punctuation to the default.
        let helper = output.source.components(separatedBy: "struct GreeterMockDefaultPunctuation")[1]
            .components(separatedBy: "\n}\n")[0]
        #expect(helper.contains("    func greeting() -> String {\n        litmusDouble.greeting()\n    }"))
        #expect(!helper.contains("var punctuation"))
        #expect(
            helper.contains(
                "    subscript(letter index: Int) -> Character {\n        get { litmusDouble[letter: index] }\n    }"))
        #expect(
            output.source.contains(
                "    fileprivate var litmusDefault_GreeterMock_punctuation: String {\n        get { self.punctuation }\n    }"
            ))
        #expect(
            output.source.contains(
                "    fileprivate func litmusDefault_GreeterMock_subscriptLetter(letter index: Int) -> Character {\n"
                    + "        self[letter: index]\n    }"))
        #expect(output.source.contains("return self.double.subscriptLetter.runningDefault { "))
    }

    @Test("A class-bound protocol, or a default where Self: AnyObject, gets class helpers the double keeps")
    func classHelpers() {
        let output = generate([
            """
            protocol Handle: AnyObject { var id: Int { get }; func close() }
            extension Handle { var id: Int { 1 } }
            protocol Listener { var listenerID: ObjectIdentifier { get }; func receive(_ value: Int) }
            extension Listener where Self: AnyObject { var listenerID: ObjectIdentifier { ObjectIdentifier(self) } }
            """
        ])

        #expect(output.warnings.isEmpty)
        #expect(output.source.contains("    private let litmusDefaults = LitmusDoubles.DefaultsHelpers()"))
        #expect(output.source.contains("fileprivate final class HandleMockDefaultId: Handle, @unchecked Sendable {"))
        #expect(
            output.source.contains(
                "fileprivate final class ListenerMockDefaultListenerID: Listener, @unchecked Sendable {"))
        #expect(output.source.contains("    private weak var litmusWeakDouble: ListenerMock?"))
        #expect(
            output.source.contains(
                "            let litmusDefault = self.litmusDefaults.helper { ListenerMockDefaultListenerID(self) }"))
    }

    @Test(
        "Defaults of an associated-type protocol: the helper is generic as the double is, async throwing calls awaited")
    func genericAndAsync() {
        let output = generate([
            """
            protocol Source {
                associatedtype Item
                func next() async throws -> Item?
                func all() async throws -> [Item]
            }
            extension Source {
                func all() async throws -> [Item] { var items: [Item] = []; while let item = try await next() { items.append(item) }; return items }
            }
            """
        ])

        #expect(output.source.contains("fileprivate struct SourceMockDefaultAll<Item>: Source, Sendable {"))
        #expect(output.source.contains("    let litmusDouble: SourceMock<Item>"))
        #expect(
            output.source.contains(
                "            return try await self.double.all.runningDefault { try await litmusDefault.litmusDefault_SourceMock_all() }"
            ))
        #expect(
            output.source.contains(
                "    func next() async throws -> Item? {\n        try await litmusDouble.next()\n    }"))
    }

    @Test("Not used: constrained, deprecated, private, static or mutating defaults, other types, setters, #if")
    func defaultsNotUsed() {
        let output = generate([
            """
            protocol Store {
                func a() -> Int
                func b() -> Int
                func c() -> Int
                func d(_ x: Int) -> Int
                mutating func e() -> Int
                var f: Int { get set }
                static func g() -> Int
                #if DEBUG
                func h() -> Int
                #endif
            }
            extension Store where Self: Equatable { func a() -> Int { 1 } }
            extension Store {
                @available(*, deprecated, message: "implement b()")
                func b() -> Int { 2 }
                private func c() -> Int { 3 }
                func d(_ x: Int32) -> Int { 4 }
                mutating func e() -> Int { 5 }
                var f: Int { get { 6 } set {} }
                static func g() -> Int { 7 }
                func h() -> Int { 8 }
            }
            """
        ])

        #expect(output.doubles == ["StoreMock"])
        #expect(!output.source.contains("usesDefault"))
        #expect(!output.source.contains("StoreMockDefault"))
    }

    @Test("A member taking a consuming parameter keeps no default (swift-nio's enqueue(_:)); the others do")
    func consumingParameterKeepsNoDefault() {
        let output = generate([
            """
            protocol Loop {
                func enqueue(_ job: consuming Job)
                func name() -> String
            }
            extension Loop {
                func enqueue(_ job: consuming Job) {}
                func name() -> String { "loop" }
            }
            """
        ])

        #expect(output.doubles == ["LoopMock"])
        #expect(output.source.contains("self.double.name.usesDefault(())"))
        #expect(!output.source.contains("self.double.enqueue.usesDefault"))
        #expect(output.source.contains("litmusDouble.enqueue(job)"))
    }

    @Test("Helpers and trampolines keep @available and @discardableResult, not @inlinable (swift-nio's requirements)")
    func attributesOfHelpers() throws {
        let output = generate([
            """
            public protocol Emitting {
                associatedtype OutboundOut
                @inlinable @discardableResult
                func wrap(_ value: OutboundOut) -> Int
                @available(*, deprecated, renamed: "wrap(_:)")
                func legacyWrap(_ value: OutboundOut) -> Int
            }
            extension Emitting {
                @inlinable public func wrap(_ value: OutboundOut) -> Int { 1 }
                public func legacyWrap(_ value: OutboundOut) -> Int { 2 }
            }
            """
        ])

        // The double's witness keeps every attribute; the fileprivate trampoline cannot be @inlinable.
        #expect(output.source.contains("    @inlinable @discardableResult func wrap(_ value: OutboundOut) -> Int {"))
        #expect(
            output.source.contains(
                "    @discardableResult fileprivate func litmusDefault_EmittingMock_wrap(_ value: OutboundOut) -> Int {"
            ))
        #expect(
            output.source.contains(
                "    @available(*, deprecated, renamed: \"wrap(_:)\") fileprivate func "
                    + "litmusDefault_EmittingMock_legacyWrap(_ value: OutboundOut) -> Int {"))
        let helper = try #require(output.source.components(separatedBy: "struct EmittingMockDefaultWrap<").last)
        #expect(
            helper.contains(
                "    @available(*, deprecated, renamed: \"wrap(_:)\") func legacyWrap(_ value: OutboundOut)"))
        #expect(!helper.contains("@inlinable"))
    }

    @Test("A protocol with a static or initializer requirement, or Self, gets no helper: its members stay unstubbed")
    func noHelperPossible() {
        let output = generate([
            """
            protocol Made { init(); func name() -> String }
            extension Made { func name() -> String { "made" } }
            protocol Compared { func same(as other: Self) -> Bool; func name() -> String }
            extension Compared { func name() -> String { "compared" } }
            """
        ])

        #expect(output.doubles == ["MadeMock", "ComparedMock"])
        #expect(!output.source.contains("usesDefault"))
    }

    @Test("With --public-only an internal default is not used (the test target cannot see it); a public one is")
    func publicOnly() {
        let files = [
            greeter,
            "extension Greeter { func greeting(for hour: Int) -> String { \"internal\" } }",
        ]
        #expect(!generate(files, testable: false).source.contains("usesDefault"))
        #expect(generate(files, testable: true).source.contains("usesDefault"))
        let publicExtension = [greeter, "public extension Greeter { func greeting(for hour: Int) -> String { \"\" } }"]
        #expect(generate(publicExtension, testable: false).source.contains("self.double.greeting.usesDefault(hour)"))
    }

    @Test("A default declared in a parent module (--parent) answers the child's double too")
    func parentModuleDefault() {
        let parent = ModuleDoubles.ParentModule(
            name: "Instrumentation",
            files: [
                ModuleDoubles.SourceFile(
                    path: "Instrument.swift",
                    text: "public protocol Instrument { func flush() -> Bool }\n"
                        + "extension Instrument { public func flush() -> Bool { true } }")
            ])

        let output = generate(["public protocol Tracer: Instrument { func start() }"], parents: [parent])

        #expect(output.doubles == ["TracerMock"])
        #expect(output.source.contains("fileprivate struct TracerMockDefaultFlush: Tracer, Sendable {"))
        #expect(
            output.source.contains(
                "extension Tracer {\n    fileprivate func litmusDefault_TracerMock_flush() -> Bool {"))
    }

    @Test(
        "The token filter: only a member declared directly in an extension of the protocol sends a file to the parser")
    func tokenFilter() {
        let members: Set<String> = ["func greeting", "var punctuation"]
        let protocols: Set<String> = ["Greeter"]
        func may(_ text: String) -> Bool {
            ExtensionDefaults.mayHoldDefault(text, protocols: protocols, memberNames: members)
        }

        #expect(may("extension Greeter { public func greeting() -> String { \"\" } }"))
        #expect(may("extension Greeter where Self: AnyObject {\n    var punctuation: String { \"!\" }\n}"))
        #expect(!may("extension Greeter { func shout() {} }"))
        #expect(!may("extension Other { func greeting() {} }"))
        #expect(!may("extension Greeter { struct Inner { func greeting() {} } }"))
        #expect(!may("struct S: Greeter { func greeting() -> String { \"\" } }"))
        #expect(!may("extension Greeters.Nested { func greeting() {} }"))
        #expect(!may("// extension Greeter { func greeting() }\nlet s = \"extension Greeter { func greeting() }\""))
    }
}
