import Shapes
import XCTest

/// conditionalTestLogic: a way through that skips checks only when nothing on it, or after it, fails;
/// each shape beside a near miss whose branch can skip every check.
final class ConditionalTests: XCTestCase {
    let cases: [(text: String, expected: Int?)] = [("1", 1), ("x", nil)]

    func testEveryItemIsPricedAndCounted() {
        let catalog = makeCatalog()
        for item in catalog.items { XCTAssertGreaterThan(item.price, 0) }
        XCTAssertEqual(catalog.items.count, 3)
    }

    func testEveryItemIsPriced() {
        let catalog = makeCatalog()
        for item in catalog.items { XCTAssertGreaterThan(item.price, 0) }
    }

    func testNamedItemsAfterTheirCheck() {
        for name in ["a", "b"] {
            let found = item(named: name)
            XCTAssertNotNil(found)
            guard let found else { continue }
            XCTAssertEqual(found.name, name)
        }
    }

    func testNamedItemsUnchecked() {
        for name in ["a", "b"] {
            guard let found = item(named: name) else { continue }
            XCTAssertEqual(found.name, name)
        }
    }

    func testCircleDispatch() {
        let shape = makeShape()
        if let circle = shape as? Circle { XCTAssertEqual(circle.radius, 2) }
        XCTAssertTrue(shape is Circle)
    }

    func testCircleDispatchWithFlag() {
        let shape = makeShape()
        var checked = false
        if let circle = shape as? Circle {
            XCTAssertEqual(circle.radius, 2)
            checked = true
        }
        XCTAssertTrue(checked)
    }

    func testJustMadeMoney() {
        var subject: Money? = Money(cents: 1)
        if let made = subject { XCTAssertEqual(made.cents, 1) }
        subject = nil
        XCTAssertNil(subject)
    }

    func testFoundItemMayBeMissing() {
        let subject: Item? = item(named: "z")
        if let found = subject { XCTAssertEqual(found.name, "z") }
    }

    func testMadeMoneyReplaced() {
        var subject: Money? = Money(cents: 1)
        subject = nil
        if let subject { XCTAssertEqual(subject.cents, 1) }
    }

    func testWeakCartMayBeGone() {
        // Released as soon as it is made: no strong reference holds it.
        weak var held: Cart? = Cart()
        if let held { XCTAssertEqual(held.count, 0) }
    }

    func testSquareDispatch() {
        let shape = makeShape()
        if let square = shape as? Square { XCTAssertEqual(square.side, 2) }
    }

    func testFixedBuffer() {
        let buffer = [UInt8](repeating: 7, count: 16)
        for offset in stride(from: 0, to: buffer.count, by: 4) {
            XCTAssertEqual(checksum(buffer[offset..<offset + 4]), 28)
        }
    }

    func testBufferOfAnySize() {
        let buffer = [UInt8](repeating: 7, count: sum([8, 8]))
        for offset in stride(from: 0, to: buffer.count, by: 4) {
            XCTAssertEqual(checksum(buffer[offset..<offset + 4]), 28)
        }
    }

    func testTableFilteredByItsOwnColumn() {
        for (text, expected) in cases {
            if let expected { XCTAssertEqual(Int(text), expected) }
        }
    }

    func testTableFilteredByTheCode() {
        for (text, _) in cases {
            if let found = item(named: text) { XCTAssertEqual(found.price, 1) }
        }
    }
}
