import Foundation
import Observation

/// The calculator's view model: button labels and layout from a ``ButtonConfiguration``, a display
/// text, and an action per button, carried out with the Command pattern (seed 000).
///
/// The article's `ObservableObject`/`@Published` do not exist on Linux; `@Observable` does, so a
/// SwiftUI view on Apple platforms, the terminal calculator and the web front end all observe the
/// same view model.
@Observable
public final class CalculatorViewModel {
    /// The calculator the buttons act on.
    public private(set) var calculator: Calculator
    /// The button labels, in layout order.
    public let buttonLabels: [String]
    /// How many columns the buttons are laid out in.
    public let buttonColumnCount: Int

    @ObservationIgnored private let commands: [CalculatorCommand?]

    /// The text the display shows: nil when there is no number, "Error" after a failed operation,
    /// else the number in at most ``Calculator/maximumDigitCount`` digits (sign and point aside).
    public var displayText: String? {
        if calculator.error != nil { return Self.errorText }
        return calculator.number.map { $0.displayText(maximumDigits: Calculator.maximumDigitCount) }
    }

    /// What the display shows after a failed operation (division by zero, overflow).
    public static let errorText = "Error"

    /// Creates a view model; both arguments have production defaults, and tests inject their own.
    public init(calculator: Calculator = Calculator(), buttonConfiguration: ButtonConfiguration = .decoded) {
        self.calculator = calculator
        buttonLabels = buttonConfiguration.labels
        buttonColumnCount = buttonConfiguration.columnCount
        commands = buttonConfiguration.labels.map(CommandFactory.createCommandForLabel)
    }

    /// Performs the action of the button at `index` in ``buttonLabels``. An index out of range, or a
    /// label that maps to no command (possible only in a configuration built in code: loading one
    /// rejects it), does nothing rather than crash.
    public func performAction(forButtonLabelIndex index: Int) {
        guard commands.indices.contains(index), let command = commands[index] else { return }
        calculator = command.execute(with: calculator)
    }

    /// The labels that map to a command, in a readable order.
    public static var supportedButtonLabels: [String] { CommandFactory.supportedLabels }

    /// Whether `buttonLabel` maps to a calculator command.
    public static func isSupported(buttonLabel: String) -> Bool {
        CommandFactory.createCommandForLabel(buttonLabel) != nil
    }
}

/// A command that invokes a mutating method on a calculator value.
private struct CalculatorCommand {
    typealias MutatingAction = (inout Calculator) -> Void

    private let mutatingAction: MutatingAction

    init(_ mutatingAction: @escaping MutatingAction) {
        self.mutatingAction = mutatingAction
    }

    func execute(with value: Calculator) -> Calculator {
        var valueToMutate = value
        mutatingAction(&valueToMutate)
        return valueToMutate
    }
}

/// Creates the command for a button label. Where the article calls `fatalError` for an unknown
/// label, this returns nil: ``ButtonConfiguration`` rejects such a label when it is loaded.
private enum CommandFactory {
    private static let arithmeticOperationForLabel: [String: ArithmeticOperation] = [
        "+": .addition, "-": .subtraction, "x": .multiplication, "÷": .division,
    ]
    private static let evaluateLabel = "="
    private static let allClearLabel = "AC"

    static let supportedLabels =
        Digit.allCases.map(String.init) + ["+", "-", "x", "÷"] + [evaluateLabel, allClearLabel]

    static func createCommandForLabel(_ label: String) -> CalculatorCommand? {
        if let integer = Int(label), let digit = Digit(rawValue: integer), label == "\(digit)" {
            return CalculatorCommand { $0.setDigit(digit) }
        } else if let operation = arithmeticOperationForLabel[label] {
            return CalculatorCommand { $0.setOperation(operation) }
        } else if label == evaluateLabel {
            return CalculatorCommand { $0.evaluate() }
        } else if label == allClearLabel {
            return CalculatorCommand { $0.allClear() }
        } else {
            return nil
        }
    }
}

extension Decimal {
    /// This number as a display of `maximumDigits` digits shows it: rounded half up to fit (10 ÷ 3 shows
    /// 3.33333333333, 2 ÷ 3 0.66666666667), or in scientific notation when its integer part alone has
    /// more digits (1.2345679e15). Decimal's description has no trailing zeros and no "-0" to trim.
    fileprivate func displayText(maximumDigits: Int) -> String {
        let integerDigitCount = abs(self).integerDigitCount
        if integerDigitCount <= maximumDigits {
            let rounded = rounded(scale: maximumDigits - integerDigitCount)
            if abs(rounded).integerDigitCount <= maximumDigits {
                return "\(rounded)"
            }
        }
        let exponent = abs(self).integerDigitCount - 1
        var mantissa = Decimal(sign: sign, exponent: -exponent, significand: abs(self)).rounded(scale: 7)
        var shownExponent = exponent
        if abs(mantissa) >= 10 {  // 9.99999999 rounded up to 10
            mantissa = Decimal(sign: mantissa.sign, exponent: -1, significand: abs(mantissa))
            shownExponent += 1
        }
        return "\(mantissa)e\(shownExponent)"
    }

    /// Digits before the decimal point, at least 1 (0.5 rounds down to 0, which is written "0").
    private var integerDigitCount: Int {
        "\(rounded(scale: 0, mode: .down))".count
    }

    private func rounded(scale: Int, mode: NSDecimalNumber.RoundingMode = .plain) -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, scale, mode)
        return result
    }

}
