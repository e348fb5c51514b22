import FitNess
import Foundation
import Synchronization

extension Screen {
    /// Seed 002's step count screen on the web: the goal entry, the start/pause/restart button whose
    /// title is the `ScreenButton`'s, the chase view's state, and the alert the `AlertCenter` posted
    /// (the goal-not-set alert), shown with role `alert` and an OK button that dismisses it.
    static let fitNess = Screen(
        path: "fitness",
        title: "FitNess",
        render: { session in
            let fitNess = session.fitNess
            let screen = fitNess.screen
            let goal = screen.appModel.dataModel.goal.map(String.init) ?? ""
            var body = """
                <form method="post" action="/fitness">
                <label for="goal">Goal (steps)</label>
                <input id="goal" name="goal" type="number" step="1" required value="\(html: goal)">
                <button type="submit" name="action" value="goal">Set Goal</button>
                </form>
                <form method="post" action="/fitness">
                <button type="submit" id="startButton" name="action" value="startStopPause">\(html: screen.startButton.title)</button>
                </form>
                <p><span>Chase view:</span> <output id="chaseView">\(html: screen.chaseView.state.rawValue)</output></p>
                """
            if let alert = fitNess.alert {
                body += """

                    <section role="alert" id="alert" aria-labelledby="alert-text" class="alert">
                    <p id="alert-text">\(html: alert.text)</p>
                    <form method="post" action="/fitness"><button type="submit" name="action" value="dismissAlert">OK</button></form>
                    </section>
                    """
            }
            return body
        },
        perform: { form, session throws(ScreenInputError) in
            let fitNess = session.fitNess
            fitNess.dismissAlert()
            switch form["action"] {
            case "goal":
                guard let field = form["goal"], let goal = Int(field) else {
                    throw ScreenInputError(
                        screen: "fitness",
                        reason: "the field \"goal\" is \"\(form["goal"] ?? "")\", expected a whole number of steps")
                }
                fitNess.screen.updateGoal(newGoal: goal)
            case "startStopPause":
                fitNess.screen.startStopPause()
            case "dismissAlert":
                break
            default:
                throw ScreenInputError(
                    screen: "fitness",
                    reason:
                        "the field \"action\" is \"\(form["action"] ?? "")\", expected goal, startStopPause or dismissAlert"
                )
            }
        }
    )
}

/// One browser session's FitNess: a `StepCountScreen` over an app model and an alert center of its
/// own, and the last alert that alert center posted, until the next action dismisses it.
@MainActor
final class FitNessSession {
    /// The step count screen the page shows.
    let screen: StepCountScreen
    private let inbox = AlertInbox()
    private let observation: any NSObjectProtocol
    private let notificationCenter: NotificationCenter

    init() {
        notificationCenter = NotificationCenter()
        screen = StepCountScreen(appModel: AppModel(), alertCenter: AlertCenter(center: notificationCenter))
        observation = notificationCenter.addObserver(forName: AlertNotification.name, object: nil, queue: nil) {
            [inbox] notification in
            inbox.receive(notification.alert)
        }
    }

    /// The alert shown, if any.
    var alert: Alert? { inbox.latest }

    /// Forgets the alert shown.
    func dismissAlert() { inbox.receive(nil) }
}

/// The latest alert posted; notifications may arrive on any thread, hence the lock.
private final class AlertInbox: Sendable {
    private let stored = Mutex<Alert?>(nil)

    var latest: Alert? { stored.withLock { $0 } }

    func receive(_ alert: Alert?) { stored.withLock { $0 = alert } }
}
