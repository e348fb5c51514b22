import Nimble
import Quick

@testable import Specs

// Planted: on Linux no entry point lists this spec, so it never runs (Self-validating: never ran).
final class ToggleSpec: QuickSpec {
    override class func spec() {
        describe("a toggle") {
            it("is off at first") {
                expect(Toggle().isOn).to(beFalse())
            }
        }
    }
}
