import Testing

@testable import LitmusAudit

/// trapInTest and the values that are never `nil` or never throw: ``LiteralJSON``, and a `guard` or a constant
/// holding such a value (Moya 15.0.3's specs, read false at first contact).
@Suite("trapInTest: literal JSON, and guards and constants of values that are never nil")
struct LiteralJSONTests {
    @Test("JSONSerialization of a literal array or dictionary cannot throw; of a value the test does not write, it can")
    func literalJSON() throws {
        // Given Moya's shapes, a constant bound to a literal, nested literals, and near misses
        let methods = """
            func testA() { let json: [String: Any] = ["name": "John", "age": 3]; let d = try! JSONSerialization.data(withJSONObject: json, options: .prettyPrinted); XCTAssertEqual(d.count, 2) }
            func testB() { let d = try! JSONSerialization.data(withJSONObject: [["a": [1, -2.5, true]], ["b": "\\(x)"]]); XCTAssertEqual(d.count, 2) }
            func testC() { let d = try! JSONSerialization.data(withJSONObject: ["a": value]); XCTAssertEqual(d.count, 2) }
            func testD() { let d = try! JSONSerialization.data(withJSONObject: "text"); XCTAssertEqual(d.count, 2) }
            func testE() { let d = try! JSONDecoder().decode(Int.self, from: data); XCTAssertEqual(d, 2) }
            func testF() { let c: Character = "a"; let d = try! JSONSerialization.data(withJSONObject: ["k": c]); XCTAssertEqual(d.count, 2) }
            func testG() { let d = try! JSONSerialization.data(withJSONObject: [1e400]); XCTAssertEqual(d.count, 2) }
            """
        // Then the value the test does not write, the fragment, the decoder, a Character and an infinity can trap
        #expect(
            try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6", "testE:7", "testF:8", "testG:9"])
    }

    @Test("A literal a fixture function of the file returns, entries removed from it or not, is literal JSON")
    func fixtureFunctionJSON() throws {
        // Given tuist/XcodeProj 9.16.0's `var dictionary = testDictionary(); dictionary.removeValue(forKey: "dstPath")`
        // then `try! JSONSerialization.data(withJSONObject: dictionary)` (13 read false at first contact), and near misses
        let methods = """
            func testDictionary() -> [String: Any] { ["dstPath": "p", "files": ["a", "b"], "mask": 0] }
            func made() -> [String: Any] { ["date": Date()] }
            func testA() { var dictionary = testDictionary(); dictionary.removeValue(forKey: "dstPath"); let d = try! JSONSerialization.data(withJSONObject: dictionary); XCTAssertEqual(d.count, 2) }
            func testB() { let d = try! JSONSerialization.data(withJSONObject: testDictionary()); XCTAssertEqual(d.count, 2) }
            func testC() { let dictionary = testDictionary(); let d = try! JSONSerialization.data(withJSONObject: dictionary); XCTAssertEqual(d.count, 2) }
            func testD() { var dictionary = testDictionary(); dictionary["when"] = Date(); let d = try! JSONSerialization.data(withJSONObject: dictionary); XCTAssertEqual(d.count, 2) }
            func testE() { var dictionary = testDictionary(); dictionary.merge(other) { $1 }; let d = try! JSONSerialization.data(withJSONObject: dictionary); XCTAssertEqual(d.count, 2) }
            func testF() { let d = try! JSONSerialization.data(withJSONObject: made()); XCTAssertEqual(d.count, 2) }
            func testG() { var dictionary = testDictionary(); dictionary["files"]? = Date(); let d = try! JSONSerialization.data(withJSONObject: dictionary); XCTAssertEqual(d.count, 2) }
            func testH() { var dictionary = testDictionary(); var other = 1; (dictionary, other) = (["d": Date()], 2); let d = try! JSONSerialization.data(withJSONObject: dictionary); XCTAssertEqual(d.count, other) }
            """
        // Then an entry set (D, G through an optional chain), a merge (E), a tuple assigned (H) and a fixture that
        // returns no JSON (F) can trap
        #expect(try xctestFindings(.trapInTest, methods) == ["testD:8", "testE:9", "testF:10", "testG:11", "testH:12"])
    }

    @Test("A fatalError in a guard whose bindings are never nil never runs; one after a failable binding can")
    func guardThatHolds() throws {
        // Given Moya's guards on a string's UTF-8 data and on literal JSON, and near misses
        let methods = """
            func testA() { let s = "x"; guard let data = s.data(using: .utf8) else { fatalError("no data") }; XCTAssertEqual(data.count, 1) }
            func testB() { guard let data = try? JSONSerialization.data(withJSONObject: ["a": "b"]) else { preconditionFailure() }; XCTAssertEqual(data.count, 1) }
            func testC() { guard let data = try? Data(contentsOf: url) else { fatalError("no data") }; XCTAssertEqual(data.count, 1) }
            func testD() { guard let data = s.data(using: .utf8), let n = Int(text) else { fatalError() }; XCTAssertEqual(data.count, n) }
            func testE() { guard let data = body?.data(using: .utf8) else { fatalError("no body") }; XCTAssertEqual(data.count, 1) }
            """
        // Then the guards on a file's contents, on a parse of a variable and on an optional chain can trap
        #expect(try xctestFindings(.trapInTest, methods) == ["testC:5", "testD:6", "testE:7"])
    }

    @Test("A constant bound to a value that is never nil unwraps without trapping; one bound to a call may trap")
    func constantOfNeverNil() throws {
        // Given Moya's `let data = json.data(using: .utf8)` then `data!`, and near misses
        let methods = """
            func testA() { let json = "{"; let data = json.data(using: String.Encoding.utf8); XCTAssertEqual(parse(data!), 1) }
            func testB() { let data = load(); XCTAssertEqual(parse(data!), 1) }
            func testC() { var data = json.data(using: .utf8); data = nil; XCTAssertEqual(parse(data!), 1) }
            func testD() { do { let data = "x".data(using: .utf8); print(data as Any) }; XCTAssertEqual(parse(data!), 1) }
            """
        // Then the unwraps of a call's result, of a var, and of a name whose `let` is out of scope can trap
        #expect(try xctestFindings(.trapInTest, methods) == ["testB:4", "testC:5", "testD:6"])
    }
}
