import Foundation
import Testing

@testable import LitmusAudit

/// trapInTest and a property every test finds set (drmohundro/SWXMLHash 8.1.1: `var xml: XMLIndexer?`,
/// `xml = XMLHash.parse(…)` in each suite's `init()`, then `xml!["root"]` in 89 tests).
@Suite("trapInTest: an unwrap of a property init() or setUp() always sets from a function that returns no optional")
struct AssignedAtSetUpTests {
    /// The package's own source: `parse` returns a value, `find` an optional, `make` a generic result,
    /// `wrapped` an `Optional<…>`, `first` a value (a name the standard library also uses).
    private let library = """
        public enum XMLHash {
            public static func parse(_ text: String) -> XMLIndexer { XMLIndexer(text) }
            public static func find(_ text: String) -> XMLIndexer? { nil }
            public static func make<T>(_ text: String) -> T { fatalError() }
            public static func wrapped(_ text: String) -> Optional<XMLIndexer> { nil }
        }
        public struct XMLIndexer { init(_ text: String) {} }
        public struct Catalog { public func first(where: (Int) -> Bool) -> XMLIndexer { XMLIndexer("") } }
        """

    /// The lines of trapInTest findings in a Swift Testing suite whose members are `members`.
    private func trapLines(_ members: String, sources: Bool = true) throws -> [Int] {
        let file = "import Testing\nstruct ParsingTests {\n" + members + "\n}\n"
        return try analyzeSources(
            ["ParsingTests.swift": file], packageSources: sources ? ["XMLHash.swift": library] : [:]
        )
        .findings.filter { $0.kind == .trapInTest }.compactMap(\.line)
    }

    @Test("Set in init() from a function the sources declare with a plain result: no trap")
    func setInInit() throws {
        let members = """
            var xml: XMLIndexer?
            init() {
                xml = XMLHash.parse("<root/>")
            }
            @Test func root() { #expect(xml!.name == "root") }
            @Test func viaSelf() { #expect(self.xml!.name == "root") }
            """
        #expect(try trapLines(members) == [])
        let throwing = """
            var xml: XMLIndexer?
            init() async throws {
                xml = try await XMLHash.parse("<root/>")
            }
            @Test func root() { #expect(xml!.name == "root") }
            """
        #expect(try trapLines(throwing) == [])
    }

    @Test("Without the package's sources, or from a function returning an optional or a generic, the unwrap is a trap")
    func stillATrap() throws {
        let members = { (value: String) in
            """
            var xml: XMLIndexer?
            init() {
                xml = \(value)
            }
            @Test func root() { #expect(xml!.name == "root") }
            """
        }
        #expect(try trapLines(members("XMLHash.parse(\"<root/>\")"), sources: false) == [7])
        #expect(try trapLines(members("XMLHash.find(\"<root/>\")")) == [7])
        #expect(try trapLines(members("XMLHash.make(\"<root/>\")")) == [7])
        #expect(try trapLines(members("try? XMLHash.parse(\"<root/>\")")) == [7])
        // The property's own type, which the sources declare with no `init?`, makes a value (initializerOfTheType)
        #expect(try trapLines(members("XMLIndexer(\"<root/>\")")).isEmpty)
        #expect(try trapLines(members("XMLHash.wrapped(\"<root/>\")")) == [7])
        // `first` of a value (the standard library's, here), not of a type the package declares
        #expect(try trapLines(members("items.first(where: { _ in true })")) == [7])
    }

    @Test(
        "Near misses the review found: an operator's value, a local of the same name, a weak property, a setUp nothing calls"
    )
    func reviewNearMisses() throws {
        let operatorValue = """
            var xml: XMLIndexer?
            init() {
                xml = XMLHash.parse("<root/>")
            }
            @Test mutating func cleared() { xml = Bool.random() ? nil : xml; #expect(xml!.name == "root") }
            """
        let local = """
            var xml: XMLIndexer?
            init() {
                xml = XMLHash.parse("<root/>")
            }
            @Test func shadowed() { let xml = XMLHash.find("<root/>"); #expect(xml!.name == "root") }
            """
        let weak = """
            weak var xml: XMLIndexer?
            init() {
                xml = XMLHash.parse("<root/>")
            }
            @Test func root() { #expect(xml!.name == "root") }
            """
        let structSetUp = """
            var xml: XMLIndexer?
            func setUp() {
                xml = XMLHash.parse("<root/>")
            }
            @Test func root() { #expect(xml!.name == "root") }
            """
        let returnFirst = """
            var xml: XMLIndexer?
            init() {
                guard Bool.random() else { return }
                xml = XMLHash.parse("<root/>")
            }
            @Test func root() { #expect(xml!.name == "root") }
            """
        #expect(try trapLines(operatorValue) == [7])
        #expect(try trapLines(local) == [7])
        #expect(try trapLines(weak) == [7])
        #expect(try trapLines(structSetUp) == [7])
        #expect(try trapLines(returnFirst) == [8])
    }

    @Test("Near misses: set only under an if, set to nil by a test, or an init that does not set it")
    func nearMisses() throws {
        let underIf = """
            var xml: XMLIndexer?
            init() {
                if Bool.random() { xml = XMLHash.parse("<root/>") }
            }
            @Test func root() { #expect(xml!.name == "root") }
            """
        let clearedByATest = """
            var xml: XMLIndexer?
            init() {
                xml = XMLHash.parse("<root/>")
            }
            @Test mutating func cleared() { xml = nil; #expect(xml!.name == "root") }
            """
        let secondInit = """
            var xml: XMLIndexer?
            init() {
                xml = XMLHash.parse("<root/>")
            }
            init(other: Int) {}
            @Test func root() { #expect(xml!.name == "root") }
            """
        #expect(try trapLines(underIf) == [7])
        #expect(try trapLines(clearedByATest) == [7])
        #expect(try trapLines(secondInit) == [8])
    }

    @Test("XCTest: set in setUp() from such a function: no trap")
    func setInSetUp() throws {
        let file = """
            import XCTest
            final class ParsingTests: XCTestCase {
                var xml: XMLIndexer!
                override func setUp() {
                    super.setUp()
                    xml = XMLHash.parse("<root/>")
                }
                func testRoot() { XCTAssertEqual(xml!.name, "root") }
            }
            """
        let findings = try analyzeSources(["ParsingTests.swift": file], packageSources: ["XMLHash.swift": library])
            .findings.filter { $0.kind == .trapInTest }
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test("A nested type's initializer (`Outer.Inner(…)`) sets the property; a failable one or a function does not")
    func nestedTypeInitializer() throws {
        // Given apple/swift-cassandra-client 0.12.0's `var configuration: CassandraClient.Configuration!`, set in setUp
        // by `CassandraClient.Configuration(…)`, a struct of the package with no failable initializer; near misses: a
        // nested type whose initializer may fail, and a static function (lower case) returning an optional
        let library = """
            public final class Client { public init() {} }
            extension Client {
                public struct Configuration { public init(port: Int) {} }
                public struct Maybe { public init?(port: Int) { nil } }
                public static func make(port: Int) -> Configuration? { nil }
            }
            """
        let file = """
            import XCTest
            final class ClientTests: XCTestCase {
                var configuration: Client.Configuration!
                var maybe: Client.Maybe!
                var made: Client.Configuration!
                override func setUp() {
                    configuration = Client.Configuration(port: 1)
                    maybe = Client.Maybe(port: 1)
                    made = Client.make(port: 1)
                }
                func testConfiguration() { let c = self.configuration!; XCTAssertNotNil(c) }
                func testMaybe() { let m = self.maybe!; XCTAssertNotNil(m) }
                func testMade() { let m = self.made!; XCTAssertNotNil(m) }
            }
            """
        let lines = try analyzeSources(["ClientTests.swift": file], packageSources: ["Client.swift": library])
            .findings.filter { $0.kind == .trapInTest }.compactMap(\.line)
        // Then only the failable initializer's and the optional function's values are traps
        #expect(lines == [12, 13], "\(lines)")
    }

    @Test(
        "A member the package declares not optional, of what its static function made in setUp, cannot be nil"
    )
    func memberOfMadeValue() throws {
        // Given swift-nio 2.101.3's NIOAsyncWriterTests: `let newWriter = NIOAsyncWriter.makeWriter(…)` then
        // `self.writer = newWriter.writer`, a `let` of the package's `NewWriter`; near misses: an optional member, one
        // without a written type, a `var` made again, and a static function overloaded with another result type
        let library = """
            public struct Writer<Element> {
                public struct NewWriter {
                    public let writer: Writer
                    public let maybe: Writer?
                    public let inferred = Writer()
                }
                public static func makeWriter(isWritable: Bool) -> NewWriter { fatalError() }
                public static func either(_ a: Int) -> NewWriter { fatalError() }
                public static func either(_ a: String) -> Writer { fatalError() }
                public func yield(_ e: Element) {}
            }
            """
        let file = """
            import XCTest
            final class WriterTests: XCTestCase {
                private var writer: Writer<String>!
                private var maybe: Writer<String>!
                private var inferred: Writer<String>!
                private var again: Writer<String>!
                private var overloaded: Writer<String>!
                override func setUp() {
                    let newWriter = Writer<String>.makeWriter(isWritable: true)
                    var other = Writer<String>.makeWriter(isWritable: true)
                    other = Writer<String>.makeWriter(isWritable: false)
                    let either = Writer<String>.either(1)
                    self.writer = newWriter.writer
                    self.maybe = newWriter.maybe
                    self.inferred = newWriter.inferred
                    self.again = other.writer
                    self.overloaded = either.writer
                }
                func testCaptured() { let task = { [writer] in writer!.yield("a") }; task() }
                func testDirect() { self.writer!.yield("b") }
                func testMaybe() { self.maybe!.yield("c") }
                func testInferred() { self.inferred!.yield("d") }
                func testAgain() { self.again!.yield("e") }
                func testOverloaded() { self.overloaded!.yield("f") }
            }
            """
        let lines = try analyzeSources(["WriterTests.swift": file], packageSources: ["Writer.swift": library])
            .findings.filter { $0.kind == .trapInTest }.compactMap(\.line)
        // Then the writer's two unwraps are no traps; the near misses' are
        #expect(lines == [21, 22, 23, 24], "\(lines)")
    }

    @Test("A struct fixture's stored member that setUp sets cannot be nil; a computed one, a class's, or a reset can")
    func fixtureStructMember() throws {
        // Given apple/swift-cassandra-client 0.12.0's `self.configuration.keyspace!`, set in setUp to `env[…] ?? "test"`
        // after `configuration = CassandraClient.Configuration(…)`; near misses: a computed member, a member of a class
        // (another holder may change it), a test that makes the fixture again, a method called on the fixture before the
        // unwrap (after it, as cassandra's `registerEncryptionSchema`, it changes nothing read), a member another struct
        // of the type's name computes, and (another file) a member set to what the environment may not hold, and a member
        // setUp sets on a local copy of the fixture's name
        let library = """
            public final class Client { public init() {} }
            extension Client {
                public struct Configuration {
                    public var keyspace: String?
                    public var host: String? { get { nil } set {} }
                    public var region: String?
                    public init(port: Int) {}
                    public mutating func register(_ name: String) { keyspace = nil }
                }
                public final class Settings { public var keyspace: String?; public init() {} }
            }
            public enum Other { public struct Configuration { public var region: String? { nil } } }
            """
        let file = """
            import XCTest
            final class ClientTests: XCTestCase {
                var configuration: Client.Configuration!
                var settings: Client.Settings!
                override func setUp() {
                    let keyspace = ProcessInfo.processInfo.environment["KEYSPACE"] ?? "test"
                    configuration = Client.Configuration(port: 1)
                    self.configuration.keyspace = keyspace
                    self.configuration.host = "h"
                    self.configuration.region = "eu"
                    settings = Client.Settings()
                    settings.keyspace = "x"
                }
                func testKeyspace() { XCTAssertEqual(self.configuration.keyspace!, "test") }
                func testHost() { XCTAssertEqual(self.configuration.host!, "h") }
                func testSettings() { XCTAssertEqual(self.settings.keyspace!, "x") }
                func testRemade() { configuration = Client.Configuration(port: 2); XCTAssertEqual(configuration.keyspace!, "t") }
                func testRegisterAfter() { let k = self.configuration.keyspace!; self.configuration.register(k) }
                func testRegisterBefore() { self.configuration.register("s"); XCTAssertEqual(self.configuration.keyspace!, "s") }
                func testRegion() { XCTAssertEqual(self.configuration.region!, "eu") }
            }
            """
        let other = """
            import XCTest
            final class EnvironmentTests: XCTestCase {
                var configuration: Client.Configuration!
                override func setUp() {
                    configuration = Client.Configuration(port: 1)
                    configuration.keyspace = ProcessInfo.processInfo.environment["KEYSPACE"]
                }
                func testKeyspace() { XCTAssertEqual(configuration.keyspace!, "test") }
            }
            """
        let local = """
            import XCTest
            final class LocalCopyTests: XCTestCase {
                var configuration: Client.Configuration!
                override func setUp() {
                    self.configuration = Client.Configuration(port: 1)
                    var configuration = Client.Configuration(port: 2)
                    configuration.keyspace = "local"
                    _ = configuration
                }
                func testKeyspace() { XCTAssertEqual(self.configuration.keyspace!, "local") }
            }
            """
        let found = try analyzeSources(
            ["ClientTests.swift": file, "EnvironmentTests.swift": other, "LocalCopyTests.swift": local],
            packageSources: ["Client.swift": library]
        ).findings.filter { $0.kind == .trapInTest }.map { "\($0.testName ?? ""):\($0.line ?? 0)" }.sorted()
        // Then only the member setUp stores a value in, on a struct, read in a test that keeps the fixture, cannot trap
        #expect(
            found == [
                "ClientTests.testHost:15", "ClientTests.testRegion:20", "ClientTests.testRegisterBefore:19",
                "ClientTests.testRemade:17", "ClientTests.testSettings:16", "EnvironmentTests.testKeyspace:8",
                "LocalCopyTests.testKeyspace:10",
            ], "\(found)")
    }

    /// The lines of trapInTest findings in an XCTest class `ParsingTests` (`final` or not) that sets `xml` in its
    /// `setUp` and unwraps it in `testRoot` (line 8 with a member before it, 7 without), with `member` in the class
    /// and `after` after it.
    private func setUpTrapLines(final: Bool = true, member: String = "", after: String = "") throws -> [Int] {
        let file = """
            import XCTest
            \(final ? "final " : "")class ParsingTests: XCTestCase {
                var xml: XMLIndexer!
                override func setUp() {
                    xml = XMLHash.parse("<root/>")
                }
            \(member.isEmpty ? "" : "    \(member)\n")    func testRoot() { XCTAssertEqual(xml!.name, "root") }
            }
            \(after)
            """
        return try analyzeSources(["ParsingTests.swift": file], packageSources: ["XMLHash.swift": library])
            .findings.filter { $0.kind == .trapInTest }.compactMap(\.line)
    }

    @Test("A closure's capture of the property is its value; a capture of another value, or a weak one, is not")
    func capturedProperty() throws {
        // Given swift-nio 2.101.3's `Task { [writer] in try await writer!.yield(…) }` of a property setUp sets
        func traps(_ capture: String) throws -> [Int] {
            let file = """
                import XCTest
                final class ParsingTests: XCTestCase {
                    var xml: XMLIndexer!
                    override func setUp() { xml = XMLHash.parse("<root/>") }
                    func testRoot() { run { \(capture) in XCTAssertEqual(xml!.name, "root") } }
                }
                """
            return try analyzeSources(["ParsingTests.swift": file], packageSources: ["XMLHash.swift": library])
                .findings.filter { $0.kind == .trapInTest }.compactMap(\.line)
        }
        #expect(try traps("[xml]") == [])
        #expect(try traps("[xml = self.xml]") == [])
        // Then another value under the name, or a weak capture, may be nil
        #expect(try traps("[xml = XMLHash.find(\"<root/>\")]") == [5])
        #expect(try traps("[weak xml]") == [5])
    }

    @Test("XCTest: set to nil in tearDown(), which runs after the test, is still set for it; nil elsewhere is not")
    func clearedInTearDown() throws {
        // Given: swift-nio 2.101.3's `self.group = nil` in tearDown, and near misses that clear it where a test reads
        #expect(try setUpTrapLines(member: "override func tearDown() { self.xml = nil; super.tearDown() }") == [])
        #expect(try setUpTrapLines(member: "override func tearDownWithError() throws { xml = nil }") == [])
        #expect(try setUpTrapLines(member: "func reset() { xml = nil }") == [8])
        #expect(try setUpTrapLines(member: "func tearDown(_ other: Int) { xml = nil }") == [8])
        // A tuple assigned sets its elements too, in tearDown (none read) or elsewhere, nested or not
        #expect(try setUpTrapLines(member: "override func tearDown() { (self.xml, n) = (nil, 0) }") == [])
        #expect(try setUpTrapLines(member: "func reset() { (xml, n) = (nil, 0) }") == [8])
        #expect(try setUpTrapLines(member: "func reset() { (n, (self.xml, m)) = (0, (nil, 1)) }") == [8])
    }

    @Test("XCTest: a class no class of the tests inherits is as good as final; one a subclass inherits is not")
    func unsubclassedClass() throws {
        // Given swift-nio 2.101.3's `class NonBlockingFileIOTest` (not final, inherited by nothing), and a near miss
        #expect(try setUpTrapLines(final: false) == [])
        #expect(try setUpTrapLines(final: false, after: "final class OtherTests: XCTestCase {}") == [])
        #expect(
            try setUpTrapLines(
                final: false, after: "final class MoreParsingTests: ParsingTests { override func setUp() {} }") == [7])
    }

    @Test("XCTest: a test in an extension of the class in the file finds what setUp set; one elsewhere does not")
    func testInAnExtension() throws {
        // Given swift-nio 2.101.3's `extension NonBlockingFileIOTest { func testAsync…() { self.fileIO!… } }` below
        // the class
        let more = "func testMore() { XCTAssertEqual(xml!.name, \"root\") }"
        #expect(try setUpTrapLines(after: "extension ParsingTests { \(more) }") == [])
        #expect(try setUpTrapLines(final: false, after: "extension ParsingTests { \(more) }") == [])
        // Then the extension of a type this file does not declare, or of a nested type of the name, is read as before
        #expect(try setUpTrapLines(after: "extension ElsewhereTests { \(more) }") == [9])
        #expect(
            try setUpTrapLines(
                after: "enum Outer { final class ParsingTests: XCTestCase {} }\n"
                    + "extension Outer.ParsingTests { \(more) }")
                == [10])
        // and a top-level extension of a name the file declares only nested extends another (top-level) type
        let nested = """
            import XCTest
            enum Outer {
                final class ParsingTests: XCTestCase {
                    var xml: XMLIndexer!
                    override func setUp() { xml = XMLHash.parse("<root/>") }
                }
            }
            extension ParsingTests { \(more) }
            """
        let lines = try analyzeSources(["ParsingTests.swift": nested], packageSources: ["XMLHash.swift": library])
            .findings.filter { $0.kind == .trapInTest }.compactMap(\.line)
        #expect(lines == [8])
    }

    @Test(
        "XCTest: what another test sets runs on another instance; what the test itself, or a test it calls, sets does not"
    )
    func setByAnotherTest() throws {
        // Given swift-nio 2.101.3's NIOAsyncWriterTests, whose deinit tests set `writer = nil`
        #expect(try setUpTrapLines(member: "func testClears() { xml = nil; XCTAssertNil(xml) }") == [])
        #expect(try setUpTrapLines(member: "func testPasses() { check(&xml) }") == [])
        // Then a helper that sets it stays a trap (clearedInTearDown), and so does a test the test calls
        let callsIt = """
            import XCTest
            final class ParsingTests: XCTestCase {
                var xml: XMLIndexer!
                override func setUp() {
                    xml = XMLHash.parse("<root/>")
                }
                func testClears() { xml = nil }
                func testRoot() { testClears(); XCTAssertEqual(xml!.name, "root") }
            }
            """
        let lines = try analyzeSources(["ParsingTests.swift": callsIt], packageSources: ["XMLHash.swift": library])
            .findings.filter { $0.kind == .trapInTest }.compactMap(\.line)
        #expect(lines == [8])
    }

    @Test("An initializer of the property's type with no failable one is a value; one with init? may be nil")
    func initializerOfTheType() throws {
        // Given swift-nio-http2's `self.server = .init(role: .server)` in setUp, and a type that may fail to make
        let sources = """
            public struct HTTP2ConnectionStateMachine { public init(role: Role) {} }
            public struct Parser { public init?(text: String) { nil } }
            public enum Role: String { case server, client }
            extension HTTP2ConnectionStateMachine { public init(copying other: Self) { self = other } }
            """
        func traps(_ property: String, _ assignment: String, declaring more: String = "") throws -> [Int] {
            let file = """
                import XCTest
                final class StateTests: XCTestCase {
                    var machine: \(property)!
                    override func setUp() { super.setUp(); \(assignment) }
                    func testRole() { XCTAssertEqual(check(self.machine!), 1) }
                }
                """
            return try analyzeSources(["StateTests.swift": file], packageSources: ["Machine.swift": sources])
                .findings.filter { $0.kind == .trapInTest }.compactMap(\.line)
        }
        #expect(try traps("HTTP2ConnectionStateMachine", "self.machine = .init(role: .server)").isEmpty)
        #expect(
            try traps("HTTP2ConnectionStateMachine", "machine = HTTP2ConnectionStateMachine(role: .client)").isEmpty)
        // Then a type with a failable initializer, and a type the sources do not declare, leave it a trap
        #expect(try traps("Parser", "machine = .init(text: \"x\")") == [5])
        #expect(try traps("Role", "machine = Role(rawValue: \"bogus\")") == [5])
        #expect(try traps("Channel", "machine = .init(role: .server)") == [5])
    }

    @Test(
        "Without facts, a library type's initializer with no argument is a value; with arguments, only a type none of whose initializers fails"
    )
    func plainLibraryInitializer() throws {
        // Given swift-nio-http2 1.46.0's `self.serverChannel = EmbeddedChannel()` in setUp (EmbeddedChannel is
        // SwiftNIO's, not the package's) and then handed the package's handler, so its unwrap may hold the package's
        // values; near misses: arguments, a trailing closure, a package type with `init?()`
        let sources = """
            public struct Parser { public init?() { nil } }
            public final class FrameEncoder: ChannelOutboundHandler { public init() {} }
            """
        func traps(_ property: String, _ assignment: String, declaring more: String = "") throws -> [Int] {
            let file = """
                import XCTest
                final class ChannelTests: XCTestCase {
                    var channel: \(property)!
                    override func setUp() { super.setUp(); \(assignment) }
                    func testRead() throws {
                        try self.channel.pipeline.addHandler(FrameEncoder()).wait()
                        XCTAssertEqual(read(self.channel!), 1)
                    }
                }
                """
            return try analyzeSources(["ChannelTests.swift": file], packageSources: ["Parser.swift": sources + more])
                .findings.filter { $0.kind == .trapInTest }.compactMap(\.line)
        }
        #expect(try traps("EmbeddedChannel", "self.channel = EmbeddedChannel()").isEmpty)
        #expect(try traps("EmbeddedChannel", "channel = .init()").isEmpty)
        #expect(try traps("Widget", "channel = Widget(loop: loop)") == [7])
        #expect(try traps("Widget", "channel = Widget() { $0 }") == [7])
        #expect(try traps("Parser", "channel = Parser()") == [7])
        // A library type none of whose initializers fails is a value whatever its arguments (swift-tools-support-async
        // 0.18.0's `MultiThreadedEventLoopGroup(numberOfThreads: 3)`, read false on first contact); not under `try?`,
        // and not a type of that name the package declares
        #expect(try traps("EventLoopGroup", "channel = MultiThreadedEventLoopGroup(numberOfThreads: 3)").isEmpty)
        #expect(try traps("EmbeddedChannel", "channel = NIOEmbedded.EmbeddedChannel(loop: loop)").isEmpty)
        #expect(try traps("EmbeddedChannel", "channel = try? EmbeddedChannel(handlers: [h])") == [7])
        #expect(try traps("Logger", "channel = Logger(label: \"x\")").isEmpty)
        #expect(
            try traps(
                "Logger", "channel = Logger(level: 1)",
                declaring: "public struct Logger { public init?(level: Int) { nil } }") == [7])
        // Nor one the package gives a failable initializer in an extension, or names by another base than the module
        #expect(
            try traps(
                "Logger", "channel = Logger(environment: [:])",
                declaring: "extension Logger { public init?(environment: [String: String]) { nil } }") == [7])
        #expect(try traps("Logger", "channel = Vendor.Logger(path: p)") == [7])
        #expect(try traps("Logger", "channel = Logging.Logger(label: \"x\")").isEmpty)
    }

    @Test("A static function of the type itself is read apart from other types' functions of the name")
    func staticOfTheType() throws {
        // Given vapor's `app = try await Application.make(.testing)` in an async setUp, where another type's
        // `make` returns an optional
        let sources = """
            public final class Application {
                public static func make(_ environment: String) async throws -> Application { Application() }
            }
            public enum Pool { public static func make(_ size: Int) -> Application? { nil } }
            """
        func traps(_ assignment: String) throws -> [Int] {
            let file = """
                import XCTest
                final class RouteTests: XCTestCase {
                    var app: Application!
                    override func setUp() async throws { \(assignment) }
                    func testRoute() { XCTAssertEqual(route(self.app!), 1) }
                }
                """
            return try analyzeSources(["RouteTests.swift": file], packageSources: ["Application.swift": sources])
                .findings.filter { $0.kind == .trapInTest }.compactMap(\.line)
        }
        #expect(try traps("app = try await Application.make(\"testing\")").isEmpty)
        // Then the other type's optional `make` leaves the unwrap a trap
        #expect(try traps("app = Pool.make(2)") == [5])
    }

    /// The lines of trapInTest findings in QueueTests.swift, whose class `QueueTests` inherits `DatabaseTestCase` of
    /// DatabaseTestCase.swift (`base`), with `more` files beside them.
    private func inheritedTrapLines(
        _ subclass: String, base: String = AssignedAtSetUpTests.databaseTestCase, more: [String: String] = [:]
    ) throws -> [Int] {
        let files = ["DatabaseTestCase.swift": base, "QueueTests.swift": subclass].merging(more) { first, _ in first }
        return try analyzeSources(files, packageSources: ["XMLHash.swift": library]).findings
            .filter { $0.kind == .trapInTest && $0.file?.hasSuffix("QueueTests.swift") == true }.compactMap(\.line)
    }

    private static let databaseTestCase = """
        import XCTest
        class DatabaseTestCase: XCTestCase {
            var configuration: XMLIndexer!
            override func setUp() {
                super.setUp()
                configuration = XMLHash.parse("<root/>")
            }
            override func tearDown() {
                configuration = nil
                super.tearDown()
            }
        }
        """

    /// `QueueTests: DatabaseTestCase` (`final` unless `final` is empty) with `member` before its test, which unwraps
    /// `configuration` on line 3, or 4 with a member.
    private static func queueTests(_ member: String = "", final: String = "final ", base: String = "DatabaseTestCase")
        -> String
    {
        """
        import XCTest
        \(final)class QueueTests: \(base) {\(member.isEmpty ? "" : "\n    \(member)")
            func testRead() { XCTAssertEqual(configuration!.name, "root") }
        }
        """
    }

    @Test("XCTest: a property a superclass in another file sets in its setUp() is set for its subclasses' tests")
    func setBySuperclass() throws {
        // Given groue/GRDB.swift 7.10.0's GRDBTestCase (`var dbConfiguration: Configuration!`, set in its setUp, cleared
        // by nothing) and the `dbConfiguration!` of its subclasses' tests in other files
        #expect(try inheritedTrapLines(Self.queueTests()) == [])
        #expect(try inheritedTrapLines(Self.queueTests(final: "")) == [])
        #expect(try inheritedTrapLines(Self.queueTests("override func setUp() { super.setUp(); prepare() }")) == [])
        #expect(
            try inheritedTrapLines(
                Self.queueTests("override func setUpWithError() throws { try super.setUpWithError() }"))
                == [])
        // and through a class between them whose setUp calls super's first
        let middle = "class MiddleTestCase: DatabaseTestCase { override func setUp() { super.setUp(); extra() } }"
        #expect(try inheritedTrapLines(Self.queueTests(base: "MiddleTestCase"), more: ["Middle.swift": middle]) == [])
        // and a superclass in the test's own file
        let oneFile =
            Self.databaseTestCase + "\n" + Self.queueTests().replacingOccurrences(of: "import XCTest\n", with: "")
        #expect(try inheritedTrapLines(oneFile, base: "import XCTest") == [])
    }

    @Test(
        "XCTest: near misses of a superclass's setUp: an override without super, nil set where a test reads it, or no value"
    )
    func inheritedNearMisses() throws {
        // Then an override that does not call super's setUp first leaves the property unset
        #expect(try inheritedTrapLines(Self.queueTests("override func setUp() { prepare() }")) == [4])
        #expect(
            try inheritedTrapLines(
                Self.queueTests("override func setUp() { guard ready else { return }; super.setUp() }")) == [4])
        let middle = "class MiddleTestCase: DatabaseTestCase { override func setUp() { extra() } }"
        #expect(try inheritedTrapLines(Self.queueTests(base: "MiddleTestCase"), more: ["Middle.swift": middle]) == [3])
        // and a subclass of the test's class may override it too
        let sub = "final class MoreQueueTests: QueueTests { override func setUp() {} }"
        #expect(try inheritedTrapLines(Self.queueTests(final: ""), more: ["More.swift": sub]) == [3])
        // Then nil set by the test, by a helper of the superclass, or a value that may be nil
        #expect(try inheritedTrapLines(Self.queueTests("func clear() { configuration = nil }")) == [4])
        let helper = Self.databaseTestCase.replacingOccurrences(
            of: "override func tearDown() {",
            with: "func reset() { configuration = nil }\n    override func tearDown() {")
        #expect(try inheritedTrapLines(Self.queueTests(), base: helper) == [3])
        let optional = Self.databaseTestCase.replacingOccurrences(of: "XMLHash.parse(", with: "XMLHash.find(")
        #expect(try inheritedTrapLines(Self.queueTests(), base: optional) == [3])
        let conditional = Self.databaseTestCase.replacingOccurrences(
            of: "configuration = XMLHash.parse(\"<root/>\")",
            with: "if ready { configuration = XMLHash.parse(\"<root/>\") }")
        #expect(try inheritedTrapLines(Self.queueTests(), base: conditional) == [3])
        // and a property the test's class overrides (its getter reads what it likes), or one no class declares
        let redeclared = Self.queueTests("override var configuration: XMLIndexer! { get { nil } set {} }")
        #expect(try inheritedTrapLines(redeclared) == [4])
        #expect(try inheritedTrapLines(Self.queueTests(base: "XCTestCase")) == [3])
    }

    @Test(
        "XCTest: near misses a review found: a test that sets it, a helper elsewhere, an early return, #if, two bases")
    func inheritedReviewNearMisses() throws {
        // Then a test of the class that sets a value that may be nil is read apart from its neighbour that does not
        let twoTests = """
            import XCTest
            final class QueueTests: DatabaseTestCase {
                func testA() { XCTAssertEqual(configuration!.name, "root") }
                func testB() { configuration = XMLHash.find("<x/>"); XCTAssertEqual(configuration!.name, "root") }
            }
            """
        #expect(try inheritedTrapLines(twoTests) == [4])
        // and a helper in another file, an extension of the superclass or of the test's class, may clear it
        let helper = "extension DatabaseTestCase { func reset() { configuration = nil } }"
        #expect(try inheritedTrapLines(Self.queueTests(), more: ["Helpers.swift": helper]) == [3])
        let other = "extension QueueTests { func useOther() { self.configuration = XMLHash.find(\"\") } }"
        #expect(try inheritedTrapLines(Self.queueTests(), more: ["Helpers.swift": other]) == [3])
        // and a return under an `if` before super's setUp, or before the superclass sets it, leaves it unset
        let early = "override func setUp() { if skipped { return }; super.setUp() }"
        #expect(try inheritedTrapLines(Self.queueTests(early)) == [4])
        let baseEarly = Self.databaseTestCase.replacingOccurrences(
            of: "super.setUp()\n", with: "super.setUp()\n        if skipped { return }\n")
        #expect(try inheritedTrapLines(Self.queueTests(), base: baseEarly) == [3])
        // and an override under `#if` is an override, and one in an extension too
        let conditional = "#if os(Linux) || os(macOS)\n    override func setUp() {}\n    #endif"
        #expect(try inheritedTrapLines(Self.queueTests(conditional)) == [6])
        let extended = "extension QueueTests { override func setUp() {} }"
        #expect(try inheritedTrapLines(Self.queueTests(), more: ["More.swift": extended]) == [3])
        // (while a sibling subclass that clears its own in its tearDown, or a nested type's own property, does not)
        let sibling = """
            final class ProxyTests: DatabaseTestCase {
                struct Fixture { var configuration: XMLIndexer?; mutating func clear() { configuration = nil } }
                override func tearDown() { self.configuration = nil; super.tearDown() }
            }
            """
        #expect(try inheritedTrapLines(Self.queueTests(), more: ["ProxyTests.swift": sibling]) == [])
        // and two classes of the superclass's name (two test targets) leave the inherited one unknown
        let twin = "class DatabaseTestCase: XCTestCase { var configuration: XMLIndexer! }"
        #expect(try inheritedTrapLines(Self.queueTests(), more: ["Twin.swift": twin]) == [3])
    }

    @Test(
        "Set in setUp from a test model's static value, a literal, or in the clause of `#if SWIFT_PACKAGE` the build compiles: no trap"
    )
    func staticValuesLiteralsAndPackageClauses() throws {
        // Given hkellaway/Gloss 3.2.1's shape: a test model's static JSON the set-up assigns under `#if SWIFT_PACKAGE`
        // (read from a bundle file for Xcode), a property starting as a literal, and one set to an array literal
        let model = """
            typealias JSON = [String: Any]
            struct TestModel {
                static var testJSON: JSON { return ["a": 1] }
                static var maybeJSON: JSON? { return nil }
                static var untypedJSON = TestModel.load()
            }
            """
        func traps(_ setUp: String, property: String = "var json: JSON? = [:]") throws -> [String] {
            let tests = """
                import XCTest
                final class DecoderTests: XCTestCase {
                    \(property)
                    override func setUp() {
                        super.setUp()
                        \(setUp)
                    }
                    override func tearDown() { json = nil; super.tearDown() }
                    func testRead() { XCTAssertEqual(json!.count, 1) }
                }
                """
            return try analyzedFindings(.trapInTest, in: ["DecoderTests.swift": tests, "TestModel.swift": model]).map {
                String($0.prefix { $0 != ":" })
            }
        }
        // The analysis here reads the files as loose ones, without SWIFT_PACKAGE: the `#else` is what its build compiles
        let packageFirst =
            "#if SWIFT_PACKAGE\n json = try? readBundleFile()\n #else\n json = TestModel.testJSON\n #endif"
        let bundleFirst =
            "#if !SWIFT_PACKAGE\n json = TestModel.testJSON\n #else\n json = try? readBundleFile()\n #endif"

        // When / Then: a static value with a plain written type, a literal, and the compiled clause's value are values
        #expect(try traps("json = TestModel.testJSON") == [])
        #expect(try traps("json = [\"a\": 1]", property: "var json: JSON?") == [])
        #expect(try traps(packageFirst) == [])
        #expect(try traps(bundleFirst) == [])
        // … an optional or untyped static, the clause not compiled, or an `#if` on anything else, may leave it nil
        #expect(try traps("json = TestModel.maybeJSON") == ["DecoderTests.testRead"])
        #expect(try traps("json = TestModel.untypedJSON") == ["DecoderTests.testRead"])
        let notCompiled = "#if SWIFT_PACKAGE\n json = TestModel.testJSON\n #endif"
        #expect(try traps(notCompiled, property: "var json: JSON?") == ["DecoderTests.testRead"])
        let otherCondition = "#if os(macOS)\n json = TestModel.testJSON\n #endif"
        #expect(try traps(otherCondition, property: "var json: JSON?") == ["DecoderTests.testRead"])
    }
}
