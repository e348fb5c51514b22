import Settings
import XCTest

/// Seed 004's XCTest tests, under the article's class and method names. `SettingsScreen` stands in
/// for `SettingsViewController`; `load()` for the article's `view.layoutIfNeeded()`.
class SettingsViewControllerTest: XCTestCase {
    private func subjectFactory(
        settings: [Setting]
    ) -> (subject: SettingsScreen, settingsManager: SimpleSettingsManager) {
        let manager = SimpleSettingsManager()
        manager._settings = settings
        let screen = SettingsScreen(settingsManager: manager)
        screen.load()
        return (screen, manager)
    }

    // The article asserts 1 row for its 3 settings, contradicting its own note ("as much cells in
    // that section as there are settings objects"): a row per setting, so 3.
    func testShowsCorrectAmountOfCells() {
        // Given
        let sut = subjectFactory(settings: [
            Setting(name: "Foo", isEnabled: true),
            Setting(name: "Bar", isEnabled: true),
            Setting(name: "Baz", isEnabled: true),
        ]).subject

        // Then
        XCTAssertEqual(sut.numberOfSections, 1)
        XCTAssertEqual(sut.numberOfRows(inSection: 0), 3)
    }

    func testEachCellRepresentsASetting() throws {
        // Given
        let sut = subjectFactory(settings: [
            Setting(name: "Foo", isEnabled: true),
            Setting(name: "Bar", isEnabled: false),
        ]).subject

        // When
        let fooCell = try XCTUnwrap(sut.cellForRow(at: TableIndexPath(row: 0, section: 0)))
        let barCell = try XCTUnwrap(sut.cellForRow(at: TableIndexPath(row: 1, section: 0)))

        // Then
        XCTAssertEqual(fooCell.text, "Foo")
        XCTAssertTrue(fooCell.toggle.isOn)
        XCTAssertEqual(barCell.text, "Bar")
        XCTAssertFalse(barCell.toggle.isOn)
    }

    // The article's second half sets `fooCell.toggle.isOn = true` and then sends the action on
    // `barCell`, yet expects Bar to be on: it meant to flip Bar's switch, which is what this does.
    func testTogglingUpdatesTheSettingsManager() throws {
        // Given
        let (sut, manager) = subjectFactory(settings: [
            Setting(name: "Foo", isEnabled: true),
            Setting(name: "Bar", isEnabled: false),
        ])
        let fooCell = try XCTUnwrap(sut.cellForRow(at: TableIndexPath(row: 0, section: 0)))

        // When
        fooCell.toggle.isOn = false
        fooCell.toggle.sendActions(for: .valueChanged)

        // Then
        XCTAssertEqual(
            manager._settings,
            [
                Setting(name: "Foo", isEnabled: false),
                Setting(name: "Bar", isEnabled: false),
            ]
        )

        // Given: do it again with a cell that starts in the Off position.
        let barCell = try XCTUnwrap(sut.cellForRow(at: TableIndexPath(row: 1, section: 0)))

        // When
        barCell.toggle.isOn = true
        barCell.toggle.sendActions(for: .valueChanged)

        // Then
        XCTAssertEqual(
            manager._settings,
            [
                Setting(name: "Foo", isEnabled: false),
                Setting(name: "Bar", isEnabled: true),
            ]
        )
    }
}
