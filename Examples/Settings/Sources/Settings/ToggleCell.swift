import Observation

/// A row of the settings screen: a text and a ``Toggle``. The platform-independent stand-in for
/// seed 004's `ToggleTableViewCell`.
///
/// The cell reports a flip of its switch through ``onToggle``, which the screen sets; tests flip the
/// switch (``Toggle/sendActions(for:)``) instead of calling ``onToggle``, so how the cell reports is
/// an implementation detail they do not pin down.
@Observable
public final class ToggleCell {
    /// The text the row shows: the setting's name (the article's `textLabel?.text`).
    public var text: String?
    /// The row's switch.
    @ObservationIgnored public let toggle = Toggle()
    /// Called with the switch's new value when the user flips it.
    @ObservationIgnored public var onToggle: ((Bool) -> Void)?

    /// Creates an empty cell whose switch reports flips through ``onToggle``.
    public init() {
        toggle.addAction(for: .valueChanged) { [unowned self] in
            didToggleSwitch()
        }
    }

    /// Forgets the ``onToggle`` of the setting the cell showed before, as the article's
    /// `prepareForReuse()` does.
    public func prepareForReuse() {
        onToggle = nil
    }

    private func didToggleSwitch() {
        onToggle?(toggle.isOn)
    }
}
