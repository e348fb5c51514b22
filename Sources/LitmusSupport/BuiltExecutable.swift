import Foundation

/// An executable product of this package that `swift build` put beside the running program: how the
/// end-to-end tests find `litmus` next to their test bundle.
package enum BuiltExecutable {
    /// The executable `name` beside this process's program or its bundle, if it was built.
    package static func named(_ name: String) -> URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
        ]
        return candidates.map { $0.appendingPathComponent(name) }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }
}
