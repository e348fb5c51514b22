import Calculator

/// What one browser session sees: one view model per example, created the first time its screen is
/// shown, so two browsers (or two UI tests) never share a calculator.
///
/// Another example adds a `lazy var` for its view model here, next to ``calculator``.
final class ExampleSession {
    private let configuration: ExamplesConfiguration

    /// The Calculator screen's view model.
    lazy var calculator = CalculatorViewModel(buttonConfiguration: configuration.calculatorButtons)

    init(configuration: ExamplesConfiguration) {
        self.configuration = configuration
    }
}
