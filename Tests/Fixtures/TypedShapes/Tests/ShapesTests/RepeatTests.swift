import Shapes
import XCTest

/// duplicateAssert: the same check twice with the same bindings, though a call lies between, when what it
/// reads is a value no call can change; not a class's instance, which the call may change, nor a struct's
/// property, which may read a class it holds (swift-nio-ssh's harness).
final class RepeatTests: XCTestCase {
    func testTotalCheckedTwice() {
        let cart = Cart()
        cart.add()
        let total = cart.count
        XCTAssertEqual(total, 1)
        cart.add()
        XCTAssertEqual(total, 1)
    }

    func testHarnessCheckedAcrossClose() {
        let harness = Harness()
        harness.send()
        XCTAssertEqual(harness.flushed, 1)
        harness.close()
        XCTAssertEqual(harness.flushed, 1)
    }

    func testArrayCountCheckedTwice() {
        let cart = Cart()
        let items = [1, 2, 3]
        XCTAssertEqual(items.count, 3)
        cart.add()
        XCTAssertEqual(items.count, 3)
    }

    func testCartCheckedAfterEachChange() {
        let cart = Cart()
        cart.add()
        XCTAssertEqual(cart.count, 1)
        cart.add()
        cart.remove()
        XCTAssertEqual(cart.count, 1)
    }
}
