import Nimble
import Quick
import Settings

/// Seed 004's Quick spec in its final form, the cells' behaviour shared through a function.
///
/// On Linux `swift test` finds it through LitmusSpecsPlugin (docs/specs.md); on Apple platforms
/// Quick finds it itself.
final class SettingsViewControllerSpec: QuickSpec {
    override class func spec() {
        // Quick runs every hook and example one after another on the main actor; Swift 6 cannot see
        // that, so the state they share is declared nonisolated(unsafe).
        nonisolated(unsafe) var subject: SettingsScreen!
        nonisolated(unsafe) var settingsManager: SimpleSettingsManager!

        beforeEach {
            settingsManager = SimpleSettingsManager()
            settingsManager._settings = [
                Setting(name: "Foo", isEnabled: true),
                Setting(name: "Bar", isEnabled: false),
            ]

            subject = SettingsScreen(settingsManager: settingsManager)
            subject.load()
        }

        it("has a row for each cell") {
            expect(subject.numberOfSections).to(equal(1))
            expect(subject.numberOfRows(inSection: 0)).to(equal(2))
        }

        // The article names this example "shows the first setting's name" for every cell, so both
        // cells had an example of that name; naming the setting makes each name unique and true.
        func itBehavesLikeACell(row: Int, name: String, isOn: Bool, updatedSettings: [Setting]) {
            nonisolated(unsafe) var cell: ToggleCell?
            beforeEach {
                cell = subject.cellForRow(at: TableIndexPath(row: row, section: 0))
            }

            it("shows \(name) as the setting's name") {
                expect(cell?.text).to(equal(name))
            }

            it("sets the toggle's isOn to reflect the setting's isEnabled") {
                expect(cell?.toggle.isOn).to(isOn ? beTrue() : beFalse())
            }

            context("when toggled") {
                beforeEach {
                    guard let toggle = cell?.toggle else { return }
                    toggle.isOn = !toggle.isOn
                    toggle.sendActions(for: .valueChanged)
                }

                it("updates the settings manager with the new value") {
                    expect(settingsManager._settings).to(equal(updatedSettings))
                }
            }
        }

        describe("the first cell") {
            itBehavesLikeACell(
                row: 0,
                name: "Foo",
                isOn: true,
                updatedSettings: [
                    Setting(name: "Foo", isEnabled: false),
                    Setting(name: "Bar", isEnabled: false),
                ]
            )
        }

        describe("the second cell") {
            itBehavesLikeACell(
                row: 1,
                name: "Bar",
                isOn: false,
                updatedSettings: [
                    Setting(name: "Foo", isEnabled: true),
                    Setting(name: "Bar", isEnabled: true),
                ]
            )
        }
    }
}
