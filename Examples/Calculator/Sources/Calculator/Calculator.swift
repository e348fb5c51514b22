import Foundation

/// A calculator that builds integers from digits and performs arithmetic operations in the order
/// they are entered (seed 000's model).
///
/// Where the article is silent, Litmus decided (Examples/Calculator/README.md says why):
/// - a number being entered holds at most ``maximumDigitCount`` digits; further digits are ignored;
/// - an operation entered right after another replaces it (the article's model chained the pending
///   operation with a stale earlier result: 2 + 2 = 5 + − showed 9);
/// - an operation whose result Decimal cannot represent (division by zero, overflow) puts the
///   calculator in an error state: ``number`` is nil and ``error`` says what happened, until a digit
///   starts a new number or ``allClear()`` resets it. Decimal's own operators would trap or yield NaN.
public struct Calculator: Equatable, Sendable {
    /// The most digits a number being entered can have; the display shows as many.
    public static let maximumDigitCount = 12

    private var newNumber: Decimal?
    private var expression: ArithmeticExpression?
    private var result: Decimal?

    /// Why the last operation produced no number, if it did not.
    public private(set) var error: CalculatorError?

    /// Creates an empty calculator.
    public init() {}

    /// The number to display: the one being entered, else the pending operation's first number,
    /// else the last result. Nil when there is none.
    public var number: Decimal? {
        newNumber ?? expression?.number ?? result
    }

    /// Appends a digit to the number being entered. A leading zero is ignored, and so is any digit
    /// past ``maximumDigitCount``.
    public mutating func setDigit(_ digit: Digit) {
        guard !(newNumber == nil && digit == .zero) else { return }
        let numberString = newNumber.map { "\($0)" } ?? ""
        guard numberString.count < Self.maximumDigitCount else { return }
        error = nil
        newNumber = Decimal(string: numberString.appending("\(digit)"))
    }

    /// Starts an operation on the number being entered, or on the last result. A pending operation
    /// is evaluated first and its result used (chaining); with no number entered since, the new
    /// operation replaces the pending one.
    public mutating func setOperation(_ operation: ArithmeticOperation) {
        if newNumber == nil, expression != nil {
            expression?.operation = operation
            return
        }
        guard var numberToUse = newNumber ?? result else { return }
        if let existingExpression = expression {
            switch existingExpression.evaluate(with: numberToUse) {
            case .success(let value): numberToUse = value
            case .failure(let error): return fail(with: error)
            }
        }
        expression = ArithmeticExpression(number: numberToUse, operation: operation)
        newNumber = nil
    }

    /// Evaluates the pending operation with the number being entered.
    public mutating func evaluate() {
        guard let numberToUse = newNumber, let expressionToEvaluate = expression else { return }
        switch expressionToEvaluate.evaluate(with: numberToUse) {
        case .success(let value):
            result = value
            newNumber = nil
            expression = nil
        case .failure(let error):
            fail(with: error)
        }
    }

    /// Clears everything, including an error.
    public mutating func allClear() {
        newNumber = nil
        expression = nil
        result = nil
        error = nil
    }

    private mutating func fail(with error: CalculatorError) {
        allClear()
        self.error = error
    }
}

/// Why an operation produced no number.
public enum CalculatorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The second number of a division was zero.
    case divisionByZero
    /// The result is beyond the range Decimal can represent.
    case overflow

    public var description: String {
        switch self {
        case .divisionByZero: "Division by zero"
        case .overflow: "Result too large"
        }
    }
}

/// An operation waiting for its second number: an implementation detail of ``Calculator``.
private struct ArithmeticExpression: Equatable, Sendable {
    var number: Decimal
    var operation: ArithmeticOperation

    /// Uses Foundation's checked Decimal functions: the `+ - * /` operators trap on overflow on
    /// Linux and return NaN on division by zero.
    func evaluate(with secondNumber: Decimal) -> Result<Decimal, CalculatorError> {
        var left = number
        var right = secondNumber
        var value = Decimal()
        let status: NSDecimalNumber.CalculationError
        switch operation {
        case .addition:
            status = NSDecimalAdd(&value, &left, &right, .plain)
        case .subtraction:
            status = NSDecimalSubtract(&value, &left, &right, .plain)
        case .multiplication:
            status = NSDecimalMultiply(&value, &left, &right, .plain)
        case .division:
            guard !secondNumber.isZero else { return .failure(.divisionByZero) }
            status = NSDecimalDivide(&value, &left, &right, .plain)
        }
        switch status {
        case .noError, .lossOfPrecision: return value.isNaN ? .failure(.overflow) : .success(value)
        case .divideByZero: return .failure(.divisionByZero)
        default: return .failure(.overflow)
        }
    }
}
