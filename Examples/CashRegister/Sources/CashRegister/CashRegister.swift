import Foundation

/// A cash register (seed 002, built test-first): the cash in its drawer, the total of the sale being
/// rung up, and a cash payment that settles the sale and gives change.
///
/// It stays a class, as in the article: a register is one drawer of cash that everyone ringing up a
/// sale acts on, so it has identity. A copy of a value type would be a second drawer holding the same
/// money, and two copies would drift apart.
///
/// Nothing negative is ever stored: a negative amount is rejected with a ``CashRegisterError`` and
/// leaves the register as it was.
public final class CashRegister {
    /// The cash in the drawer; never negative.
    public private(set) var availableFunds: Decimal
    /// The total cost of the items added to the current sale; never negative, 0 after a payment.
    public private(set) var transactionTotal: Decimal = 0

    /// Creates a register holding `availableFunds` in cash.
    /// - Throws: ``CashRegisterError/negativeAvailableFunds(_:)`` when `availableFunds` is below 0.
    public init(availableFunds: Decimal = 0) throws(CashRegisterError) {
        guard availableFunds >= 0 else { throw .negativeAvailableFunds(availableFunds) }
        self.availableFunds = availableFunds
    }

    /// Adds an item costing `cost` to the current sale.
    /// - Throws: ``CashRegisterError/negativeItemCost(_:)`` when `cost` is below 0; the total is unchanged.
    public func addItem(_ cost: Decimal) throws(CashRegisterError) {
        guard cost >= 0 else { throw .negativeItemCost(cost) }
        transactionTotal += cost
    }

    /// Settles the current sale with `payment` in cash: the drawer keeps the transaction total, the
    /// rest goes back as change, and a new sale starts.
    /// - Returns: The change to hand back, `payment` minus the transaction total.
    /// - Throws: ``CashRegisterError/negativePayment(_:)`` when `payment` is below 0, and
    ///   ``CashRegisterError/insufficientPayment(payment:transactionTotal:)`` when it does not cover the
    ///   total; either way the register is unchanged.
    @discardableResult
    public func acceptCashPayment(_ payment: Decimal) throws(CashRegisterError) -> Decimal {
        guard payment >= 0 else { throw .negativePayment(payment) }
        guard payment >= transactionTotal else {
            throw .insufficientPayment(payment: payment, transactionTotal: transactionTotal)
        }
        let change = payment - transactionTotal
        availableFunds += transactionTotal
        transactionTotal = 0
        return change
    }
}
