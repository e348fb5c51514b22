import Testing

@testable import LitmusAudit

/// trapInTest: `first!` or `last!` of a collection a check before it found not empty is no trap (swift-syntax 602's
/// `guard property.bindings.count == 1 else { return [] }` then `property.bindings.first!`), also when the collection
/// was assigned again before the check (swiftly 0.4.0's `config = try Config.load()`), not after it, in a closure or
/// an accessor, nor sent a method before it (which may start work that changes it).
@Suite("trapInTest: first or last of a collection checked not empty")
struct TrapDetectorNonEmptyTests {
    private static let package = """
        public struct Store {
            public init() {}
            public func items() -> [Int] { [] }
            public var names: [String] = []
        }
        """

    private static let methods = """
        func testGuardCount() {
            let items = Store().items()
            guard items.count == 1 else { return XCTFail("one item") }
            XCTAssertEqual(items.first!, 1)
        }
        func testGuardNotEmpty() {
            let store = Store()
            guard !store.names.isEmpty else { return }
            XCTAssertEqual(store.names.last!, "a")
        }
        func testIfCountAbove() {
            let items = Store().items()
            if items.count > 1 { XCTAssertEqual(items.suffix(2).first!, 1) }
        }
        func testCountOnTheRight() {
            let items = Store().items()
            guard 0 < items.count, items.count != 0 else { return }
            XCTAssertEqual(items.last!, 1)
        }
        func testExitWhenEmpty() {
            let items = Store().items()
            if items.isEmpty { return }
            XCTAssertEqual(items.first!, 1)
        }
        func testUnchecked() {
            let items = Store().items()
            XCTAssertEqual(items.first!, 1)
        }
        func testCheckedAnother() {
            let items = Store().items()
            let others = Store().items()
            guard others.count > 0 else { return }
            XCTAssertEqual(items.first!, 1)
        }
        func testCountAboveOne() {
            var items = Store().items()
            guard items.count > 0 else { return }
            items.removeAll()
            XCTAssertEqual(items.first!, 1)
        }
        func testWeakBound() {
            let items = Store().items()
            guard items.count >= 0 else { return }
            XCTAssertEqual(items.first!, 1)
        }
        func testElseBranch() {
            let items = Store().items()
            if !items.isEmpty { XCTAssertTrue(true) } else { XCTAssertEqual(items.first!, 1) }
        }
        func testCalledAgain() {
            let store = Store()
            guard !store.items().isEmpty else { return }
            XCTAssertEqual(store.items().first!, 1)
        }
        func testParentChanged() {
            var store = Store()
            guard !store.names.isEmpty else { return }
            store = Store()
            XCTAssertEqual(store.names.first!, "a")
        }
        func testShadowed() {
            let names = Store().names
            guard !names.isEmpty else { return }
            for names in [[String]()] { XCTAssertEqual(names.first!, "a") }
        }
        func testChangedBeforeCheck() {
            var items = Store().items()
            items = Store().items()
            guard !items.isEmpty else { return }
            XCTAssertEqual(items.first!, 1)
        }
        func testChangedLaterInLoop() {
            var items = Store().items()
            guard !items.isEmpty else { return }
            for _ in 0..<2 {
                XCTAssertEqual(items.first!, 1)
                items.removeAll()
            }
        }
        func testChangedByClosureBefore() {
            var items = Store().items()
            let clear = { items.removeAll() }
            guard !items.isEmpty else { return }
            clear()
            XCTAssertEqual(items.first!, 1)
        }
        func testMethodCalledBeforeCheck() {
            var items = Store().items()
            items.removeAll()
            guard !items.isEmpty else { return }
            XCTAssertEqual(items.first!, 1)
        }
        func testChangedInGetterBefore() {
            var items = Store().items()
            var cleared: Int { items = []; return 0 }
            guard !items.isEmpty else { return }
            _ = cleared
            XCTAssertEqual(items.first!, 1)
        }
        func testIfEmptyWithoutExit() {
            let items = Store().items()
            if items.isEmpty { print("empty") }
            XCTAssertEqual(items.first!, 1)
        }
        """

    @Test("first! or last! after a check that the collection is not empty is no trap; without one it is")
    func checkedNotEmpty() throws {
        // Given the package and the tests above

        // When
        let found = try xctestTestNames(.trapInTest, Self.methods, package: ["Store.swift": Self.package])

        // Then
        #expect(
            found == [
                "T.testCalledAgain", "T.testChangedByClosureBefore", "T.testChangedInGetterBefore",
                "T.testChangedLaterInLoop", "T.testCheckedAnother", "T.testCountAboveOne", "T.testElseBranch",
                "T.testIfEmptyWithoutExit", "T.testMethodCalledBeforeCheck", "T.testParentChanged", "T.testShadowed",
                "T.testUnchecked", "T.testWeakBound",
            ])
    }
}
