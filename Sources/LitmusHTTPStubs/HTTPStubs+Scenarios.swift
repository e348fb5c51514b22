import LitmusTestReporting

// MARK: Scenarios: WireMock's stateful stubs (docs/http-stubs.md)

extension HTTPStubs {
    /// Declares the scenario `name` with its `states`, starting in the first (declaring it again starts
    /// it over). Stubs take part through ``Scenario/when(_:moveTo:)``.
    ///
    /// An empty `states` is reported as an issue here; the scenario then has the one state `"started"`.
    public func scenario(
        _ name: String, states: [String],
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Scenario {
        var states = states
        if states.isEmpty {
            TestReporter.fail(
                "The scenario \"\(name)\" has no states. List them, the first being where it starts: "
                    + "scenario(\"\(name)\", states: [\"started\", \"done\"]).",
                at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
            states = ["started"]
        }
        let scenario = Scenario(name: name, states: states)
        state.withLock { $0.scenarioStates[name] = scenario.initialState }
        return scenario
    }

    /// The state `scenario` is in now.
    public func state(of scenario: Scenario) -> String {
        state.withLock { $0.scenarioStates[scenario.name] } ?? scenario.initialState
    }

    /// Moves every scenario back to its first state (the log of transitions is kept).
    public func resetScenarios() {
        state.withLock { state in
            for entry in state.entries {
                if let step = entry.scenario { state.scenarioStates[step.scenario.name] = step.scenario.initialState }
            }
        }
    }

    /// Every move of a scenario, in order, each naming the request (its index in ``requests``) and
    /// the stub that made it.
    public var scenarioTransitions: [ScenarioTransition] {
        state.withLock { $0.transitions }
    }
}
