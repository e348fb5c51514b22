import Foundation

/// A named state machine shared by stubs: each stub can answer only in one state and move the
/// scenario to another, as WireMock's scenarios do (log in, then fetch; create, then list).
///
/// ```swift
/// let session = stubs.scenario("session", states: ["loggedOut", "loggedIn"])
/// stubs.stub(.path("/login"), scenario: session.when("loggedOut", moveTo: "loggedIn"), .status(204))
/// stubs.stub(.path("/me"), scenario: session.when("loggedIn"), .string("ann"))
/// ```
///
/// A scenario starts in its first state, belongs to the ``HTTPStubs`` that declared it, and so starts
/// over in each test that makes its own registry (the `.httpStubs` trait does).
public struct Scenario: Sendable, Hashable, CustomStringConvertible {
    /// The scenario's name, unique within its registry.
    public let name: String
    /// Every state the scenario can be in; the first is where it starts.
    public let states: [String]

    init(name: String, states: [String]) {
        self.name = name
        self.states = states
    }

    /// The state the scenario starts in.
    public var initialState: String { states[0] }

    /// A stub's condition: answer only while the scenario is in `state`, then move it to `next` (or
    /// leave it where it is when `next` is nil).
    public func when(_ state: String, moveTo next: String? = nil) -> ScenarioStep {
        ScenarioStep(scenario: self, state: state, next: next)
    }

    /// `scenario "session" (loggedOut, loggedIn)`.
    public var description: String {
        "scenario \"\(name)\" (\(states.joined(separator: ", ")))"
    }
}

/// The scenario condition of one stub, made by ``Scenario/when(_:moveTo:)``.
public struct ScenarioStep: Sendable, Hashable, CustomStringConvertible {
    /// The scenario the stub belongs to.
    public let scenario: Scenario
    /// The state in which the stub answers.
    public let state: String
    /// The state the stub moves the scenario to when it answers, if any.
    public let next: String?

    /// `scenario session is loggedOut → loggedIn`.
    public var description: String {
        "scenario \(scenario.name) is \(state)" + (next.map { " → \($0)" } ?? "")
    }

    /// Why the step can never apply, naming the stub and the fix; nil when every state it names exists.
    func problem(stub: String) -> String? {
        let unknown = [state, next].compactMap { $0 }.filter { !scenario.states.contains($0) }
        guard let first = unknown.first else { return nil }
        return "The stub \(stub) names the state \"\(first)\" of scenario \"\(scenario.name)\", which has no such "
            + "state (its states: \(scenario.states.joined(separator: ", "))). Fix the name in when(_:moveTo:), "
            + "or add the state to scenario(\"\(scenario.name)\", states:)."
    }
}

/// One move of a scenario from one state to another, kept in the request log.
public struct ScenarioTransition: Sendable, Equatable, CustomStringConvertible {
    /// The scenario's name.
    public let scenario: String
    /// The state before the request.
    public let from: String
    /// The state after it.
    public let to: String
    /// The position in ``HTTPStubs/requests`` of the request whose answer moved the scenario.
    public let requestIndex: Int
    /// The stub that answered it.
    public let stub: Stub

    /// `scenario session: loggedOut → loggedIn (request 0, stub "login" (path is /login))`.
    public var description: String {
        "scenario \(scenario): \(from) → \(to) (request \(requestIndex), stub \(stub))"
    }
}
