import Observation

/// A button's state as the screen logic sees it: its title. It stands in for UIKit's `UIButton`,
/// which Linux does not have.
///
/// It is `@Observable`, so a view (or a test's `ButtonObserver`) can observe the title. Observers hear
/// of real changes only: setting the title it already has notifies nobody.
@Observable
public final class ScreenButton {
    /// The title shown on the button.
    public private(set) var title: String

    /// Creates a button titled `title`.
    public init(title: String) {
        self.title = title
    }

    /// Shows `newTitle`; does nothing, and notifies no observer, when the title is already `newTitle`.
    public func setTitle(_ newTitle: String) {
        guard newTitle != title else { return }
        title = newTitle
    }
}
