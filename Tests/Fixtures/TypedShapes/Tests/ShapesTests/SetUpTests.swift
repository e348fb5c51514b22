import Shapes
import XCTest

/// trapInTest: a property setUp always sets, unwrapped in a test. The compiler's type of what setUp gives it
/// decides, whatever declares the call (swift-nio 2.101.3's `self.buffer = channel.allocator.buffer(capacity:
/// 128)`, a method of a value): a result that is not optional cannot leave it `nil`; an optional one can.
final class SetUpTests: XCTestCase {
    private let ledger = Ledger(entries: [Money(cents: 100), Money(cents: 250)])
    private var first: Money!
    private var found: Money!

    override func setUp() {
        super.setUp()
        first = ledger.entry(at: 0)
        found = ledger.find(cents: 250)
    }

    func testEntrySetUpRead() {
        XCTAssertEqual(first!.cents, 100)
    }

    func testEntrySetUpFound() {
        XCTAssertEqual(found!.cents, 250)
    }
}

/// trapInTest: a variable the test has just set, unwrapped on the next line (swift-server/RediStack 1.6.3's
/// `connectionPromise = …makePromise()`, then `connectionPromise!`): the compiler's type of the value decides.
final class JustSetTests: XCTestCase {
    private let ledger = Ledger(entries: [Money(cents: 100), Money(cents: 250)])

    func testEntryJustRead() {
        var entry: Money?
        entry = ledger.entry(at: 1)
        XCTAssertEqual(entry!.cents, 250)
    }

    func testEntryJustFound() {
        var entry: Money?
        entry = ledger.find(cents: 100)
        XCTAssertEqual(entry!.cents, 100)
    }
}
