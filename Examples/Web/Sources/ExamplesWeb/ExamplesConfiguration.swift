import Calculator

/// What the examples web app is configured with when it starts; the same for every browser session.
public struct ExamplesConfiguration: Sendable {
    /// The Calculator screen's buttons.
    public var calculatorButtons: ButtonConfiguration

    /// Creates a configuration; every example has its production default.
    public init(calculatorButtons: ButtonConfiguration = .decoded) {
        self.calculatorButtons = calculatorButtons
    }
}
