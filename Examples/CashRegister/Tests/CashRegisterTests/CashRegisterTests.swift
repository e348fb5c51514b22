import XCTest

@testable import CashRegister

/// Seed 002's CashRegisterTests, in the state the article's last TDD step leaves them. The steps that
/// finish the register are in `CashRegisterPaymentTests`.
///
/// The register's initializer and `addItem(_:)` throw on negative amounts, so the article's
/// `setUp()` is `setUpWithError()` and its tests are marked `throws`; the steps are otherwise the
/// article's.
final class CashRegisterTests: XCTestCase {
    var availableFunds: Decimal!
    var sut: CashRegister!
    var itemCost: Decimal!

    override func setUpWithError() throws {
        try super.setUpWithError()
        availableFunds = 100
        itemCost = 42
        sut = try CashRegister(availableFunds: availableFunds)
    }

    override func tearDownWithError() throws {
        availableFunds = nil
        itemCost = nil
        sut = nil
        try super.tearDownWithError()
    }

    func testInit_createsCashRegister() {
        // Then: fails if creating a register with no arguments throws.
        XCTAssertNotNil(try CashRegister())
    }

    func testInitAvailableFunds_setsAvailableFunds() {
        // Then
        XCTAssertEqual(sut.availableFunds, availableFunds)
    }

    func testAddItem_oneItem_addsCostToTransactionTotal() throws {
        // When
        try sut.addItem(itemCost)
        // Then
        XCTAssertEqual(sut.transactionTotal, itemCost)
    }

    func testAddItem_twoItems_addsCostsToTransactionTotal() throws {
        // Given
        let itemCost2 = Decimal(20)
        let expectedTotal = Decimal(62)
        // When
        try sut.addItem(itemCost)
        try sut.addItem(itemCost2)
        // Then
        XCTAssertEqual(sut.transactionTotal, expectedTotal)
    }
}
