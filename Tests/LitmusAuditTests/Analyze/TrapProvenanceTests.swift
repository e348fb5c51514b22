import Testing

@testable import LitmusAudit

/// trapInTest counts a trap whose value can come from the package's own code: one on values made only of the
/// test's literals and the platform's or a dependency's API is set-up, the same every run.
@Suite("trapInTest: a trap counts when its value can come from the package's code")
struct TrapProvenanceTests {
    /// The package under test: a parser, a decoder of frames, and an extension of a dependency's buffer.
    private static let package = """
        public struct ParseError: Error {}
        public struct Parser {
            public static func parse(_ text: String) throws -> Int {
                if text.isEmpty { throw ParseError() }
                return text.count
            }
        }
        public struct Frame { public var payload: [UInt8]? }
        public final class FrameEncoder: ChannelOutboundHandler {}
        public final class FrameDecoder {
            public init() {}
            public func nextFrame() throws -> Frame? { nil }
        }
        extension ByteBuffer {
            public mutating func readFrame() -> Frame? { nil }
        }
        """

    /// Near misses of each other: what the platform or a dependency makes of the test's literals (a shut-down
    /// group, a file's data, a buffer's text, the first of a zip of literals), and what may be the package's (its
    /// parser, its decoder's frame, its extension of a buffer, a closure's argument, a `var`, a property, the
    /// environment, a function the package does not declare, a bundle's file, a channel the test gave the
    /// package's handler before it reads; not one it gives the handler after).
    private static let methods = #"""
        func testA() { let group = MultiThreadedEventLoopGroup(numberOfThreads: 1); defer { try! group.syncShutdownGracefully() }; XCTAssertEqual(1, 1) }
        func testB() { let path = "/tmp/fixture.json"; let data = try! Data(contentsOf: URL(fileURLWithPath: path)); XCTAssertEqual(data.count, 2) }
        func testC() { let buffer = ByteBuffer(string: "abc"); XCTAssertEqual(buffer.getString(at: 0, length: 3)!, "abc") }
        func testD() { let a = [1, 2]; let b = ["x", "y"]; XCTAssertEqual(zip(a, b).first!.0, 1) }
        func testE() { XCTAssertEqual(try! Parser.parse("abc"), 3) }
        func testF() throws { let decoder = FrameDecoder(); let frame = try decoder.nextFrame(); XCTAssertEqual(frame!.payload!.count, 1) }
        func testG() { var buffer = ByteBuffer(string: "abc"); XCTAssertEqual(buffer.readFrame()!.payload, []) }
        func testH() { XCTAssertEqual(items.map { $0.count! }, [1]) }
        func testI() { var text: String? = "x"; XCTAssertEqual(text!, "x") }
        func testJ() { XCTAssertEqual(self.channel!.isActive, true) }
        func testK() { XCTAssertEqual(ProcessInfo.processInfo.environment["HOME"]!, "/root") }
        func testL() { XCTAssertEqual(makeClient()!.name, "c") }
        func testN() { let channel = EmbeddedChannel(); try channel.pipeline.addHandler(FrameEncoder()).wait(); XCTAssertEqual(try channel.readOutbound(as: ByteBuffer.self)!.readableBytes, 3) }
        func testO() { let channel = EmbeddedChannel(); XCTAssertEqual(try channel.readOutbound(as: ByteBuffer.self)!.readableBytes, 3); try channel.pipeline.addHandler(FrameEncoder()).wait() }
        func testM() { XCTAssertEqual(try! Data(contentsOf: Bundle.module.url(forResource: "f", withExtension: "json")!).count, 2) }
        """#

    @Test("Set-up of the platform's or a dependency's values is no trap; a value that may be the package's is")
    func provenance() throws {
        // Given the package and the tests above

        // When
        let found = try xctestTestNames(.trapInTest, Self.methods, package: ["Parser.swift": Self.package])

        // Then
        #expect(
            found == [
                "T.testE", "T.testF", "T.testG", "T.testH", "T.testI", "T.testJ", "T.testK", "T.testL", "T.testM",
                "T.testN",
            ])
    }

    @Test("A property set up from a dependency's values is set-up; one given or handed the package's is not")
    func properties() throws {
        // Given: swift-nio-http2 1.46.0's `self.serverChannel!`, set up as `EmbeddedChannel()` (here a dependency's
        // `Harness`, whose initializers may fail: SwiftNIO's channel is never nil, AssignedAtSetUpTests), and near
        // misses
        let file = """
            import XCTest
            final class Plain: XCTestCase {
                var channel: Harness!
                override func setUp() { self.channel = Harness() }
                func testA() { XCTAssertEqual(self.channel!.isActive, false) }
                func testB() { XCTAssertEqual(channel!.isActive, false) }
                func testC() { try self.channel.pipeline.addHandler(FrameEncoder()).wait(); XCTAssertEqual(self.channel!.isActive, false) }
            }
            final class Given: XCTestCase {
                var channel: Harness!
                override func setUp() { self.channel = Harness(handler: FrameEncoder()) }
                func testD() { XCTAssertEqual(self.channel!.isActive, false) }
            }
            final class Handed: XCTestCase {
                var channel: Harness!
                override func setUp() {
                    self.channel = Harness()
                    try! self.channel.pipeline.addHandler(FrameEncoder()).wait()
                }
                func testE() { XCTAssertEqual(self.channel!.isActive, false) }
            }
            final class Computed: XCTestCase {
                var channel: Harness! { Harness() }
                func testF() { XCTAssertEqual(self.channel!.isActive, false) }
            }
            """

        // When
        let found = try analyzeSources(["T.swift": file], packageSources: ["Parser.swift": Self.package]).findings
            .filter { $0.kind == .trapInTest }.compactMap(\.testName)

        // Then
        #expect(found.sorted() == ["Computed.testF", "Given.testD", "Handed.testE", "Plain.testC"])
    }

    @Test(
        "A parameter of the test's own function holds what its calls give: literals are set-up, the package's value is not"
    )
    func localFunctionParameters() throws {
        // Given a function declared in the test, called once per case with literals (attaswift/BigInt 6.0.1's
        // `func test(_ v: String, _ m: String)`), and near misses: a call that gives the package's value, a default the
        // package makes (not a literal one), a parameter of a package type (whatever literal makes it), `error` in a
        // `catch` (the error caught, not the parameter), the function handed on as a value (its callers unknown), a
        // recursive call that terminates, and a channel the function hands the
        // package's handler before it reads
        let methods = #"""
            func testA() { func check(_ path: String, _ count: Int) { XCTAssertEqual(try! Data(contentsOf: URL(fileURLWithPath: path)).count, count) }; check("/tmp/a", 1); check("/tmp/b", 2) }
            func testB() { func check(_ path: String) { XCTAssertEqual(try! Data(contentsOf: URL(fileURLWithPath: path)).count, 1) }; check("/tmp/a"); check("/tmp/\(try Parser.parse("abc"))") }
            func testC() { func check(_ decoder: FrameDecoder = FrameDecoder()) { XCTAssertNil(try decoder.nextFrame()!.payload) }; check() }
            func testD() { func check(_ path: String) { XCTAssertEqual(try! Data(contentsOf: URL(fileURLWithPath: path)).count, 1) }; ["/tmp/a"].forEach(check) }
            func testE() { func check(_ channel: EmbeddedChannel) { try channel.pipeline.addHandler(FrameEncoder()).wait(); XCTAssertEqual(try channel.readOutbound(as: ByteBuffer.self)!.readableBytes, 3) }; check(EmbeddedChannel()) }
            func testF() { func check(_ channel: EmbeddedChannel) { XCTAssertEqual(try channel.readOutbound(as: ByteBuffer.self)!.readableBytes, 3) }; check(EmbeddedChannel()) }
            func testG() { func check(_ path: String = "/tmp/a") { XCTAssertEqual(try! Data(contentsOf: URL(fileURLWithPath: path)).count, 1) }; check(); check("/tmp/b") }
            func testH() { func check(_ decoder: FrameDecoder) { XCTAssertEqual(try decoder.nextFrame()!.payload, nil) }; check(.init()) }
            func testI() { func check(_ frame: Frame) { XCTAssertEqual(frame.payload!.count, 1) }; check([1]) }
            func testJ() { func check(_ n: Int) { if n > 0 { check(n - 1) }; XCTAssertEqual(try! Data(contentsOf: URL(fileURLWithPath: "/tmp/\(n)")).count, 1) }; check(3) }
            func testK() { func check(_ error: String) { do { try Parser.parse("") } catch { XCTAssertEqual((error as! ParseError).localizedDescription, error.localizedDescription) } }; check("x") }
            """#

        // When
        let found = try xctestTestNames(.trapInTest, methods, package: ["Parser.swift": Self.package])

        // Then
        // (testJ's recursion ends, and hands `n` to a function of the test's it cannot read: it counts.)
        #expect(found == ["T.testB", "T.testC", "T.testD", "T.testE", "T.testH", "T.testI", "T.testJ", "T.testK"])
    }

    @Test(
        "The tests' own fixed helper of a literal is set-up; one that names the package's code, a bundle, or the package's function is not"
    )
    func testsOwnHelpers() throws {
        // Given adam-fowler/swift-srp 2.3.0's hex parser, a String extension of its test file, called on literals in a
        // package that declares a property of the same name, and near misses
        let package =
            Self.package
            + "\npublic struct Key { public var bytes: [UInt8] { [] }; public func digits(_ s: String) -> [UInt8]? { nil } }\n"
        let file = #"""
            import XCTest
            extension String {
                enum ExtendedEncoding { case hexadecimal }
                func bytes(using _: ExtendedEncoding) -> [UInt8]? {
                    guard count % 2 == 0 else { return nil }
                    var bytes: [UInt8] = []
                    for i in stride(from: 0, to: count, by: 2) { bytes.append(UInt8(String(Array(self)[i...i+1]), radix: 16) ?? 0) }
                    return bytes
                }
                func parsed() -> Int? { try? Parser.parse(self) }
                func fixture() -> Data? { Bundle.module.url(forResource: self, withExtension: "json").flatMap { try? Data(contentsOf: $0) } }
                func digits(_ s: String) -> [UInt8]? { nil }
            }
            final class T: XCTestCase {
                func testA() { let salt = "bafa3be2813c9326".bytes(using: .hexadecimal)!; XCTAssertEqual(salt.count, 8) }
                func testB() { XCTAssertEqual("abc".parsed()!, 3) }
                func testC() { XCTAssertEqual("f".fixture()!.count, 2) }
                func testD() { XCTAssertEqual("x".digits("12")!.count, 2) }
            }
            """#

        // … and swift-foundation's `@Test func propertyList()`, whose name the call of another module's
        // `"…".propertyList()` shares: a test is no helper, so the call may be anyone's
        let suite = #"""
            import Testing
            struct StringTests {
                @Test func propertyList() { #expect(["foo"] == "(\"foo\")".propertyList() as! [String]) }
            }
            """#

        // When
        let found = try analyzeSources(
            ["T.swift": file, "StringTests.swift": suite], packageSources: ["Parser.swift": package]
        ).findings.filter { $0.kind == .trapInTest }.compactMap(\.testName)

        // Then the hex parser's bytes are the same every run; a helper calling the package's parser, one reading a
        // bundle, a name the package declares as a function and a test's name may hold the package's value
        #expect(
            found.sorted() == ["StringTests/propertyList", "T.testB", "T.testC", "T.testD"], "\(found)")
    }

    @Test("A constant is read once for what it holds, however often the trap names it")
    func constants() throws {
        // Given: a bare unwrap of a constant set up from a dependency's values, and one of the package's
        let file = #"""
            import XCTest
            final class T: XCTestCase {
                func testA() { let url = URL(fileURLWithPath: "/tmp/a"); let data = try? Data(contentsOf: url); XCTAssertEqual(data!.count, 2) }
                func testB() { let decoder = FrameDecoder(); let frame = try? decoder.nextFrame(); XCTAssertEqual(frame!.payload, []) }
                func testC() { let data = try? Data(contentsOf: URL(fileURLWithPath: "/tmp/a")); let same = data; XCTAssertEqual(same!.count + data!.count, 4) }
                func testD() { let channel = EmbeddedChannel(); let before = try channel.readOutbound(as: ByteBuffer.self); try channel.pipeline.addHandler(FrameEncoder()).wait(); let after = try channel.readOutbound(as: ByteBuffer.self); XCTAssertEqual((before ?? after)!.readableBytes, 4) }
            }
            """#

        // When
        let found = try analyzeSources(["T.swift": file], packageSources: ["Parser.swift": Self.package]).findings
            .filter { $0.kind == .trapInTest }.compactMap(\.testName)

        // Then
        #expect(found == ["T.testB", "T.testD"])
    }

    @Test("The package's types named as a generic argument or a cast's target, and every operand a try! covers")
    func typesAndOperands() throws {
        // Given: near misses of each other, on values the test made of literals
        let package =
            Self.package + """

                public struct Page<T: Decodable>: Decodable { public var items: [T] }
                public typealias Frames = [Frame]
                """
        let file = #"""
            import XCTest
            final class T: XCTestCase {
                func testA() { let any: Any = [1]; XCTAssertEqual((any as! [Int]).count, 1) }
                func testB() { let any: Any = [1]; XCTAssertEqual((any as! Frames).count, 1) }
                func testC() { let data = Data("{}".utf8); XCTAssertEqual(try! JSONDecoder().decode([String: Int].self, from: data).count, 0) }
                func testD() { let data = Data("{}".utf8); XCTAssertEqual(try! JSONDecoder().decode(Wrapper<Frame>.self, from: data).count, 0) }
                func testE() { XCTAssertEqual(Array(repeating: 1, count: 2).first!, 1) }
                func testG() { XCTAssertTrue(try! Data(contentsOf: URL(fileURLWithPath: "/tmp/a")).count == 2) }
                func testH() { XCTAssertTrue(try! Data(contentsOf: URL(fileURLWithPath: "/tmp/a")).count == Parser.parse("ab")) }
            }
            """#

        // When
        let found = try analyzeSources(["T.swift": file], packageSources: ["Parser.swift": package]).findings
            .filter { $0.kind == .trapInTest }.compactMap(\.testName)

        // Then
        #expect(found.sorted() == ["T.testB", "T.testD", "T.testH"])
    }

    @Test("A property a helper method of the test's type hands to the package may hold the package's values")
    func helperMethods() throws {
        // Given: the same set-up, with a helper that gives the channel the package's handler, called by the test or
        // not, and a tearDown that does after the test
        let file = """
            import XCTest
            final class Plain: XCTestCase {
                var channel: EmbeddedChannel!
                override func setUp() { self.channel = EmbeddedChannel() }
                func addEncoder() throws { try self.channel.pipeline.addHandler(FrameEncoder()).wait() }
                override func tearDown() { try! self.channel.pipeline.addHandler(FrameEncoder()).wait() }
                func testA() throws { XCTAssertEqual(try self.channel.readOutbound(as: ByteBuffer.self)!.readableBytes, 0) }
            }
            final class Helped: XCTestCase {
                var channel: EmbeddedChannel!
                override func setUp() { self.channel = EmbeddedChannel() }
                func addEncoder() throws { try self.channel.pipeline.addHandler(FrameEncoder()).wait() }
                func testB() throws { try addEncoder(); XCTAssertEqual(try self.channel.readOutbound(as: ByteBuffer.self)!.readableBytes, 0) }
            }
            """

        // When
        let found = try analyzeSources(["T.swift": file], packageSources: ["Parser.swift": Self.package]).findings
            .filter { $0.kind == .trapInTest }.compactMap(\.testName)

        // Then
        #expect(found == ["Helped.testB"])
    }

    @Test(
        "An initializer the context gives, `.init(label: …)`: a library's when no initializer of the package's has that label"
    )
    func contextInitializer() throws {
        // Given mattpolzin/OpenAPIKit 3.x's `.external(.init(string: "./schema.json")!)` (Foundation's URL), and near
        // misses: a label the package's initializers have, an enum's `rawValue`, an argument of the package's
        let package = Self.package + "\npublic struct Code { public init?(code: String) { nil } }\n"
        let file = """
            import XCTest
            final class T: XCTestCase {
                func testA() { XCTAssertEqual(reference(.init(string: "./schema.json")!), "x") }
                func testB() { XCTAssertEqual(name(.init("X-Request-ID")!), "x") }
                func testC() { XCTAssertEqual(name(.init(code: "A1")!), "x") }
                func testD() { XCTAssertEqual(name(.init(rawValue: "a")!), "x") }
                func testE() { XCTAssertEqual(name(.init(string: try! Parser.parse("a").description)!), "x") }
            }
            """

        // When
        let found = try analyzeSources(["T.swift": file], packageSources: ["Parser.swift": package]).findings
            .filter { $0.kind == .trapInTest }.compactMap(\.testName)

        // Then
        #expect(found.sorted() == ["T.testC", "T.testD", "T.testE"])
    }

    @Test("Without the package's sources, any value may be the package's")
    func looseFiles() throws {
        // Given
        let file = "import XCTest\nfinal class T: XCTestCase {\n" + Self.methods + "\n}\n"

        // When
        let found = try analyzeSources(["T.swift": file]).findings.filter { $0.kind == .trapInTest }

        // Then
        #expect(found.count == 15)
    }

    @Test("Of a test's traps, the first that calls the package's own code is named; without one, the first")
    func namedTrap() throws {
        // Given groue/GRMustache.swift 7.0.0's shape: its tests' helper `Bundle.ofFileDirectory(filePath:)!` before
        // `try! repo.template(named:)` of the package, and near misses: the package's trap first, and no trap of the
        // package's own code (a helper of the tests, then a function declared nowhere)
        let file = #"""
            import XCTest
            extension Bundle { static func ofFileDirectory(filePath: String) -> Bundle? { Bundle(path: filePath) } }
            func makeThing() -> Int? { 1 }
            final class T: XCTestCase {
                func testA() { let bundle = Bundle.ofFileDirectory(filePath: #filePath)!; XCTAssertEqual(try! Parser.parse(bundle.bundlePath), 3) }
                func testB() { XCTAssertEqual(try! Parser.parse("abc"), 3); XCTAssertNotNil(Bundle.ofFileDirectory(filePath: #filePath)!) }
                func testC() { let bundle = Bundle.ofFileDirectory(filePath: #filePath)!; XCTAssertEqual(makeThing()! + unknown()!, 3) }
            }
            """#
        // When
        let found = try analyzeSources(["T.swift": file], packageSources: ["Parser.swift": Self.package]).findings
            .filter { $0.kind == .trapInTest }.map { finding in
                let named =
                    finding.message.contains("`try!`")
                    ? "try!" : finding.message.contains("Bundle") ? "bundle" : "other"
                return "\(finding.testName ?? "?"):\(named)"
            }
        // Then
        #expect(found.sorted() == ["T.testA:try!", "T.testB:try!", "T.testC:bundle"], "\(found)")
    }
}
