import Foundation

/// Posts alerts as notifications (seed 002), so any screen can show them without knowing who raised
/// them.
///
/// It posts through the notification center it is given: the app's ``instance`` uses
/// `NotificationCenter.default`, and a test gives each `AlertCenter` a center of its own, so no test
/// hears another's alerts.
public final class AlertCenter: Sendable {
    /// The alert center the app shares; tests create their own.
    public static let instance = AlertCenter()

    /// Where alerts are posted.
    public let notificationCenter: NotificationCenter

    /// Creates an alert center posting to `center`.
    public init(center: NotificationCenter = .default) {
        self.notificationCenter = center
    }

    /// Posts `alert` as an ``AlertNotification/name`` notification whose object is this alert center
    /// and whose `userInfo` holds the alert under ``AlertNotification/Keys/alert``.
    public func postAlert(alert: Alert) {
        let notification = Notification(
            name: AlertNotification.name,
            object: self,
            userInfo: [AlertNotification.Keys.alert: alert])
        notificationCenter.post(notification)
    }
}

extension Notification {
    /// The ``Alert`` an ``AlertCenter`` posted in this notification, if any.
    public var alert: Alert? {
        userInfo?[AlertNotification.Keys.alert] as? Alert
    }
}
