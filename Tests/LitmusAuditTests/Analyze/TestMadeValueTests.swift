import Testing

@testable import LitmusAudit

/// trapInTest and a property of a value the test made from a type only its tests declare, set from a literal
/// (GRDB.swift 7.10.0: `let record = MinimalSingle()`, `record.UUID = "theUUID"`, `try record.insert(db)`, then
/// `record.UUID!`): the package cannot name the property, so only the type's own members and the test can set it.
@Suite("trapInTest: an unwrap of a property the test set from a literal on a value of its own type")
struct TestMadeValueTests {
    /// The package: a base class of records whose `insert` calls the record's `didInsert`.
    private static let package = """
        open class Record {
            public init() {}
            open func didInsert(_ rowID: Int64) {}
            public func insert(_ db: Database) throws { didInsert(1) }
        }
        public final class Database {}
        """

    /// The test file's own types: a record whose `didInsert` sets its `id`, a person made with its fields, and a
    /// struct with a memberwise initializer and a computed property.
    private static let types = """
        import XCTest
        class Single: Record {
            var uuid: String?
            var id: Int64?
            override init() { super.init() }
            init(row: [String: String]) { uuid = row["uuid"]; super.init() }
            override func didInsert(_ rowID: Int64) { id = rowID }
        }
        class Person: Record {
            var name: String?
            var age: Int?
            init(name: String?, age: Int?) { self.name = name; self.age = age; super.init() }
        }
        struct Point {
            var x: Int?
            var label: String? { x.map(String.init) }
        }
        func reset(_ record: Single) { record.uuid = nil }
        protocol Resettable: AnyObject { var token: String? { get set } }
        extension Resettable { func reset() { token = nil } }
        final class Session: Resettable { var token: String?; init() {} }
        let shared = Single()

        """

    /// The names of the tests of `methods` (members of a final XCTest class after ``types``) found to trap.
    private func traps(_ methods: String, packageDeclaresTypes: Bool = false) throws -> [String] {
        let file = Self.types + "final class RecordTests: XCTestCase {\n" + methods + "\n}\n"
        var sources = ["Record.swift": Self.package]
        if packageDeclaresTypes { sources["Types.swift"] = "public class Single {}" }
        return try analyzeSources(["RecordTests.swift": file], packageSources: sources).findings
            .filter { $0.kind == .trapInTest }.compactMap(\.testName).sorted()
    }

    @Test("Set from a literal in the block that made it, or given to the initializer that stores it: no trap")
    func setFromALiteral() throws {
        let methods = """
            func testAssigned() throws { let record = Single(); record.uuid = "u"; try record.insert(Database()); XCTAssertEqual(record.uuid!, "u") }
            func testGiven() throws { let person = Person(name: "Arthur", age: 41); try person.insert(Database()); person.age = person.age! + 1; XCTAssertEqual(person.name!, "Arthur") }
            func testMemberwise() { let point = Point(x: 3); XCTAssertEqual(point.x!, 3) }
            func testLater() { let record = Single(); record.uuid = "u"; XCTAssertEqual(record.uuid!, "u"); record.uuid = nil }
            """
        #expect(try traps(methods) == [])
    }

    @Test(
        "Near misses: a member or a protocol's extension that sets it, a condition, nil in a loop or a closure, a computed property, the value handed on or shared, the package's type"
    )
    func nearMisses() throws {
        let methods = """
            func testSetByMember() throws { let record = Single(); record.id = 7; try record.insert(Database()); XCTAssertEqual(record.id!, 7) }
            func testConditional() { let record = Single(); if Bool.random() { record.uuid = "u" }; XCTAssertEqual(record.uuid!, "u") }
            func testLooped() { let record = Single(); record.uuid = "u"; for _ in 0..<2 { XCTAssertEqual(record.uuid!, "u"); record.uuid = nil } }
            func testComputed() { let point = Point(x: 3); XCTAssertEqual(point.label!, "3") }
            func testHelper() { let record = Single(); record.uuid = "u"; reset(record); XCTAssertEqual(record.uuid!, "u") }
            func testNilGiven() { let person = Person(name: nil, age: 41); XCTAssertEqual(person.name!, "Arthur") }
            func testFromRow() { let record = Single(row: ["uuid": "u"]); XCTAssertEqual(record.uuid!, "u") }
            func testAlias() { let record = Single(); record.uuid = "u"; let alias = record; alias.uuid = nil; XCTAssertEqual(record.uuid!, "u") }
            func testInArray() { let record = Single(); record.uuid = "u"; resetAll([record]); XCTAssertEqual(record.uuid!, "u") }
            func testClosure() { let record = Single(); record.uuid = "u"; (0..<2).forEach { _ in XCTAssertEqual(record.uuid!, "u"); record.uuid = nil } }
            func testProtocol() { let s = Session(); s.token = "a"; s.reset(); XCTAssertEqual(s.token!, "a") }
            func testShared() { shared.uuid = "u"; XCTAssertEqual(shared.uuid!, "u") }
            """
        #expect(
            try traps(methods) == [
                "RecordTests.testAlias", "RecordTests.testClosure", "RecordTests.testComputed",
                "RecordTests.testConditional", "RecordTests.testFromRow", "RecordTests.testHelper",
                "RecordTests.testInArray", "RecordTests.testLooped", "RecordTests.testNilGiven",
                "RecordTests.testProtocol", "RecordTests.testSetByMember", "RecordTests.testShared",
            ])
        let assigned = """
            func testAssigned() { let record = Single(); record.uuid = "u"; XCTAssertEqual(record.uuid!, "u") }
            """
        #expect(try traps(assigned, packageDeclaresTypes: true) == ["RecordTests.testAssigned"])
    }
}
