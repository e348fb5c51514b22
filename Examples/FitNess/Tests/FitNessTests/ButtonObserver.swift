import Observation
import XCTest

@testable import FitNess

/// Seed 002's ButtonObserver with Observation instead of key-value observing: it fulfils an
/// expectation when the observed button's title changes.
///
/// `withObservationTracking` calls its `onChange` once, before the first change of a property read in
/// its `apply` closure (here the title); `ScreenButton` notifies only when the title really changes.
/// Unlike the article's `NSKeyValueObservation` there is no token to invalidate: the tracking ends
/// with its one call, or with the button.
final class ButtonObserver {
    func observe(_ button: ScreenButton, expectation: XCTestExpectation) {
        withObservationTracking {
            _ = button.title
        } onChange: {
            expectation.fulfill()
        }
    }
}
