/// The step data of one chase (seed 002): the goal the user set and the steps taken so far.
public final class DataModel {
    /// Whether the steps have reached the goal; false while no goal is set.
    public var goalReached: Bool {
        if let goal = goal, steps >= goal {
            return true
        }
        return false
    }

    /// The number of steps to reach, or nil before the user sets one.
    public var goal: Int?
    /// The steps taken so far.
    public var steps: Int = 0

    /// Creates a model with no goal and no steps.
    public init() {}

    /// Starts counting from 0 again; the goal is kept.
    public func restart() {
        steps = 0
    }
}
