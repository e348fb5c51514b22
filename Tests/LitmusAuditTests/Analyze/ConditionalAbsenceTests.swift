import Testing

@testable import LitmusAudit

/// conditionalTestLogic and checks of an entry's absence under the `if let` that binds its collection.
@Suite(
    "conditionalTestLogic: a check that an entry is absent, under the if let binding its collection, skips nothing",
    .tags(.parsing))
struct ConditionalAbsenceTests {
    @Test(
        "`x[k] == nil`, `XCTAssertNil(x[k])` or `!x.keys.contains(k)` under `if let x`: no skip; a presence, a member, another name or two conditions may skip"
    )
    func entryAbsence() throws {
        // Given PostHog/posthog-ios 3.69.3's `if let personProperties = body["person_properties"] as? [String: Any] {
        // #expect(personProperties["property1"] == nil) }` (read false on first contact), a nested entry, and near misses:
        // a presence, a member, another name, two conditions, a count, a member of an entry, a value a call made
        let methods = """
            func testA() { if let props = body["p"] as? [String: Any] { XCTAssertNil(props["a"]); XCTAssert(props["b"] == nil) } }
            func testB() { if let props = body["p"] as? [String: Any] { XCTAssertFalse(props.keys.contains("a")) } }
            func testC() { if let props = body["p"] as? [String: Any] { XCTAssertNotNil(props["a"]) } }
            func testD() { if let user = store.user { XCTAssertNil(user.deletedAt) } }
            func testE() { if let props = body["p"] as? [String: Any] { XCTAssertNil(other["a"]) } }
            func testF() { if let props = body["p"] as? [String: Any], let flag = body["f"] { XCTAssertNil(props["a"]) } }
            func testG() { if let props = body["p"] as? [String: Any] { XCTAssertEqual(props.count, 2) } }
            func testH() { if let events = body["e"] as? [Event] { XCTAssertNil(events[0].error) } }
            func testI() { if let json = try? sut.encode(user) as? [String: Any] { XCTAssertNil(json["password"]) } }
            func testJ() { if let props = body["p"] { XCTAssertNil(props["a"]?["b"]) } }
            """

        // When: the smells are found
        let found = try xctestFindings(.conditionalTestLogic, methods).sorted()

        // Then only the absences of an entry of the bound collection skip nothing
        #expect(found == ["testC:5", "testD:6", "testE:7", "testF:8", "testG:9", "testH:10", "testI:11"], "\(found)")
    }
}
