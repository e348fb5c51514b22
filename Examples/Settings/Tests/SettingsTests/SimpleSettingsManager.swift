import Settings

/// Seed 004's hand-written fake: a working, in-memory ``SettingsManager``. Tests set `_settings`
/// and read it back to see what the screen changed.
final class SimpleSettingsManager: SettingsManager {
    var _settings: [Setting] = []

    func settings() -> [Setting] { return _settings }

    func set(isEnabled: Bool, for setting: Setting) {
        guard let index = _settings.firstIndex(where: { $0.name == setting.name }) else { return }
        _settings[index].isEnabled = isEnabled
    }
}
