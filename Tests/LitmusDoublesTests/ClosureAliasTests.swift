import LitmusDoubles
import LitmusDoublesFixtures
import LitmusDoublesMacro
import Testing

/// A protocol whose closure parameter's type is the protocol's own typealias: the macro sees it.
@Mockable
protocol Fetching {
    typealias Completion = @Sendable (String) -> Void
    func fetch(id: Int, completion: Completion)
}

@Suite("A closure parameter whose type is a typealias is non-escaping: counted, not stored")
struct ClosureAliasTests {
    @Test("The plugin finds the module's typealias in another file; an @escaping one is still stored")
    func pluginDouble() {
        let sut = LoadingMock(mode: .strict)
        sut.double.load.stub()
        sut.double.loadLater.stub()
        var loaded: [Int] = []

        sut.load(key: "a") { _ in }
        sut.loadLater(key: "b") { loaded.append($0) }
        sut.double.loadLater.lastArguments?.completion(7)

        // `load`'s recorded arguments are the key alone: the closure was counted, not stored.
        #expect(sut.double.load.lastArguments == "a")
        #expect(sut.double.loadLater.lastArguments?.key == "b")
        #expect(loaded == [7])
    }

    @Test("The macro sees the protocol's own typealias")
    func macroDouble() {
        let sut = FetchingMock()

        sut.fetch(id: 3) { _ in }

        #expect(sut.double.fetch.lastArguments == 3)
    }
}
