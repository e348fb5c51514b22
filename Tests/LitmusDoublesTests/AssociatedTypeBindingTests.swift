import LitmusDoubles
import LitmusDoublesFixtures
import Testing

@Suite("Associated types bound or constrained by child protocols, as in hummingbird")
struct AssociatedTypeBindingTests {
    @Test("A where clause binding the parent's associated types makes a non-generic double")
    func boundAssociatedTypes() async throws {
        let sut = RouterMiddlewareMock(mode: .strict)
        sut.double.handle.stubbedResult = 404
        let middleware: some RouterMiddleware = sut

        let status = try await middleware.handle(Request(path: "/missing")) { _ in 200 }

        #expect(status == 404)
        #expect(sut.double.handle.lastArguments == Request(path: "/missing"))
        #expect(RouterMiddlewareMock.Input.self == Request.self)
    }

    @Test("A child's constraint on its parent's associated type constrains the double's generic parameter")
    func mergedConstraint() {
        let sut = HasComparableSourceMock<Int>()
        sut.double.source.stubbedResult = 3

        #expect(sut.source == 3)
        #expect(sut.source < 4)
    }

    @Test("A protocol inheriting Error is doubled, and its double can be thrown and caught as that protocol")
    func errorProtocol() {
        let sut = ResponseErrorMock()
        sut.double.status.stubbedResult = 418

        #expect(throws: ResponseErrorMock.self) { throw sut }
        do {
            throw sut
        } catch let error as any ResponseError {
            #expect(error.status == 418)
        } catch {
            Issue.record("caught \(error), not a ResponseError")
        }
    }

    @Test("An associated type bound in its own where clause is a typealias; one tied to another stays generic")
    func boundInOwnWhereClause() {
        let sut = RenderingMock<IndexingIterator<[Int]>, Int>()

        #expect(sut.render(3) == nil)
        #expect(sut.double.render.lastArguments == 3)
        #expect(RenderingMock<IndexingIterator<[Int]>, Int>.Body.self == Never.self)
    }

    @Test(
        "A binding reaches the where clauses that name it, a restated binding is dropped, and A == B makes one typealias"
    )
    func bindingsEverywhere() {
        let pairing = IntPairingAgainMock<[Int]>()
        pairing.double.pair.stubbedResult = 2
        let twins = SameTwinsMock<String>()

        #expect(pairing.pair(1, [1, 2]) == 2)
        twins.both("a", "b")

        #expect(pairing.double.pair.lastArguments?.b == [1, 2])
        #expect(twins.double.both.lastArguments?.second == "b")
        #expect(SameTwinsMock<String>.Second.self == String.self)
    }
}
