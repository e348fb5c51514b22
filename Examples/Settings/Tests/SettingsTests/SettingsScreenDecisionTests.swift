import Settings
import XCTest

/// What the article leaves to UIKit, decided and tested here (the README lists each decision).
final class SettingsScreenDecisionTests: XCTestCase {
    private var sut: SettingsScreen!
    private var manager: SimpleSettingsManager!

    override func setUp() {
        manager = SimpleSettingsManager()
        manager._settings = [Setting(name: "Foo", isEnabled: true)]
        sut = SettingsScreen(settingsManager: manager)
    }

    override func tearDown() {
        sut = nil
        manager = nil
    }

    func testNumberOfSections_notLoaded_isZero() {
        XCTAssertEqual(sut.numberOfSections, 0)
    }

    func testCellForRow_rowOutOfRange_isNil() {
        // Given
        sut.load()
        // Then
        XCTAssertNil(sut.cellForRow(at: TableIndexPath(row: 1, section: 0)))
        XCTAssertNil(sut.cellForRow(at: TableIndexPath(row: 0, section: 1)))
    }

    func testNumberOfRows_sectionOutOfRange_isZero() {
        // Given
        sut.load()
        // Then
        XCTAssertEqual(sut.numberOfRows(inSection: 1), 0)
    }

    func testToggleIsOn_setWithoutSendingActions_leavesSettingsUnchanged() throws {
        // Given
        sut.load()
        let cell = try XCTUnwrap(sut.cellForRow(at: TableIndexPath(row: 0, section: 0)))
        // When
        cell.toggle.isOn = false
        // Then
        XCTAssertEqual(manager._settings, [Setting(name: "Foo", isEnabled: true)])
    }

    func testSendActions_afterPrepareForReuse_leavesSettingsUnchanged() throws {
        // Given
        sut.load()
        let cell = try XCTUnwrap(sut.cellForRow(at: TableIndexPath(row: 0, section: 0)))
        cell.prepareForReuse()
        // When
        cell.toggle.isOn = false
        cell.toggle.sendActions(for: .valueChanged)
        // Then
        XCTAssertEqual(manager._settings, [Setting(name: "Foo", isEnabled: true)])
    }

    func testLoad_settingsChangedSinceLastLoad_showsCurrentSettings() throws {
        // Given
        sut.load()
        manager._settings = [Setting(name: "Bar", isEnabled: false), Setting(name: "Baz", isEnabled: true)]
        // When
        sut.load()
        // Then
        XCTAssertEqual(sut.numberOfRows(inSection: 0), 2)
        XCTAssertEqual(sut.cellForRow(at: TableIndexPath(row: 0, section: 0))?.text, "Bar")
    }
}
