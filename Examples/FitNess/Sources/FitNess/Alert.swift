import Foundation

/// A message for the user that ``AlertCenter`` posts (seed 002).
public struct Alert: Equatable, Sendable {
    /// What the alert says.
    public let text: String

    /// Creates an alert saying `text`.
    public init(_ text: String) {
        self.text = text
    }

    /// Shown when the user starts a chase before setting a goal.
    public static let goalNotSet = Alert("Set a goal first: you need a step goal before you start.")
    /// Shown when the user enters a goal below 1.
    public static let goalNotPositive = Alert("A goal is a number of steps above 0: enter 1 or more.")
}

/// The notification ``AlertCenter`` posts for each alert.
public enum AlertNotification {
    /// The notification's name.
    public static let name = Notification.Name("AlertNotification")

    /// The keys of the notification's `userInfo`.
    public enum Keys {
        /// The posted ``Alert``.
        public static let alert = "alert"
    }
}
