import Foundation
import Synchronization

/// Finds a registry from the identifier its URLProtocol class carries. Holds registries weakly: a
/// session outliving its `HTTPStubs` fails its requests instead of keeping stubs alive.
final class StubsDirectory: Sendable {
    static let shared = StubsDirectory()

    private let entries = Mutex<(next: UInt64, registries: [UInt64: WeakStubs])>((0, [:]))

    /// A new identifier, never reused, so a stale session can never reach another test's stubs.
    func nextIdentifier() -> UInt64 {
        entries.withLock {
            $0.next += 1
            return $0.next
        }
    }

    func register(_ stubs: HTTPStubs) {
        entries.withLock { $0.registries[stubs.identifier] = WeakStubs(stubs: stubs) }
    }

    func remove(_ identifier: UInt64) {
        _ = entries.withLock { $0.registries.removeValue(forKey: identifier) }
    }

    func stubs(for identifier: UInt64) -> HTTPStubs? {
        entries.withLock { $0.registries[identifier]?.stubs }
    }

    private struct WeakStubs {
        weak var stubs: HTTPStubs?
    }
}
