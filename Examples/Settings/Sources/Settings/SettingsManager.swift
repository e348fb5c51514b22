/// Where settings are read from and written to (seed 004). The settings screen depends on this
/// protocol only, so a test hands it a fake (`SimpleSettingsManager` in the test target).
public protocol SettingsManager {
    /// The settings to show, in the order the screen lists them.
    func settings() -> [Setting]
    /// Turns `setting` on or off.
    func set(isEnabled: Bool, for setting: Setting)
}
