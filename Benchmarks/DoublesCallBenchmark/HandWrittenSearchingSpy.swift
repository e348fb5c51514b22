import Synchronization

/// The spy a careful person writes by hand for Swift 6: the same recording (call count, arguments,
/// a stubbed result) behind a Mutex, without the generated double's call order and strict mode.
final class HandWrittenSearchingSpy: Searching, Sendable {
    private struct State {
        var calls: [(term: String, limit: Int)] = []
        var stubbedResult: [String] = []
    }

    private let state = Mutex(State())

    var callCount: Int { state.withLock { $0.calls.count } }

    func stub(_ result: [String]) {
        state.withLock { $0.stubbedResult = result }
    }

    func search(term: String, limit: Int) -> [String] {
        state.withLock { state in
            state.calls.append((term, limit))
            return state.stubbedResult
        }
    }
}
