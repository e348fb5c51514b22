import Foundation
import Testing

@testable import CashRegister

/// The steps that finish seed 002's register test-first, each written failing before its code:
/// accepting a cash payment, giving change, refusing an insufficient payment, storing nothing negative.
@Suite("CashRegister: paying for a sale")
struct CashRegisterPaymentTests {
    private let sut: CashRegister

    /// A register with 100 in the drawer and one item of 42 rung up.
    init() throws {
        sut = try CashRegister(availableFunds: 100)
        try sut.addItem(42)
    }

    @Test("An exact payment adds the transaction total to the available funds")
    func exactPaymentAddsTotalToFunds() throws {
        // When
        try sut.acceptCashPayment(42)
        // Then
        #expect(sut.availableFunds == 142)
    }

    @Test("An exact payment gives no change")
    func exactPaymentGivesNoChange() throws {
        // When
        let change = try sut.acceptCashPayment(42)
        // Then
        #expect(change == 0)
    }

    @Test("A payment resets the transaction total")
    func paymentResetsTotal() throws {
        // When
        try sut.acceptCashPayment(42)
        // Then
        #expect(sut.transactionTotal == 0)
    }

    @Test("An overpayment gives the difference back as change")
    func overpaymentGivesChange() throws {
        // When
        let change = try sut.acceptCashPayment(50)
        // Then
        #expect(change == 8)
    }

    @Test("An overpayment keeps only the transaction total in the drawer")
    func overpaymentKeepsOnlyTotal() throws {
        // When
        try sut.acceptCashPayment(50)
        // Then
        #expect(sut.availableFunds == 142)
    }

    @Test("Items added after a payment start a new transaction")
    func itemsAfterPaymentStartNewTransaction() throws {
        // Given
        try sut.acceptCashPayment(42)
        // When
        try sut.addItem(20)
        // Then
        #expect(sut.transactionTotal == 20)
    }

    @Test("A payment with no items rung up comes back whole as change")
    func paymentWithoutItemsIsAllChange() throws {
        // Given
        let emptySale = try CashRegister(availableFunds: 100)
        // When
        let change = try emptySale.acceptCashPayment(10)
        // Then
        #expect(change == 10)
        #expect(emptySale.availableFunds == 100)
    }

    @Test("An insufficient payment throws an error naming the payment, the total and what is missing")
    func insufficientPaymentThrows() {
        // When
        let error = #expect(throws: CashRegisterError.self) { try sut.acceptCashPayment(30) }
        // Then
        #expect(error == .insufficientPayment(payment: 30, transactionTotal: 42))
        #expect(
            error?.description
                == "A payment of 30 does not cover the transaction total of 42: ask for at least 12 more.")
    }

    @Test("An insufficient payment leaves the drawer and the sale as they were")
    func insufficientPaymentChangesNothing() {
        // When
        #expect(throws: CashRegisterError.self) { try sut.acceptCashPayment(30) }
        // Then
        #expect(sut.availableFunds == 100)
        #expect(sut.transactionTotal == 42)
    }

    @Test("A negative payment is refused and the drawer keeps its funds")
    func negativePaymentIsRefused() {
        // When
        let error = #expect(throws: CashRegisterError.self) { try sut.acceptCashPayment(-10) }
        // Then
        #expect(error == .negativePayment(-10))
        #expect(error?.description == "A payment of -10 is negative: accept a payment of 0 or more.")
        #expect(sut.availableFunds == 100)
    }

    @Test("A negative item cost is refused and the total stays as it was")
    func negativeItemCostIsRefused() {
        // When
        let error = #expect(throws: CashRegisterError.self) { try sut.addItem(-5) }
        // Then
        #expect(error == .negativeItemCost(-5))
        #expect(error?.description == "An item cost of -5 is negative: add items with a cost of 0 or more.")
        #expect(sut.transactionTotal == 42)
    }

    @Test("A free item (a cost of 0, the boundary) is rung up, not refused")
    func freeItemIsAccepted() throws {
        // When
        try sut.addItem(0)
        // Then
        #expect(sut.transactionTotal == 42)
    }

    @Test("A payment of 0 (the boundary) settles a sale with nothing to pay, and gives no change")
    func zeroPaymentSettlesAnEmptySale() throws {
        // Given
        let emptySale = try CashRegister(availableFunds: 100)
        // When
        let change = try emptySale.acceptCashPayment(0)
        // Then
        #expect(change == 0)
        #expect(emptySale.availableFunds == 100)
    }

    @Test("A register cannot be created with negative funds")
    func negativeFundsAreRefused() {
        // When
        let error = #expect(throws: CashRegisterError.self) { try CashRegister(availableFunds: -1) }
        // Then
        #expect(error == .negativeAvailableFunds(-1))
        #expect(error?.localizedDescription == "Available funds of -1 are negative: a drawer holds 0 or more in cash.")
    }
}
