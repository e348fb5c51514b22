import Testing

@testable import LitmusAudit

/// trapInTest and a variable the test has just set to a value that is not optional (swift-server/RediStack
/// 1.6.3's `connectionPromise = …makePromise()`, then `connectionPromise!`).
@Suite("trapInTest: an unwrap of a variable just set to a value that is not optional")
struct JustAssignedTests {
    /// The package's own source: `make` returns a value, `find` an optional.
    private static let package = """
        public struct Pool {
            public init() {}
            public static func make() -> Connection { Connection() }
            public static func find(_ id: Int) -> Connection? { nil }
        }
        public struct Connection { public var id = 0 }
        public struct Box<T> { public var value: T; public init(_ value: T) { self.value = value } }
        public struct Maybe<T> { public init?(_ value: T) { nil } }
        public final class Future<S> {
            public var x = 0
            public static func succeeded(_ value: S) -> Future<S> { Future() }
            public static func failed(_ value: S) -> Future<S>? { nil }
        }
        public func box<T>(_ value: T) -> Box<T> { Box(value) }
        public func maybe<T>(_ value: T) -> Maybe<T>? { nil }
        public func identity<T>(_ value: T) -> T { value }
        """

    /// The tests of an XCTest class with `members` that report a trap.
    private func traps(_ members: String) throws -> [String] {
        let file = """
            import XCTest
            final class PoolTests: XCTestCase {
                var shared: Connection?
            \(members)
            }
            """
        return try analyzeSources(["PoolTests.swift": file], packageSources: ["Pool.swift": Self.package]).findings
            .filter { $0.kind == .trapInTest }.compactMap(\.testName).map { String($0.split(separator: ".").last!) }
    }

    @Test("Set by the statement before, or earlier with nothing naming it between: no trap")
    func justSet() throws {
        let members = """
                func testA() { var c: Connection?; c = Pool.make(); XCTAssertEqual(c!.id, 0) }
                func testB() { var c: Connection? = nil; c = Pool.make(); let other = 1; XCTAssertEqual(c!.id, other) }
                func testC() { self.shared = Pool.make(); XCTAssertEqual(self.shared!.id, 0) }
            """
        let reported = try traps(members)
        #expect(reported == [])
    }

    @Test(
        "Near misses: an optional value, a statement between that names it, a property after a call, a closure, a weak var, a loop's condition, the property where a local hides it"
    )
    func nearMisses() throws {
        let members = """
                func testA() { var c: Connection?; c = Pool.find(1); XCTAssertEqual(c!.id, 0) }
                func testB() { var c: Connection?; c = Pool.make(); reset(&c); XCTAssertEqual(c!.id, 0) }
                func testC() { self.shared = Pool.make(); reset(); XCTAssertEqual(self.shared!.id, 0) }
                func testD() { var c: Connection?; c = Pool.make(); later { XCTAssertEqual(c!.id, 0) } }
                func testE() { var c: Connection?; if ready { c = Pool.make() }; XCTAssertEqual(c!.id, 0) }
                func testF() { var c: Connection?; c = nil; XCTAssertEqual(c!.id, 0) }
                func testG() { weak var c: Connection?; c = Pool.make(); XCTAssertEqual(c!.id, 0) }
                func testH() { shared = Pool.make(); stop(); XCTAssertEqual(shared!.id, 0); all.forEach { shared in use(shared) } }
                func testI() { var c: Connection?; c = Pool.make(); while c!.id < 9 { c = Pool.find(c!.id) } }
                func testJ() { var shared: Connection?; self.shared = Pool.make(); XCTAssertEqual(shared!.id, 0) }
            """
        let reported = try traps(members)
        #expect(
            reported == [
                "testA", "testB", "testC", "testD", "testE", "testF", "testG", "testH", "testI", "testJ",
            ])
    }

    @Test("Declared with a value that is not optional, read since only by unwraps, comparisons or arguments: no trap")
    func declaredSet() throws {
        // Given ReactiveSwift 7.2.1's `var property = Optional(MutableProperty(1))` then `property!.value = 2`, …, and
        // CwlUtils 3.0.0's `XCTAssert(uow != nil)` before `uow!.value` (a comparison or an argument leaves it as it was),
        // in the closure that sets it
        let members = """
                func testA() { var c: Connection? = Pool.make(); XCTAssertEqual(c!.id, 0) }
                func testB() { var c = Optional(Connection()); c!.id = 2; XCTAssertEqual(c!.id, 2); c = nil }
                func testC() { var c: Connection? = .some(Pool.make()); let id = c!.id; XCTAssertEqual(c!.id, id) }
                func testD() { var c: Connection? = Pool.make(); XCTAssert(c != nil); XCTAssertNotNil(c); use(c); XCTAssertEqual(c!.id, 0) }
                func testE() { var c: Connection?; let w = { () -> Int in c = Pool.make(); XCTAssert(c != nil); return c!.id }(); XCTAssertEqual(w, 0) }
            """
        let reported = try traps(members)
        #expect(reported == [])
    }

    @Test("Near misses: declared optional, handed on, a method of the optional, set to nil, in a closure, by a closure")
    func declaredNearMisses() throws {
        let members = """
                func testA() { var c: Connection? = Pool.find(1); XCTAssertEqual(c!.id, 0) }
                func testB() { var c: Connection? = Pool.make(); reset(&c); XCTAssertEqual(c!.id, 0) }
                func testC() { var c: Connection? = Pool.make(); _ = c.take(); XCTAssertEqual(c!.id, 0) }
                func testD() { var c: Connection? = Pool.make(); c = nil; XCTAssertEqual(c!.id, 0) }
                func testE() { var c: Connection? = Pool.make(); later { c = nil }; XCTAssertEqual(c!.id, 0) }
                func testF() { var c = Optional(Connection()); later { print(c!.id) }; XCTAssertEqual(c!.id, 0) }
                func testG() { var c: Connection?; Pool.onRelease = { c = nil }; c = Pool.make(); Pool.release(c); XCTAssertEqual(c!.id, 0) }
                func testH() { var c: Connection?; var n = 0; Pool.onRelease = { (c, n) = (nil, 1) }; c = Pool.make(); Pool.release(c); XCTAssertEqual(c!.id, n) }
            """
        let reported = try traps(members)
        #expect(reported == ["testA", "testB", "testC", "testD", "testE", "testF", "testG", "testH"])
    }

    @Test(
        "Copied into another variable, declared in each of several closures by one name, a generic type's value: no trap"
    )
    func copiedAndScoped() throws {
        // Given ReactiveSwift 7.2.1's `weak var weakProperty = property` before `property!` (a copy leaves it as it
        // was), and its specs' `it` closures that each declare a `property` of their own and set it to `nil`
        let members = """
                func testA() { var c: Connection? = Pool.make(); weak var w = c; let d = c; XCTAssertEqual(c!.id, 0); use(w, d) }
                func testB() {
                    run { var c: Connection? = Pool.find(1); c = nil; use(c) }
                    run { var c: Connection? = Pool.make(); XCTAssertEqual(c!.id, 0); c = nil }
                    run { var c: Connection? = Pool.make(); later { c = nil }; use(c) }
                }
                func testC() { var b = Optional(Box<Int>(1)); XCTAssertEqual(b!.value, 1); b = nil }
                func testD() { var c: Connection? = Pool.make(); withExtendedLifetime(c) { XCTAssertEqual($0!.id, 0) }; c = nil }
                func testE() { var c: Connection? = Pool.make(); withExtendedLifetime(c) { c in XCTAssertEqual(c!.id, 0) }; c = nil }
            """
        let reported = try traps(members)
        #expect(reported == [])
    }

    @Test(
        "Near misses: a copy made by a call, set in a closure of its scope, a closure's parameter of that name, a failable init"
    )
    func copiedAndScopedNearMisses() throws {
        let members = """
                func testA() { var c: Connection? = Pool.make(); var d = c.take(); XCTAssertEqual(c!.id, 0); use(d) }
                func testB() { var c: Connection? = Pool.make(); run { later { c = nil } }; XCTAssertEqual(c!.id, 0) }
                func testC() { var c: Connection? = Pool.make(); run(Pool.find(1)) { c in XCTAssertEqual(c!.id, 0) }; use(c) }
                func testD() { var m = Optional(Maybe<Int>(1)); XCTAssertNotNil(m!); m = nil }
                func testE() { var c: Connection? = Pool.find(1); withExtendedLifetime(c) { XCTAssertEqual($0!.id, 0) } }
                func testF() { var c: Connection? = Pool.make(); keep(c) { XCTAssertEqual($0!.id, 0) }; c = nil }
                func testG() { var c: Connection? = Pool.make(); use(&c); withExtendedLifetime(c) { c in XCTAssertEqual(c!.id, 0) } }
            """
        let reported = try traps(members)
        #expect(reported == ["testA", "testB", "testC", "testD", "testE", "testF", "testG"])
    }

    @Test(
        "Declared with a generic package type's value, from a generic function or an implicit static function of the type: no trap; an optional or a generic parameter is"
    )
    func genericResults() throws {
        // Given AsyncNinja 1.4.0's lifetime tests: `var futureValue: Future<Int>? = .succeeded(fixtureResult)` and `var
        // futureA: Future<Int>? = future(after: 2.0) { … }` (a `func future<Success>(…) -> Future<Success>`), unwrapped
        // before they are set to nil (read false on first contact), and near misses: a generic function or a static one
        // returning an optional, a function returning its generic parameter
        let members = """
                func testA() { var f: Future<Int>? = .succeeded(1); XCTAssertEqual(f!.x, 0); f = nil }
                func testB() { var b: Box<Int>? = box(1); XCTAssertEqual(b!.value, 1); b = nil }
                func testC() { var m: Maybe<Int>? = maybe(1); XCTAssertNotNil(m!); m = nil }
                func testD() { var f: Future<Int>? = .failed(1); XCTAssertEqual(f!.x, 0); f = nil }
                func testE() { var c: Connection? = identity(shared); XCTAssertEqual(c!.id, 0); c = nil }
            """
        let reported = try traps(members)
        #expect(reported == ["testC", "testD", "testE"])
    }
}
