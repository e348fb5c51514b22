import Dispatch
import Foundation
import LitmusAudit

/// Ends the audit cleanly on SIGINT and SIGTERM: every test process it started is killed and its
/// scratch folder deleted before it exits, so an interrupted audit changes nothing and leaves nothing.
package final class Interruption {
    private let sources: [any DispatchSourceSignal]

    private init(sources: [any DispatchSourceSignal]) { self.sources = sources }

    /// When the audit was interrupted, waits for the signal handler to finish cleaning up and exit, so
    /// the failures the interruption caused (a killed build) are neither reported nor race the cleanup.
    package static func waitIfInterrupted() async throws {
        while RunResources.shared.isReleased { try await Task.sleep(for: .seconds(1)) }
    }

    /// Starts handling the signals; keep the value alive while the command runs. `command` (`litmus
    /// mutate`) starts the message an interruption prints.
    package static func install(command: String = "litmus audit") -> Interruption {
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                RunResources.shared.releaseAll()
                FileHandle.standardError.write(
                    Data("\n\(command): interrupted; every test process was ended and nothing was changed.\n".utf8))
                exit(128 + number)
            }
            source.resume()
            return source
        }
        return Interruption(sources: sources)
    }
}
