import Foundation

/// Why a ``CashRegister`` refused an amount. Each message names the amounts and what to do instead.
public enum CashRegisterError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// A register was created with negative cash in its drawer.
    case negativeAvailableFunds(Decimal)
    /// An item with a negative cost was added; refunds are not sales.
    case negativeItemCost(Decimal)
    /// A negative cash payment was offered.
    case negativePayment(Decimal)
    /// The payment is less than the transaction total.
    case insufficientPayment(payment: Decimal, transactionTotal: Decimal)

    /// The message, naming the amounts and the fix.
    public var description: String {
        switch self {
        case .negativeAvailableFunds(let funds):
            return "Available funds of \(funds) are negative: a drawer holds 0 or more in cash."
        case .negativeItemCost(let cost):
            return "An item cost of \(cost) is negative: add items with a cost of 0 or more."
        case .negativePayment(let payment):
            return "A payment of \(payment) is negative: accept a payment of 0 or more."
        case .insufficientPayment(let payment, let total):
            return "A payment of \(payment) does not cover the transaction total of \(total): "
                + "ask for at least \(total - payment) more."
        }
    }

    /// The same message as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
