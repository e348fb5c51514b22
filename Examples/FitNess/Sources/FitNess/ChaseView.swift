import Observation

/// The chase view's state (seed 002): the article's `ChaseView` draws the user and the chaser for the
/// app's state; here it keeps the state a view draws.
@Observable
public final class ChaseView {
    /// The state the view shows.
    public internal(set) var state: AppState

    /// Creates a view showing `state`.
    public init(state: AppState = .notStarted) {
        self.state = state
    }
}
