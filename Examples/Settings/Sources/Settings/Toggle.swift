import Observation

/// An on/off switch: the platform-independent stand-in for the `UISwitch` of seed 004's
/// `ToggleTableViewCell`.
///
/// As with `UISwitch`, setting ``isOn`` in code sends no action; a user's flip is modelled by
/// setting ``isOn`` and then calling ``sendActions(for:)`` with ``ControlEvent/valueChanged``, the
/// way the article's tests drive the switch.
@Observable
public final class Toggle {
    /// Whether the switch is on.
    public var isOn: Bool

    @ObservationIgnored private var actions: [ControlEvent: [() -> Void]] = [:]

    /// Creates a switch that is on when `isOn` is true.
    public init(isOn: Bool = false) {
        self.isOn = isOn
    }

    /// Registers `action` to run each time the switch sends `event`.
    public func addAction(for event: ControlEvent, _ action: @escaping () -> Void) {
        actions[event, default: []].append(action)
    }

    /// Runs the actions registered for `event`, in the order they were added.
    public func sendActions(for event: ControlEvent) {
        for action in actions[event, default: []] {
            action()
        }
    }
}

/// The events a ``Toggle`` sends, after `UIControl.Event`.
public enum ControlEvent: Hashable, Sendable {
    /// The user changed the switch's value.
    case valueChanged
}
