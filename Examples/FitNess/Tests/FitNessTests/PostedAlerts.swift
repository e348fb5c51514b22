import Foundation
import Synchronization

@testable import FitNess

/// Records the alerts posted to one notification center, for Swift Testing tests that cannot use
/// XCTest's notification expectations. Posting is synchronous, so the alerts are there as soon as
/// `postAlert(alert:)` returns.
final class PostedAlerts {
    /// The alerts, behind a lock: the observer block may run on any thread that posts.
    private final class Log: Sendable {
        let alerts = Mutex<[Alert]>([])
    }

    private let log = Log()
    private let center: NotificationCenter
    private let token: any NSObjectProtocol

    /// Starts recording the alerts posted to `center`.
    init(on center: NotificationCenter) {
        self.center = center
        let log = self.log
        token = center.addObserver(forName: AlertNotification.name, object: nil, queue: nil) { notification in
            guard let alert = notification.alert else { return }
            log.alerts.withLock { $0.append(alert) }
        }
    }

    deinit {
        center.removeObserver(token)
    }

    /// The alerts posted so far, oldest first.
    var all: [Alert] { log.alerts.withLock { $0 } }
}
