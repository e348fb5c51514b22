/// A stand-in for the composable architecture's `TestStore`: its actions assert the state they lead to.
@MainActor
public final class TestStore<State: Equatable> {
    /// The state after the last action.
    public private(set) var state: State
    private let reduce: (inout State, String) -> Void

    /// A store starting at `initialState`, changed by `reduce`.
    public init(initialState: State, reduce: @escaping (inout State, String) -> Void) {
        state = initialState
        self.reduce = reduce
    }

    /// Sends `action` and checks the state it leads to is what `expected` makes of the state before it.
    public func send(_ action: String, _ expected: (inout State) -> Void = { _ in }) {
        var wanted = state
        expected(&wanted)
        reduce(&state, action)
        precondition(state == wanted, "\(action) led to \(state), not \(wanted)")
    }
}
