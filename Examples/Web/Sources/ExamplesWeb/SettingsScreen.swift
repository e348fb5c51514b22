import Settings
import Synchronization

extension Screen {
    /// Seed 004's settings table on the web: one switch per `ToggleCell` of the `SettingsScreen`
    /// (a submit button with role `switch` and `aria-checked`, so it works without JavaScript).
    /// Tapping one flips the cell's toggle and sends its value-changed action, as a `UISwitch`
    /// does, and the cell passes the new value to the settings manager.
    static let settings = Screen(
        path: "settings",
        title: "Settings",
        render: { session in
            let screen = session.settings
            var rows: [String] = []
            for section in 0..<screen.numberOfSections {
                for row in 0..<screen.numberOfRows(inSection: section) {
                    guard let cell = screen.cellForRow(at: TableIndexPath(row: row, section: section)) else { continue }
                    let id = "setting-\(section)-\(row)"
                    let isOn = cell.toggle.isOn
                    rows.append(
                        #"<li><label for="\#(id)">\#(html: cell.text ?? "")</label> "#
                            + #"<button type="submit" id="\#(id)" role="switch" aria-checked="\#(isOn)" "#
                            + #"name="cell" value="\#(section)-\#(row)">\#(isOn ? "On" : "Off")</button></li>"#)
                }
            }
            return """
                <form method="post" action="/settings">
                \(Markup.rows(rows, label: "Settings"))
                </form>
                """
        },
        perform: { form, session throws(ScreenInputError) in
            let field = form["cell"] ?? ""
            let parts = field.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 2,
                let cell = session.settings.cellForRow(at: TableIndexPath(row: parts[1], section: parts[0]))
            else {
                throw ScreenInputError(
                    screen: "settings",
                    reason: "the field \"cell\" is \"\(field)\", expected a shown cell as section-row (0-0, 0-1, …)")
            }
            cell.toggle.isOn.toggle()
            cell.toggle.sendActions(for: .valueChanged)
        }
    )
}

/// The settings manager the examples app uses when none is configured: settings kept in memory, one
/// set per browser session. `Sendable`, so a test that configured it can read it back.
public final class StoredSettings: SettingsManager, Sendable {
    /// The settings a new session starts with.
    public static let defaults = [
        Setting(name: "Notifications", isEnabled: true),
        Setting(name: "Dark Mode", isEnabled: false),
        Setting(name: "Location Services", isEnabled: false),
    ]

    private let stored: Mutex<[Setting]>

    /// Creates settings holding `settings`, in order.
    public init(_ settings: [Setting] = StoredSettings.defaults) {
        stored = Mutex(settings)
    }

    /// The settings, in order.
    public func settings() -> [Setting] {
        stored.withLock { $0 }
    }

    /// Turns the setting named as `setting` on or off; a name it does not hold is ignored.
    public func set(isEnabled: Bool, for setting: Setting) {
        stored.withLock { settings in
            for index in settings.indices where settings[index].name == setting.name {
                settings[index].isEnabled = isEnabled
            }
        }
    }
}
