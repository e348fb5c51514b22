import Foundation

/// An independent model of what the calculator's display should show, for the property test.
///
/// It keeps the keys typed as text and a pending (operand, operator) pair, where Calculator keeps
/// Decimal optionals; only the arithmetic is shared (Foundation's checked Decimal functions), since
/// that is the number system, not the behaviour under test.
struct ReferenceCalculator {
    enum Shown: Equatable, CustomStringConvertible {
        case blank
        case number(Decimal)
        case error

        var description: String {
            switch self {
            case .blank: "blank"
            case .number(let value): "\(value)"
            case .error: "error"
            }
        }
    }

    private var typed = ""
    private var pending: (operand: Decimal, key: String)?
    private var lastResult: Decimal?
    private var failed = false

    var shown: Shown {
        if failed { return .error }
        if !typed.isEmpty { return .number(Decimal(string: typed)!) }
        if let pending { return .number(pending.operand) }
        return lastResult.map(Shown.number) ?? .blank
    }

    mutating func press(_ key: String) {
        switch key {
        case "0"..."9":
            if typed.isEmpty && key == "0" { return }
            if typed.count == 12 { return }
            typed += key
            failed = false
        case "+", "-", "x", "÷":
            if typed.isEmpty {
                if pending != nil {
                    pending!.key = key
                } else if let lastResult {
                    pending = (lastResult, key)
                }
                return
            }
            var operand = Decimal(string: typed)!
            if let pending {
                guard let value = Self.apply(pending.key, pending.operand, operand) else { return fail() }
                operand = value
            }
            pending = (operand, key)
            typed = ""
        case "=":
            guard !typed.isEmpty, let pending else { return }
            guard let value = Self.apply(pending.key, pending.operand, Decimal(string: typed)!) else { return fail() }
            lastResult = value
            self.pending = nil
            typed = ""
        case "AC":
            self = ReferenceCalculator()
        default:
            preconditionFailure("no key \(key)")
        }
    }

    private mutating func fail() {
        self = ReferenceCalculator()
        failed = true
    }

    private static func apply(_ key: String, _ left: Decimal, _ right: Decimal) -> Decimal? {
        var left = left
        var right = right
        var result = Decimal()
        let status =
            switch key {
            case "+": NSDecimalAdd(&result, &left, &right, .plain)
            case "-": NSDecimalSubtract(&result, &left, &right, .plain)
            case "x": NSDecimalMultiply(&result, &left, &right, .plain)
            default: right == 0 ? .divideByZero : NSDecimalDivide(&result, &left, &right, .plain)
            }
        return status == .noError || status == .lossOfPrecision ? result : nil
    }
}
