import Testing

@testable import LitmusAudit

/// trapInTest and an optional stored property unwrapped in its own type's initializer before anything sets it
/// (CombineCommunity/CombineExt 1.9.0's `.store(in: &cancellables!)`, four read false on first contact).
@Suite("trapInTest: an optional property unwrapped in its type's initializer before it is set")
struct InitializedPropertyTests {
    @Test("The property still holds the value its declaration gives it")
    func initializedBeforeUse() throws {
        // Given CombineExt's container class, declared in the test, and the same read through `self.`
        let methods = """
                func testA() {
                    final class Container {
                        var cancellables: Set<AnyCancellable>? = Set<AnyCancellable>()
                        init() { relay.sink { _ in }.store(in: &cancellables!) }
                    }
                    XCTAssertNotNil(Container())
                }
                func testB() {
                    struct Box {
                        var names: [String]? = []
                        init() { XCTAssertEqual(self.names!.count, 0) }
                    }
                    _ = Box()
                }
            """
        // Then neither can trap
        #expect(try xctestFindings(.trapInTest, methods) == [])
    }

    @Test(
        "A property declared nil or given an optional, set before, handed on, or read outside an initializer can trap")
    func nearMisses() throws {
        // Given a property declared `nil`, one given what a failable initializer returns, one the initializer sets
        // before the unwrap, one handed `inout` to a function first, and an unwrap in a method
        let methods = """
                func testA() {
                    final class C { var value: Int? = nil; init() { XCTAssertEqual(value!, 1) } }
                    _ = C()
                }
                func testB() {
                    final class C { var value: Int? = Int("x"); init() { XCTAssertEqual(value!, 1) } }
                    _ = C()
                }
                func testC() {
                    final class C { var value: Int? = 1; init(other: Int?) { value = other; XCTAssertEqual(value!, 1) } }
                    _ = C(other: nil)
                }
                func testD() {
                    final class C { var value: Int? = 1; init() { reset(&value); XCTAssertEqual(value!, 1) } }
                    _ = C()
                }
                func testE() {
                    final class C { var value: Int? = 1; func check() { XCTAssertEqual(value!, 1) } }
                    C().check()
                }
            """
        // Then each is flagged
        let found = try xctestFindings(.trapInTest, methods).map { $0.split(separator: ":")[0] }
        #expect(found == ["testA", "testB", "testC", "testD", "testE"])
    }
}
