import Testing

@testable import LitmusAudit

/// trapInTest and a lookup in a constant dictionary literal declared in another file of the test's target, by a key
/// the test binds to a literal (Kitura/KituraKit 1.0.200's `initialStore[id]!`, read false on first contact).
@Suite("trapInTest: a key a constant dictionary of the target writes is never missing")
struct NeverNilKeysTests {
    @Test("A table of another file of the target, read by a literal or a let bound to one; near misses still trap")
    func tableOfTheTarget() throws {
        // Given KituraKit's fixtures file and tests, and near misses: a key the table does not write, a key held in a
        // var, a table held in a var, a name two files of the target bind
        let models = """
            let initialStore = ["1": User(id: 1), "2": User(id: 2)]
            var loose = ["1": User(id: 1)]
            let shared = ["1": 1]
            """
        let other = """
            let shared = ["2": 2]
            """
        let tests = """
            import XCTest
            final class MainTests: XCTestCase {
                func testA() { let id = "1"; client.get(id) { user in XCTAssertEqual(user, initialStore[id]!) } }
                func testB() { XCTAssertEqual(fetch(2), initialStore["2"]!) }
                func testC() { let id = "9"; XCTAssertEqual(fetch(9), initialStore[id]!) }
                func testD() { var id = "1"; id = next(); XCTAssertEqual(fetch(1), initialStore[id]!) }
                func testE() { XCTAssertEqual(fetch(1), loose["1"]!) }
                func testF() { XCTAssertEqual(count(), shared["1"]!) }
            }
            """
        let found = try analyzedFindings(
            .trapInTest, in: ["Models.swift": models, "Other.swift": other, "MainTests.swift": tests])
        // Then the near misses only
        #expect(found == ["MainTests.testC:5", "MainTests.testD:6", "MainTests.testE:7", "MainTests.testF:8"])
    }

    @Test("A static table of the test's type, as Self.table or Type.table; a key it lacks, a var, another type's trap")
    func staticTableOfTheType() throws {
        // Given swift-jinja 2.4.2's PerformanceTests (read false on first contact), and near misses: a key the table
        // does not write (B), a `static var` (C), another type's table (D)
        let source = """
            import Testing
            struct PerformanceTests {
                private static let messages: [String: Int] = ["messages": 1, "tools": 2]
                private static var loose = ["messages": 1]
                @Test func a() { #expect(Self.messages["messages"]! + PerformanceTests.messages["tools"]! == 3) }
                @Test func b() { #expect(Self.messages["other"]! == 1) }
                @Test func c() { #expect(Self.loose["messages"]! == 1) }
                @Test func d() { #expect(Other.messages["messages"]! == 1) }
            }
            """
        let found = try analyzedFindings(.trapInTest, in: ["PerformanceTests.swift": source])
        // Then the near misses only
        #expect(found == ["PerformanceTests/b:6", "PerformanceTests/c:7", "PerformanceTests/d:8"])
    }
}
