import Testing

@testable import LitmusAudit

/// trapInTest and a member of an object the test set to a value, which the package's code never makes `nil`
/// (socketio/socket.io-client-swift v16.1.1's `manager.engine = engine`, calls of the manager, then
/// `manager.engine!.socketPath`: four read false on first contact), beside the near misses still reported.
@Suite("trapInTest: a member the test set, which the package never makes nil")
struct KeptMemberTests {
    /// The package: a manager whose `engine` (a protocol's requirement too) it gives only engines it makes or binds
    /// unwrapped, a `delegate` it holds
    /// weakly, a `session` it clears, a `cache` it computes, and a `transport` it gives what may be `nil`.
    private static let package = """
        public protocol Configurable { mutating func configure() }
        public protocol Managing { var engine: Engine? { get set } }
        public final class Engine: Configurable { public init() {}; public var path = ""; public func configure() {} }
        public final class Session { public init() {}; public var id = 0 }
        public final class Manager: Managing {
            public var engine: Engine?
            public weak var delegate: Engine?
            public var session: Session?
            public var cache: Session? { nil }
            public var transport: Engine?
            public var pending: Engine?
            public var staged: Engine?
            @Locked public var locked: Engine?
            public var link: Engine?
            public func promote() { if let staged { staged.configure() }; pending = staged }
            public init() { engine = Engine() }
            public func connect() {
                if var configurable = engine as? Engine { configurable.configure(); engine = configurable }
                session = nil
                transport = Engine.find()
            }
        }
        extension Engine { public static func find() -> Engine? { nil } }
        """

    /// The tests of an XCTest class holding a manager and an engine, set up, and `members`, that report a trap; beside
    /// them, a test double of the tests' that clears its `link`.
    private func traps(_ members: String) throws -> [String] {
        let fixture = """
                var manager: Manager!
                var engine: Engine!
                override func setUp() { manager = Manager(); engine = Engine() }
                final class FakeLink { var link: Engine?; func close() { link = nil } }
            """
        return try xctestTestNames(.trapInTest, fixture + "\n" + members, package: ["Manager.swift": Self.package])
            .map { String($0.dropFirst("T.".count)) }
    }

    @Test("Set by the test, calls of the package between, which never make it nil: no trap")
    func keptByThePackage() throws {
        let members = """
                func testA() { manager.engine = engine; manager.connect(); XCTAssertEqual(manager.engine!.path, "") }
                func testB() { let m = Manager(); m.engine = Engine(); m.connect(); XCTAssertEqual(m.engine!.path, "") }
            """
        #expect(try traps(members) == [])
    }

    @Test(
        "Near misses: a member the package clears, holds weakly, computes, wraps or gives what may be nil (an `if let` ended); one a test double clears; an optional value; the object set again; a closure of the test that sets either"
    )
    func nearMisses() throws {
        let members = """
                func testA() { manager.session = Session(); manager.connect(); XCTAssertEqual(manager.session!.id, 0) }
                func testB() { manager.delegate = engine; manager.connect(); XCTAssertEqual(manager.delegate!.path, "") }
                func testC() { XCTAssertEqual(manager.cache!.id, 0) }
                func testD() { manager.transport = engine; manager.connect(); XCTAssertEqual(manager.transport!.path, "") }
                func testE() { manager.engine = Engine.find(); manager.connect(); XCTAssertEqual(manager.engine!.path, "") }
                func testF() { manager.engine = engine; manager = Manager(); XCTAssertEqual(manager.engine!.path, "") }
                func testG() { let reset = { self.manager.engine = nil }; manager.engine = engine; reset(); XCTAssertEqual(manager.engine!.path, "") }
                func testH() { manager.engine = engine; self.manager = Manager(); XCTAssertEqual(manager.engine!.path, "") }
                func testI() { let replace = { self.manager = Manager() }; manager.engine = engine; replace(); XCTAssertEqual(manager.engine!.path, "") }
                func testJ() { manager.pending = engine; manager.promote(); XCTAssertEqual(manager.pending!.path, "") }
                func testK() { manager.locked = engine; manager.connect(); XCTAssertEqual(manager.locked!.path, "") }
                func testL() { manager.link = engine; manager.connect(); XCTAssertEqual(manager.link!.path, "") }
            """
        #expect(
            try traps(members) == [
                "testA", "testB", "testC", "testD", "testE", "testF", "testG", "testH", "testI", "testJ", "testK",
                "testL",
            ])
    }
}
