import Testing

@testable import LitmusAudit

/// ``ScannedTest/letValue(of:at:)``: the `let` Swift's scopes give a name where it is read, as the trap check
/// reads literal JSON through it (Moya 15.0.3's specs bind `json` again in another block, take `string` as a
/// closure's parameter after the read, and bind `json` in the `describe` around the example).
@Suite("The value a name has where it is read")
struct ScannedTestBindingsTests {
    @Test("A name bound again where the read cannot see it keeps the value of the let around the read")
    func boundAgainElsewhere() throws {
        // Given literal JSON read through names bound again after the read or in another block
        let methods = """
            func testA() { let s = "x"; let json = ["k": s]; let d = try! JSONSerialization.data(withJSONObject: json); run { s in print(s) }; XCTAssertEqual(d.count, 2) }
            func testB() { let json = ["k": "v"]; let d = try! JSONSerialization.data(withJSONObject: json); if let json = other as? [String: String] { print(json) }; XCTAssertEqual(d.count, 2) }
            func testC() { do { let json = ["k": "v"]; print(json) }; let json = ["k": 1]; let d = try! JSONSerialization.data(withJSONObject: json); XCTAssertEqual(d.count, 2) }
            """
        // Then none can trap
        #expect(try xctestFindings(.trapInTest, methods).isEmpty)
    }

    @Test("A pattern nearer the read hides the let: a closure's parameter, an if let, a guard let, a for, a var")
    func hiddenNearer() throws {
        // Given literal JSON's name bound again between its `let` and the read
        let methods = """
            func testA() { let json = ["k": "v"]; run { json in let d = try! JSONSerialization.data(withJSONObject: json); XCTAssertEqual(d.count, 2) } }
            func testB() { let json = ["k": "v"]; if let json = other { let d = try! JSONSerialization.data(withJSONObject: json); XCTAssertEqual(d.count, 2) } }
            func testC() { let json = ["k": "v"]; do { guard let json = other else { return }; let d = try! JSONSerialization.data(withJSONObject: json); XCTAssertEqual(d.count, 2) } }
            func testD() { let json = ["k": "v"]; for json in others { let d = try! JSONSerialization.data(withJSONObject: json); XCTAssertEqual(d.count, 2) } }
            func testE() { let json = ["k": "v"]; do { var json = ["k": "v"]; json = other; let d = try! JSONSerialization.data(withJSONObject: json); XCTAssertEqual(d.count, 2) } }
            """
        // Then each can trap
        #expect(
            try xctestFindings(.trapInTest, methods) == ["testA:3", "testB:4", "testC:5", "testD:6", "testE:7"])
    }

    @Test("A Quick example reads the let of the describe around it; a var there is no constant")
    func describeAround() throws {
        // Given a spec binding literal JSON in its describe closure, and a var in another
        let source = """
            import Quick
            import Foundation
            final class MappingSpec: QuickSpec {
                override class func spec() {
                    describe("constant") {
                        let json: [String: Any] = ["title": "Hello"]
                        it("maps") {
                            guard let data = try? JSONSerialization.data(withJSONObject: json) else { fatalError("no data") }
                            expect(data.count) == 2
                        }
                    }
                    describe("variable") {
                        var json: [String: Any] = ["title": "Hello"]
                        beforeEach { json = load() }
                        it("maps") {
                            guard let data = try? JSONSerialization.data(withJSONObject: json) else { fatalError("no data") }
                            expect(data.count) == 2
                        }
                    }
                }
            }
            """
        // Then only the example reading the var can trap
        #expect(try analyzedFindings(.trapInTest, in: ["MappingSpec.swift": source]).map { $0.suffix(3) } == [":16"])
    }
}
