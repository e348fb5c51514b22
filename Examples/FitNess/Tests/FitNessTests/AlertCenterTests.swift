import XCTest

@testable import FitNess

/// Seed 002's AlertCenterTests, test for test.
///
/// Each test gives its `AlertCenter` a `NotificationCenter` of its own and hands the same center to
/// `expectation(forNotification:object:notificationCenter:handler:)`. Without that argument the
/// expectation observes `NotificationCenter.default`, where an injected center's notifications never
/// arrive (the test would time out), and where every other test's alerts would arrive too.
final class AlertCenterTests: XCTestCase {
    var sut: AlertCenter!
    var notificationCenter: NotificationCenter!

    override func setUpWithError() throws {
        try super.setUpWithError()
        notificationCenter = NotificationCenter()
        sut = AlertCenter(center: notificationCenter)
    }

    override func tearDownWithError() throws {
        sut = nil
        notificationCenter = nil
        try super.tearDownWithError()
    }

    // MARK: - Notifications

    func testPostOne_generatesANotification() {
        // Given
        let exp = expectation(
            forNotification: AlertNotification.name,
            object: sut,
            notificationCenter: notificationCenter,
            handler: nil)
        let alert = Alert("this is an alert")
        // When
        sut.postAlert(alert: alert)
        // Then
        wait(for: [exp], timeout: 1)
    }

    /// In the article both expectations have no handler, so the first notification fulfils both and
    /// the test passes when only one is posted. Here each expectation waits for its own alert.
    func testPostingTwoAlerts_generatesTwoNotifications() {
        // Given
        let alert1 = Alert("this is the first alert")
        let alert2 = Alert("this is the second alert")
        let exp1 = expectation(
            forNotification: AlertNotification.name,
            object: sut,
            notificationCenter: notificationCenter,
            handler: { $0.alert == alert1 })
        let exp2 = expectation(
            forNotification: AlertNotification.name,
            object: sut,
            notificationCenter: notificationCenter,
            handler: { $0.alert == alert2 })
        // When
        sut.postAlert(alert: alert1)
        sut.postAlert(alert: alert2)
        // Then
        wait(for: [exp1, exp2], timeout: 1)
    }
}
