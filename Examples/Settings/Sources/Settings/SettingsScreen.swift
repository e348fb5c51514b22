import Observation

/// The settings screen's logic: the platform-independent stand-in for seed 004's
/// `SettingsViewController`, its table view and its diffable data source.
///
/// It shows one section with a ``ToggleCell`` per setting of its ``SettingsManager``, each showing
/// the setting's name and whether it is on; flipping a cell's switch calls
/// ``SettingsManager/set(isEnabled:for:)``. Like the view controller, it reads the settings when it
/// loads (``load()``, the article's `viewDidLoad`), not when it is created.
@Observable
public final class SettingsScreen {
    /// Where the settings come from and where changes go.
    @ObservationIgnored public let settingsManager: any SettingsManager

    /// The rows of each section, after ``load()``.
    public private(set) var sections: [[ToggleCell]] = []

    /// Creates a screen over `settingsManager`; nothing is read until ``load()``.
    public init(settingsManager: any SettingsManager) {
        self.settingsManager = settingsManager
    }

    /// Reads the settings and lays them out in one section, a row per setting, in the manager's
    /// order (the article's snapshot with section 0 and the manager's settings as items).
    public func load() {
        sections = [settingsManager.settings().map(cell(for:))]
    }

    /// How many sections the screen shows: 1 once loaded, 0 before.
    public var numberOfSections: Int { sections.count }

    /// How many rows `section` has; 0 for a section the screen does not have.
    public func numberOfRows(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    /// The cell at `indexPath`, or nil when the screen has no such row (as `UITableView`'s
    /// `cellForRow(at:)` returns nil).
    public func cellForRow(at indexPath: TableIndexPath) -> ToggleCell? {
        guard sections.indices.contains(indexPath.section),
            sections[indexPath.section].indices.contains(indexPath.row)
        else { return nil }
        return sections[indexPath.section][indexPath.row]
    }

    private func cell(for setting: Setting) -> ToggleCell {
        let cell = ToggleCell()
        cell.text = setting.name
        cell.toggle.isOn = setting.isEnabled
        cell.onToggle = { [weak self] newValue in
            self?.settingsManager.set(isEnabled: newValue, for: setting)
        }
        return cell
    }
}

/// A row's position on a ``SettingsScreen``: `IndexPath(row:section:)` is UIKit's, so it is not
/// available on Linux.
public struct TableIndexPath: Hashable, Sendable {
    /// The row within the section.
    public let row: Int
    /// The section.
    public let section: Int

    /// The position of `row` in `section`.
    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }
}
