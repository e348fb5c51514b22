import Testing

@testable import LitmusAudit

/// trapInTest and a variable a Quick spec sets in a `beforeEach` around the example (auth0/Auth0.swift 3.1.0's
/// `credentialsManager!`, Mobius.swift 0.7.0's `expected!`, read false on first contact).
@Suite("trapInTest: a variable a Quick spec sets before every example")
struct QuickSetUpTests {
    /// The package's own source: a manager made by a plain initializer, a lookup that may give nothing.
    private static let package = """
        public final class Manager { public init(name: String) {} ; public func store() {} }
        public func lookUp(_ name: String) -> Manager? { nil }
        """

    /// The lines of the trapInTest findings of a spec whose body is `body`.
    private func traps(_ body: String) throws -> [Int] {
        let spec = """
            import Quick
            import Nimble
            final class ManagerSpec: QuickSpec {
                override class func spec() {
            \(body)
                }
            }
            """
        return try analyzeSources(["ManagerSpec.swift": spec], packageSources: ["Manager.swift": Self.package])
            .findings.filter { $0.kind == .trapInTest }.compactMap(\.line).sorted()
    }

    @Test("Set by a beforeEach around the example to a value, the variable cannot be nil there")
    func setBeforeEach() throws {
        // Given Auth0's shape (an outer group's beforeEach), a nested group's, and a literal set by one
        let body = """
                    var manager: Manager!
                    var expected: [Int]!
                    beforeEach { manager = Manager(name: "a") }
                    describe("store") {
                        beforeEach { expected = [4] }
                        it("stores") { manager!.store(); expect(expected!.count) == 1 }
                    }
            """
        #expect(try traps(body) == [])
    }

    @Test("An optional value, a beforeEach of another group, an assignment in the example or none leave the trap")
    func nearMisses() throws {
        // Given a lookup that may give nil, a variable only another group's beforeEach sets, one the example sets to
        // nil first, one set inside a nested closure of the beforeEach, and one nothing sets
        let body = """
                    var looked: Manager!
                    var other: Manager!
                    var cleared: Manager!
                    var later: Manager!
                    var never: Manager!
                    beforeEach {
                        looked = lookUp("a")
                        cleared = Manager(name: "c")
                        DispatchQueue.main.async { later = Manager(name: "d") }
                    }
                    describe("one") { beforeEach { other = Manager(name: "b") } }
                    describe("two") {
                        it("a") { looked!.store() }
                        it("b") { other!.store() }
                        it("c") { cleared = nil; cleared!.store() }
                        it("d") { later!.store() }
                        it("e") { never!.store() }
                    }
            """
        let found = try traps(body)
        #expect(found == [17, 18, 19, 20, 21], "\(found)")
    }
}
