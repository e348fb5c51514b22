import ComposableArchitecture
import Shapes
import XCTest

/// noAssertion: a TestStore's actions assert the state they lead to; a package's own `send` does not.
final class StoreTests: XCTestCase {
    @MainActor
    func testCounting() async {
        let store = TestStore(initialState: 0) { state, _ in state += 1 }
        store.send("tap") { $0 = 1 }
    }

    func testChannel() {
        let channel = Channel()
        channel.send("hello")
    }
}
